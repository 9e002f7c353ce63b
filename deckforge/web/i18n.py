"""The words of the pages above the referee (print page), in fr/en/de.

They live in ``deckforge/web/catalogues/<lang>.json`` and are looked up before
the referee's own catalogue, so a page can also use the referee's words.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from deckforge.referee.i18n import FALLBACK, Translator


@cache
def web_catalogue(language: str) -> dict[str, str]:
    path = resources.files("deckforge.web").joinpath("catalogues", f"{language}.json")
    if not path.is_file():
        return {}
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


def web_text(language: str, key: str) -> str:
    """One text of the web catalogues (English when the language lacks it)."""
    return web_catalogue(language).get(key) or web_catalogue(FALLBACK).get(key) or key


class WebTranslator(Translator):
    """The referee's translator, with the web pages' words looked up first."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self._texts = {**self._texts, **web_catalogue(self.language)}
        self._fallback = {**self._fallback, **web_catalogue(FALLBACK)}
