"""The card sheets: fronts and mirrored backs, for duplex, single-sided or fold-and-glue.

Each distinct face is drawn once as a PDF form, for all the PDFs of these sheets
(form_replay), and placed wherever it is needed, which keeps files small and
large decks fast.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from deckforge.printing.catalogue import Catalogue
from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.faces import BackFace, FrontFace, draw_back, draw_front, draw_spare
from deckforge.printing.fonts import FontPair
from deckforge.printing.form_replay import RecordedForm, record_form, replay_forms
from deckforge.printing.geometry import (
    MARK_GAP,
    MARK_LENGTH,
    MM,
    FoldLayout,
    Rect,
    Segment,
    SheetLayout,
)
from deckforge.printing.pdf import GREY, INK, PrintCanvas, colour, darker
from deckforge.theme.model import ClueMode, Direction, Suit, Theme

Progress = Callable[[int], None]  # called with the number of cards just placed
Drawing = Callable[[PrintCanvas], None]  # draws one face on a canvas, as a form


class PrintError(ValueError):
    """The kit cannot be printed as asked: one line saying what and where, or the
    theme's ``path:line:col: message`` problems (glyphs, text fitting)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


@dataclass(frozen=True)
class DeckCard:
    """One physical card: which face it shows (``None`` for a spare blank)."""

    key: tuple[int, int] | None  # (suit index, rank)


def front_faces(
    theme_suits: Sequence[Suit], fonts: FontPair, card: tuple[float, float], words: Catalogue
) -> dict[tuple[int, int], FrontFace]:
    """The face of every distinct card, with its text fitted to the card size."""
    layout = FaceLayout(*card)
    faces: dict[tuple[int, int], FrontFace] = {}
    own_colours = tuple(colour(s.colour) for s in theme_suits if s.clue is ClueMode.OWN)
    for i, suit in enumerate(theme_suits):
        frame = own_colours if suit.clue is ClueMode.EVERY_COLOUR else ()
        order = f"{suit.ranks}→1" if suit.direction is Direction.DOWN else ""
        for rank in range(1, suit.ranks + 1):
            text = suit.text_for(rank)
            fitted = None
            if text.title.strip() or text.text.strip():
                fitted = layout.fit(
                    text.title,
                    text.text,
                    text.image is not None,
                    fonts.title.width,
                    fonts.body.width,
                )
                if fitted is None:
                    raise PrintError(
                        f"card {suit.name} {rank}: its title and text do not fit "
                        f"on a {card[0]:g}x{card[1]:g} mm card"
                    )
            faces[(i, rank)] = FrontFace(
                suit_name=suit.name,
                colour=colour(suit.colour),
                symbol=suit.symbol,
                rank=rank,
                copies=words.copies(suit.copies[rank - 1]),
                text=fitted,
                frame=frame,
                order=order,
                image=str(text.image) if text.image is not None else None,
            )
    return faces


def deck_order(theme_suits: Sequence[Suit]) -> list[DeckCard]:
    """Every physical card, suit by suit, rank by rank."""
    return [
        DeckCard((i, rank))
        for i, suit in enumerate(theme_suits)
        for rank in range(1, suit.ranks + 1)
        for _ in range(suit.copies[rank - 1])
    ]


def back_face(theme: Theme) -> BackFace:
    """The theme's back design, or one made from its title and hint-token colour."""
    symbols = tuple(s.symbol for s in theme.suits)
    design = theme.print_style.back
    if design is not None:
        return BackFace(
            design.title,
            colour(design.colour),
            colour(design.accent),
            design.pattern,
            symbols,
            image=str(design.image) if design.image is not None else None,
        )
    return BackFace(
        theme.title,
        darker(colour(theme.tokens.hint.colour), 0.7),
        colour("#f7fafc"),
        "stars",
        symbols,
    )


def _marks(c: PrintCanvas, marks: list[Segment]) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    for m in marks:
        c.line(m.x1 * MM, m.y1 * MM, m.x2 * MM, m.y2 * MM)


CUT_LINE_WIDTH = 0.25  # points: a hairline a guillotine blade or scissors can follow
CUT_LINE = HexColor("#a0aec0")  # light grey: seen on white paper, little ink


