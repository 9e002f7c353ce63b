"""The studio's words in each language, read from ``catalogues/<lang>.json``.

The page speaks the browser's language when there is a catalogue for it
(``?lang=`` chooses another), English otherwise; a key missing from a
catalogue falls back to English (a test keeps the catalogues complete).
"""

from __future__ import annotations

from functools import cache

from deckforge import catalogues
from deckforge.catalogues import FALLBACK

PACKAGE = "deckforge.studio"
# languages a deck is offered in, by name (a deck written in another keeps its code)
DECK_LANGUAGES = (
    "ar", "ca", "cs", "da", "de", "el", "en", "es", "eu", "fa", "fi", "fr", "he", "hu", "it",
    "ja", "nl", "no", "pl", "pt", "ro", "ru", "sv", "tr", "uk", "ur", "zh",
)  # fmt: skip


def languages() -> tuple[str, ...]:
    return catalogues.languages(PACKAGE)


def catalogue(language: str) -> dict[str, str]:
    return catalogues.catalogue(PACKAGE, language)


def page_language() -> str:
    """``?lang=`` if there is such a catalogue, else the browser's choice, else English."""
    return catalogues.page_language(PACKAGE)


def words(language: str) -> dict[str, str]:
    """Every text of the page in ``language``, English where it has none."""
    return {**catalogue(FALLBACK), **catalogue(language)}


@cache
def language_names(language: str) -> list[tuple[str, str]]:
    """(code, name in ``language``) of the languages a deck can be written in, by name."""
    from babel import Locale, UnknownLocaleError  # loaded with the studio's first page

    try:
        page = Locale.parse(language)
    except (ValueError, UnknownLocaleError):
        page = Locale.parse(FALLBACK)
    named = []
    for code in DECK_LANGUAGES:
        name = Locale.parse(code).get_display_name(page) or code
        named.append((code, name[:1].upper() + name[1:] if language != "fr" else name))
    return sorted(named, key=lambda pair: pair[1].casefold())
