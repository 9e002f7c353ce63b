"""Per-language wording of the printed kit (rules sheet, labels), kept out of the code.

One JSON file per language in ``deckforge/printing/catalogues/``; a theme in a
language without a catalogue gets the English one.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CATALOGUE_DIR = Path(__file__).resolve().parent / "catalogues"
FALLBACK = "en"


def languages() -> list[str]:
    return sorted(p.stem for p in CATALOGUE_DIR.glob("*.json"))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@dataclass(frozen=True)
class Catalogue:
    language: str
    messages: dict[str, str]

    def text(self, key: str, **values: object) -> str:
        return self.messages[key].format(**values)

    def copies(self, n: int) -> str:
        return self.text("copies_one" if n == 1 else "copies_other", n=n)


@cache
def catalogue(language: str) -> Catalogue:
    """The catalogue for ``language`` (e.g. "fr", "de-CH" uses "de"), English if none."""
    base = language.split("-")[0].split("_")[0].lower()
    chosen = base if (CATALOGUE_DIR / f"{base}.json").is_file() else FALLBACK
    messages = json.loads((CATALOGUE_DIR / f"{chosen}.json").read_text(encoding="utf-8"))
    return Catalogue(language=chosen, messages=messages)
