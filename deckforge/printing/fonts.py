"""Fonts for the print kit: the bundled DejaVu faces, or a theme's own .ttf files.

Rendering never looks at the system's fonts: a bundled name maps to a file in
``deckforge/printing/fonts/``, anything else must be a path to a TrueType file
(relative to the theme file). Fonts are registered with reportlab once per
process and embedded as subsets in every PDF.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from deckforge.printing.fitting import SOFT_HYPHEN

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BUNDLED: dict[str, str] = {
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
}


class FontError(ValueError):
    """A font named by a theme cannot be found or read."""


@dataclass(frozen=True)
class Font:
    """A registered font: the name reportlab knows it by, and its character map."""

    name: str
    path: Path
    characters: frozenset[int]

    def has(self, char: str) -> bool:
        return char in "\n\t" or ord(char) in self.characters

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in points, as drawn: soft hyphens never are."""
        return pdfmetrics.stringWidth(text.replace(SOFT_HYPHEN, ""), self.name, size)


def font_path(name: str, theme_path: Path | None = None) -> Path:
    """The file behind a font name: a bundled name, or a .ttf path."""
    if name in BUNDLED:
        return FONT_DIR / BUNDLED[name]
    candidate = Path(name)
    if not candidate.is_absolute() and theme_path is not None:
        candidate = theme_path.parent / candidate
    if candidate.suffix.lower() != ".ttf" or not candidate.is_file():
        known = ", ".join(sorted(BUNDLED))
        raise FontError(f"font {name!r} is neither a bundled font ({known}) nor a .ttf file")
    return candidate


@cache
def _load(path: Path) -> Font:
    if path.parent == FONT_DIR:
        name = path.stem
    else:  # a theme's own font: named by its content, so output stays deterministic
        name = f"{path.stem}-{hashlib.sha1(path.read_bytes()).hexdigest()[:8]}"
    try:
        ttf = TTFont(name, str(path))
    except Exception as error:  # reportlab raises bare TTFError/struct errors on bad files
        raise FontError(f"{path}: not a usable TrueType font ({error})") from error
    pdfmetrics.registerFont(ttf)
    return Font(name=name, path=path, characters=frozenset(ttf.face.charToGlyph))


def load_font(name: str, theme_path: Path | None = None) -> Font:
    """Register (once) and return the font called ``name``."""
    return _load(font_path(name, theme_path).resolve())


@dataclass(frozen=True)
class FontPair:
    """The two faces a kit uses: bold for titles, regular for text."""

    title: Font
    body: Font


def theme_fonts(title_font: str, body_font: str, theme_path: Path | None = None) -> FontPair:
    return FontPair(title=load_font(title_font, theme_path), body=load_font(body_font, theme_path))


def missing_characters(text: str, font: Font) -> list[str]:
    """The distinct characters of ``text`` that ``font`` cannot draw, in order of appearance."""
    seen: list[str] = []
    for char in text:
        if not font.has(char) and char not in seen:
            seen.append(char)
    return seen
