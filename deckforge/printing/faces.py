"""Drawing one card: its front (suit, rank, copies, title and text) or the shared back.

Every face is drawn in the card's own coordinates (origin at the bottom-left
corner of its trim rectangle) from the numbers in :mod:`face_layout`; the sheet
modules only say where each card goes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fitting import BREAKABLE, LEADING, TITLE_GAP, FittedText
from deckforge.printing.fonts import FontPair, FontStack
from deckforge.printing.geometry import MM, Rect
from deckforge.printing.pdf import (
    GREY,
    INK,
    WHITE,
    PrintCanvas,
    darker,
    ink_on,
    lighter,
    luminance,
    mix,
)

LOW_INK_RANK_CONTRAST = 3.0
LOW_INK_FRAME = (1.0, 0.5)  # mm at poker size: white edge outside the band, band width


@dataclass(frozen=True)
class FrontFace:
    """Everything printed on the front of one card."""

    suit_name: str
    colour: Color
    symbol: str
    rank: int
    copies: str  # e.g. "3 in the deck"
    text: FittedText | None  # None: the card has no title or text
    frame: tuple[Color, ...] = ()  # several colours: a multicolour suit's striped frame
    order: str = ""  # e.g. "5→1" on the name band of a suit played downwards
    image: str | None = None  # path of the card's picture (PNG or JPEG)


@dataclass(frozen=True)
class BackFace:
    title: str
    colour: Color
    accent: Color
    pattern: str  # stars | dots | stripes | plain
    symbols: tuple[str, ...] = ()  # the suits' symbols, shown in a ring
    pattern_share: float = 0.35  # how strongly the pattern's accent shows over the ground
    image: str | None = None  # a picture covering the whole back, instead of the design


def _fit_size(text: str, font: FontStack, size: float, width: float, floor: float = 4.0) -> float:
    """``size`` or smaller, so that one line of ``text`` is at most ``width`` points wide."""
    while size > floor and font.width(text, size) > width:
        size -= 0.25
    return size


def _centred(
    c: PrintCanvas, x: float, y_mid: float, text: str, font: FontStack, size: float, mode: int = 0
) -> None:
    """Draw ``text`` centred on (x, y_mid): y_mid is the middle of digits and capitals."""
    c.setFont(font.name, size)
    c.drawCentredString(x, y_mid - 0.36 * size, text, mode=mode)


def _symbol(
    c: PrintCanvas, x: float, y_mid: float, symbol: str, font: FontStack, size: float, fill: Color
) -> None:
    """The suit symbol in the suit's colour with a dark outline (readable in grey too)."""
    c.setFillColor(fill)
    c.setStrokeColor(darker(fill, 0.55))
    c.setLineWidth(min(0.45, max(0.25, size / 50)))
    _centred(c, x, y_mid, symbol, font, size, mode=2)


def _background(
    c: PrintCanvas, rect: Rect, bleed: float, fill: Color, stripes: tuple[Color, ...] = ()
) -> None:
    outer = rect.inset(-bleed)
    c.setFillColor(fill)
    c.rect(outer.x * MM, outer.y * MM, outer.w * MM, outer.h * MM, stroke=0, fill=1)
    if stripes:  # diagonal bands of every colour, for a suit that counts as all of them
        c.saveState()
        clip = c.beginPath()
        clip.rect(outer.x * MM, outer.y * MM, outer.w * MM, outer.h * MM)
        c.clipPath(clip, stroke=0, fill=0)
        band = 4.0 * MM
        span = (outer.w + outer.h) * MM
        x0, y0 = outer.x * MM, outer.y * MM
        k = 0
        while k * band < span:
            c.setFillColor(stripes[k % len(stripes)])
            path = c.beginPath()
            path.moveTo(x0 + k * band, y0)
            path.lineTo(x0 + (k + 1) * band, y0)
            path.lineTo(x0 + (k + 1) * band - span, y0 + span)
            path.lineTo(x0 + k * band - span, y0 + span)
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            k += 1
        c.restoreState()


def _index(c: PrintCanvas, box: Rect, face: FrontFace, fonts: FontPair, scale: float) -> None:
    cx = (box.x + box.w / 2) * MM
    rank_size = 17 * scale
    c.setFillColor(INK)
    _centred(c, cx, (box.top - 4.2 * scale) * MM, str(face.rank), fonts.title, rank_size)
    _symbol(c, cx, (box.top - 11.0 * scale) * MM, face.symbol, fonts.body, 12 * scale, face.colour)


