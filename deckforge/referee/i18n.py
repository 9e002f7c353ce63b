"""The interface's words in each language, read from ``catalogues/<lang>.json``.

The interface speaks the theme's language; a language without a catalogue
falls back to English, and a key missing from a catalogue falls back to the
English text (a test keeps the catalogues complete). Plural forms follow the
CLDR rules of the language (Babel): French says "0 carte", English "0 cards".
The words for the two kinds of token are the theme's own names when a theme is
known ("moment de grâce et de vérité"), else the catalogue's ``term.*``.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from deckforge import catalogues
from deckforge.catalogues import FALLBACK
from deckforge.languages import RIGHT_TO_LEFT, is_rtl_language

FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
PACKAGE = "deckforge.referee"


def available() -> tuple[str, ...]:
    return catalogues.languages(PACKAGE)


def catalogue(language: str) -> dict[str, str]:
    return catalogues.catalogue(PACKAGE, language)


def language_for(wanted: str | None) -> str:
    """The catalogue to use for a theme's language code ("fr", "fr-CA", "de" ...)."""
    return catalogues.choose(PACKAGE, wanted)


def page_language() -> str:
    """Without a table: ``?lang=``, else the browser's choice (Accept-Language), else English."""
    return catalogues.page_language(PACKAGE)


TOKEN_TERMS = ("hint", "hints", "error", "errors")


class Translator:
    """``t("key", name=...)``: the text of ``key`` in one language, formatted.

    ``tokens`` names the theme's tokens ({"hint": "moment de grâce et de vérité",
    "hints": ..., "error": ..., "errors": ...}); every text may use them as
    ``{hint}``, ``{hints}``, ``{error}`` and ``{errors}``.
    """

    def __init__(self, language: str, tokens: dict[str, str] | None = None) -> None:
        self.language = language_for(language)
        self._texts = catalogue(self.language)
        self._fallback = catalogue(FALLBACK)
        self.terms = {name: self.text(f"term.{name}") for name in TOKEN_TERMS}
        self.terms.update(tokens or {})
        self.rtl = is_rtl_language(self.language)  # the page gets dir="rtl"

    @classmethod
    def for_theme(cls, theme: Any) -> Translator:
        """The theme's language, with its token names as the words for the tokens."""
        hint, error = theme.tokens.hint, theme.tokens.error
        words = {"hint": hint.name, "hints": hint.plural, "error": error.name}
        return cls(theme.language, {**words, "errors": error.plural})

    def text(self, key: str) -> str:
        return self._texts.get(key) or self._fallback.get(key) or key

    def __call__(self, key: str, **values: Any) -> Markup:
        """The text as HTML: the catalogue's text is trusted, the values are escaped."""
        text = Markup(self.text(key))
        if "{" not in text:
            return text
        return text.format(**{k: self._isolated(v) for k, v in {**self.terms, **values}.items()})

    def _isolated(self, value: Any) -> Any:
        """A name or text set apart from the sentence around it (Unicode isolates, the
        plain-text <bdi>, which also work in attributes) when directions may mix: every
        text on a right-to-left page, a right-to-left text on any page. A Latin team
        name in an Arabic sentence, or a Hebrew one in an English sentence, then keeps
        its own order and does not carry the sentence's punctuation along."""
        if not isinstance(value, str) or not (self.rtl or RIGHT_TO_LEFT.search(value)):
            return value
        if isinstance(value, Markup):
            return Markup(FIRST_STRONG_ISOLATE) + value + Markup(POP_ISOLATE)
        return f"{FIRST_STRONG_ISOLATE}{value}{POP_ISOLATE}"

    def has(self, key: str) -> bool:
        return key in self._texts or key in self._fallback

    def category(self, count: float) -> str:
        """The CLDR plural category of ``count`` in this language ("one", "other", ...)."""
        return catalogues.plural_category(self.language, count)

    def plural(self, key: str, count: int, **values: Any) -> Markup:
        """``key.<category>`` for ``count`` (CLDR rules), ``key.other`` when it is missing."""
        return self(
            catalogues.plural_key(self.has, key, self.language, count), count=count, **values
        )

    def noun(self, count: int, one: str, other: str) -> str:
        """``one`` or ``other`` as the language says for ``count``: "0 œuvre", "0 errors"."""
        return one if self.category(count) == "one" else other

    def end_sentence(self, state: Any) -> Markup:
        """Why the game ended, from the public state. After a strikeout the sentence counts
        the error tokens ("3/3 œuvres du démon sur la table"): no adjective or verb has to
        agree with the theme's token name, whatever its gender or number."""
        errors = state["error_tokens"]
        name = self.noun(errors["placed"], errors["name"], errors["plural"])
        return self(
            f"end.{state['end']}", placed=errors["placed"], count=errors["count"], errors=name
        )
