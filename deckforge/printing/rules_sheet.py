"""The rules sheet: how to play this theme, written from the theme's own settings.

Every sentence comes from the language catalogue; the theme supplies the
numbers, names and switches (and its notes for the teacher).
"""

from __future__ import annotations

from html import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, Spacer, Table, TableStyle

from deckforge.printing.catalogue import Catalogue
from deckforge.printing.fitting import BREAKABLE
from deckforge.printing.fonts import FontPair
from deckforge.printing.geometry import MM
from deckforge.printing.pdf import GREY, INK, PrintCanvas, colour, lighter
from deckforge.printing.text_flow import Paragraph, is_rtl, mirror_table
from deckforge.theme.model import (
    ClueMode,
    Direction,
    DiscardAtMaxHints,
    EmptyHints,
    StrikeoutScore,
    SuitScoring,
    Theme,
)

MARGIN = 14.0  # mm: generous, the sheet is read, not cut


def _styles(fonts: FontPair) -> dict[str, ParagraphStyle]:
    family = f"{fonts.body.name}-family".lower()
    # <b> in a paragraph switches to the title font; the upright mappings are added
    # last because reportlab keeps only the latest mapping of each font name
    addMapping(family, 0, 1, fonts.body.name)
    addMapping(family, 1, 1, fonts.title.name)
    addMapping(family, 0, 0, fonts.body.name)
    addMapping(family, 1, 0, fonts.title.name)
    body = ParagraphStyle(
        "body",
        fontName=fonts.body.name,
        fontSize=9.5,
        leading=12.5,
        textColor=INK,
        bulletFontName=fonts.title.name,
        spaceAfter=3,
    )
    return {
        "title": ParagraphStyle(
            "title", parent=body, fontName=fonts.title.name, fontSize=18, leading=22, spaceAfter=6
        ),
        "h": ParagraphStyle(
            "h",
            parent=body,
            fontName=fonts.title.name,
            fontSize=11.5,
            leading=14,
            spaceBefore=7,
            spaceAfter=3,
            textColor=HexColor("#2a4365"),
        ),
        "body": body,
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
    }


def _e(text: object) -> str:
    return escape(str(text), quote=False)  # &, < and >, as reportlab's markup needs


def _join(words: Catalogue, items: list[str]) -> str:
    """ "2, 3, 4 or 5" style list, with the language's own "or"."""
    ors = {"fr": "ou", "de": "oder", "ar": "أو", "he": "או"}
    comma = "، " if words.language == "ar" else ", "
    if len(items) == 1:
        return items[0]
    return f"{comma.join(items[:-1])} {ors.get(words.language, 'or')} {items[-1]}"


def _suit_names(theme: Theme, indices: list[int]) -> str:
    return ", ".join(f"{theme.suits[i].symbol} {theme.suits[i].name}" for i in indices)


def rules_flowables(theme: Theme, words: Catalogue, fonts: FontPair) -> list[Flowable]:
    """The rules sheet, section by section, in the theme's language."""
    st = _styles(fonts)
    hint, error = theme.tokens.hint, theme.tokens.error
    tokens = {
        "hints": _e(words.quantity(hint.count, hint.name, hint.plural)),
        "errors": _e(words.quantity(error.count, error.name, error.plural)),
        "hint_name": _e(hint.name),
        "hint_plural": _e(hint.plural),
        "hint_count": hint.count,
        "error_name": _e(error.name),
        "error_plural": _e(error.plural),
        "error_count": error.count,
    }
    return [
        *_goal(theme, words, st),
        *_material(theme, words, st, tokens),
        *_players(theme, words, st, tokens),
        *_turn(theme, words, st, tokens),
        *_end_and_score(theme, words, st, tokens),
        *_notes(theme, words, st),
        *_sources(theme, words, st),
    ]


Styles = dict[str, ParagraphStyle]
Tokens = dict[str, object]


def _goal(theme: Theme, words: Catalogue, st: Styles) -> list[Flowable]:
    t = words.text
    out: list[Flowable] = [Paragraph(_e(t("rules_title", title=theme.title)), st["title"])]
    if theme.description:
        out.append(Paragraph(_e(theme.description), st["body"]))
    directions = {s.direction for s in theme.suits}
    if directions == {Direction.UP}:
        out.append(Paragraph(t("rules_goal", first=1, last=theme.ranks), st["body"]))
    else:
        out.append(Paragraph(t("rules_goal_mixed"), st["body"]))
    return out