def low_ink_rank_colour(suit: Color) -> Color:
    """The big rank of a low-ink face: the suit's colour, darkened until it reads on
    white in grey as well (contrast at least 3:1, as large text needs)."""
    shade = suit
    while (1.05) / (luminance(shade) + 0.05) < LOW_INK_RANK_CONTRAST:
        shade = darker(shade, 0.9)
    return shade


def _low_ink_frame(c: PrintCanvas, layout: FaceLayout, face: FrontFace) -> None:
    """Low ink: a white card with a thin band of the suit's colour (or colours) inside
    its edge; a little white outside the band forgives a cut that is slightly off."""
    s = layout.scale
    outer = Rect(0, 0, layout.width, layout.height).inset(LOW_INK_FRAME[0] * s)
    inner = outer.inset(LOW_INK_FRAME[1] * s)
    c.saveState()
    ring = c.beginPath()
    ring.roundRect(outer.x * MM, outer.y * MM, outer.w * MM, outer.h * MM, 2.6 * s * MM)
    ring.roundRect(inner.x * MM, inner.y * MM, inner.w * MM, inner.h * MM, 1.8 * s * MM)
    c.clipPath(ring, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    _background(c, outer, 0.0, face.colour, face.frame)
    c.restoreState()


def draw_front(
    c: PrintCanvas,
    rect: Rect,
    bleed: float,
    face: FrontFace,
    fonts: FontPair,
    low_ink: bool = False,
) -> None:
    layout = FaceLayout(rect.w, rect.h)
    s = layout.scale
    c.saveState()
    if not low_ink:
        _background(c, rect, bleed, face.colour, face.frame)
    c.translate(rect.x * MM, rect.y * MM)
    panel = layout.panel
    if low_ink:
        _low_ink_frame(c, layout, face)
    else:
        c.setFillColor(WHITE)
        c.setStrokeColor(darker(face.colour, 0.55))
        c.setLineWidth(0.5)
        c.roundRect(
            panel.x * MM, panel.y * MM, panel.w * MM, panel.h * MM, 2.2 * s * MM, stroke=1, fill=1
        )

    # corner indices: top-left upright, bottom-right upside down (fanned hands, both ways);
    # mirrored for a right-to-left language, whose hands fan the other way
    tl, br, copies = layout.index_top_left, layout.index_bottom_right, layout.copies_box
    if fonts.rtl:
        tl, br, copies = (_mirrored(r, rect.w) for r in (tl, br, copies))
    _index(c, tl, face, fonts, s)
    c.saveState()
    c.translate((br.x + br.w / 2) * MM, (br.y + br.h / 2) * MM)
    c.rotate(180)
    _index(c, Rect(-br.w / 2, -br.h / 2, br.w, br.h), face, fonts, s)
    c.restoreState()

    # the suit's name, on a tinted band between the indices
    name = layout.name_box
    c.setFillColor(lighter(face.colour, 0.94 if low_ink else 0.7))
    c.roundRect(name.x * MM, name.y * MM, name.w * MM, name.h * MM, 1.2 * s * MM, stroke=0, fill=1)
    label = f"{face.suit_name} {face.order}" if face.order else face.suit_name
    size = _fit_size(label, fonts.title, 9 * s, (name.w - 2) * MM)
    c.setFillColor(INK)
    _centred(c, (name.x + name.w / 2) * MM, (name.y + name.h / 2) * MM, label, fonts.title, size)

    # the rank, large, on a disc of the suit's colour, flanked by the symbol
    text_box = layout.text_box_for(with_image=face.image is not None)
    cx, cy, r = layout.medallion(with_text=face.text is not None)
    if face.text is not None and face.image is None:  # the free space shared out
        (cx, cy, r), text_box = layout.placed(face.text.height / MM)
    if low_ink:  # a ring of the suit's colour, the rank in a dark shade of it
        c.setFillColor(WHITE)
        c.setStrokeColor(face.colour)
        c.setLineWidth(1.2 * s)
        c.circle(cx * MM, cy * MM, (r - 0.3 * s) * MM, stroke=1, fill=0)
        c.setFillColor(low_ink_rank_colour(face.colour))
    else:
        c.setFillColor(face.colour)
        c.setStrokeColor(darker(face.colour, 0.45))
        c.setLineWidth(1.0)
        c.circle(cx * MM, cy * MM, r * MM, stroke=1, fill=1)
        c.setStrokeColor(WHITE)
        c.setLineWidth(0.8)
        c.circle(cx * MM, cy * MM, (r - 1.1 * s) * MM, stroke=1, fill=0)
        c.setFillColor(ink_on(face.colour))
    _centred(c, cx * MM, cy * MM, str(face.rank), fonts.title, r * MM * 1.25)
    side = r + 6.5 * s
    for x in () if low_ink else (cx - side, cx + side):  # low ink: the corners show it
        _symbol(c, x * MM, cy * MM, face.symbol, fonts.body, 13 * s, face.colour)

    has_text = face.text is not None
    if face.image is not None:
        box = layout.image_box(with_text=has_text)
        c.drawImage(
            face.image,
            box.x * MM,
            box.y * MM,
            box.w * MM,
            box.h * MM,
            preserveAspectRatio=True,
            anchor="c",
            mask="auto",
        )
    if face.text is not None:
        _text_block(c, text_box, face.text, fonts)
    elif face.image is None:
        _pips(c, layout.pips_box(), face, fonts)

    # how many of this card exist
    box = copies
    c.setFillColor(GREY)
    size = _fit_size(face.copies, fonts.body, 6.5 * s, box.w * MM)
    c.setFont(fonts.body.name, size)
    if fonts.rtl:
        c.drawRightString(box.right * MM, (box.y + 0.8 * s) * MM, face.copies)
    else:
        c.drawString(box.x * MM, (box.y + 0.8 * s) * MM, face.copies)
    c.restoreState()


def _mirrored(rect: Rect, width: float) -> Rect:
    """``rect`` mirrored left to right on a card ``width`` mm wide."""
    return Rect(width - rect.right, rect.y, rect.w, rect.h)


def _text_block(c: PrintCanvas, box: Rect, text: FittedText, fonts: FontPair) -> None:
    """Title and text, centred in the box (the fitting already guaranteed they fit)."""
    height = text.height
    cx = (box.x + box.w / 2) * MM
    y = (box.y + box.h / 2) * MM + height / 2  # top of the block
    c.setFillColor(INK)
    c.setFont(fonts.title.name, text.title_size)
    for line in text.title_lines:
        y -= text.title_size * LEADING
        c.drawCentredString(cx, y + 0.22 * text.title_size, line)
    if text.title_lines and text.body_lines:
        y -= text.body_size * TITLE_GAP
    c.setFont(fonts.body.name, text.body_size)
    for line in text.body_lines:
        y -= text.body_size * LEADING
        c.drawCentredString(cx, y + 0.22 * text.body_size, line)


def _pips(c: PrintCanvas, box: Rect, face: FrontFace, fonts: FontPair) -> None:
    """A card without text shows its rank again as that many symbols."""
    n = face.rank
    size = min(box.h * MM * 0.8, box.w * MM / (n * 1.25), 20.0)
    step = box.w * MM / n
    y = (box.y + box.h / 2) * MM
    for i in range(n):
        _symbol(c, box.x * MM + step * (i + 0.5), y, face.symbol, fonts.body, size, face.colour)


def draw_spare(c: PrintCanvas, rect: Rect, bleed: float, label: str, fonts: FontPair) -> None:
    """A blank front, to pad a sheet: write on it to replace a lost card."""
    layout = FaceLayout(rect.w, rect.h)
    c.saveState()
    c.translate(rect.x * MM, rect.y * MM)
    panel = layout.panel
    c.setStrokeColor(lighter(GREY, 0.4))
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.roundRect(
        panel.x * MM,
        panel.y * MM,
        panel.w * MM,
        panel.h * MM,
        2.2 * layout.scale * MM,
        stroke=1,
        fill=0,
    )
    c.setFillColor(lighter(GREY, 0.3))
    _centred(c, rect.w / 2 * MM, rect.h / 2 * MM, label, fonts.body, 7 * layout.scale)
    c.restoreState()


def _star(c: PrintCanvas, x: float, y: float, r: float) -> None:
    path = c.beginPath()
    for i in range(10):
        angle = math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.42
        px, py = x + radius * math.cos(angle), y + radius * math.sin(angle)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _pattern(c: PrintCanvas, outer: Rect, back: BackFace, scale: float) -> None:
    """The back's repeating pattern, symmetric about the card's centre, in a faded accent."""
    cx, cy = (outer.x + outer.w / 2) * MM, (outer.y + outer.h / 2) * MM
    faded = mix(back.accent, back.colour, back.pattern_share)
    c.setFillColor(faded)
    c.setStrokeColor(faded)
    if back.pattern == "stripes":
        c.setLineWidth(2.2 * scale)
        span = int((outer.w + outer.h) / 6) + 2
        for i in range(-span, span + 1):
            x = cx + i * 6 * MM
            c.line(x - outer.h * MM, cy - outer.h * MM, x + outer.h * MM, cy + outer.h * MM)
        return
    if back.pattern not in ("stars", "dots"):
        return
    step = 7.0 * scale * MM
    nx = int(outer.w * MM / step / 2) + 2
    ny = int(outer.h * MM / step / 2) + 2
    for j in range(-ny, ny + 1):
        for i in range(-nx, nx + 1):
            x = cx + (i + (0.5 if j % 2 else 0)) * step
            y = cy + j * step * 0.87
            if back.pattern == "stars":
                _star(c, x, y, 1.3 * scale * MM)
            else:
                c.circle(x, y, 0.7 * scale * MM, stroke=0, fill=1)


def low_ink_back(back: BackFace) -> BackFace:
    """The same back on white: the design's colour for lines and title, a pale pattern."""
    line = back.colour if luminance(back.colour) < 0.3 else darker(back.colour, 0.5)
    return BackFace(
        back.title, WHITE, line, back.pattern, back.symbols, pattern_share=0.22, image=back.image
    )


def _back_image(c: PrintCanvas, outer: Rect, image: str) -> None:
    """The picture over the whole back, bleed included: scaled to cover it and centred,
    the overflow clipped, never stretched."""
    from reportlab.lib.utils import ImageReader

    width, height = ImageReader(image).getSize()
    scale = max(outer.w / width, outer.h / height)
    w, h = width * scale, height * scale
    c.saveState()
    clip = c.beginPath()
    clip.rect(outer.x * MM, outer.y * MM, outer.w * MM, outer.h * MM)
    c.clipPath(clip, stroke=0, fill=0)
    x = outer.x + (outer.w - w) / 2
    y = outer.y + (outer.h - h) / 2
    c.drawImage(image, x * MM, y * MM, w * MM, h * MM, mask="auto")
    c.restoreState()


def draw_back(
    c: PrintCanvas,
    rect: Rect,
    bleed: float,
    back: BackFace,
    fonts: FontPair,
    low_ink: bool = False,
) -> None:
    if low_ink:
        back = low_ink_back(back)
    layout = FaceLayout(rect.w, rect.h)
    s = layout.scale
    outer = rect.inset(-bleed)
    if back.image is not None:
        _back_image(c, outer, back.image)
        return
    c.saveState()
    _background(c, rect, bleed, back.colour)
    clip = c.beginPath()
    clip.rect(outer.x * MM, outer.y * MM, outer.w * MM, outer.h * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.saveState()
    _pattern(c, outer, back, s)
    c.restoreState()

    cx, cy = (rect.x + rect.w / 2) * MM, (rect.y + rect.h / 2) * MM
    # a framed oval plate carrying the title
    inner = rect.inset(4.0 * s)
    c.setStrokeColor(back.accent)
    c.setLineWidth(1.2)
    c.roundRect(
        inner.x * MM, inner.y * MM, inner.w * MM, inner.h * MM, 3 * s * MM, stroke=1, fill=0
    )
    plate_r = min(rect.w, rect.h) * 0.36 * MM
    c.setFillColor(back.colour)
    c.circle(cx, cy, plate_r, stroke=1, fill=1)
    c.setLineWidth(0.6)
    c.circle(cx, cy, plate_r - 1.3 * s * MM, stroke=1, fill=0)
    if back.symbols:
        n = len(back.symbols)
        ring = plate_r - 5.2 * s * MM
        for i, symbol in enumerate(back.symbols):
            angle = math.pi / 2 + 2 * math.pi * i / n
            c.setFillColor(back.accent)
            _centred(
                c,
                cx + ring * math.cos(angle),
                cy + ring * math.sin(angle),
                symbol,
                fonts.body,
                8.5 * s,
            )
    words = [w for w in BREAKABLE.split(back.title) if w]
    lines = _balanced_lines(words, fonts.title, plate_r * 1.25, 13 * s)
    size = min(_fit_size(line, fonts.title, 13 * s, plate_r * 1.25) for line in lines)
    c.setFillColor(back.accent)
    top = cy + (len(lines) - 1) * size * 0.6
    for i, line in enumerate(lines):
        _centred(c, cx, top - i * size * 1.2, line, fonts.title, size)
    c.restoreState()


def _balanced_lines(words: list[str], font: FontStack, width: float, size: float) -> list[str]:
    """One line if it fits, else two or three lines of similar length."""
    text = " ".join(words)
    if len(words) < 2 or font.width(text, size) <= width:
        return [text]
    lines_wanted = 2 if font.width(text, size) <= 2 * width else 3
    target = len(text) / lines_wanted
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) / 2 > target and len(lines) < lines_wanted - 1:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return lines