def _cut_lines(c: PrintCanvas, layout: SheetLayout) -> None:
    """Low-ink fronts are white to their edges, so neighbouring cards would show no border:
    a thin light line along every cut between two cards shows where to cut (the outer
    cuts have their crop marks)."""
    grid = layout.grid
    xs, ys = layout.trim_lines()
    c.setStrokeColor(CUT_LINE)
    c.setLineWidth(CUT_LINE_WIDTH)
    for x in xs[1:-1]:
        c.line(x * MM, grid.y * MM, x * MM, grid.top * MM)
    for y in ys[1:-1]:
        c.line(grid.x * MM, y * MM, grid.right * MM, y * MM)


def _label(
    c: PrintCanvas,
    text: str,
    fonts: FontPair,
    grid: Rect,
    page: tuple[float, float],
    margin: float,
    marks: list[Segment],
    span: tuple[float, float] | None = None,
    gap: float = MARK_GAP,
) -> None:
    """A small sheet label above the grid: above the crop marks if there is room, else
    between the two marks nearest the middle, else below the grid between the marks
    there (Letter paper), else up the left margin (bridge cards on Letter paper)."""
    places: list[tuple[float, float, float]] = []  # baseline, left and right end, in mm
    above_marks = grid.top + gap + (MARK_LENGTH if marks else 0) + 0.8
    if page[1] - margin - above_marks >= LABEL_ROOM:
        places.append((above_marks, *(span or (margin, page[0] - margin))))
    if page[1] - margin - (grid.top + gap) >= LABEL_ROOM:
        above = _between_marks(marks, page, margin, lambda m: m.y1 > grid.top)
        places.append((grid.top + gap, *above))
    if grid.y - gap - LABEL_CAPS >= margin:
        below = _between_marks(marks, page, margin, lambda m: m.y1 < grid.y)
        places.append((grid.y - gap - LABEL_CAPS, *below))
    for y, left, right in places:
        size = _label_size(text, fonts, right - left - 3)
        if size is not None:
            c.setFillColor(GREY)
            c.setFont(fonts.body.name, size)
            c.drawCentredString((left + right) / 2 * MM, y * MM, text)
            return
    _side_label(c, text, fonts, grid, margin, marks, gap)


def _label_size(text: str, fonts: FontPair, room: float) -> float | None:
    """The largest size from 6.5 pt down to 5 pt at which ``text`` fits ``room`` mm."""
    size = 6.5
    while size >= 5 and fonts.body.width(text, size) > room * MM:
        size -= 0.5
    return size if size >= 5 else None


def _side_label(
    c: PrintCanvas,
    text: str,
    fonts: FontPair,
    grid: Rect,
    margin: float,
    marks: list[Segment],
    gap: float,
) -> None:
    """The label reading up the margin left of the grid, in the longest stretch
    between the marks there."""
    stops = sorted({grid.y, grid.top} | {m.y1 for m in marks if m.y1 == m.y2 and m.x1 < grid.x})
    low, high = max(itertools.pairwise(stops), key=lambda pair: pair[1] - pair[0])
    baseline = grid.x - gap - 0.8
    size = _label_size(text, fonts, high - low - 3)
    if baseline - LABEL_CAPS < margin or size is None:
        return
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(fonts.body.name, size)
    c.translate(baseline * MM, (low + high) / 2 * MM)
    c.rotate(90)
    c.drawCentredString(0, 0, text)
    c.restoreState()


LABEL_ROOM = 2.5  # mm a label's letters need between the grid (or its marks) and the margin
LABEL_CAPS = 1.7  # mm from a label's baseline to the top of its capitals (6.5 pt)


def _between_marks(
    marks: list[Segment],
    page: tuple[float, float],
    margin: float,
    beside: Callable[[Segment], bool],
) -> tuple[float, float]:
    """The stretch between the two vertical marks nearest the middle, among ``beside``."""
    centre = page[0] / 2
    blockers = sorted({m.x1 for m in marks if m.x1 == m.x2 and beside(m)})
    left = max([x for x in blockers if x < centre - 1e-6], default=margin)
    right = min([x for x in blockers if x > centre + 1e-6], default=page[0] - margin)
    return left, right