def _material(theme: Theme, words: Catalogue, st: Styles, tokens: Tokens) -> list[Flowable]:
    t = words.text
    return [
        Paragraph(t("h_material"), st["h"]),
        Paragraph(
            t("material_cards", deck=theme.deck_size, suits=len(theme.suits), ranks=theme.ranks),
            st["body"],
        ),
        _suit_table(theme, words, st),
        Spacer(1, 4),
        Paragraph(t("material_tokens", **tokens), st["body"]),
    ]


def _players(theme: Theme, words: Catalogue, st: Styles, tokens: Tokens) -> list[Flowable]:
    """Who plays, the deal and who starts."""
    t = words.text
    counts = _join(words, [str(n) for n in theme.players.counts])
    key = "players_counts_teams" if theme.players.teams else "players_counts"
    sentences = [t(key, counts=counts)]
    sizes = {theme.players.hand_size(n) for n in theme.players.counts}
    if len(sizes) == 1:
        sentences.append(t("players_hand_same", n=sizes.pop()))
    else:
        items = [
            t("players_hand_item", n=theme.players.hand_size(n), players=n)
            for n in theme.players.counts
        ]
        sentences.append(t("players_hand_varies", list=t("hand_list_separator").join(items)))
    first = _e(theme.players.first) if theme.players.first else t("first_default")
    return [
        Paragraph(t("h_players"), st["h"]),
        Paragraph(" ".join(sentences), st["body"]),
        Paragraph(t("setup", **tokens), st["body"]),
        Paragraph(t("h_first"), st["h"]),
        Paragraph(f"{first} {t('clockwise')}", st["body"]),
    ]


def _turn(theme: Theme, words: Catalogue, st: Styles, tokens: Tokens) -> list[Flowable]:
    """A turn: hint, discard or play, and the rule that hints are the only way to tell."""
    t = words.text
    hint_text = [t("hint_body", **tokens)]
    hint_text.append(
        t(
            "hint_empty_allowed"
            if theme.rules.empty_hints is EmptyHints.ALLOWED
            else "hint_empty_forbidden"
        )
    )
    every = [i for i, s in enumerate(theme.suits) if s.clue is ClueMode.EVERY_COLOUR]
    never = [i for i, s in enumerate(theme.suits) if s.clue is ClueMode.NONE]
    named = next((s for s in theme.suits if s.clue is ClueMode.OWN), None)
    if named is not None:  # a colour hint may name the suit: one worked example
        hint_text.append(t("hint_suit_name", suit=_e(named.name)))
        rank = min(2, max(s.ranks for s in theme.suits))
        hint_text.append(t("hint_example", suit=_e(named.name), rank=rank, **tokens))
    if every:
        hint_text.append(t("clue_every", suits=_e(_suit_names(theme, every))))
    if never:
        hint_text.append(t("clue_none", suits=_e(_suit_names(theme, never))))
    discard = [t("discard_body", **tokens)]
    discard.append(
        words.counted(
            "discard_forbidden"
            if theme.rules.discard_at_max_hints is DiscardAtMaxHints.FORBIDDEN
            else "discard_no_gain",
            theme.tokens.hint.count,
            **tokens,
        )
    )
    play = [t("play_body", **tokens)]
    down = [i for i, s in enumerate(theme.suits) if s.direction is Direction.DOWN]
    if down:
        play.append(
            t(
                "play_down",
                suits=_e(_suit_names(theme, down)),
                n=max(theme.suits[i].ranks for i in down),
            )
        )
    if theme.rules.completion_bonus:
        play.append(t("completion_bonus", **tokens))
    talk = [Paragraph(t("talk_rule"), st["body"])]
    if theme.players.teams:
        talk.append(Paragraph(t("talk_teams"), st["body"]))
    return [
        Paragraph(t("h_turn"), st["h"]),
        Paragraph(t("turn_intro"), st["body"]),
        _item(1, t("hint_title"), hint_text, st),
        _item(2, t("discard_title"), discard, st),
        _item(3, t("play_title"), play, st),
        # the rule that makes the game work: hints are the only way to tell
        Paragraph(t("h_talk"), st["h"]),
        *talk,
    ]


