"""The interface's words in each language, read from ``catalogues/<lang>.json``.

The interface speaks the theme's language; a language without a catalogue
falls back to English, and a key missing from a catalogue falls back to the
English text (a test keeps the catalogues complete).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from markupsafe import Markup

FALLBACK = "en"


@cache
def available() -> tuple[str, ...]:
    folder = resources.files("deckforge.referee").joinpath("catalogues")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@cache
def catalogue(language: str) -> dict[str, str]:
    path = resources.files("deckforge.referee").joinpath("catalogues", f"{language}.json")
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


def language_for(wanted: str | None) -> str:
    """The catalogue to use for a theme's language code ("fr", "fr-CA", "de" ...)."""
    if wanted:
        base = wanted.lower().replace("_", "-").split("-")[0]
        if base in available():
            return base
    return FALLBACK


class Translator:
    """``t("key", name=...)``: the text of ``key`` in one language, formatted."""

    def __init__(self, language: str) -> None:
        self.language = language_for(language)
        self._texts = catalogue(self.language)
        self._fallback = catalogue(FALLBACK)

    def __call__(self, key: str, **values: Any) -> Markup:
        """The text as HTML: the catalogue's text is trusted, the values are escaped."""
        text = Markup(self._texts.get(key) or self._fallback.get(key) or key)
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in self._texts or key in self._fallback

    def plural(self, key: str, count: int, **values: Any) -> Markup:
        """``key.one`` for a count of 1, ``key.other`` otherwise."""
        return self(f"{key}.{'one' if count == 1 else 'other'}", count=count, **values)
