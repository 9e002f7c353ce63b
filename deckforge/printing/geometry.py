"""Sheet geometry: where each card (or token) goes on the paper. Pure numbers, no drawing.

All lengths are millimetres, with the origin at the bottom-left corner of the
page as in PDF. Slots are numbered row by row from the top-left cell. A back
page puts the back of slot ``i`` exactly behind the front of slot ``i`` for
the chosen duplex flip edge, shifted by the back offset read off the
calibration sheet.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

MM = 72 / 25.4  # points per millimetre

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "legal": (215.9, 355.6),
}
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
}
MIN_MARGIN = 5.0  # what almost every office printer can print up to
MIN_CARD = 20.0  # below this a face has no room for its rank, symbol and name
# the largest card that fits on both A4 and Letter paper with MIN_MARGIN all round
MAX_CARD = (200.0, 269.0)
MAX_BLEED = 10.0
MARK_GAP = 1.5  # crop marks start this far from the grid, so they never touch a card
MARK_LENGTH = 5.0
MARK_EDGE = 8.0  # crop marks stay this far from every paper edge: many home printers
# leave a wider unprintable band than MIN_MARGIN at the top or bottom of the sheet
MIN_MARK = 2.0  # a shorter mark is not drawn
# where the usual gap and length leave cut lines unmarked (bridge cards on Letter, 12.4 mm
# above and below three rows), marks come this close to the grid and may be this short
TIGHT_GAP = 0.5
TIGHT_MARK = 1.5
MAX_GAP = 20.0
FOLD_GAP = 4.0  # space between the fold line and the nearest card


class LayoutError(ValueError):
    """The requested paper, card size, bleed or offset cannot make a sheet."""


class Duplex(StrEnum):
    """The edge the printer flips the sheet on (portrait pages)."""

    LONG = "long"  # like a book page: the back is mirrored left to right
    SHORT = "short"  # like a wall calendar: the back is mirrored top to bottom

    @property
    def pdf_name(self) -> str:
        return "DuplexFlipLongEdge" if self is Duplex.LONG else "DuplexFlipShortEdge"


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise LayoutError(f"{what}: {text!r} is not a number of millimetres") from None
    if not math.isfinite(value):
        raise LayoutError(f"{what}: {text!r} is not a number of millimetres")
    return value


def parse_card_size(value: str) -> tuple[float, float]:
    """``poker``, ``bridge``, ``tarot`` or ``WxH`` in millimetres (e.g. ``63x88``)."""
    key = value.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = re.fullmatch(r"\s*([0-9.]+)\s*[x×]\s*([0-9.]+)\s*(mm)?\s*", key)
    if not match:
        names = ", ".join(CARD_SIZES)
        raise LayoutError(f"card size {value!r}: use {names} or WIDTHxHEIGHT in mm (e.g. 63x88)")
    width = _number(match.group(1), "card width")
    height = _number(match.group(2), "card height")
    if width < MIN_CARD or height < MIN_CARD:
        raise LayoutError(f"card size {value!r}: cards must be at least {MIN_CARD:g} mm each way")
    if width > MAX_CARD[0] or height > MAX_CARD[1]:
        raise LayoutError(
            f"card size {value!r}: a card must fit on A4 and Letter paper, "
            f"at most {MAX_CARD[0]:g} mm wide and {MAX_CARD[1]:g} mm tall"
        )
    return width, height


def parse_offset(value: str) -> tuple[float, float]:
    """``X,Y`` in millimetres, as read off the calibration sheet (e.g. ``0.5,-1``)."""
    parts = value.split(",")
    if len(parts) == 4:  # "1,5,-0,5": both numbers written with a decimal comma
        pointed = f"{parts[0].strip()}.{parts[1].strip()},{parts[2].strip()}.{parts[3].strip()}"
        raise LayoutError(
            f"back offset {value!r}: decimals take a point, not a comma; did you mean {pointed!r}?"
        )
    if len(parts) == 3:  # one of the two written with a decimal comma
        raise LayoutError(
            f"back offset {value!r}: write it as X,Y in millimetres, each with a "
            "decimal point, not a comma (e.g. 1.5,-0.5)"
        )
    if len(parts) != 2:
        raise LayoutError(f"back offset {value!r}: write it as X,Y in millimetres (e.g. 0.5,-1)")
    _refuse_decimal_comma(value)
    x, y = (_number(p.strip(), "back offset") for p in parts)
    if abs(x) > 20 or abs(y) > 20:
        raise LayoutError(f"back offset {value!r}: more than 20 mm is not a printer's drift")
    return x, y


def _refuse_decimal_comma(value: str) -> None:
    """``0,5`` is X = 0, Y = 5 mm or 0.5 mm written with a decimal comma: refused with both.

    A comma is surely the separator when either number has a point, the second a sign
    or a space stands beside the comma; two whole numbers written ``A,B`` are ambiguous
    unless both readings are the same (``0,0``).
    """
    whole = re.fullmatch(r"\s*([+-]?\d+),(\d+)\s*", value)
    if whole is None or int(whole[1]) == int(whole[2]) == 0:
        return
    first, second = whole[1], whole[2]
    decimal = f"{first}.{second}"
    raise LayoutError(
        f"back offset {value!r} can be read two ways: X = {first} mm and Y = {second} mm "
        f"(write {first},{second}.0), or {decimal} mm written with a decimal comma "
        f"(write {decimal},0 for X or 0,{decimal} for Y)"
    )


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in millimetres."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: Rect, tolerance: float = 1e-9) -> bool:
        """True when the interiors share some area (touching edges do not count)."""
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.top - tolerance
            and other.y < self.top - tolerance
        )

    def contains(self, other: Rect, tolerance: float = 1e-9) -> bool:
        return (
            self.x <= other.x + tolerance
            and self.y <= other.y + tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2), in millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float

    def crosses(self, rect: Rect, tolerance: float = 1e-9) -> bool:
        """True when the segment enters the rectangle's interior (axis-aligned segments)."""
        box = Rect(
            min(self.x1, self.x2),
            min(self.y1, self.y2),
            abs(self.x2 - self.x1),
            abs(self.y2 - self.y1),
        )
        if box.w == 0:
            return (
                rect.x + tolerance < box.x < rect.right - tolerance
                and box.y < rect.top - tolerance
                and rect.y < box.top - tolerance
            )
        if box.h == 0:
            return (
                rect.y + tolerance < box.y < rect.top - tolerance
                and box.x < rect.right - tolerance
                and rect.x < box.right - tolerance
            )
        return box.overlaps(rect, tolerance)