def _end_and_score(theme: Theme, words: Catalogue, st: Styles, tokens: Tokens) -> list[Flowable]:
    t = words.text
    out: list[Flowable] = [Paragraph(t("h_end"), st["h"])]
    strike = {
        StrikeoutScore.ZERO: "end_strikeout_zero",
        StrikeoutScore.NONE: "end_strikeout_none",
        StrikeoutScore.KEEP: "end_strikeout_keep",
    }[theme.rules.strikeout_score]
    error_count = theme.tokens.error.count
    others = {k: v for k, v in tokens.items() if k != "error_count"}
    for sentence in (
        words.counted(strike, error_count, n=error_count, **others),
        t("end_complete", max=theme.max_score),
        t("end_deck"),
    ):
        out.append(Paragraph(sentence, st["item"], bulletText="•"))
    out.append(Paragraph(t("h_score"), st["h"]))
    score = [t("score_top", n=theme.ranks)]
    minus = [i for i, s in enumerate(theme.suits) if s.scoring is SuitScoring.MINUS_MISSING]
    if minus:
        score.append(
            t(
                "score_minus",
                suits=_e(_suit_names(theme, minus)),
                n=max(theme.suits[i].ranks for i in minus),
            )
        )
    score.append(t("score_range", max=theme.max_score))
    out.append(Paragraph(" ".join(score), st["body"]))
    if theme.rating:
        out.append(_together([Paragraph(t("h_rating"), st["h"]), _rating_table(theme, words, st)]))
    return out


def _notes(theme: Theme, words: Catalogue, st: Styles) -> list[Flowable]:
    if not theme.notes.strip():
        return []
    notes: list[Flowable] = [Paragraph(words.text("h_notes"), st["h"])]
    for paragraph in theme.notes.strip().split("\n\n"):
        # a single line break inside a paragraph is how YAML wraps it, not a new line
        text = BREAKABLE.sub(" ", paragraph.replace("\n", " ")).strip()
        notes.append(Paragraph(_e(text), st["body"]))
    return notes