class CardSheets:
    """Draws card sheets for one deck, one back and one layout."""

    def __init__(
        self,
        faces: dict[tuple[int, int], FrontFace],
        back: BackFace,
        fonts: FontPair,
        card: tuple[float, float],
        bleed: float,
        words: Catalogue,
        low_ink: bool = False,
        fill_spares: bool = True,
    ) -> None:
        self.low_ink = low_ink
        self.fill_spares = fill_spares  # a sheet's empty slots get blank spares (not reprints)
        self.faces = faces
        self.back = back
        self.fonts = fonts
        self.card = card
        self.bleed = bleed
        self.words = words
        self._recordings: dict[frozenset[tuple[int, int]], tuple[RecordedForm, ...]] = {}

    def _forms(
        self, c: PrintCanvas, keys: set[tuple[int, int]], fronts: bool = True, backs: bool = True
    ) -> None:
        """Each distinct face as a form placed wherever that card goes: drawn once for
        every PDF of these sheets (``recorded``) and copied into ``c``."""
        chosen = [
            form
            for form in self._recorded(frozenset(keys))
            if (backs if form.name == "back" else fronts)
        ]
        replay_forms(c, chosen)

    def _recorded(self, keys: frozenset[tuple[int, int]]) -> tuple[RecordedForm, ...]:
        """The back, the fronts of ``keys`` and the spare, drawn once on a scratch
        canvas, the back first: a PDF of backs alone then holds no front's glyphs."""
        if keys not in self._recordings:
            w, h = self.card
            b = self.bleed * MM
            box = (-b, -b, w * MM + b, h * MM + b)
            scratch = PrintCanvas(self.card, "faces", None)
            self._recordings[keys] = tuple(
                record_form(scratch, name, box, draw) for name, draw in self._drawings(keys)
            )
        return self._recordings[keys]

    def _drawings(self, keys: frozenset[tuple[int, int]]) -> list[tuple[str, Drawing]]:
        """Each form's name and what draws it: the back, the fronts of ``keys``, the spare."""
        trim = Rect(0, 0, *self.card)
        fonts, bleed, low_ink = self.fonts, self.bleed, self.low_ink
        fronts: list[tuple[str, Drawing]] = [
            (
                f"front-{i}-{rank}",
                partial(
                    draw_front,
                    rect=trim,
                    bleed=bleed,
                    face=self.faces[(i, rank)],
                    fonts=fonts,
                    low_ink=low_ink,
                ),
            )
            for i, rank in sorted(keys)
        ]
        back = partial(
            draw_back, rect=trim, bleed=bleed, back=self.back, fonts=fonts, low_ink=low_ink
        )
        label = self.words.text("spare_card")
        spare = partial(draw_spare, rect=trim, bleed=bleed, label=label, fonts=fonts)
        return [("back", back), *fronts, ("spare", spare)]

    @staticmethod
    def _place(c: PrintCanvas, form: str, card_rect: Rect) -> None:
        c.saveState()
        c.translate(card_rect.x * MM, card_rect.y * MM)
        c.doForm(form)
        c.restoreState()

    def _front_page(
        self,
        c: PrintCanvas,
        layout: SheetLayout,
        cards: Sequence[DeckCard],
        marks: bool,
        label: str,
    ) -> None:
        for slot in range(self._slots(layout.per_page, cards)):
            card = cards[slot] if slot < len(cards) else DeckCard(None)
            form = "spare" if card.key is None else f"front-{card.key[0]}-{card.key[1]}"
            self._place(c, form, layout.card_rect(slot))
        if self.low_ink:
            _cut_lines(c, layout)
        crop = layout.crop_marks() if marks else []
        _marks(c, crop)
        gap = layout.mark_style.gap
        _label(c, label, self.fonts, layout.grid, layout.paper, layout.margin, crop, gap=gap)
        c.showPage()

    def _slots(self, per_page: int, cards: Sequence[DeckCard]) -> int:
        """How many slots of a sheet get a card: all of them, blank spares filling the
        rest, except in a reprint, which prints only what was asked for."""
        return per_page if self.fill_spares else len(cards)

    def _back_page(
        self, c: PrintCanvas, layout: SheetLayout, cards: Sequence[DeckCard], label: str
    ) -> None:
        # every card gets a back, so a sheet's pairs never depend on how full it is
        for slot in range(self._slots(layout.per_page, cards)):
            self._place(c, "back", layout.back_card_rect(slot))
        gap = layout.mark_style.gap
        _label(c, label, self.fonts, layout.grid, layout.paper, layout.margin, [], gap=gap)
        c.showPage()

    def render(
        self,
        c: PrintCanvas,
        layout: SheetLayout,
        deck: Sequence[DeckCard],
        fronts: bool,
        backs: bool,
        marks: bool = True,
        progress: Progress | None = None,
    ) -> bytes:
        """Fronts and/or backs, sheet by sheet (front page then back page when both)."""
        self._forms(c, {card.key for card in deck if card.key is not None}, fronts, backs)
        sheets = layout.pages(len(deck))
        for sheet in range(sheets):
            cards = deck[sheet * layout.per_page : (sheet + 1) * layout.per_page]
            numbers = {"sheet": sheet + 1, "sheets": sheets}
            if fronts:
                self._front_page(
                    c, layout, cards, marks, self.words.text("sheet_fronts", **numbers)
                )
            if backs:
                self._back_page(c, layout, cards, self.words.text("sheet_backs", **numbers))
            if progress is not None:
                progress(len(cards))
        return c.pdf_bytes()

    def render_shop(self, c: PrintCanvas, deck: Sequence[DeckCard]) -> bytes:
        """One card per page, its front then its back, each page the card plus its bleed:
        the TrimBox says where to cut, the BleedBox how far the picture runs on."""
        w, h = self.card
        b = self.bleed
        c.setTrimBox((b * MM, b * MM, (b + w) * MM, (b + h) * MM))
        c.setBleedBox((0, 0, (w + 2 * b) * MM, (h + 2 * b) * MM))
        self._forms(c, {card.key for card in deck if card.key is not None})
        trim = Rect(b, b, w, h)
        for card in deck:
            form = "spare" if card.key is None else f"front-{card.key[0]}-{card.key[1]}"
            self._place(c, form, trim)
            c.showPage()
            self._place(c, "back", trim)
            c.showPage()
        return c.pdf_bytes()

    def render_fold(
        self,
        c: PrintCanvas,
        layout: FoldLayout,
        deck: Sequence[DeckCard],
        marks: bool = True,
        progress: Progress | None = None,
    ) -> bytes:
        """Fronts on one half, backs on the other: fold, glue, cut."""
        self._forms(c, {card.key for card in deck if card.key is not None})
        sheets = layout.pages(len(deck))
        for sheet in range(sheets):
            cards = deck[sheet * layout.per_page : (sheet + 1) * layout.per_page]
            for slot in range(self._slots(layout.per_page, cards)):
                card = cards[slot] if slot < len(cards) else DeckCard(None)
                form = "spare" if card.key is None else f"front-{card.key[0]}-{card.key[1]}"
                self._place(c, form, layout.card_rect(slot))
                self._place(c, "back", layout.back_card_rect(slot))
            crop = layout.crop_marks() if marks else []
            _marks(c, crop)
            fold = layout.fold_line()
            c.setStrokeColor(GREY)
            c.setLineWidth(0.5)
            c.setDash(3, 2)
            c.line(fold.x1 * MM, fold.y1 * MM, fold.x2 * MM, fold.y2 * MM)
            c.setDash()
            top = max(layout.card_rect(s).top for s in range(layout.per_page)) + layout.bleed
            label = self.words.text("sheet_fold", sheet=sheet + 1, sheets=sheets)
            grid = Rect(layout.margin, 0, layout.page[0] - 2 * layout.margin, top)
            _label(
                c,
                label,
                self.fonts,
                grid,
                layout.page,
                layout.margin,
                crop,
                span=(layout.margin, layout.fold_x - 2),
            )
            c.showPage()
            if progress is not None:
                progress(len(cards))
        return c.pdf_bytes()
