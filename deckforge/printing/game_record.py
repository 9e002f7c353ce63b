"""The one-page record of a game, for the teacher's files: table, date, teams, score and
rating, key moments and the cards played, in the deck's language (right to left too).

Drawn with the print kit's canvas, fonts and wrapping, from a
:class:`~deckforge.rules.debrief.Debrief` of the game's log; the same record gives
the same bytes. What does not fit on the page is shortened (every section keeps its
heading, text shrinks to 7 pt, then the longest lists keep their first lines and say
how many are left out).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckforge import catalogues
from deckforge.printing.catalogue import Catalogue, catalogue
from deckforge.printing.fitting import wrap
from deckforge.printing.fonts import FontPair, FontStack, theme_fonts
from deckforge.printing.geometry import MM
from deckforge.printing.pdf import INK, PrintCanvas, colour, darker
from deckforge.rules.cards import Card
from deckforge.rules.debrief import Debrief, Moment, MomentKind
from deckforge.theme.model import Theme

A4 = (210.0, 297.0)  # mm
MARGIN = 15.0  # mm
BODY, SMALLEST = 11.0, 7.0  # pt


@dataclass(frozen=True)
class GameRecord:
    """What the record says of one game (the caller reads it from the table's store)."""

    table: str
    game: int
    date: str  # as it should be printed, e.g. 2026-12-04
    players: tuple[str, ...]
    score: int | None  # None: a game the theme gives no score
    rating: str | None
    end: str | None  # "perfect" | "deck" | "strikeout"; None: the game goes on
    looked_back: Debrief


@dataclass(frozen=True)
class _Line:
    text: str
    font: FontStack
    size: float
    colour: str = ""  # a suit's colour for its mark, "" for ink
    gap_before: float = 0.0  # mm


def record_pdf(theme: Theme, record: GameRecord) -> bytes:
    """The record as a one-page A4 PDF."""
    words = catalogue(theme.language)
    fonts = theme_fonts(
        theme.print_style.title_fonts, theme.print_style.body_fonts, theme.path, theme.language
    )
    title = words.text("record_title", title=theme.title)
    canvas = PrintCanvas(A4, title, None)
    width = (A4[0] - 2 * MARGIN) * MM
    size = BODY
    while True:
        lines = _lines(theme, record, words, fonts, size, width, limit=None)
        if _height(lines) <= A4[1] - 2 * MARGIN or size <= SMALLEST:
            break
        size -= 0.5
    limit = 40
    while _height(lines) > A4[1] - 2 * MARGIN and limit > 2:
        limit //= 2
        lines = _lines(theme, record, words, fonts, size, width, limit=limit)
    _draw(canvas, lines, fonts.rtl)
    return canvas.pdf_bytes()


def _height(lines: list[_Line]) -> float:
    return sum(line.size * 1.3 / MM + line.gap_before for line in lines)


def _lines(
    theme: Theme,
    record: GameRecord,
    words: Catalogue,
    fonts: FontPair,
    size: float,
    width: float,
    limit: int | None,
) -> list[_Line]:
    t = words.text
    out: list[_Line] = []

    def para(text: str, font: FontStack, at: float, mark: str = "", gap: float = 0.0) -> None:
        for k, line in enumerate(wrap(text, width, at, font.width)):
            out.append(_Line(line, font, at, mark if k == 0 else "", gap if k == 0 else 0.0))

    def listed(items: list[tuple[str, str]]) -> None:
        shown = items if limit is None or len(items) <= limit else items[:limit]
        for text, mark in shown:
            para(text, fonts.body, size, mark)
        if len(shown) < len(items):
            para(t("record_more", n=len(items) - len(shown)), fonts.body, size)

    para(t("record_title", title=theme.title), fonts.title, size * 1.8)
    facts = t("record_table", table=record.table, game=record.game, date=record.date)
    para(facts, fonts.body, size, gap=1.5)
    para(t("record_teams", teams=", ".join(record.players)), fonts.body, size)
    para(_score_line(theme, record, words), fonts.title, size * 1.3, gap=2.5)
    para(t("record_moments"), fonts.title, size * 1.2, gap=4.0)
    moments = [
        (_moment(theme, record, words, m), _colour_of(theme, m)) for m in record.looked_back.moments
    ]
    listed(moments or [(t("record_none"), "")])
    para(t("record_played"), fonts.title, size * 1.2, gap=4.0)
    played = [
        (
            t("record_suit_cards", suit=theme.suits[s].name, cards=_cards(theme, stack, words)),
            theme.suits[s].colour,
        )
        for s, stack in enumerate(record.looked_back.played)
        if stack
    ]
    listed(played or [(t("record_none"), "")])
    lost = [card.card for card in record.looked_back.lost]
    if lost:
        para(t("record_lost"), fonts.title, size * 1.2, gap=4.0)
        para(_cards(theme, lost, words, named=True), fonts.body, size)
    return out


def _score_line(theme: Theme, record: GameRecord, words: Catalogue) -> str:
    text = words.text
    if record.end is None:
        return text("record_in_progress", score=_score(record), max=theme.max_score)
    score = (
        text("record_score", score=record.score, max=theme.max_score)
        if record.score is not None
        else text("record_no_score")
    )
    ending = text(f"record_end_{record.end}")
    rating = f" — {record.rating}" if record.rating else ""
    return f"{score}{rating} ({ending})"


def _score(record: GameRecord) -> int:
    return record.looked_back.points[-1].score


def _card_name(theme: Theme, card: Card) -> str:
    suit = theme.suits[card.suit]
    title = suit.text_for(card.rank).title
    return f"{suit.name} {card.rank}" + (f" ({title})" if title else "")


def _cards(
    theme: Theme, cards: list[Card] | tuple[Card, ...], words: Catalogue, named: bool = False
) -> str:
    """The cards as their titles (or ranks), in order; ``named``: with their suit too."""
    shown = []
    for card in cards:
        title = theme.suits[card.suit].text_for(card.rank).title
        if named:
            shown.append(_card_name(theme, card))
        else:
            shown.append(f"{card.rank} {title}".strip() if title else str(card.rank))
    return words.text("record_separator").join(shown)


def _colour_of(theme: Theme, moment: Moment) -> str:
    return "" if moment.suit is None else theme.suits[moment.suit].colour


def _moment(theme: Theme, record: GameRecord, words: Catalogue, m: Moment) -> str:
    t = words.text
    who = "" if m.player is None else record.players[m.player]
    card = "" if m.card is None else _card_name(theme, m.card)
    suit = "" if m.suit is None else theme.suits[m.suit].name
    if m.kind is MomentKind.MISPLAY:
        text = t("record_misplay", player=who, card=card, error=theme.tokens.error.name)
        if m.points_lost:
            key = catalogues.plural_key(
                words.messages.__contains__, "record_points_lost", words.language, m.points_lost
            )
            text += " " + t(key, n=m.points_lost)
        if m.ends_game:
            text += " " + t("record_ends_game")
    elif m.kind is MomentKind.LAST_COPY:
        text = t("record_last_copy", card=card, suit=suit, best=m.best)
    elif m.kind is MomentKind.COMPLETED:
        text = t("record_completed", suit=suit)
    elif m.kind is MomentKind.FINAL_ROUND:
        text = t("record_final_round", player=who)
    else:
        text = t("record_good_run", start=m.step, end=m.end_step, n=m.plays)
        return text
    return t("record_step", step=m.step) + " " + text


def _draw(c: PrintCanvas, lines: list[_Line], rtl: bool) -> None:
    left, right = MARGIN * MM, (A4[0] - MARGIN) * MM
    y = (A4[1] - MARGIN) * MM
    for line in lines:
        y -= line.gap_before * MM + line.size * 1.3
        if line.colour:  # a suit's mark beside its line, so the colour reads on paper too
            fill = colour(line.colour)
            c.setFillColor(fill)
            c.setStrokeColor(darker(fill, 0.5))
            c.setLineWidth(0.4)
            mark_x = right + 2.5 * MM if rtl else left - 4.5 * MM
            c.rect(mark_x, y - 0.5, 2.5 * MM, line.size, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(line.font.name, line.size)
        if rtl:
            c.drawRightString(right, y, line.text)
        else:
            c.drawString(left, y, line.text)
