"""The token sheet: square hint and error tokens, the same on both sides, to cut out."""

from __future__ import annotations

import math

from deckforge.printing.catalogue import Catalogue
from deckforge.printing.fitting import wrap
from deckforge.printing.fonts import FontPair
from deckforge.printing.geometry import MARK_GAP, MARK_LENGTH, MM, Duplex, Rect, SheetLayout
from deckforge.printing.pdf import INK, WHITE, PrintCanvas, colour, darker, ink_on, lighter
from deckforge.theme.model import Theme, TokenKind

TOKEN_SIZE = 30.0  # mm, square: straight cuts are quicker than circles


def spares(count: int) -> int:
    """Extra tokens in case some get lost: about one in four, at least one."""
    return max(1, math.ceil(count / 4))


def _speech_bubble(c: PrintCanvas, cx: float, cy: float, r: float) -> None:
    w, h = 1.3 * r, 0.95 * r
    c.roundRect(cx - w / 2, cy - h / 2 + 0.12 * r, w, h, 0.3 * r, stroke=0, fill=1)
    tail = c.beginPath()
    tail.moveTo(cx - 0.3 * r, cy - h / 2 + 0.2 * r)
    tail.lineTo(cx - 0.45 * r, cy - h / 2 - 0.3 * r)
    tail.lineTo(cx + 0.05 * r, cy - h / 2 + 0.2 * r)
    tail.close()
    c.drawPath(tail, stroke=0, fill=1)


def _bolt(c: PrintCanvas, cx: float, cy: float, r: float) -> None:
    points = [
        (0.15, 0.75),
        (-0.4, -0.05),
        (-0.02, -0.05),
        (-0.18, -0.75),
        (0.4, 0.1),
        (0.02, 0.1),
        (0.15, 0.75),
    ]
    path = c.beginPath()
    path.moveTo(cx + points[0][0] * r, cy + points[0][1] * r)
    for x, y in points[1:]:
        path.lineTo(cx + x * r, cy + y * r)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def draw_token(
    c: PrintCanvas, rect: Rect, kind: TokenKind, hint: bool, fonts: FontPair, low_ink: bool = False
) -> None:
    """One token; ``low_ink``: white, with a ring and the sign in the token's colour."""
    fill = colour(kind.colour)
    c.saveState()
    if not low_ink:
        c.setFillColor(lighter(fill, 0.82))
        c.rect(rect.x * MM, rect.y * MM, rect.w * MM, rect.h * MM, stroke=0, fill=1)
    cx, cy = (rect.x + rect.w / 2) * MM, (rect.y + rect.h * 0.61) * MM
    r = rect.w * 0.27 * MM
    if low_ink:
        c.setStrokeColor(fill)
        c.setLineWidth(1.6)
        c.circle(cx, cy, r, stroke=1, fill=0)
        sign, dots = fill, WHITE
    else:
        c.setFillColor(fill)
        c.setStrokeColor(darker(fill, 0.5))
        c.setLineWidth(0.8)
        c.circle(cx, cy, r, stroke=1, fill=1)
        sign, dots = ink_on(fill), fill
    c.setFillColor(sign)
    if hint:
        _speech_bubble(c, cx, cy, r * 0.8)
        c.setFillColor(dots)
        for dx in (-0.32, 0.0, 0.32):
            c.circle(cx + dx * r, cy + 0.1 * r, 0.08 * r, stroke=0, fill=1)
    else:
        _bolt(c, cx, cy, r * 0.9)
    # the name under the disc, on one or two lines, as large as fits
    width = (rect.w - 3) * MM
    size = 7.5
    lines = wrap(kind.name, width, size, fonts.title.width)
    while size > 4.5 and len(lines) > 2:
        size -= 0.25
        lines = wrap(kind.name, width, size, fonts.title.width)
    c.setFillColor(INK)
    c.setFont(fonts.title.name, size)
    top = (rect.y + 1.8) * MM + len(lines) * size * 1.15
    for i, line in enumerate(lines):
        c.drawCentredString(cx, top - (i + 1) * size * 1.15 + 0.2 * size, line)
    c.restoreState()


def token_sheet(
    theme: Theme,
    fonts: FontPair,
    layout: SheetLayout,
    words: Catalogue,
    canvas: PrintCanvas,
    low_ink: bool = False,
) -> bytes:
    """Front and back pages of tokens: the theme's counts plus spares, hint tokens first."""
    hint, error = theme.tokens.hint, theme.tokens.error
    tokens = [(hint, True)] * (hint.count + spares(hint.count))
    tokens += [(error, False)] * (error.count + spares(error.count))
    help_text = words.text(
        "tokens_help",
        hints=words.quantity(hint.count, hint.name, hint.plural),
        errors=words.quantity(error.count, error.name, error.plural),
        hint_count=hint.count,
        hint_plural=hint.plural,
        hint_spares=spares(hint.count),
        error_count=error.count,
        error_plural=error.plural,
        error_spares=spares(error.count),
    )
    title = words.text("tokens_title", title=theme.title)
    for sheet in range(layout.pages(len(tokens))):
        batch = tokens[sheet * layout.per_page : (sheet + 1) * layout.per_page]
        for slot, (kind, is_hint) in enumerate(batch):
            draw_token(canvas, layout.card_rect(slot), kind, is_hint, fonts, low_ink)
        _marks(canvas, layout)
        _heading(canvas, layout, title, help_text, fonts)
        canvas.showPage()
        for slot, (kind, is_hint) in enumerate(batch):
            draw_token(canvas, layout.back_card_rect(slot), kind, is_hint, fonts, low_ink)
        canvas.showPage()
    return canvas.pdf_bytes()


def _marks(c: PrintCanvas, layout: SheetLayout) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    for m in layout.crop_marks():
        c.line(m.x1 * MM, m.y1 * MM, m.x2 * MM, m.y2 * MM)


def _heading(
    c: PrintCanvas, layout: SheetLayout, title: str, help_text: str, fonts: FontPair
) -> None:
    """Title and instructions in the free space above the tokens (front page only)."""
    grid = layout.grid
    room = layout.paper[1] - layout.margin - grid.top - MARK_GAP - MARK_LENGTH
    if room < 16:
        return
    # from the start of the line: the left, or the right in a right-to-left language
    x = (grid.right if fonts.rtl else grid.x) * MM
    draw = c.drawRightString if fonts.rtl else c.drawString
    lines = wrap(help_text, grid.w * MM, 8.5, fonts.body.width)
    y = (grid.top + MARK_GAP + MARK_LENGTH + 4) * MM + len(lines) * 11 + 2
    c.setFillColor(INK)
    c.setFont(fonts.title.name, 13)
    draw(x, y, title)
    c.setFont(fonts.body.name, 8.5)
    for line in lines:
        y -= 11
        draw(x, y, line)


def token_layout(
    theme: Theme, paper: tuple[float, float], duplex: Duplex, back_offset: tuple[float, float]
) -> SheetLayout:
    """A grid just tall enough for the tokens, centred, with room above for a heading."""
    full = SheetLayout(
        paper=paper, card=(TOKEN_SIZE, TOKEN_SIZE), duplex=duplex, back_offset=back_offset
    )
    count = token_count(theme)
    rows = min(full.rows, math.ceil(count / full.columns))
    return SheetLayout(
        paper=paper,
        card=(TOKEN_SIZE, TOKEN_SIZE),
        duplex=duplex,
        back_offset=back_offset,
        max_rows=rows,
    )


def token_count(theme: Theme) -> int:
    hint, error = theme.tokens.hint, theme.tokens.error
    return hint.count + spares(hint.count) + error.count + spares(error.count)
