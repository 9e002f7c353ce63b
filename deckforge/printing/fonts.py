"""Fonts for the print kit: the bundled faces, or a theme's own font files, with fallback.

Rendering never looks at the system's fonts: a bundled name maps to a file in
``deckforge/printing/fonts/``, anything else must be a path to a font file
(``.ttf``, ``.otf``, or ``.ttc`` for a collection; relative to the theme file); one
with PostScript (CFF) outlines is converted to TrueType once (font_convert). A theme
names a list of fonts per role; each character is drawn in the first font that
has it, and DejaVu always comes last, so Latin letters, digits and the suit
symbols never go missing. Fonts are registered with reportlab once per process
and embedded as subsets in every PDF.

Kits may be built at the same time (threads of the print page). A reportlab
font is shared by every PDF of the process: its per-document subsets are kept
apart, but cutting a subset out of the font file reads the file through one
shared cursor, so two PDFs saved at once could embed each other's glyphs or
fail. Each font's subsetting is therefore done one PDF at a time
(:class:`SharedTTFont`), and fonts are loaded and registered under a lock.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from deckforge.languages import is_rtl_language
from deckforge.printing import to_unicode
from deckforge.printing.fitting import SOFT_HYPHEN
from deckforge.printing.script import COMPLEX, line_width, needs_layout

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BUNDLED: dict[str, str] = {
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
    "NotoSansArabic": "NotoSansArabic-Regular.ttf",
    "NotoSansArabic-Bold": "NotoSansArabic-Bold.ttf",
    "NotoSansHebrew": "NotoSansHebrew-Regular.ttf",
    "NotoSansHebrew-Bold": "NotoSansHebrew-Bold.ttf",
}
FONT_SUFFIXES = (".ttf", ".ttc", ".otf")
LAST_RESORT = {"title": "DejaVuSans-Bold", "body": "DejaVuSans"}


class FontError(ValueError):
    """A font named by a theme cannot be found or read."""


# Latin letters, digits, their punctuation and typographic quotes: drawn in the stack's
# Latin font (see FontStack.latin), not in a CJK or Arabic font listed before it
LATIN = re.compile("[\u0021-\u007e\u00a1-\u024f\u1e00-\u1eff\u2010-\u205e]")
# what a Latin font's characters mostly are: Latin, Greek, Cyrillic and symbols
_LATIN_LIKE = ((0x0000, 0x052F), (0x1E00, 0x1FFF), (0x2000, 0x2BFF))


@dataclass(frozen=True, eq=False)
class Font:
    """A registered font: the name reportlab knows it by, and its character map."""

    name: str
    path: Path
    characters: frozenset[int]

    @property
    def is_latin(self) -> bool:
        """Whether most of the font's characters are Latin-like (a CJK, Arabic or
        Hebrew font is not: its Latin letters, if any, are an afterthought)."""
        latin = sum(1 for c in self.characters if any(a <= c <= b for a, b in _LATIN_LIKE))
        return latin * 2 >= len(self.characters)

    def has(self, char: str) -> bool:
        return char in "\n\t" or ord(char) in self.characters

    def covers(self, text: str) -> bool:
        """Whether every character of ``text`` is in this font."""
        return all(self.has(char) for char in set(text))

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in points, as drawn: soft hyphens never are."""
        return pdfmetrics.stringWidth(text.replace(SOFT_HYPHEN, ""), self.name, size)


def font_path(name: str, theme_path: Path | None = None) -> Path:
    """The file behind a font name: a bundled name, or a .ttf/.ttc/.otf path."""
    if name in BUNDLED:
        return FONT_DIR / BUNDLED[name]
    candidate = Path(name)
    if not candidate.is_absolute() and theme_path is not None:
        candidate = theme_path.parent / candidate
    if candidate.suffix.lower() not in FONT_SUFFIXES or not candidate.is_file():
        known = ", ".join(sorted(BUNDLED))
        raise FontError(
            f"font {name!r} is neither a bundled font ({known}) nor a .ttf/.ttc/.otf file"
        )
    return candidate


class SharedTTFont(TTFont):
    """A reportlab TrueType font that several PDFs of the process may use at once.

    Drawing keeps a state per document already; embedding does not: the subset
    of each document is cut out of the font file through the face's one reading
    position (``makeSubset`` seeks and reads composite glyphs' components), so
    it is done for one document at a time.
    """

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        self.subsetting = threading.Lock()

    def addObjects(self, doc: Any) -> None:
        with self.subsetting:
            super().addObjects(doc)


to_unicode.install()  # Arabic joined forms copy out as letters (see to_unicode)
FONTS_LOCK = threading.RLock()  # loading, registering and preparing a font for shaping
_LOADED: dict[Path, Font] = {}


def _load(path: Path) -> Font:
    with FONTS_LOCK:  # two kits starting at once register one font object, not two
        font = _LOADED.get(path)
        if font is None:
            font = _LOADED[path] = _register(path)
        return font


def _truetype(path: Path) -> Path:
    """``path``, or its TrueType copy when its outlines are PostScript (CFF): reportlab
    embeds TrueType outlines only (see font_convert)."""
    from deckforge.printing.font_convert import ConversionError, truetype_copy

    if not _has_cff(path):
        return path
    try:
        return truetype_copy(path)
    except (ConversionError, OSError) as error:
        raise FontError(f"{path}: PostScript (CFF) outlines, not converted: {error}") from None


def _has_cff(path: Path) -> bool:
    """Whether the font (the first face of a collection) has CFF outlines."""
    with path.open("rb") as file:
        head = file.read(16)
        if head[:4] == b"ttcf":  # a collection: look at its first face
            file.seek(int.from_bytes(head[12:16], "big"))
            head = file.read(4)
        return head[:4] == b"OTTO"


