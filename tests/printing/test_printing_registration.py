"""Fronts and backs register for every paper, card size, gap, bleed, flip edge and offset.

Two levels: the sheet geometry (every back rectangle is the mirror of its front
plus the offset), and the kit itself (where ``CardSheets`` actually places each
front and back form in the PDF, recorded while the kit is built).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckforge.printing.cards import CardSheets
from deckforge.printing.geometry import (
    CARD_SIZES,
    MARK_EDGE,
    PAPERS,
    Duplex,
    LayoutError,
    Rect,
    SheetLayout,
    behind,
    parse_card_size,
)
from deckforge.printing.kit import KitOptions, build_kit
from deckforge.theme.loader import load_theme

TOLERANCE = 0.1  # mm


def _mirror(front: Rect, paper: tuple[float, float], duplex: Duplex, offset) -> Rect:  # type: ignore[no-untyped-def]
    """Where the back of ``front`` must be drawn, from the flip rule alone."""
    x1, y1 = behind(paper, duplex, front.x, front.y, offset)
    x2, y2 = behind(paper, duplex, front.right, front.top, offset)
    return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def _close(a: Rect, b: Rect) -> bool:
    return all(
        abs(p - q) <= TOLERANCE
        for p, q in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h), strict=True)
    )


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(list(PAPERS.values())),
    card=st.one_of(
        st.sampled_from(list(CARD_SIZES.values())),
        st.tuples(st.floats(20, 150), st.floats(20, 200)),
    ),
    gap=st.sampled_from([0.0, 2.0, 4.5, 10.0]),
    bleed=st.sampled_from([0.0, 1.5, 3.0]),
    duplex=st.sampled_from(list(Duplex)),
    offset=st.tuples(st.floats(-20, 20), st.floats(-20, 20)),
)
def test_every_back_lands_behind_its_front_within_a_tenth_of_a_millimetre(
    paper, card, gap, bleed, duplex, offset
):
    try:
        layout = SheetLayout(
            paper=paper, card=card, bleed=bleed, duplex=duplex, back_offset=offset, gap=gap
        )
    except LayoutError:
        return
    for slot in range(layout.per_page):
        front = layout.card_rect(slot)
        assert _close(layout.back_card_rect(slot), _mirror(front, paper, duplex, offset))
        # cards stay on the paper inside the margins, and never overlap
        assert Rect(0, 0, *paper).inset(layout.margin).contains(layout.cell(slot))
    for a, b in itertools.combinations(range(layout.per_page), 2):
        assert not layout.cell(a).overlaps(layout.cell(b))
        if gap:
            assert not layout.cell(a).inset(-gap / 2 + 1e-6).overlaps(layout.cell(b))


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(list(PAPERS.values())),
    card=st.one_of(
        st.sampled_from(list(CARD_SIZES.values())),
        st.tuples(st.floats(20, 150), st.floats(20, 200)),
    ),
    gap=st.sampled_from([0.0, 3.0]),
    bleed=st.sampled_from([0.0, 3.0]),
)
def test_crop_marks_stay_8_mm_from_every_paper_edge_and_off_the_cards(paper, card, gap, bleed):
    """8 mm, or the 5 mm margin where that marks more cut lines (see SheetLayout)."""
    try:
        layout = SheetLayout(paper=paper, card=card, bleed=bleed, gap=gap)
    except LayoutError:
        return
    assert layout.mark_edge in (MARK_EDGE, layout.margin)
    clear = Rect(0, 0, *paper).inset(layout.mark_edge - 1e-6)
    for mark in layout.crop_marks():
        box = Rect(
            min(mark.x1, mark.x2),
            min(mark.y1, mark.y2),
            abs(mark.x2 - mark.x1),
            abs(mark.y2 - mark.y1),
        )
        assert clear.contains(box)
        for slot in range(layout.per_page):
            assert not mark.crosses(layout.cell(slot))


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_cut_line_keeps_a_mark_where_the_paper_leaves_room(paper):
    for card in CARD_SIZES.values():
        layout = SheetLayout(paper=PAPERS[paper], card=card)
        xs, ys = layout.trim_lines()
        marks = layout.crop_marks()
        grid = layout.grid
        pw, ph = layout.paper
        # cut lines closer than the marks' edge to the paper's edge cannot have a mark
        edge = layout.mark_edge
        xs = {x for x in xs if edge <= x <= pw - edge}
        ys = {y for y in ys if edge <= y <= ph - edge}
        if pw - grid.w >= 5.0 + edge + 1.5 + 2.0:  # room for marks on one side
            assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == ys
        if ph - grid.h >= 5.0 + edge + 1.5 + 2.0:
            assert {round(m.x1, 6) for m in marks if m.x1 == m.x2} == xs


@pytest.mark.parametrize("paper", ["a4", "letter", "legal"])
def test_poker_cards_keep_a_mark_at_every_cut_line_on_a4_letter_and_legal(paper):
    """Letter leaves 7.7 mm above and below three poker cards: the marks come closer
    to the edge (5 mm) rather than leave the outer cuts and the columns unmarked."""
    layout = SheetLayout(paper=PAPERS[paper], card=CARD_SIZES["poker"])
    xs, ys = layout.trim_lines()
    marks = layout.crop_marks()
    assert {round(m.x1, 6) for m in marks if m.x1 == m.x2} == set(xs)
    assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == set(ys)
    assert layout.mark_edge == (5.0 if paper == "letter" else MARK_EDGE)


COMBINATIONS = [
    KitOptions(),
    KitOptions(
        paper="letter", card="bridge", gap=3.0, duplex=Duplex.SHORT, back_offset=(1.5, -0.5)
    ),
    KitOptions(paper="a3", card="tarot", bleed=3.0, back_offset=(-2.0, 0.7)),
    KitOptions(paper="legal", card="50x70", gap=5.0, bleed=1.5, duplex=Duplex.SHORT),
]


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: f"{o.paper}-{o.card}-{o.gap}")
def test_the_kit_places_each_back_behind_its_front(options, monkeypatch):
    placed: list[tuple[int, str, Rect]] = []
    original_place = CardSheets._place

    def place(c, form, card_rect):  # type: ignore[no-untyped-def]
        placed.append((c.getPageNumber(), form, card_rect))
        original_place(c, form, card_rect)

    monkeypatch.setattr(CardSheets, "_place", staticmethod(place))
    theme = load_theme("hanabi-classic")
    build_kit(theme, options)
    # the first render is cards.pdf: front page then back page, sheet by sheet
    pages: dict[int, list[tuple[str, Rect]]] = {}
    for number, form, rect in placed:
        if number == 1 and pages and any(n > 1 for n in pages):
            break  # cards-fronts.pdf starts again at page 1
        pages.setdefault(number, []).append((form, rect))
    paper = PAPERS[options.paper]
    card = parse_card_size(options.card or theme.print_style.card)
    cards = 0
    for number in sorted(pages):
        if number % 2 == 0:
            continue
        fronts = pages[number]
        backs = pages[number + 1]
        assert all(form == "back" for form, _ in backs)
        assert len(backs) == len(fronts)
        for (_, front), (_, back) in zip(fronts, backs, strict=True):
            assert (front.w, front.h) == card
            assert _close(back, _mirror(front, paper, options.duplex, options.back_offset))
        cards += sum(1 for form, _ in fronts if form != "spare")
    assert cards == theme.deck_size
