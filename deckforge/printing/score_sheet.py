"""The score sheet: one landscape page with a row per game and a column per suit."""

from __future__ import annotations

from deckforge.printing.catalogue import Catalogue
from deckforge.printing.fitting import wrap
from deckforge.printing.fonts import FontPair, FontStack
from deckforge.printing.geometry import MM
from deckforge.printing.pdf import GREY, INK, PrintCanvas, colour, darker, lighter
from deckforge.theme.model import StrikeoutScore, Theme

MARGIN = 12.0  # mm
GAMES = 6  # rows per sheet


def _fitted(c: PrintCanvas, font: FontStack, text: str, size: float, width: float) -> None:
    while size > 5 and font.width(text, size) > width:
        size -= 0.25
    c.setFont(font.name, size)


FIXED_COLUMNS = {"game": 13.0, "date": 24.0, "total": 18.0, "rating": 34.0}  # mm
PLAYERS_SHARE = 0.25  # of what the fixed columns leave, within the bounds below
PLAYERS_MIN, PLAYERS_MAX = 40.0, 55.0  # mm: four or five names written by hand
HEADER_MAX, HEADER_MIN = 9.0, 5.0  # pt: the suit names' one size


def score_columns(theme: Theme, words: Catalogue, width: float) -> list[tuple[str, float]]:
    """(header, width in mm) of each column: game, date, players, the suits, total, rating.

    The players column takes a share of the room, within bounds; the suits share
    the rest equally, so every suit gets the same column.
    """
    t = words.text
    fixed = FIXED_COLUMNS
    room = width - sum(fixed.values())
    players_w = min(PLAYERS_MAX, max(PLAYERS_MIN, room * PLAYERS_SHARE))
    suit_w = (room - players_w) / max(1, len(theme.suits))
    return [
        (t("score_game"), fixed["game"]),
        (t("score_date"), fixed["date"]),
        (t("score_players"), players_w),
        *[(s.name, suit_w) for s in theme.suits],
        (t("score_total"), fixed["total"]),
        (t("score_rating"), fixed["rating"]),
    ]


def suit_header_size(
    names: list[str], width: float, font: FontStack
) -> tuple[float, list[list[str]]]:
    """The one font size (pt) at which every suit name fits its column, and their lines.

    A name may take two lines, broken between words only; the largest size at
    which all of them fit is used for all of them.
    """
    room = (width - 2.0) * MM
    size = HEADER_MAX
    while True:
        lines = [wrap(name, room, size, font.width) for name in names]
        whole = all(
            len(ls) <= 2 and " ".join(ls).split() == name.split()
            for ls, name in zip(lines, names, strict=True)
        )
        if whole or size <= HEADER_MIN:
            return size, [ls[:2] for ls in lines]
        size -= 0.25


