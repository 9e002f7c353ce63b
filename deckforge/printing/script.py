"""Lines of text in any script: font fallback, right-to-left order and shaping.

A drawn line is cut into runs, each in one font (the first font of the stack
that has the character) and one direction. Lines that need it go through the
Unicode bidirectional algorithm (python-bidi's Rust engine) and through reportlab's HarfBuzz
shaping (uharfbuzz), so Arabic letters join, Devanagari clusters form and an
Arabic sentence with a number or a Latin name reads in the right order.

Text that needs none of this (Latin, Greek, Cyrillic... in its first font, in a
left-to-right theme) never reaches the bidi algorithm or HarfBuzz: the Latin
kit pays nothing for the other scripts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.lib.abag import ABag
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr, shapeFragWord

from deckforge.languages import RIGHT_TO_LEFT

if TYPE_CHECKING:
    from deckforge.printing.fonts import Font, FontStack

# characters that need the bidi algorithm or shaping: right-to-left scripts and
# their presentation forms, the Indic and South-East Asian scripts, joiners and
# the bidi controls
COMPLEX = re.compile(
    "["
    "\u0590-\u08ff"  # Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic ext.
    "\u0900-\u0dff"  # Devanagari ... Sinhala
    "\u0e00-\u0fff"  # Thai, Lao, Tibetan
    "\u1000-\u109f"  # Myanmar
    "\u1780-\u17ff"  # Khmer
    "\u200c-\u200f"  # zero-width (non-)joiner, LRM, RLM
    "\u202a-\u202e\u2066-\u2069"  # embeddings, overrides, isolates
    "\ua8e0-\ua8ff"  # Devanagari extended
    "\ufb1d-\ufdff\ufe70-\ufefe"  # Hebrew and Arabic presentation forms
    "\U00010800-\U00010fff\U0001e800-\U0001efff"  # historic RTL scripts, Arabic math
    "]"
)
# combining marks and joiners stay in the font of the character they attach to
ATTACHED = re.compile("[\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u200c\u200d]")


def needs_layout(text: str, rtl: bool, first: Font, single: bool) -> bool:
    """Whether ``text`` needs more than one plain string in ``first``."""
    if rtl or COMPLEX.search(text):
        return True
    return not single and not first.covers(text)


@dataclass(frozen=True)
class Run:
    """A piece of a line in one font, ready to draw: ``text`` is in visual order
    (a reportlab ShapedStr when HarfBuzz shaped it); ``width`` is in points at 1 pt."""

    font: str
    text: str
    width: float
    typed: str = ""  # the same characters as typed (logical order), for the text layer
    start: int = 0  # where they start in the line
    level: int = 0  # their bidi embedding level (odd: drawn right to left, mirrored)


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]

    @property
    def width(self) -> float:
        """Width at 1 pt."""
        return sum(run.width for run in self.runs)


def _fonts_of(text: str, stack: FontStack) -> list[Font]:
    """The font of each character: the first of the stack that has it; marks and
    joiners stay with their base character, spaces with the text around them."""
    chosen: list[Font] = []
    for i, char in enumerate(text):
        if i and (ATTACHED.match(char) or char.isspace()) and chosen[-1].has(char):
            chosen.append(chosen[-1])
        else:
            chosen.append(stack.font_for(char))
    return chosen


# characters the bidi algorithm reads but nothing draws: the directional marks, the
# embeddings and overrides (removed by rule X9) and the isolates
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# python-bidi's debug output (a Rust BidiInfo) lists one level per UTF-8 byte
_LEVELS_BLOCK = re.compile(r"\n    levels: \[\n(.*?)\n    \],\n", re.S)
_LEVEL = re.compile(r"Level\(\s*(\d+),\s*\)")
# rule L1: what goes back to the paragraph level before a segment separator or at
# the end of the line (whitespace, isolates and what rule X9 removed)
_TRAILING_CLASSES = frozenset(
    ("WS", "FSI", "LRI", "RLI", "PDI", "BN", "LRE", "RLE", "LRO", "RLO", "PDF")
)


def _paragraph_levels(text: str, rtl: bool) -> list[int]:
    """Each character's level as resolved by python-bidi's Rust engine (the
    unicode-bidi crate: the whole of UAX #9 up to rule I2, isolates and bracket
    pairs included), for one paragraph of direction ``rtl``."""
    from bidi import get_display  # only for lines that need it: Latin kits never do

    info = get_display(text, base_dir="R" if rtl else "L", debug=True)
    block = _LEVELS_BLOCK.search(str(info))
    per_byte = [int(level) for level in _LEVEL.findall(block.group(1))] if block else []
    if len(per_byte) != len(text.encode("utf-8")):
        raise RuntimeError(f"python-bidi gave no level for each byte of {text!r}")
    levels, offset = [], 0
    for char in text:
        levels.append(per_byte[offset])
        offset += len(char.encode("utf-8"))
    return levels


def _levels(text: str, rtl: bool) -> list[int]:
    """Bidi embedding level of each character for drawing one line (rules X1-I2, L1)."""
    if not rtl and not RIGHT_TO_LEFT.search(text):
        return [0] * len(text)
    levels = _paragraph_levels(text, rtl)
    base, trailing = int(rtl), True
    for i in range(len(text) - 1, -1, -1):  # rule L1, from the end of the line
        kind = unicodedata.bidirectional(text[i])
        if kind in ("S", "B"):
            levels[i], trailing = base, True
        elif trailing and kind in _TRAILING_CLASSES:
            levels[i] = base
        else:
            trailing = False
    return levels


_READY: set[str] = set()  # fonts whose every glyph has its code (see _ready_for_shaping)


def _ready_for_shaping(name: str) -> None:
    """Give every glyph without a character (joined and final forms, ligatures) its
    private-use code now, in glyph order. reportlab hands these codes out as shaping
    first meets each glyph, so without this a PDF's bytes would depend on what the
    process happened to shape before. Done once per font, under the fonts' lock: the
    HarfBuzz face and the codes are the font's, shared by kits built at the same time."""
    if name in _READY:
        return
    from deckforge.printing.fonts import FONTS_LOCK

    with FONTS_LOCK:
        if name in _READY:
            return
        ttf = pdfmetrics.getFont(name)
        hb_font = ttf.hbFont(1000)
        mapped = set(ttf.face.glyphToChar)
        for gid in range(ttf.face.numGlyphs):
            if gid not in mapped:
                glyph = hb_font.glyph_to_string(gid)
                ttf.hbAddPrivate(glyph, gid, hb_font.get_glyph_h_advance(gid))
        _READY.add(name)


