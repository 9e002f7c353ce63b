"""The calibration sheet: measures how far a printer's backs land from their fronts.

The front has crosses; the back has millimetre rulers centred exactly behind
them. Held against a window, each cross shows through at the back's offset,
read directly in millimetres: that reading is the ``--back-offset`` to use.
The back offset in force is already applied, so a well-calibrated printer
reads 0, 0.
"""

from __future__ import annotations

from deckforge.printing.catalogue import Catalogue
from deckforge.printing.fitting import wrap
from deckforge.printing.fonts import FontPair
from deckforge.printing.geometry import MM, Duplex, behind
from deckforge.printing.pdf import GREY, INK, PrintCanvas

RULER = 5  # mm each side of zero
INSET = 30.0  # mm from the page edges to the corner targets


def targets(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Front positions (mm) of the crosses: the centre and four corners."""
    w, h = paper
    return [
        (w / 2, h / 2),
        (INSET, INSET),
        (w - INSET, INSET),
        (INSET, h - INSET),
        (w - INSET, h - INSET),
    ]


def _cross(c: PrintCanvas, x: float, y: float) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.line((x - 8) * MM, y * MM, (x + 8) * MM, y * MM)
    c.line(x * MM, (y - 8) * MM, x * MM, (y + 8) * MM)
    c.circle(x * MM, y * MM, 3 * MM, stroke=1, fill=0)


def _rulers(c: PrintCanvas, x: float, y: float, fonts: FontPair) -> None:
    """A horizontal (X) and a vertical (Y) ruler crossing at (x, y), ticks every 0.5 mm."""
    c.setStrokeColor(INK)
    for k in range(-2 * RULER, 2 * RULER + 1):
        d = k / 2
        whole = k % 2 == 0
        length = 2.6 if k % (2 * RULER) == 0 else 1.8 if whole else 1.0
        c.setLineWidth(0.3 if whole else 0.18)
        c.line((x + d) * MM, y * MM, (x + d) * MM, (y - length) * MM)  # X ruler, ticks below
        c.line(x * MM, (y + d) * MM, (x - length) * MM, (y + d) * MM)  # Y ruler, ticks left
    c.setLineWidth(0.35)
    c.line((x - RULER) * MM, y * MM, (x + RULER) * MM, y * MM)
    c.line(x * MM, (y - RULER) * MM, x * MM, (y + RULER) * MM)
    c.setFillColor(INK)
    c.setFont(fonts.body.name, 5)
    c.drawRightString((x - RULER - 0.8) * MM, (y - 0.7) * MM, f"−{RULER}")
    c.drawString((x + RULER + 0.8) * MM, (y - 0.7) * MM, f"+{RULER}")
    c.drawCentredString(x * MM, (y - RULER - 2.6) * MM, f"−{RULER}")
    c.drawCentredString(x * MM, (y + RULER + 0.9) * MM, f"+{RULER}")
    c.setFont(fonts.title.name, 6)
    c.drawString((x + RULER + 4.2) * MM, (y - 0.8) * MM, "X")
    c.drawCentredString(x * MM, (y + RULER + 3.2) * MM, "Y")


def _paragraph(
    c: PrintCanvas, text: str, fonts: FontPair, x: float, y: float, width: float, size: float = 9
) -> None:
    c.setFont(fonts.body.name, size)
    for line in wrap(text, width * MM, size, fonts.body.width):
        _line(c, fonts, line, x, y, width)
        y -= size * 1.35 / MM


def _line(c: PrintCanvas, fonts: FontPair, text: str, x: float, y: float, width: float) -> None:
    """One line from the start of the box at ``x``: its left, or its right (``x + width``)
    in a right-to-left language."""
    if fonts.rtl:
        c.drawRightString((x + width) * MM, y * MM, text)
    else:
        c.drawString(x * MM, y * MM, text)


def calibration_sheet(
    paper: tuple[float, float],
    duplex: Duplex,
    offset: tuple[float, float],
    words: Catalogue,
    fonts: FontPair,
    canvas: PrintCanvas,
) -> bytes:
    c = canvas
    t = words.text
    w, h = paper
    edge = t("edge_long" if duplex is Duplex.LONG else "edge_short")
    text_x, text_w = INSET + 12, w - 2 * INSET - 24

    # front
    c.setFillColor(INK)
    c.setFont(fonts.title.name, 15)
    _line(c, fonts, t("calib_title"), text_x, h - INSET - 2, text_w)
    _paragraph(c, t("calib_front_help", edge=edge), fonts, text_x, h - INSET - 10, text_w)
    for x, y in targets(paper):
        _cross(c, x, y)
    bar_y = h / 2 - 40
    c.setLineWidth(1.5)
    c.line((w / 2 - 50) * MM, bar_y * MM, (w / 2 + 50) * MM, bar_y * MM)
    c.setLineWidth(0.5)
    for k in range(0, 101, 10):
        c.line((w / 2 - 50 + k) * MM, bar_y * MM, (w / 2 - 50 + k) * MM, (bar_y + 3) * MM)
    c.setFillColor(GREY)
    _paragraph(c, t("calib_scale"), fonts, w / 2 - 50, bar_y - 5, 100, 8)
    c.showPage()

    # back: rulers exactly behind each cross, moved by the offset in force
    for x, y in targets(paper):
        bx, by = behind(paper, duplex, x, y, offset)
        _rulers(c, bx, by, fonts)
    c.setFillColor(INK)
    c.setFont(fonts.title.name, 15)
    _line(c, fonts, t("calib_title"), text_x, h - INSET - 2, text_w)
    _paragraph(
        c,
        t("calib_back_help", x=f"{offset[0]:g}", y=f"{offset[1]:g}"),
        fonts,
        text_x,
        h - INSET - 10,
        text_w,
    )
    c.showPage()
    return c.pdf_bytes()
