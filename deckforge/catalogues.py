"""The interface's words, read one way for the referee, the studio, the web pages and
the print kit.

Each part keeps one JSON file per language in ``<package>/catalogues/<lang>.json``
(a flat map of keys to texts). A language is named by its base code
(:func:`deckforge.languages.base_language`: "fr-CA" reads ``fr.json``); a language
without a catalogue falls back to English. Plural forms follow the language's CLDR
rules (Babel): French says "0 carte" and "1 carte", English "0 cards"; Arabic has
six categories. A key ``name.<category>`` is looked up first, then ``name.other``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from deckforge.languages import base_language

if TYPE_CHECKING:
    from babel import Locale

FALLBACK = "en"


@cache
def languages(package: str) -> tuple[str, ...]:
    """The languages ``package`` has a catalogue for, sorted."""
    folder = resources.files(package).joinpath("catalogues")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


def choose(package: str, wanted: str | None) -> str:
    """The catalogue ``package`` uses for ``wanted`` ("fr-CA" → "fr"), English if none."""
    base = base_language(wanted)
    return base if base in languages(package) else FALLBACK


@cache
def catalogue(package: str, language: str) -> dict[str, str]:
    """The texts of ``package`` in ``language`` exactly (empty if it has no catalogue)."""
    if language not in languages(package):
        return {}
    path = resources.files(package).joinpath("catalogues", f"{language}.json")
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


@cache
def _locale(language: str) -> Locale:
    from babel import Locale  # the print kit asks only when it writes a count

    return Locale.parse(base_language(language) or FALLBACK)


def plural_category(language: str, count: float) -> str:
    """The CLDR plural category of ``count`` in ``language`` ("one", "few", "other" ...)."""
    return str(_locale(language).plural_form(abs(count)))


def plural_key(has: Callable[[str], bool], key: str, language: str, count: float) -> str:
    """``key.<category>`` of ``count`` in ``language`` when ``has`` it, else ``key.other``."""
    wanted = f"{key}.{plural_category(language, count)}"
    return wanted if has(wanted) else f"{key}.other"


def page_language(package: str) -> str:
    """A page's language among ``package``'s: ``?lang=``, else the browser's choice
    (Accept-Language), else English."""
    from flask import request  # only pages ask; the print kit never imports Flask

    found = languages(package)
    wanted = request.args.get("lang")
    if wanted in found:
        return str(wanted)
    return request.accept_languages.best_match(found) or FALLBACK