def _sources(theme: Theme, words: Catalogue, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Where the facts can be checked: the theme's sources, then each card's own, one
    paragraph per suit (its name once, then rank, title and source of each card)."""
    t = words.text
    per_suit = []
    for suit in theme.suits:
        items = [
            t(
                "source_item",
                rank=rank,
                title=suit.text_for(rank).title,
                source=suit.text_for(rank).source,
            )
            for rank in range(1, suit.ranks + 1)
            if suit.text_for(rank).source.strip()
        ]
        if items:
            names = f"<b>{_e(suit.symbol)} {_e(suit.name)}</b>"
            per_suit.append(f"{names} — {' · '.join(_e(item) for item in items)}")
    if not theme.sources and not per_suit:
        return []
    out: list[Flowable] = [Paragraph(t("h_sources"), st["h"])]
    if theme.sources:
        out.append(Paragraph(_e(t("sources_intro")), st["small"]))
        out.append(Paragraph(" · ".join(_e(source) for source in theme.sources), st["source"]))
    if per_suit:
        out.append(Paragraph(_e(t("sources_cards")), st["small"]))
        out += [Paragraph(paragraph, st["source"]) for paragraph in per_suit]
    return out


def _together(flowables: list[Flowable]) -> Table:
    """Flowables that must stay on one page (a heading and its table)."""
    side = "RIGHT" if is_rtl(flowables[0].style) else "LEFT"
    table = Table([[flowables]], hAlign=side)
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (0, 0), (-1, -1), side),  # a right-to-left table on the right
                ("FONT", (0, 0), (-1, -1), flowables[0].style.fontName, 9),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _item(number: int, title: str, sentences: list[str], st: dict[str, ParagraphStyle]) -> Flowable:
    return Paragraph(
        f"<b>{_e(title)}</b> {' '.join(sentences)}", st["item"], bulletText=f"{number}."
    )


def _suit_table(theme: Theme, words: Catalogue, st: dict[str, ParagraphStyle]) -> Table:
    t = words.text
    ranks = theme.ranks
    # two header rows: what the rank columns count, then the ranks themselves
    caption = ParagraphStyle(
        "caption",
        parent=st["cell"],
        fontName=st["h"].fontName,
        fontSize=7.5,
        leading=9,
        textColor=GREY,
        alignment=1,
    )
    above: list[object] = [
        "",
        "",
        Paragraph(_e(t("table_copies")), caption),
        *[""] * (ranks - 1),
        "",
    ]
    header: list[object] = [
        t("table_suit"),
        t("table_symbol"),
        *[str(r) for r in range(1, ranks + 1)],
        t("table_order"),
    ]
    rows: list[list[object]] = [above, header]
    for suit in theme.suits:
        copies = [str(suit.copies[r - 1]) if r <= suit.ranks else "" for r in range(1, ranks + 1)]
        order = t("order_up" if suit.direction is Direction.UP else "order_down", n=suit.ranks)
        rows.append([Paragraph(_e(suit.name), st["cell"]), suit.symbol, *copies, order])
    rank_w = min(9.0, (210 - 2 * MARGIN - 52 - 17 - 22) / ranks)
    widths = [52 * MM, 17 * MM, *[rank_w * MM] * ranks, 22 * MM]
    style: list[tuple[object, ...]] = [
        ("SPAN", (2, 0), (ranks + 1, 0)),
        ("FONT", (0, 0), (-1, -1), st["cell"].fontName, 9),
        ("FONT", (0, 0), (-1, 1), st["h"].fontName, 8),
        ("FONT", (1, 2), (-1, -1), st["cell"].fontName, 9),
        ("FONT", (1, 2), (1, -1), st["cell"].fontName, 12),
        ("TEXTCOLOR", (0, 0), (-1, 1), GREY),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("LINEBELOW", (2, 0), (ranks + 1, 0), 0.25, lighter(GREY, 0.5)),
        ("LINEBELOW", (0, 1), (-1, 1), 0.6, INK),
        ("LINEBELOW", (0, 2), (-1, -1), 0.25, lighter(GREY, 0.5)),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for row, suit in enumerate(theme.suits, start=2):
        style.append(("BACKGROUND", (1, row), (1, row), lighter(colour(suit.colour), 0.55)))
    return _table(rows, widths, style, st)


def _table(
    rows: list[list[object]],
    widths: list[float],
    style: list[tuple[object, ...]],
    st: dict[str, ParagraphStyle],
) -> Table:
    """A table read from the left, or mirrored for a right-to-left language."""
    align = "LEFT"
    if is_rtl(st["body"]):
        first_column = ("ALIGN", (0, 0), (0, -1), "LEFT")
        rows, widths, style = mirror_table(rows, widths, [first_column, *style])
        align = "RIGHT"
    table = Table(rows, colWidths=widths, hAlign=align)
    table.setStyle(TableStyle(style))
    return table


def _rating_table(theme: Theme, words: Catalogue, st: dict[str, ParagraphStyle]) -> Table:
    rows: list[list[object]] = [[words.text("rating_score"), words.text("rating_label")]]
    for band in theme.rating:
        span = str(band.low) if band.low == band.high else f"{band.low}–{band.high}"
        rows.append([span, Paragraph(_e(band.label), st["cell"])])
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), st["cell"].fontName, 9),
        ("FONT", (0, 0), (-1, 0), st["h"].fontName, 8),
        ("FONT", (0, 1), (0, -1), st["cell"].fontName, 9),
        ("TEXTCOLOR", (0, 0), (-1, 0), GREY),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, lighter(GREY, 0.5)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    return _table(rows, [22 * MM, 70 * MM], style, st)


def rules_sheet(theme: Theme, words: Catalogue, fonts: FontPair, canvas: PrintCanvas) -> bytes:
    """Flow the rules onto as many pages as they need (usually one or two)."""
    story = rules_flowables(theme, words, fonts)
    width, height = canvas.size_mm
    while story:
        frame = Frame(
            MARGIN * MM,
            MARGIN * MM,
            (width - 2 * MARGIN) * MM,
            (height - 2 * MARGIN) * MM,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        before = len(story)
        frame.addFromList(story, canvas)
        if len(story) == before:  # a block taller than a whole page: split it over pages
            parts = frame.split(story[0], canvas)
            if len(parts) < 2:
                raise ValueError("rules sheet: a block is taller than the page and cannot be split")
            story[:1] = parts
            split = len(story)
            frame.addFromList(story, canvas)
            if len(story) == split:
                raise ValueError("rules sheet: a block is taller than the page and cannot be split")
        if not story:
            _footer(theme, words, fonts, canvas)
        canvas.showPage()
    return canvas.pdf_bytes()


def _footer(theme: Theme, words: Catalogue, fonts: FontPair, canvas: PrintCanvas) -> None:
    """Where the sheet comes from, in the bottom margin of its last page (a line of the
    text frame less: the interfaith sheet keeps to two pages)."""
    width, _ = canvas.size_mm
    canvas.setFillColor(GREY)
    canvas.setFont(fonts.body.name, 7.5)
    y = MARGIN / 2 * MM
    text = words.text("footer", id=theme.id)
    if fonts.rtl:
        canvas.drawRightString((width - MARGIN) * MM, y, text)
    else:
        canvas.drawString(MARGIN * MM, y, text)