# HarfBuzz's default features (joining forms, marks, kerning, standard ligatures);
# reportlab's shapeStr also turns on discretionary ligatures, which in Hebrew
# fonts join vav and yod into the Yiddish ligature
FEATURES = {"kern": True, "liga": True}


def _shape_str(text: str, name: str) -> str:
    """reportlab's shapeStr with :data:`FEATURES`: a ShapedStr, or ``text`` unchanged."""
    word = [pdfmetrics.stringWidth(text, name, 1000), (ABag(fontName=name, fontSize=1000), text)]
    return shapeFragWord(word, features=FEATURES)[1][1]


def _shape(text: str, font: Font, rtl_run: bool) -> Run:
    """One run in visual order: shaped by HarfBuzz when its script needs it."""
    # HarfBuzz guesses a run's direction from its first letter's script: a run with a
    # right-to-left letter is shaped right to left, HarfBuzz mirroring its brackets
    # and quotes (rule L4) itself; a right-to-left run without a letter (spaces, the
    # Arabic comma, semicolon or question mark, which are of no script, a guillemet)
    # is mirrored and reversed here
    rtl_letters = rtl_run and any(_is_rtl_letter(char) for char in text)
    if COMPLEX.search(text) and (rtl_letters or not rtl_run):
        _ready_for_shaping(font.name)
        shaped = _shape_str(text, font.name)
        if isinstance(shaped, ShapedStr):
            width = sum(d.x_advance for d in shaped.__shapeData__) / 1000
            return Run(font.name, shaped, width)
        # HarfBuzz changed nothing: the text is still in logical order
    if rtl_run:
        text = _mirrored_backwards(text)
    return Run(font.name, text, pdfmetrics.stringWidth(text, font.name, 1))


def _is_rtl_letter(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("R", "AL") and unicodedata.category(char)[0] == "L"


def _mirrored_backwards(text: str) -> str:
    """A right-to-left run HarfBuzz did not reorder, in visual order (rules L2, L4).
    python-bidi's Rust engine mirrors paired brackets only, not quotes such as the
    guillemets: its table of BidiMirroring.txt mirrors every such character."""
    from bidi.mirror import MIRRORED

    return "".join(MIRRORED.get(char, char) for char in reversed(text))


def _visual_order(runs: list[tuple[int, Run | None]]) -> list[Run | None]:
    """Unicode rule L2: from the highest level down to the lowest odd one, reverse
    every sequence of runs at that level or higher."""
    if not runs:
        return []
    highest = max(level for level, _ in runs)
    lowest_odd = min((level for level, _ in runs if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(runs):
            if runs[i][0] >= level:
                j = i
                while j < len(runs) and runs[j][0] >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return [run for _, run in runs]


@lru_cache(maxsize=8192)
def layout_line(text: str, stack: FontStack) -> Line:
    """``text`` (one line, logical order) as runs in visual order, left to right."""
    fonts = _fonts_of(text, stack)
    levels = _levels(text, stack.rtl)
    # a bidi control is drawn as nothing, but keeps its place in the order: an
    # isolate's content is not reversed together with the text on either side
    pieces: list[tuple[int, Font | None, str]] = []
    for char, font, level in zip(text, fonts, levels, strict=True):
        if char in BIDI_CONTROLS:
            pieces.append((level, None, ""))
        elif pieces and pieces[-1][0] == level and pieces[-1][1] is font:
            pieces[-1] = (level, font, pieces[-1][2] + char)
        else:
            pieces.append((level, font, char))
    runs: list[tuple[int, Run | None]] = []
    start = 0
    for level, piece_font, piece in pieces:
        if piece_font is not None:
            run = _shape(piece, piece_font, level % 2 == 1)
            runs.append((level, replace(run, typed=piece, start=start, level=level)))
        else:
            runs.append((level, None))
        start += len(piece) or 1  # a control is one character, drawn as nothing
    return Line(tuple(run for run in _visual_order(runs) if run is not None))


def line_width(text: str, stack: FontStack, size: float) -> float:
    """Width of ``text`` drawn at ``size`` points, in points."""
    return layout_line(text, stack).width * size


def missing_by_font(texts: Sequence[str], stack: FontStack) -> list[str]:
    """The distinct characters of ``texts`` that no font of ``stack`` has."""
    seen: dict[str, None] = {}
    for text in texts:
        for char in text:
            if not stack.has(char):
                seen.setdefault(char)
    return list(seen)
