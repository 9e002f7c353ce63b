"""Which languages are written right to left, for the print kit and the referee alike."""

from __future__ import annotations

import re

# ISO 639-1 codes, and a few 639-3 ones, of languages written right to left
RTL_LANGUAGES = frozenset(
    {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"}
)
# a strong right-to-left character (Hebrew, Arabic and their presentation forms, RLM)
RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefe]")


def is_rtl_language(language: str) -> bool:
    """Whether ``language`` (e.g. "ar", "he-IL", "fa_IR") is written right to left."""
    code = language.lower().replace("_", "-")
    return code.split("-")[0] in RTL_LANGUAGES
