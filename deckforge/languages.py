"""Language codes, for the print kit, the referee and the studio alike: the base code
of a tag, and which languages are written right to left."""

from __future__ import annotations

import re

# ISO 639-1 codes, and a few 639-3 ones, of languages written right to left
RTL_LANGUAGES = frozenset(
    {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"}
)
# a strong right-to-left character (Hebrew, Arabic and their presentation forms, RLM)
RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefe]")


def base_language(code: str | None) -> str:
    """The base code of a language tag, the one normaliser of the project: "fr-CA",
    "de_CH", " FR " give "fr", "de", "fr"; nothing gives ""."""
    return (code or "").strip().lower().replace("_", "-").split("-")[0]


def is_rtl_language(language: str) -> bool:
    """Whether ``language`` (e.g. "ar", "he-IL", "fa_IR") is written right to left."""
    return base_language(language) in RTL_LANGUAGES
