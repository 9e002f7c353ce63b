"""TrueType copies of PostScript-flavoured OpenType fonts (CFF outlines), made once.

reportlab embeds TrueType outlines only; an ``.otf`` or ``.ttc`` with CFF outlines
(Debian's Noto Sans CJK, most of macOS's fonts) is refused with "postscript outlines
are not supported". fontTools redraws every glyph with quadratic curves (cu2qu, at most
1 unit of the em off) into a TrueType file, kept in the user's cache folder under the
original's content hash: the conversion (about a minute for the 65,535 glyphs of Noto
Sans CJK) happens once per font file, and the same file always gives the same copy.
"""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

from deckforge.atomic import write_atomic

MAX_ERROR = 1.0  # font units: how far a quadratic curve may stray from the cubic one
CACHE_VARIABLE = "DECKFORGE_FONT_CACHE"  # another folder for the converted copies


class ConversionError(ValueError):
    """The font cannot be converted (fontTools missing or the file unreadable)."""


def cache_folder() -> Path:
    """Where converted fonts are kept: $DECKFORGE_FONT_CACHE, else the user's cache."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("deckforge")) / "fonts"


def truetype_copy(path: Path, index: int = 0) -> Path:
    """The TrueType copy of face ``index`` of the CFF-flavoured font at ``path``."""
    digest = hashlib.sha1(path.read_bytes()).hexdigest()[:16]
    target = cache_folder() / f"{path.stem}-{index}-{digest}.ttf"
    if not target.is_file():
        write_atomic(target, _converted(path, index))
    return target


def _converted(path: Path, index: int) -> bytes:
    try:
        from fontTools.pens.cu2quPen import Cu2QuPen
        from fontTools.pens.ttGlyphPen import TTGlyphPen
        from fontTools.ttLib import TTFont, newTable
    except ImportError:  # pragma: no cover - fontTools is a dependency
        raise ConversionError("fontTools is needed to convert it (pip install fonttools)") from None
    try:
        font = TTFont(str(path), fontNumber=index, lazy=True)
        order = font.getGlyphOrder()
        glyphs = font.getGlyphSet()
        glyf = newTable("glyf")
        glyf.glyphOrder = order
        glyf.glyphs = {}
        for name in order:
            pen = TTGlyphPen(None)
            glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
            glyf.glyphs[name] = pen.glyph()
    except Exception as error:  # fontTools raises many kinds on a damaged file
        raise ConversionError(f"fontTools cannot read its outlines ({error})") from error
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxComponentDepth",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["post"].formatType = 3.0  # no glyph names: a PDF subset does not need them
    font.sfntVersion = "\x00\x01\x00\x00"
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    return buffer.getvalue()