def behind(
    paper: tuple[float, float],
    duplex: Duplex,
    x: float,
    y: float,
    offset: tuple[float, float] = (0.0, 0.0),
) -> tuple[float, float]:
    """The point of the back page that lands behind front point (x, y), plus the back offset."""
    pw, ph = paper
    bx, by = (pw - x, y) if duplex is Duplex.LONG else (x, ph - y)
    return bx + offset[0], by + offset[1]


@dataclass(frozen=True)
class MarkStyle:
    """Where crop marks go: ``edge`` mm from the paper's edge at least, ``gap`` mm from
    the grid, none shorter than ``shortest`` mm."""

    edge: float = MARK_EDGE
    gap: float = MARK_GAP
    shortest: float = MIN_MARK


def _mark_styles(margin: float) -> tuple[MarkStyle, ...]:
    """Where crop marks may go, best first: 8 mm from the paper's edge, the margin, then
    the margin with marks closer to the cards and shorter."""
    return (
        MarkStyle(max(margin, MARK_EDGE)),
        MarkStyle(margin),
        MarkStyle(margin, TIGHT_GAP, TIGHT_MARK),
    )


def _grid_start(length: float, used: float, margin: float, style: MarkStyle) -> float:
    """Where a grid of ``used`` mm starts along a side of ``length`` mm (see SheetLayout),
    crop marks placed as ``style`` says."""
    centred = (length - used) / 2
    if centred - style.gap - style.edge >= style.shortest - 1e-9:
        return centred
    wanted = style.edge + style.gap + style.shortest  # room for marks on the low side only
    if length - used - wanted >= margin - 1e-9:
        return wanted
    return centred


