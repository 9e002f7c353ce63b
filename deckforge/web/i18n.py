"""The words of the pages above the referee (print page), in fr/en/de.

They live in ``deckforge/web/catalogues/<lang>.json`` and are looked up before
the referee's own catalogue, so a page can also use the referee's words.
"""

from __future__ import annotations

from deckforge import catalogues
from deckforge.catalogues import FALLBACK
from deckforge.referee.i18n import Translator


def web_catalogue(language: str) -> dict[str, str]:
    return catalogues.catalogue("deckforge.web", language)


def web_text(language: str, key: str) -> str:
    """One text of the web catalogues (English when the language lacks it)."""
    return web_catalogue(language).get(key) or web_catalogue(FALLBACK).get(key) or key


class WebTranslator(Translator):
    """The referee's translator, with the web pages' words looked up first."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self._texts = {**self._texts, **web_catalogue(self.language)}
        self._fallback = {**self._fallback, **web_catalogue(FALLBACK)}