def score_sheet(theme: Theme, words: Catalogue, fonts: FontPair, canvas: PrintCanvas) -> bytes:
    c = canvas
    t = words.text
    width, height = canvas.size_mm
    left, right = MARGIN, width - MARGIN
    top = height - MARGIN
    c.setFillColor(INK)
    # lines start at the left, or at the right in a right-to-left language
    start = (right if fonts.rtl else left) * MM
    draw = c.drawRightString if fonts.rtl else c.drawString
    _fitted(c, fonts.title, t("score_title", title=theme.title), 16, (right - left) * MM)
    draw(start, (top - 6) * MM, t("score_title", title=theme.title))
    # how to fill a row, and what a game lost to the error tokens scores
    strikeout = {
        StrikeoutScore.ZERO: "score_strikeout_zero",
        StrikeoutScore.NONE: "score_strikeout_none",
        StrikeoutScore.KEEP: "score_strikeout_keep",
    }[theme.rules.strikeout_score]
    help_text = " ".join(
        (
            t("score_help"),
            words.counted(
                strikeout,
                theme.tokens.error.count,
                n=theme.tokens.error.count,
                error_name=theme.tokens.error.name,
                error_plural=theme.tokens.error.plural,
            ),
        )
    )
    c.setFillColor(GREY)
    _fitted(c, fonts.body, help_text, 8.5, (right - left) * MM)
    draw(start, (top - 11.5) * MM, help_text)

    suits = theme.suits
    columns = score_columns(theme, words, right - left)
    header_h = 17.0
    rating_h = 8.0 + 4.5 * ((len(theme.rating) + 2) // 3) if theme.rating else 0.0
    table_top = top - 16
    row_h = min(24.0, (table_top - header_h - MARGIN - rating_h) / GAMES)
    xs = [left]
    for _, w in columns:
        xs.append(xs[-1] + w)
    if fonts.rtl:  # the columns in reading order, from the right
        xs = [left + right - x for x in xs]
        xs = [x - w for x, (_, w) in zip(xs, columns, strict=False)] + [left]

    # header: suit columns carry their colour and symbol, so B&W copies still read;
    # every suit name at one size (a deck about respect ranks no family smaller)
    suit_w = columns[3][1] if suits else 0.0
    size, names = suit_header_size([s.name for s in suits], suit_w, fonts.title)
    line_h = size * 1.15 / MM
    y_header = table_top - header_h
    for i, (label, w) in enumerate(columns):
        x = xs[i]
        suit_index = i - 3
        if 0 <= suit_index < len(suits):
            suit = suits[suit_index]
            fill = colour(suit.colour)
            c.setFillColor(lighter(fill, 0.55))
            c.rect(x * MM, y_header * MM, w * MM, header_h * MM, stroke=0, fill=1)
            lines = names[suit_index]
            c.setFillColor(INK)
            c.setFont(fonts.title.name, size)
            for k, line in enumerate(reversed(lines)):
                c.drawCentredString((x + w / 2) * MM, (y_header + 2.2 + k * line_h) * MM, line)
            c.setFillColor(fill)
            c.setStrokeColor(darker(fill, 0.45))
            c.setLineWidth(0.5)
            c.setFont(fonts.body.name, min(14.0, w * 1.6))
            symbol_y = y_header + 2.2 + len(lines) * line_h + 1.2
            c.drawCentredString((x + w / 2) * MM, symbol_y * MM, suit.symbol, mode=2)
        else:
            c.setFillColor(INK)
            lines = wrap(label, (w - 2) * MM, 8, fonts.title.width)
            c.setFont(fonts.title.name, 8)
            for k, line in enumerate(lines[:2]):
                c.drawCentredString((x + w / 2) * MM, (y_header + 8 - k * 3.6) * MM, line)

    # grid
    bottom = y_header - GAMES * row_h
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(left * MM, bottom * MM, (right - left) * MM, (table_top - bottom) * MM, stroke=1, fill=0)
    c.line(left * MM, y_header * MM, right * MM, y_header * MM)
    c.setLineWidth(0.4)
    for x in xs[:-2] if fonts.rtl else xs[1:-1]:  # between the columns
        c.line(x * MM, bottom * MM, x * MM, table_top * MM)
    for row in range(1, GAMES):
        y = y_header - row * row_h
        c.line(left * MM, y * MM, right * MM, y * MM)
    c.setFont(fonts.title.name, 12)
    c.setFillColor(lighter(GREY, 0.3))
    for row in range(GAMES):
        y = y_header - (row + 0.5) * row_h
        c.drawCentredString((xs[0] + columns[0][1] / 2) * MM, (y - 1.5) * MM, str(row + 1))
    # the total column stands out
    c.setLineWidth(1.2)
    c.setStrokeColor(INK)
    total = len(columns) - 2
    c.rect(
        xs[total] * MM,
        bottom * MM,
        columns[total][1] * MM,
        (table_top - bottom) * MM,
        stroke=1,
        fill=0,
    )

    if theme.rating:
        _rating_legend(c, theme, words, fonts, left, right, bottom - 5)
    c.showPage()
    return c.pdf_bytes()


def _rating_legend(
    c: PrintCanvas,
    theme: Theme,
    words: Catalogue,
    fonts: FontPair,
    left: float,
    right: float,
    top: float,
) -> None:
    c.setFillColor(INK)
    c.setFont(fonts.title.name, 9)
    label = words.text("score_legend")
    # read from the left, or from the right in a right-to-left language
    sign = -1 if fonts.rtl else 1
    start = right if fonts.rtl else left
    draw = c.drawRightString if fonts.rtl else c.drawString
    draw(start * MM, top * MM, label)
    # the bands start after the label, leaving at least 4 mm whatever its length
    indent = max(28.0, fonts.title.width(label, 9) / MM + 4)
    per_row = 3
    col_w = (right - left - indent) / per_row
    c.setFont(fonts.body.name, 9)
    for i, band in enumerate(theme.rating):
        row, column = divmod(i, per_row)
        span = str(band.low) if band.low == band.high else f"{band.low}–{band.high}"
        x = start + sign * (indent + column * col_w)
        y = top - row * 4.5
        c.setFont(fonts.title.name, 9)
        draw(x * MM, y * MM, span)
        c.setFont(fonts.body.name, 9)
        draw((x + sign * 13) * MM, y * MM, band.label)