def _marks_around(
    grid: Rect, page: tuple[float, float], style: MarkStyle, xs: list[float], ys: list[float]
) -> list[Segment]:
    """Short marks outside ``grid`` at every cut line, placed as ``style`` says: a side
    without room for the shortest mark gets none."""
    pw, ph = page
    edge, gap, end_gap = style.edge, style.gap, style.gap + MARK_LENGTH
    below = (grid.y - gap, max(edge, grid.y - end_gap))
    above = (grid.top + gap, min(ph - edge, grid.top + end_gap))
    left = (grid.x - gap, max(edge, grid.x - end_gap))
    right = (grid.right + gap, min(pw - edge, grid.right + end_gap))
    xs = [x for x in xs if edge - 1e-9 <= x <= pw - edge + 1e-9]
    ys = [y for y in ys if edge - 1e-9 <= y <= ph - edge + 1e-9]
    marks: list[Segment] = []
    for start, end in (below, above):
        if abs(end - start) >= style.shortest - 1e-9 and (start < end) == (start > grid.y):
            marks += [Segment(x, start, x, end) for x in xs]
    for start, end in (left, right):
        if abs(end - start) >= style.shortest - 1e-9 and (start < end) == (start > grid.x):
            marks += [Segment(start, y, end, y) for y in ys]
    return marks


def _marked_lines(marks: list[Segment]) -> int:
    """How many distinct cut lines have at least one mark."""
    vertical = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
    horizontal = {round(m.y1, 6) for m in marks if m.y1 == m.y2}
    return len(vertical) + len(horizontal)


def _fit(length: float, cell: float) -> int:
    return max(0, math.floor((length + 1e-9) / cell))