def _register(path: Path) -> Font:
    if path.parent == FONT_DIR:
        name = path.stem
    else:  # a theme's own font: named by its content, so output stays deterministic
        name = f"{path.stem}-{hashlib.sha1(path.read_bytes()).hexdigest()[:8]}"
    try:
        ttf = SharedTTFont(name, str(_truetype(path)))
    except FontError:
        raise
    except Exception as error:  # reportlab raises bare TTFError/struct errors on bad files
        raise FontError(f"{path}: not a usable TrueType font ({error})") from error
    pdfmetrics.registerFont(ttf)
    return Font(name=name, path=path, characters=frozenset(ttf.face.charToGlyph))


def load_font(name: str, theme_path: Path | None = None) -> Font:
    """Register (once) and return the font called ``name``."""
    return _load(font_path(name, theme_path).resolve())


@dataclass(frozen=True, eq=False)
class FontStack:
    """The fonts of one role, in order of preference, the last resort last, and the
    direction the theme's language is written in.

    ``name`` is what the print canvas's ``setFont`` accepts: the single font's own
    name for a plain left-to-right stack (the Latin kit's PDF is what it always
    was), a name of its own otherwise (see :func:`stack_named`).
    """

    fonts: tuple[Font, ...]
    rtl: bool = False

    def __post_init__(self) -> None:
        chars = frozenset().union(*(font.characters for font in self.fonts))
        object.__setattr__(self, "characters", chars)
        plain = len(self.fonts) == 1 and not self.rtl
        object.__setattr__(self, "plain", plain)
        latin = next((font for font in self.fonts if font.is_latin), self.fonts[-1])
        object.__setattr__(self, "latin", latin)

    @property
    def name(self) -> str:
        if len(self.fonts) == 1 and not self.rtl:
            return self.fonts[0].name
        return "+".join(font.name for font in self.fonts) + ("|rtl" if self.rtl else "")

    @property
    def primary(self) -> Font:
        return self.fonts[0]

    # set in __post_init__:
    characters: frozenset[int] = field(init=False, repr=False)  # in any of the fonts
    plain: bool = field(init=False, repr=False)  # one font, left to right: reportlab's way
    # the first Latin font of the stack (DejaVu unless the theme lists one before it):
    # Latin letters, digits and quotes are drawn in it, whatever font comes first
    latin: Font = field(init=False, repr=False)

    def font_for(self, char: str) -> Font:
        """The stack's Latin font for a Latin character it has (see LATIN), else the
        first font that has ``char`` (the last one when none does)."""
        if LATIN.match(char) and self.latin.has(char):
            return self.latin
        for font in self.fonts:
            if font.has(char):
                return font
        return self.fonts[-1]

    def has(self, char: str) -> bool:
        return ord(char) in self.characters or char in "\n\t"

    def needs_layout(self, text: str) -> bool:
        """Whether ``text`` needs fallback, bidi or shaping (see :mod:`script`)."""
        if self.plain:  # the Latin kit's path: one regular expression search
            return COMPLEX.search(text) is not None
        if self.latin is not self.fonts[0] and LATIN.search(text):
            return True  # Latin characters go to the Latin font, not the first one
        return needs_layout(text, self.rtl, self.fonts[0], False)

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in points, as drawn."""
        text = text.replace(SOFT_HYPHEN, "")
        if not self.needs_layout(text):
            return pdfmetrics.stringWidth(text, self.fonts[0].name, size)
        return line_width(text, self, size)


_STACKS: dict[str, FontStack] = {}


def stack_named(name: str) -> FontStack | None:
    """The stack registered under ``name`` (by :func:`font_stack`), if any."""
    return _STACKS.get(name)


def font_stack(
    names: str | Sequence[str], role: str, theme_path: Path | None = None, rtl: bool = False
) -> FontStack:
    """The fonts ``names`` (one or a list) then the role's DejaVu face, registered."""
    wanted = [names] if isinstance(names, str) else list(names)
    fonts: list[Font] = []
    for name in [*wanted, LAST_RESORT[role]]:
        font = load_font(name, theme_path)
        if font not in fonts:
            fonts.append(font)
    key = (tuple(fonts), rtl)
    with FONTS_LOCK:
        stack = _CACHE.get(key)
        if stack is None:
            stack = _CACHE[key] = FontStack(fonts=tuple(fonts), rtl=rtl)
            _STACKS[stack.name] = stack
    return stack


_CACHE: dict[tuple[tuple[Font, ...], bool], FontStack] = {}


@dataclass(frozen=True)
class FontPair:
    """The two font stacks a kit uses: bold for titles, regular for text."""

    title: FontStack
    body: FontStack

    @property
    def rtl(self) -> bool:
        """Whether the kit is laid out right to left."""
        return self.body.rtl


def theme_fonts(
    title_font: str | Sequence[str],
    body_font: str | Sequence[str],
    theme_path: Path | None = None,
    language: str = "en",
) -> FontPair:
    rtl = is_rtl_language(language)
    return FontPair(
        title=font_stack(title_font, "title", theme_path, rtl),
        body=font_stack(body_font, "body", theme_path, rtl),
    )


def missing_characters(text: str, font: Font | FontStack) -> list[str]:
    """The distinct characters of ``text`` that ``font`` cannot draw, in order of appearance."""
    seen: list[str] = []
    for char in text:
        if not font.has(char) and char not in seen:
            seen.append(char)
    return seen
