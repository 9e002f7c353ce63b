"""The festival kit's anchor: the same pages drawn by a bare reportlab script.

Run from the project root:  .venv/bin/python bench/print_bare.py [--rounds N]

Issue 26 asks that ``deckforge print`` cost at most 1.5x "a bare reportlab
script drawing the same pages". This file is that script, and the bench that
compares the two.

What the bare script is (``draw``, and everything below ``# ---- the bare
script``): plain reportlab calls and the standard library, no deckforge code.
It writes the seven files of the interfaith-festival kit with the same page
counts (cards 12, fronts 6, backs 6, tokens 2, rules 2, score sheet 1,
calibration 2), the same two DejaVu TrueType fonts embedded as subsets, the
same texts, on A4 with 63 x 88 mm cards, and comparable drawing:

- cards: each distinct face (25 fronts, a spare, the back) drawn once per PDF
  as a form (``beginForm``/``doForm``, what a reportlab user does for repeated
  artwork), placed 9 to a sheet; a front has the suit's colour, a white
  rounded panel, two corner indices (one turned), the name band, a medallion
  with the rank and two outlined symbols, the title and text wrapped with
  ``simpleSplit`` at the largest size that fits, and the copies line; the back
  a dotted ground, frame, plate, ring of symbols and title; crop marks and a
  sheet label on the fronts; backs mirrored for long-edge duplex;
- tokens: 14 tokens front and back, disc, speech bubble or bolt, name;
- rules: the sheet's paragraphs and tables flowed with platypus (``Frame``,
  ``Paragraph``, ``Table``) in the same styles and table styles (the suit
  table's caption span and coloured symbol cells, a heading kept with its
  table as a one-cell table, as the kit does), onto two pages, with a footer;
  a block that does not fit an empty page stops the run instead of looping;
- score sheet: title, help line, coloured suit headers with symbols, the grid,
  row numbers, rating legend;
- calibration: crosses, scale bar and text; rulers behind the crosses.

Where its texts come from: a hand-written script has its texts typed in; here
they are read from a JSON file (``--prepare``) that deckforge's theme model
and catalogues produce before any timing (the card titles and texts as the
theme gives them, unwrapped; the rules sheet's paragraphs as markup; the
sheets' words). Reading it is part of the bare run (a few milliseconds), so
the anchor does no YAML, no schema check, no text fitting search beyond its
own shrink loop, no font fallback, bidi or shaping: exactly the floor a kit
for this Latin-script deck could reach. It is not a strawman: it draws each
face once per document as a form, uses reportlab's C accelerator as the kit
does, and compresses its streams the same way (``pageCompression=1``, binary
streams, ``invariant=1``).

The comparison (``--rounds``): each round runs, one after the other, the kit
as a process (``python -m deckforge print interfaith-festival -o DIR``) and
the bare script as a process (``python bench/print_bare.py --draw JSON DIR``),
order alternating between rounds, and takes the ratio of the children's CPU
time (user + system) and of wall time within the round; then the same in
process (the kit's ``build_kit`` on a loaded theme, fonts loaded by a first
kit; the bare ``draw`` after a first drawing), also alternating. It prints the
medians of the ratios with their range, the load average and the bytecode
setting.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph, Spacer, Table, TableStyle

ROOT = Path(__file__).resolve().parent.parent
THEME = "interfaith-festival"


# ---- the content: deckforge's words and the theme's texts, prepared before timing


def prepare(theme_id: str = THEME) -> dict[str, Any]:
    """Every text and number the pages carry, as JSON-ready data (uses deckforge)."""
    from deckforge.printing.cards import back_face
    from deckforge.printing.geometry import parse_card_size
    from deckforge.printing.kit import deck_faces
    from deckforge.printing.rules_sheet import rules_flowables
    from deckforge.printing.tokens import spares
    from deckforge.theme.loader import load_theme

    theme = load_theme(theme_id)
    card = parse_card_size(theme.print_style.card)
    fonts, words, faces = deck_faces(theme, card)
    hint, error = theme.tokens.hint, theme.tokens.error
    faces_out = []
    for (i, rank), face in sorted(faces.items()):
        suit = theme.suits[i]
        text = suit.text_for(rank)
        faces_out.append(
            {
                "suit": face.suit_name,
                "colour": face.colour.hexval()[2:],
                "symbol": face.symbol,
                "rank": rank,
                "copies": face.copies,
                "count": suit.copies[rank - 1],
                "title": text.title.replace("\u00ad", ""),
                "text": text.text.replace("\u00ad", ""),
            }
        )
    back = back_face(theme)
    cards = sum(f["count"] for f in faces_out)
    sheets = math.ceil(cards / 9)
    t = words.text
    return {
        "title": theme.title,
        "fonts": {"regular": str(fonts.body.primary.path), "bold": str(fonts.title.primary.path)},
        "card": list(card),
        "faces": faces_out,
        "back": {
            "title": back.title,
            "colour": back.colour.hexval()[2:],
            "accent": back.accent.hexval()[2:],
            "symbols": list(back.symbols),
        },
        "spare": t("spare_card"),
        "front_labels": [t("sheet_fronts", sheet=s + 1, sheets=sheets) for s in range(sheets)],
        "back_labels": [t("sheet_backs", sheet=s + 1, sheets=sheets) for s in range(sheets)],
        "tokens": {
            "title": t("tokens_title", title=theme.title),
            "help": t(
                "tokens_help",
                hints=words.quantity(hint.count, hint.name, hint.plural),
                errors=words.quantity(error.count, error.name, error.plural),
                hint_count=hint.count,
                hint_plural=hint.plural,
                hint_spares=spares(hint.count),
                error_count=error.count,
                error_plural=error.plural,
                error_spares=spares(error.count),
            ),
            "kinds": [
                {"name": k.name, "colour": k.colour, "count": k.count + spares(k.count), "hint": h}
                for k, h in ((hint, True), (error, False))
            ],
        },
        "rules": [_block(f) for f in rules_flowables(theme, words, fonts)],
        "footer": t("footer", id=theme.id),
        "score": {
            "title": t("score_title", title=theme.title),
            "help": t("score_help"),
            "columns": [t("score_game"), t("score_date"), t("score_players")],
            "end": [t("score_total"), t("score_rating")],
            "suits": [
                {"name": s.name, "colour": s.colour, "symbol": s.symbol} for s in theme.suits
            ],
            "legend": t("score_legend"),
            "rating": [
                [f"{b.low}–{b.high}" if b.low != b.high else str(b.low), b.label]
                for b in theme.rating
            ],
        },
        "calibration": {
            "title": t("calib_title"),
            "front": t("calib_front_help", edge=t("edge_long")),
            "scale": t("calib_scale"),
            "back": t("calib_back_help", x="0", y="0"),
        },
    }


def _block(flowable: Any) -> Any:
    """A rules-sheet flowable as data: a paragraph, a spacer, or a table of cells."""
    if isinstance(flowable, Paragraph):
        return {"p": flowable.style.name, "text": flowable.text, "bullet": flowable.bulletText}
    if isinstance(flowable, Spacer):
        return {"space": flowable.height}
    if isinstance(flowable, Table):
        rows = [
            [
                [_block(x) for x in cell]
                if isinstance(cell, list)
                else _block(cell)
                if isinstance(cell, Paragraph)
                else str(cell)
                for cell in row
            ]
            for row in flowable._cellvalues
        ]
        widths = list(flowable._argW)
        if len(rows) == 1 and len(rows[0]) == 1 and isinstance(rows[0][0], list):
            return {"together": rows[0][0]}
        spans = [[*start, *end] for _, start, end in flowable._spanCmds]
        grounds = [
            [*start, *end, colour.hexval()[2:]] for _, start, end, colour in flowable._bkgrndcmds
        ]
        return {"table": rows, "widths": widths, "spans": spans, "grounds": grounds}
    raise TypeError(f"rules sheet: no data form for {type(flowable).__name__}")


# ---- the bare script: reportlab and the standard library only

rl_config.useA85 = 0  # binary streams, as the kit writes them
MM = 72 / 25.4
A4 = (210.0, 297.0)
INK = HexColor("#1a202c")
GREY = HexColor("#718096")
WHITE = HexColor("#ffffff")
REGULAR, BOLD = "Bare-DejaVuSans", "Bare-DejaVuSans-Bold"


def _lighter(c: Color, amount: float) -> Color:
    return Color(*(v + (1 - v) * amount for v in (c.red, c.green, c.blue)))


def _darker(c: Color, factor: float) -> Color:
    return Color(c.red * factor, c.green * factor, c.blue * factor)


def _canvas(size: tuple[float, float], title: str) -> tuple[Canvas, Any]:
    import io

    buffer = io.BytesIO()
    c = Canvas(
        buffer,
        pagesize=(size[0] * MM, size[1] * MM),
        invariant=1,
        pdfVersion=(1, 7),
        pageCompression=1,
        initialFontName=REGULAR,
    )
    c.setTitle(title)
    c.setAuthor("bare")
    return c, buffer


def _fonts(paths: dict[str, str]) -> None:
    if REGULAR not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(REGULAR, paths["regular"]))
        pdfmetrics.registerFont(TTFont(BOLD, paths["bold"]))
        from reportlab.lib.fonts import addMapping

        for bold in (0, 1):
            for italic in (0, 1):
                addMapping("bare", bold, italic, BOLD if bold else REGULAR)


def _fit(text: str, font: str, size: float, width: float) -> float:
    while size > 4 and pdfmetrics.stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def _symbol(c: Canvas, x: float, y: float, symbol: str, size: float, fill: Color) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(_darker(fill, 0.55))
    c.setLineWidth(0.3)
    c.setFont(REGULAR, size)
    c.drawCentredString(x, y - 0.36 * size, symbol, mode=2)


def _front(c: Canvas, face: dict[str, Any], w: float, h: float) -> None:
    fill = HexColor("#" + face["colour"])
    c.setFillColor(fill)
    c.rect(0, 0, w * MM, h * MM, stroke=0, fill=1)
    c.setFillColor(WHITE)
    c.setStrokeColor(_darker(fill, 0.55))
    c.setLineWidth(0.5)
    c.roundRect(3 * MM, 3 * MM, (w - 6) * MM, (h - 6) * MM, 2.2 * MM, stroke=1, fill=1)
    for turned in (False, True):  # the corner indices
        c.saveState()
        if turned:
            c.translate(w * MM, h * MM)
            c.rotate(180)
        c.setFillColor(INK)
        c.setFont(BOLD, 17 * 0.8)
        c.drawCentredString(8 * MM, (h - 8.5) * MM, str(face["rank"]))
        _symbol(c, 8 * MM, (h - 14) * MM, face["symbol"], 9.5, fill)
        c.restoreState()
    c.setFillColor(_lighter(fill, 0.7))  # the name band
    c.roundRect(15 * MM, (h - 12) * MM, (w - 30) * MM, 6 * MM, 1.2 * MM, stroke=0, fill=1)
    size = _fit(face["suit"], BOLD, 7.5, (w - 32) * MM)
    c.setFillColor(INK)
    c.setFont(BOLD, size)
    c.drawCentredString(w / 2 * MM, (h - 9) * MM - 0.36 * size, face["suit"])
    cx, cy, r = w / 2 * MM, (h - 25) * MM, 8 * MM  # the medallion
    c.setFillColor(fill)
    c.setStrokeColor(_darker(fill, 0.45))
    c.setLineWidth(1.0)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r - 0.9 * MM, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(BOLD, r * 1.25)
    c.drawCentredString(cx, cy - 0.36 * r * 1.25, str(face["rank"]))
    for x in (cx - r - 5 * MM, cx + r + 5 * MM):
        _symbol(c, x, cy, face["symbol"], 10.5, fill)
    _text(c, face["title"], face["text"], 5 * MM, 9 * MM, (w - 10) * MM, (h - 45) * MM)
    c.setFillColor(GREY)
    size = _fit(face["copies"], REGULAR, 5.2, 30 * MM)
    c.setFont(REGULAR, size)
    c.drawString(5 * MM, 4.5 * MM, face["copies"])


def _text(c: Canvas, title: str, text: str, x: float, y: float, w: float, h: float) -> None:
    """Title and text centred in the box, at the largest sizes (9.5/8 pt down) that fit."""
    title_size, body_size = 9.5, 8.0
    while True:
        title_lines = simpleSplit(title, BOLD, title_size, w) if title else []
        body_lines = simpleSplit(text, REGULAR, body_size, w) if text else []
        height = len(title_lines) * title_size * 1.2 + len(body_lines) * body_size * 1.2 + 3
        if height <= h or body_size <= 4:
            break
        title_size -= 0.25
        body_size -= 0.25
    top = y + h / 2 + height / 2
    c.setFillColor(INK)
    c.setFont(BOLD, title_size)
    for line in title_lines:
        top -= title_size * 1.2
        c.drawCentredString(x + w / 2, top + 0.22 * title_size, line)
    top -= 3
    c.setFont(REGULAR, body_size)
    for line in body_lines:
        top -= body_size * 1.2
        c.drawCentredString(x + w / 2, top + 0.22 * body_size, line)


def _spare(c: Canvas, label: str, w: float, h: float) -> None:
    c.setStrokeColor(_lighter(GREY, 0.4))
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.roundRect(3 * MM, 3 * MM, (w - 6) * MM, (h - 6) * MM, 2.2 * MM, stroke=1, fill=0)
    c.setFillColor(_lighter(GREY, 0.3))
    c.setFont(REGULAR, 5.6)
    c.drawCentredString(w / 2 * MM, h / 2 * MM - 2, label)


def _back(c: Canvas, back: dict[str, Any], w: float, h: float) -> None:
    ground, accent = HexColor("#" + back["colour"]), HexColor("#" + back["accent"])
    c.setFillColor(ground)
    c.rect(0, 0, w * MM, h * MM, stroke=0, fill=1)
    faded = Color(*(a * 0.35 + g * 0.65 for a, g in zip(accent.rgb(), ground.rgb(), strict=True)))
    c.setFillColor(faded)
    step = 5.6 * MM
    cx, cy = w / 2 * MM, h / 2 * MM
    nx, ny = int(w * MM / step / 2) + 2, int(h * MM / step / 2) + 2
    for j in range(-ny, ny + 1):  # a dotted ground, rows offset by half a step
        for i in range(-nx, nx + 1):
            c.circle(cx + (i + (0.5 if j % 2 else 0)) * step, cy + j * step * 0.87, 0.56 * MM, 0, 1)
    c.setStrokeColor(accent)
    c.setLineWidth(1.2)
    c.roundRect(3.2 * MM, 3.2 * MM, (w - 6.4) * MM, (h - 6.4) * MM, 2.4 * MM, stroke=1, fill=0)
    plate = min(w, h) * 0.36 * MM
    c.setFillColor(ground)
    c.circle(cx, cy, plate, stroke=1, fill=1)
    c.setLineWidth(0.6)
    c.circle(cx, cy, plate - 1 * MM, stroke=1, fill=0)
    c.setFillColor(accent)
    c.setFont(REGULAR, 6.8)
    n = len(back["symbols"])
    for i, symbol in enumerate(back["symbols"]):
        angle = math.pi / 2 + 2 * math.pi * i / n
        ring = plate - 4.2 * MM
        c.drawCentredString(cx + ring * math.cos(angle), cy + ring * math.sin(angle) - 2.4, symbol)
    lines = simpleSplit(back["title"], BOLD, 10.4, plate * 1.25)
    top = cy + (len(lines) - 1) * 10.4 * 0.6
    c.setFont(BOLD, 10.4)
    for i, line in enumerate(lines):
        c.drawCentredString(cx, top - i * 12.5 - 3.7, line)


def _marks(c: Canvas, xs: list[float], ys: list[float]) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    for x in xs:
        c.line(x * MM, (ys[0] - 8) * MM, x * MM, (ys[0] - 3) * MM)
        c.line(x * MM, (ys[-1] + 3) * MM, x * MM, (ys[-1] + 8) * MM)
    for y in ys:
        c.line((xs[0] - 8) * MM, y * MM, (xs[0] - 3) * MM, y * MM)
        c.line((xs[-1] + 3) * MM, y * MM, (xs[-1] + 8) * MM, y * MM)


def _label(c: Canvas, text: str, y: float) -> None:
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawCentredString(A4[0] / 2 * MM, y * MM, text)


def cards_pdf(content: dict[str, Any], fronts: bool, backs: bool, title: str) -> bytes:
    w, h = content["card"]
    c, buffer = _canvas(A4, f"{content['title']}: {title}")
    deck = [i for i, face in enumerate(content["faces"]) for _ in range(face["count"])]
    if fronts:
        for i, face in enumerate(content["faces"]):
            c.beginForm(f"front{i}", 0, 0, w * MM, h * MM)
            _front(c, face, w, h)
            c.endForm()
        c.beginForm("spare", 0, 0, w * MM, h * MM)
        _spare(c, content["spare"], w, h)
        c.endForm()
    if backs:
        c.beginForm("back", 0, 0, w * MM, h * MM)
        _back(c, content["back"], w, h)
        c.endForm()
    x0, y0 = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
    xs, ys = [x0 + k * w for k in range(4)], [y0 + k * h for k in range(4)]
    for sheet in range(math.ceil(len(deck) / 9)):
        cards = deck[sheet * 9 : sheet * 9 + 9]
        if fronts:
            for slot in range(9):
                form = f"front{cards[slot]}" if slot < len(cards) else "spare"
                c.saveState()
                c.translate(xs[slot % 3] * MM, ys[2 - slot // 3] * MM)
                c.doForm(form)
                c.restoreState()
            _marks(c, xs, ys)
            _label(c, content["front_labels"][sheet], ys[-1] + 9)
            c.showPage()
        if backs:
            for slot in range(9):  # long-edge duplex: columns mirrored
                c.saveState()
                c.translate(xs[2 - slot % 3] * MM, ys[2 - slot // 3] * MM)
                c.doForm("back")
                c.restoreState()
            _label(c, content["back_labels"][sheet], ys[-1] + 9)
            c.showPage()
    c.save()
    return buffer.getvalue()


def _token(c: Canvas, x: float, y: float, kind: dict[str, Any]) -> None:
    fill = HexColor(kind["colour"])
    c.setFillColor(_lighter(fill, 0.82))
    c.rect(x * MM, y * MM, 30 * MM, 30 * MM, stroke=0, fill=1)
    cx, cy, r = (x + 15) * MM, (y + 18.3) * MM, 8.1 * MM
    c.setFillColor(fill)
    c.setStrokeColor(_darker(fill, 0.5))
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(WHITE)
    path = c.beginPath()
    if kind["hint"]:  # a speech bubble with three dots
        c.roundRect(cx - 0.52 * r, cy - 0.3 * r, 1.04 * r, 0.76 * r, 0.24 * r, stroke=0, fill=1)
        path.moveTo(cx - 0.24 * r, cy - 0.22 * r)
        path.lineTo(cx - 0.36 * r, cy - 0.62 * r)
        path.lineTo(cx + 0.04 * r, cy - 0.22 * r)
    else:  # a bolt
        points = [(0.14, 0.68), (-0.36, -0.05), (-0.02, -0.05), (-0.16, -0.68), (0.36, 0.09)]
        path.moveTo(cx + points[0][0] * r, cy + points[0][1] * r)
        for px, py in points[1:]:
            path.lineTo(cx + px * r, cy + py * r)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    if kind["hint"]:
        c.setFillColor(fill)
        for dx in (-0.32, 0.0, 0.32):
            c.circle(cx + dx * r, cy + 0.1 * r, 0.08 * r, stroke=0, fill=1)
    lines = simpleSplit(kind["name"], BOLD, 6.5, 27 * MM)
    c.setFillColor(INK)
    c.setFont(BOLD, 6.5)
    for i, line in enumerate(lines):
        c.drawCentredString(cx, (y + 1.8) * MM + (len(lines) - i - 1) * 7.5 + 1.3, line)


def tokens_pdf(content: dict[str, Any]) -> bytes:
    tokens = content["tokens"]
    c, buffer = _canvas(A4, f"{content['title']}: tokens")
    kinds = [k for k in tokens["kinds"] for _ in range(k["count"])]
    rows = math.ceil(len(kinds) / 6)
    x0, y0 = 15.0, (A4[1] - rows * 30) / 2
    xs, ys = [x0 + k * 30 for k in range(7)], [y0 + k * 30 for k in range(rows + 1)]
    for side in (0, 1):
        for slot, kind in enumerate(kinds):
            column = slot % 6 if side == 0 else 5 - slot % 6
            _token(c, xs[column], ys[rows - 1 - slot // 6], kind)
        if side == 0:
            _marks(c, xs, ys)
            lines = simpleSplit(tokens["help"], REGULAR, 8.5, 180 * MM)
            y = (ys[-1] + 12) * MM + len(lines) * 11 + 2
            c.setFillColor(INK)
            c.setFont(BOLD, 13)
            c.drawString(x0 * MM, y, tokens["title"])
            c.setFont(REGULAR, 8.5)
            for line in lines:
                y -= 11
                c.drawString(x0 * MM, y, line)
        c.showPage()
    c.save()
    return buffer.getvalue()


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle(
        "body",
        fontName=REGULAR,
        fontSize=9.5,
        leading=12.5,
        textColor=INK,
        bulletFontName=BOLD,
        spaceAfter=3,
    )
    return {
        "body": body,
        "title": ParagraphStyle(
            "title", parent=body, fontName=BOLD, fontSize=18, leading=22, spaceAfter=6
        ),
        "h": ParagraphStyle(
            "h",
            parent=body,
            fontName=BOLD,
            fontSize=11.5,
            leading=14,
            spaceBefore=7,
            textColor=HexColor("#2a4365"),
        ),
        "item": ParagraphStyle("item", parent=body, leftIndent=12, bulletIndent=2),
        "small": ParagraphStyle("small", parent=body, fontSize=7.5, leading=9, textColor=GREY),
        "source": ParagraphStyle(
            "source",
            parent=body,
            fontSize=7.5,
            leading=9,
            leftIndent=9,
            bulletIndent=1,
            spaceAfter=0.5,
            textColor=GREY,
        ),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11, spaceAfter=0),
        "caption": ParagraphStyle(
            "caption",
            parent=body,
            fontName=BOLD,
            fontSize=7.5,
            leading=9,
            spaceAfter=0,
            textColor=GREY,
            alignment=1,
        ),
    }


_PADDINGS = ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING")


def _flowable(block: Any, st: dict[str, ParagraphStyle]) -> Any:
    if isinstance(block, str):
        return block
    if "p" in block:
        style = st.get(block["p"], st["cell"])
        text = block["text"].replace("<b>", '<font name="' + BOLD + '">').replace("</b>", "</font>")
        return Paragraph(text, style, bulletText=block.get("bullet"))
    if "space" in block:
        return Spacer(1, block["space"])
    if "together" in block:  # a heading and its table kept on one page: a one-cell table
        kept = Table([[[_flowable(b, st) for b in block["together"]]]], hAlign="LEFT")
        kept.setStyle(
            TableStyle(
                [("FONT", (0, 0), (-1, -1), REGULAR, 9)]
                + [(side, (0, 0), (-1, -1), 0) for side in _PADDINGS]
            )
        )
        return kept
    table = Table(
        [[_flowable(cell, st) for cell in row] for row in block["table"]],
        colWidths=block["widths"],
        hAlign="LEFT",
    )
    header = 2 if block.get("spans") else 1  # the suit table has a caption row above
    padding = 2 if header == 2 else 1.5
    style: list[Any] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("FONT", (0, 0), (-1, header - 1), BOLD, 8),
        ("TEXTCOLOR", (0, 0), (-1, header - 1), GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, header - 1), (-1, header - 1), 0.6, INK),
        ("LINEBELOW", (0, header), (-1, -1), 0.25, _lighter(GREY, 0.5)),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
    ]
    if header == 2:  # symbols large and centred, the caption at the bottom of its row
        style += [
            ("FONT", (1, 2), (1, -1), REGULAR, 12),
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ]
    style += [("SPAN", (a, b), (c, d)) for a, b, c, d in block.get("spans", ())]
    style += [
        ("BACKGROUND", (a, b), (c, d), HexColor("#" + colour))
        for a, b, c, d, colour in block.get("grounds", ())
    ]
    table.setStyle(TableStyle(style))
    return table


def rules_pdf(content: dict[str, Any]) -> bytes:
    c, buffer = _canvas(A4, f"{content['title']}: rules")
    st = _styles()
    story = [_flowable(b, st) for b in content["rules"]]
    margin = 14 * MM
    while story:
        frame = Frame(
            margin,
            margin,
            A4[0] * MM - 2 * margin,
            A4[1] * MM - 2 * margin,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        before = len(story)
        frame.addFromList(story, c)
        if len(story) == before:  # nothing fits an empty page: never loop for ever
            raise SystemExit(f"bare rules sheet: block {before} is taller than a page")
        if not story:
            c.setFillColor(GREY)
            c.setFont(REGULAR, 7.5)
            c.drawString(margin, margin / 2, content["footer"])
        c.showPage()
    c.save()
    return buffer.getvalue()


def score_pdf(content: dict[str, Any]) -> bytes:
    score = content["score"]
    width, height = A4[1], A4[0]
    c, buffer = _canvas((width, height), f"{content['title']}: score sheet")
    left, right, top = 12.0, width - 12, height - 12
    c.setFillColor(INK)
    c.setFont(BOLD, _fit(score["title"], BOLD, 16, (right - left) * MM))
    c.drawString(left * MM, (top - 6) * MM, score["title"])
    c.setFillColor(GREY)
    c.setFont(REGULAR, _fit(score["help"], REGULAR, 8.5, (right - left) * MM))
    c.drawString(left * MM, (top - 11.5) * MM, score["help"])
    suits = score["suits"]
    fixed = [14.0, 20.0, 0.0] + [0.0] * len(suits) + [20.0, 34.0]
    players = 42.0
    suit_w = (right - left - sum(fixed) - players) / len(suits)
    widths = [14.0, 20.0, players] + [suit_w] * len(suits) + [20.0, 34.0]
    labels = score["columns"] + [s["name"] for s in suits] + score["end"]
    xs = [left]
    for w in widths:
        xs.append(xs[-1] + w)
    table_top, header_h, games = top - 16, 17.0, 6
    y_header = table_top - header_h
    row_h = min(24.0, (y_header - 12 - 20) / games)
    for i, (label, w) in enumerate(zip(labels, widths, strict=True)):
        x = xs[i]
        if 3 <= i < 3 + len(suits):
            fill = HexColor(suits[i - 3]["colour"])
            c.setFillColor(_lighter(fill, 0.55))
            c.rect(x * MM, y_header * MM, w * MM, header_h * MM, stroke=0, fill=1)
            c.setFillColor(INK)
            c.setFont(BOLD, 7)
            c.drawCentredString((x + w / 2) * MM, (y_header + 2.2) * MM, label)
            c.setFillColor(fill)
            c.setStrokeColor(_darker(fill, 0.45))
            c.setLineWidth(0.5)
            c.setFont(REGULAR, 14)
            c.drawCentredString(
                (x + w / 2) * MM, (y_header + 6) * MM, suits[i - 3]["symbol"], mode=2
            )
        else:
            c.setFillColor(INK)
            c.setFont(BOLD, 8)
            for k, line in enumerate(simpleSplit(label, BOLD, 8, (w - 2) * MM)[:2]):
                c.drawCentredString((x + w / 2) * MM, (y_header + 8 - k * 3.6) * MM, line)
    bottom = y_header - games * row_h
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(left * MM, bottom * MM, (right - left) * MM, (table_top - bottom) * MM, stroke=1, fill=0)
    c.line(left * MM, y_header * MM, right * MM, y_header * MM)
    c.setLineWidth(0.4)
    for x in xs[1:-1]:
        c.line(x * MM, bottom * MM, x * MM, table_top * MM)
    for row in range(1, games):
        c.line(left * MM, (y_header - row * row_h) * MM, right * MM, (y_header - row * row_h) * MM)
    c.setFont(BOLD, 12)
    c.setFillColor(_lighter(GREY, 0.3))
    for row in range(games):
        y = y_header - (row + 0.5) * row_h
        c.drawCentredString((xs[0] + 7) * MM, (y - 1.5) * MM, str(row + 1))
    c.setLineWidth(1.2)
    c.rect(xs[-3] * MM, bottom * MM, widths[-2] * MM, (table_top - bottom) * MM, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(left * MM, (bottom - 5) * MM, score["legend"])
    col_w = (right - left - 28) / 3
    for i, (span, label) in enumerate(score["rating"]):
        row, column = divmod(i, 3)
        x, y = left + 28 + column * col_w, bottom - 5 - row * 4.5
        c.setFont(BOLD, 9)
        c.drawString(x * MM, y * MM, span)
        c.setFont(REGULAR, 9)
        c.drawString((x + 13) * MM, y * MM, label)
    c.showPage()
    c.save()
    return buffer.getvalue()


def calibration_pdf(content: dict[str, Any]) -> bytes:
    calib = content["calibration"]
    w, h = A4
    c, buffer = _canvas(A4, f"{content['title']}: calibration")
    targets = [(w / 2, h / 2), (30, 30), (w - 30, 30), (30, h - 30), (w - 30, h - 30)]

    def paragraph(text: str, y: float, size: float = 9, x: float = 42, width: float = w - 84):
        c.setFont(REGULAR, size)
        for line in simpleSplit(text, REGULAR, size, width * MM):
            c.drawString(x * MM, y * MM, line)
            y -= size * 1.35 / MM

    c.setFillColor(INK)
    c.setFont(BOLD, 15)
    c.drawString(42 * MM, (h - 32) * MM, calib["title"])
    paragraph(calib["front"], h - 40)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    for x, y in targets:
        c.line((x - 8) * MM, y * MM, (x + 8) * MM, y * MM)
        c.line(x * MM, (y - 8) * MM, x * MM, (y + 8) * MM)
        c.circle(x * MM, y * MM, 3 * MM, stroke=1, fill=0)
    bar_y = h / 2 - 40
    c.setLineWidth(1.5)
    c.line((w / 2 - 50) * MM, bar_y * MM, (w / 2 + 50) * MM, bar_y * MM)
    c.setLineWidth(0.5)
    for k in range(0, 101, 10):
        c.line((w / 2 - 50 + k) * MM, bar_y * MM, (w / 2 - 50 + k) * MM, (bar_y + 3) * MM)
    c.setFillColor(GREY)
    paragraph(calib["scale"], bar_y - 5, 8, w / 2 - 50, 100)
    c.showPage()
    for x, y in targets:  # the back: rulers behind the crosses (long edge: x mirrored)
        x = w - x
        c.setStrokeColor(INK)
        for k in range(-10, 11):
            length = 2.6 if k % 10 == 0 else 1.8 if k % 2 == 0 else 1.0
            c.setLineWidth(0.3 if k % 2 == 0 else 0.18)
            c.line((x + k / 2) * MM, y * MM, (x + k / 2) * MM, (y - length) * MM)
            c.line(x * MM, (y + k / 2) * MM, (x - length) * MM, (y + k / 2) * MM)
        c.setFillColor(INK)
        c.setFont(REGULAR, 5)
        c.drawRightString((x - 5.8) * MM, (y - 0.7) * MM, "−5")
        c.drawString((x + 5.8) * MM, (y - 0.7) * MM, "+5")
        c.drawCentredString(x * MM, (y - 7.6) * MM, "−5")
        c.drawCentredString(x * MM, (y + 5.9) * MM, "+5")
        c.setFont(BOLD, 6)
        c.drawString((x + 9.2) * MM, (y - 0.8) * MM, "X")
        c.drawCentredString(x * MM, (y + 8.2) * MM, "Y")
    c.setFillColor(INK)
    c.setFont(BOLD, 15)
    c.drawString(42 * MM, (h - 32) * MM, calib["title"])
    paragraph(calib["back"], h - 40)
    c.showPage()
    c.save()
    return buffer.getvalue()


def draw(content: dict[str, Any]) -> dict[str, bytes]:
    """The seven files of the kit, as bytes."""
    _fonts(content["fonts"])
    return {
        "cards.pdf": cards_pdf(content, True, True, "cards"),
        "cards-fronts.pdf": cards_pdf(content, True, False, "card fronts"),
        "cards-backs.pdf": cards_pdf(content, False, True, "card backs"),
        "tokens.pdf": tokens_pdf(content),
        "rules.pdf": rules_pdf(content),
        "scoresheet.pdf": score_pdf(content),
        "calibration.pdf": calibration_pdf(content),
    }


def draw_files(content_path: Path, out: Path) -> None:
    """The bare run as a process does it: read the texts, draw, write the files."""
    content = json.loads(content_path.read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    for name, data in draw(content).items():
        (out / name).write_bytes(data)


# ---- the comparison


def _child(command: list[str]) -> tuple[float, float]:
    """CPU (user + system) and wall seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def compare(rounds: int, in_process: int, copy: bool = False) -> None:
    from deckforge.printing.kit import build_kit
    from deckforge.theme.loader import load_theme

    content = prepare()
    loads = [_load()]
    with tempfile.TemporaryDirectory() as temp:
        data = Path(temp) / "content.json"
        data.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
        source = THEME
        if copy:  # a theme of one's own: the loader checks it against the schema
            source = str(Path(temp) / "festival-copy.yaml")
            shutil.copy(ROOT / "themes" / f"{THEME}.yaml", source)
        kit = [sys.executable, "-m", "deckforge", "print", source, "-o", f"{temp}/kit"]
        bare = [sys.executable, str(Path(__file__).resolve()), "--draw", str(data), f"{temp}/bare"]
        cpu, wall, times = [], [], []
        for r in range(rounds):
            first, second = (kit, bare) if r % 2 == 0 else (bare, kit)
            a, b = _child(first), _child(second)
            k, s = (a, b) if r % 2 == 0 else (b, a)
            cpu.append(k[0] / s[0])
            wall.append(k[1] / s[1])
            times.append((k[0], s[0]))
        loads.append(_load())
        pages = {
            name: (_pages(Path(temp, "kit", name)), _pages(Path(temp, "bare", name)))
            for name in sorted(os.listdir(Path(temp, "kit")))
        }
    theme = load_theme(THEME)
    build_kit(theme)  # fonts loaded, as in a referee that has printed once
    draw(content)
    inner = []
    for r in range(in_process):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        spent = [0.0, 0.0]
        for which in order:
            start = time.process_time()
            if which == 0:
                build_kit(theme)
            else:
                draw(content)
            spent[which] = time.process_time() - start
        inner.append(spent[0] / spent[1])
        times_in = spent
    loads.append(_load())
    bytecode = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset"
    print(f"kit of {'a copy of ' if copy else ''}{THEME}")
    print(
        f"python {sys.version.split()[0]}, PYTHONDONTWRITEBYTECODE={bytecode}, "
        f"load {' -> '.join(loads)}"
    )
    print("pages (kit, bare): " + ", ".join(f"{n} {k}/{b}" for n, (k, b) in pages.items()))
    kit_cpu = statistics.median(t[0] for t in times)
    bare_cpu = statistics.median(t[1] for t in times)
    print(
        f"as a process, {rounds} rounds: CPU {_spread(cpu)}, wall {_spread(wall)} "
        f"(CPU medians: kit {kit_cpu:.3f} s, bare {bare_cpu:.3f} s)"
    )
    print(
        f"in process, {in_process} rounds: CPU {_spread(inner)} "
        f"(last round: kit {times_in[0]:.3f} s, bare {times_in[1]:.3f} s)"
    )


def _pages(path: Path) -> int:
    return path.read_bytes().count(b"/Type /Page\n") or path.read_bytes().count(b"/Type /Page ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="process rounds")
    parser.add_argument("--in-process", type=int, default=10, help="in-process rounds")
    parser.add_argument("--draw", nargs=2, metavar=("CONTENT", "OUT"), help="the bare run")
    parser.add_argument("--prepare", metavar="CONTENT", help="write the texts as JSON")
    parser.add_argument(
        "--copy",
        action="store_true",
        help="print a copy of the theme file (checked against the schema, as a theme of "
        "one's own is) instead of the bundled theme (checked before it shipped)",
    )
    args = parser.parse_args()
    if args.draw:
        draw_files(Path(args.draw[0]), Path(args.draw[1]))
    elif args.prepare:
        Path(args.prepare).write_text(json.dumps(prepare(), ensure_ascii=False), encoding="utf-8")
    else:
        compare(args.rounds, args.in_process, args.copy)


if __name__ == "__main__":
    main()