@dataclass(frozen=True)
class SheetLayout:
    """A grid of equal cells on a page, with fronts and mirrored backs.

    A cell is the card plus its bleed on every side. Cells touch, so one cut
    along each trim line separates two cards when there is no bleed, unless
    ``gap`` leaves that much paper between neighbouring cells (for guillotines).
    The grid is centred, except where centring would leave no room for crop marks
    ``MARK_EDGE`` from the paper's edge and moving it would: then it moves left
    (or down) just enough, so each cut line keeps a mark on one side. Where even
    that leaves cut lines unmarked (Letter paper: 7.7 mm above and below three
    poker cards), the marks come as close as the margin, MIN_MARGIN from the edge,
    and where even that does (12.4 mm above and below three rows of bridge cards),
    they start TIGHT_GAP from the grid and may be as short as TIGHT_MARK.
    """

    paper: tuple[float, float] = PAPERS["a4"]
    card: tuple[float, float] = CARD_SIZES["poker"]
    bleed: float = 0.0
    margin: float = MIN_MARGIN
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    max_rows: int | None = None  # fewer rows than fit, e.g. for a short token sheet
    gap: float = 0.0  # paper between neighbouring cells, in millimetres
    rtl: bool = False  # slots fill each row from the right (a right-to-left deck)

    def __post_init__(self) -> None:
        if self.margin < MIN_MARGIN:
            raise LayoutError(
                f"margin {self.margin:g} mm: printers need at least {MIN_MARGIN:g} mm"
            )
        if not 0 <= self.bleed <= MAX_BLEED:
            raise LayoutError(f"bleed {self.bleed:g} mm: use 0 to {MAX_BLEED:g} mm")
        if not 0 <= self.gap <= MAX_GAP:
            raise LayoutError(f"gap {self.gap:g} mm: use 0 to {MAX_GAP:g} mm")
        if self.columns == 0 or self.rows == 0:
            w, h = self.card
            pw, ph = self.paper
            raise LayoutError(
                f"a {w:g}x{h:g} mm card with {self.bleed:g} mm bleed does not fit on "
                f"{pw:g}x{ph:g} mm paper with {self.margin:g} mm margins"
            )

    @property
    def cell_size(self) -> tuple[float, float]:
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def columns(self) -> int:
        return _fit(self.paper[0] - 2 * self.margin + self.gap, self.cell_size[0] + self.gap)

    @property
    def rows(self) -> int:
        fit = _fit(self.paper[1] - 2 * self.margin + self.gap, self.cell_size[1] + self.gap)
        return fit if self.max_rows is None else min(fit, self.max_rows)

    @property
    def pitch(self) -> tuple[float, float]:
        """From one cell to the next, across and down."""
        return self.cell_size[0] + self.gap, self.cell_size[1] + self.gap

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @cached_property
    def mark_style(self) -> MarkStyle:
        """How crop marks are placed: MARK_EDGE from the paper's edge, unless the margin
        marks more cut lines, or the margin with marks closer to the grid and shorter
        (see the class)."""
        preferred, *others = _mark_styles(self.margin)
        best = preferred
        for style in others:
            if _marked_lines(self._marks_at(style)) > _marked_lines(self._marks_at(best)):
                best = style
        return best

    @property
    def mark_edge(self) -> float:
        """How close crop marks come to the paper's edge."""
        return self.mark_style.edge

    @property
    def grid(self) -> Rect:
        """The area covered by the cells (see the class for where it sits)."""
        return self._grid_at(self.mark_style)

    def _grid_at(self, style: MarkStyle) -> Rect:
        w = self.columns * self.pitch[0] - self.gap
        h = self.rows * self.pitch[1] - self.gap
        return Rect(
            _grid_start(self.paper[0], w, self.margin, style),
            _grid_start(self.paper[1], h, self.margin, style),
            w,
            h,
        )

    def _marks_at(self, style: MarkStyle) -> list[Segment]:
        """The crop marks of the grid placed for marks as ``style`` says."""
        grid = self._grid_at(style)
        xs, ys = self._trim_lines_of(grid)
        return _marks_around(grid, self.paper, style, xs, ys)

    def _trim_lines_of(self, grid: Rect) -> tuple[list[float], list[float]]:
        across, down = self.pitch
        w, h = self.card
        b = self.bleed
        xs = [grid.x + c * across + b + d for c in range(self.columns) for d in (0, w)]
        ys = [grid.top - r * down - b - d for r in range(self.rows) for d in (0, h)]
        return sorted(set(round(x, 6) for x in xs)), sorted(set(round(y, 6) for y in ys))

    def pages(self, cards: int) -> int:
        """Sheets needed for ``cards`` cards (each sheet: one front and one back page)."""
        return max(1, math.ceil(cards / self.per_page))

    def cell(self, slot: int) -> Rect:
        """Front cell (card plus bleed) of ``slot``."""
        if not 0 <= slot < self.per_page:
            raise IndexError(f"slot {slot} outside a {self.columns}x{self.rows} grid")
        row, column = divmod(slot, self.columns)
        if self.rtl:  # read like the deck's language: the first card top right
            column = self.columns - 1 - column
        w, h = self.cell_size
        across, down = self.pitch
        grid = self.grid
        return Rect(grid.x + column * across, grid.top - row * down - h, w, h)

    def card_rect(self, slot: int) -> Rect:
        """Front trim rectangle of ``slot`` (where it is cut)."""
        return self.cell(slot).inset(self.bleed)

    def back_cell(self, slot: int) -> Rect:
        """Where the back of ``slot`` is drawn on the back page, so it lands behind its front."""
        front = self.cell(slot)
        pw, ph = self.paper
        if self.duplex is Duplex.LONG:
            mirrored = Rect(pw - front.right, front.y, front.w, front.h)
        else:
            mirrored = Rect(front.x, ph - front.top, front.w, front.h)
        return mirrored.moved(*self.back_offset)

    def back_card_rect(self, slot: int) -> Rect:
        return self.back_cell(slot).inset(self.bleed)

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and the y positions of horizontal cuts."""
        xs: list[float] = []
        ys: list[float] = []
        for slot in range(self.per_page):
            r = self.card_rect(slot)
            xs += [r.x, r.right]
            ys += [r.y, r.top]
        return sorted(set(round(x, 6) for x in xs)), sorted(set(round(y, 6) for y in ys))

    def crop_marks(self) -> list[Segment]:
        """Short cut guides in the margins only: never across a card, never off the page."""
        return self._marks_at(self.mark_style)


@dataclass(frozen=True)
class FoldLayout:
    """Fold-and-glue sheets: fronts on one half, backs mirrored on the other half.

    The sheet is folded along the vertical line through its middle; each back
    then lies behind its front. The orientation (portrait or landscape) that
    holds more cards is chosen.
    """

    paper: tuple[float, float] = PAPERS["a4"]
    card: tuple[float, float] = CARD_SIZES["poker"]
    bleed: float = 0.0
    margin: float = MIN_MARGIN

    def __post_init__(self) -> None:
        if self.margin < MIN_MARGIN:
            raise LayoutError(
                f"margin {self.margin:g} mm: printers need at least {MIN_MARGIN:g} mm"
            )
        if self.per_page == 0:
            w, h = self.card
            raise LayoutError(f"a {w:g}x{h:g} mm card does not fit on half a sheet for folding")

    def _counts(self, page: tuple[float, float]) -> tuple[int, int]:
        cw, ch = self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed
        half = page[0] / 2 - self.margin - FOLD_GAP
        return _fit(half, cw), _fit(page[1] - 2 * self.margin, ch)

    @property
    def page(self) -> tuple[float, float]:
        portrait = (min(self.paper), max(self.paper))
        landscape = (max(self.paper), min(self.paper))
        cp, rp = self._counts(portrait)
        cl, rl = self._counts(landscape)
        return landscape if cl * rl > cp * rp else portrait

    @property
    def columns(self) -> int:
        """Columns of fronts (the backs have as many)."""
        return self._counts(self.page)[0]

    @property
    def rows(self) -> int:
        return self._counts(self.page)[1]

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def fold_x(self) -> float:
        return self.page[0] / 2

    def pages(self, cards: int) -> int:
        return max(1, math.ceil(cards / self.per_page))

    def cell(self, slot: int) -> Rect:
        if not 0 <= slot < self.per_page:
            raise IndexError(f"slot {slot} outside a {self.columns}x{self.rows} grid")
        row, column = divmod(slot, self.columns)
        cw, ch = self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed
        ph = self.page[1]
        grid_h = self.rows * ch
        top = (ph + grid_h) / 2
        # fronts sit against the fold gap so that the fold edge is cut away cleanly
        right = self.fold_x - FOLD_GAP
        return Rect(right - (self.columns - column) * cw, top - (row + 1) * ch, cw, ch)

    def card_rect(self, slot: int) -> Rect:
        return self.cell(slot).inset(self.bleed)

    def back_cell(self, slot: int) -> Rect:
        front = self.cell(slot)
        return Rect(2 * self.fold_x - front.right, front.y, front.w, front.h)

    def back_card_rect(self, slot: int) -> Rect:
        return self.back_cell(slot).inset(self.bleed)

    def fold_line(self) -> Segment:
        return Segment(self.fold_x, self.margin, self.fold_x, self.page[1] - self.margin)

    def crop_marks(self) -> list[Segment]:
        """Cut guides above and below each column and beside each row, in the margins."""
        pw, ph = self.page
        cells = [self.card_rect(s) for s in range(self.per_page)]
        cells += [self.back_card_rect(s) for s in range(self.per_page)]
        xs = sorted({round(v, 6) for r in cells for v in (r.x, r.right)})
        ys = sorted({round(v, 6) for r in cells for v in (r.y, r.top)})
        bottom = min(r.y for r in cells) - self.bleed
        top = max(r.top for r in cells) + self.bleed
        left = min(r.x for r in cells) - self.bleed
        right = max(r.right for r in cells) + self.bleed
        around = Rect(left, bottom, right - left, top - bottom)
        best: list[Segment] = []
        for style in _mark_styles(self.margin):  # as for SheetLayout.mark_style
            marks = _marks_around(around, (pw, ph), style, xs, ys)
            if _marked_lines(marks) > _marked_lines(best):
                best = marks
        return best
