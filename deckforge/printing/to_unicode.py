"""The text behind Arabic glyphs: joined forms map back to their letters.

HarfBuzz draws an Arabic letter in its initial, medial or final form, and reportlab
names each such glyph by the Unicode presentation form the font maps to it
(U+FB50-FDFF, U+FE70-FEFF). Those code points are what a PDF's ToUnicode map gave
back, so copying or searching the word "قال" failed: the text read "ﻗﺎل". Here the
map gives the letters instead (Unicode NFKC). A ligature (lam with alef) stands for
two letters; text extractors read a right-to-left line's glyphs from right to left
themselves, so its letters are listed in the glyph's visual order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from reportlab.pdfbase import ttfonts

PRESENTATION_FORMS = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))


def letters_of(code: int) -> str | None:
    """The letters an Arabic presentation form stands for, in visual order; None for
    any other character."""
    if not any(low <= code <= high for low, high in PRESENTATION_FORMS):
        return None
    letters = unicodedata.normalize("NFKC", chr(code))
    return letters[::-1] if letters != chr(code) else None


def _with_letters(make: Callable[[str, list[int]], str]) -> Callable[[str, list[int]], str]:
    def to_unicode_cmap(fontname: str, subset: list[int]) -> str:
        lines = make(fontname, subset).split("\n")
        start = next(i for i, line in enumerate(lines) if line.endswith("beginbfchar")) + 1
        for offset, code in enumerate(subset):
            letters = letters_of(code)
            if letters is not None:
                hex_letters = letters.encode("utf-16-be").hex().upper()
                lines[start + offset] = f"<{offset:02X}> <{hex_letters}>"
        return "\n".join(lines)

    to_unicode_cmap.deckforge = True  # type: ignore[attr-defined]
    to_unicode_cmap.original = make  # type: ignore[attr-defined]  # for tests of glyphs
    return to_unicode_cmap


def install() -> None:
    """Make reportlab's ToUnicode maps give letters for Arabic joined forms (once)."""
    if not getattr(ttfonts.makeToUnicodeCMap, "deckforge", False):
        ttfonts.makeToUnicodeCMap = _with_letters(ttfonts.makeToUnicodeCMap)
