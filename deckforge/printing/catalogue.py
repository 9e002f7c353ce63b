"""Per-language wording of the printed kit (rules sheet, labels), kept out of the code.

One JSON file per language in ``deckforge/printing/catalogues/``, read by
:mod:`deckforge.catalogues` like the referee's and the studio's; a theme in a
language without a catalogue gets the English one. Counts follow the language's
CLDR plural rules (``copies.one``, ``copies.other``, ``copies.few`` ...).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache

from deckforge import catalogues

PACKAGE = "deckforge.printing"


def languages() -> list[str]:
    return list(catalogues.languages(PACKAGE))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@dataclass(frozen=True)
class Catalogue:
    language: str
    messages: dict[str, str]

    def text(self, key: str, **values: object) -> str:
        return self.messages[key].format(**values)

    def counted(self, key: str, count: int, **values: object) -> str:
        """``key``'s sentence for ``count`` things: ``key.one`` (or the language's other
        CLDR form) when the catalogue has it, else ``key`` itself."""
        category = catalogues.plural_category(self.language, count)
        chosen = f"{key}.{category}"
        return self.text(chosen if chosen in self.messages else key, **values)

    def quantity(self, count: int, singular: str, plural: str) -> str:
        """ "1 étoile", "8 étoiles": a theme's token names after a count, the singular for
        the counts the language's CLDR rule calls "one" (0 and 1 in French)."""
        one = catalogues.plural_category(self.language, count) == "one"
        return f"{count} {singular if one else plural}"

    def copies(self, n: int) -> str:
        """How many copies of a card the deck holds, in the language's plural form."""
        key = catalogues.plural_key(self.messages.__contains__, "copies", self.language, n)
        return self.text(key, n=n)


@cache
def catalogue(language: str) -> Catalogue:
    """The catalogue for ``language`` (e.g. "fr", "de-CH" uses "de"), English if none."""
    chosen = catalogues.choose(PACKAGE, language)
    return Catalogue(language=chosen, messages=catalogues.catalogue(PACKAGE, chosen))
