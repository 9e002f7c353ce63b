"""Sheet geometry, checked with numbers (millimetres)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckforge.printing.geometry import (
    MARK_GAP,
    Duplex,
    FoldLayout,
    LayoutError,
    Rect,
    SheetLayout,
    behind,
    parse_card_size,
    parse_offset,
)


def approx_rect(r: Rect) -> tuple[float, ...]:
    return tuple(round(v, 6) for v in (r.x, r.y, r.w, r.h))


def test_poker_cards_on_a4_make_a_three_by_three_grid_with_room_for_marks():
    layout = SheetLayout()
    assert (layout.columns, layout.rows, layout.per_page) == (3, 3, 9)
    # 3 x 63 = 189 mm wide, 3 x 88 = 264 mm tall on 210 x 297: centred from top to
    # bottom; across, centring would leave 10.5 mm a side, too little for marks 8 mm
    # from the edge, so the grid sits 11.5 mm from the left edge (9.5 from the right)
    assert approx_rect(layout.grid) == (11.5, 16.5, 189.0, 264.0)
    assert approx_rect(layout.card_rect(0)) == (11.5, 192.5, 63.0, 88.0)  # top left
    assert approx_rect(layout.card_rect(4)) == (74.5, 104.5, 63.0, 88.0)  # centre
    assert approx_rect(layout.card_rect(8)) == (137.5, 16.5, 63.0, 88.0)  # bottom right


def test_fifty_cards_need_six_sheets_of_nine():
    assert SheetLayout().pages(50) == 6
    assert SheetLayout().pages(45) == 5
    assert SheetLayout().pages(60) == 7


def test_letter_paper_and_other_card_sizes_fit_as_many_as_possible():
    letter = SheetLayout(paper=(215.9, 279.4))
    assert (letter.columns, letter.rows) == (3, 3)
    tarot = SheetLayout(card=parse_card_size("tarot"))
    assert (tarot.columns, tarot.rows) == (2, 2)
    bridge = SheetLayout(card=parse_card_size("bridge"))
    assert (bridge.columns, bridge.rows) == (3, 3)
    small = SheetLayout(card=parse_card_size("40x50"))
    assert (small.columns, small.rows) == (5, 5)


def test_long_edge_backs_are_mirrored_left_to_right():
    layout = SheetLayout(duplex=Duplex.LONG)
    # slot 0 (top left) has its back at the top right, as far from the right edge as
    # its front is from the left edge
    for slot in range(layout.per_page):
        front, back = layout.card_rect(slot), layout.back_card_rect(slot)
        assert round(back.x, 6) == round(layout.paper[0] - front.right, 6)
        assert (round(back.y, 6), back.w, back.h) == (round(front.y, 6), front.w, front.h)
    assert approx_rect(layout.back_card_rect(0))[1] == approx_rect(layout.card_rect(2))[1]


def test_short_edge_backs_are_mirrored_top_to_bottom():
    layout = SheetLayout(duplex=Duplex.SHORT)
    assert approx_rect(layout.back_card_rect(0)) == approx_rect(layout.card_rect(6))
    assert approx_rect(layout.back_card_rect(2)) == approx_rect(layout.card_rect(8))
    assert approx_rect(layout.back_card_rect(4)) == approx_rect(layout.card_rect(4))


@settings(max_examples=60, deadline=None)
@given(
    paper=st.sampled_from([(210.0, 297.0), (215.9, 279.4)]),
    width=st.floats(25, 120),
    height=st.floats(25, 150),
    bleed=st.sampled_from([0.0, 1.5, 3.0]),
    duplex=st.sampled_from(list(Duplex)),
)
def test_every_back_lands_behind_its_front(paper, width, height, bleed, duplex):
    try:
        layout = SheetLayout(paper=paper, card=(width, height), bleed=bleed, duplex=duplex)
    except LayoutError:
        return
    for slot in range(layout.per_page):
        front = layout.card_rect(slot)
        back = layout.back_card_rect(slot)
        # a point of the front and the point of the back behind it, for the flip edge
        for fx, fy in ((front.x, front.y), (front.right, front.top)):
            bx, by = behind(paper, duplex, fx, fy)
            corners = {
                (round(back.x, 6), round(back.y, 6)),
                (round(back.right, 6), round(back.top, 6)),
                (round(back.x, 6), round(back.top, 6)),
                (round(back.right, 6), round(back.y, 6)),
            }
            assert (round(bx, 6), round(by, 6)) in corners


def test_the_back_offset_shifts_every_back_by_exactly_that_much():
    plain = SheetLayout()
    shifted = SheetLayout(back_offset=(1.5, -0.75))
    for slot in range(plain.per_page):
        a, b = plain.back_card_rect(slot), shifted.back_card_rect(slot)
        assert (round(b.x - a.x, 9), round(b.y - a.y, 9)) == (1.5, -0.75)
        assert approx_rect(plain.card_rect(slot)) == approx_rect(shifted.card_rect(slot))


def test_bleed_grows_each_cell_but_keeps_the_trimmed_card_size():
    layout = SheetLayout(bleed=3)
    assert layout.cell_size == (69.0, 94.0)
    assert (layout.columns, layout.rows) == (2, 3)  # 3 x 69 = 207 > 200 mm of printable width
    cell, card = layout.cell(0), layout.card_rect(0)
    assert approx_rect(card) == approx_rect(cell.inset(3))
    assert (card.w, card.h) == (63.0, 88.0)


def test_margins_are_never_below_five_millimetres():
    for paper in ((210.0, 297.0), (215.9, 279.4)):
        for card in ((63.0, 88.0), (57.0, 89.0), (70.0, 120.0), (30.0, 30.0), (95.0, 140.0)):
            layout = SheetLayout(paper=paper, card=card, bleed=2)
            grid = layout.grid
            assert grid.x >= 5 and grid.y >= 5
            assert paper[0] - grid.right >= 5 and paper[1] - grid.top >= 5
    with pytest.raises(LayoutError, match="at least 5 mm"):
        SheetLayout(margin=3)


def test_crop_marks_stay_in_the_margins_and_never_cross_a_card():
    for bleed in (0.0, 3.0):
        layout = SheetLayout(bleed=bleed)
        marks = layout.crop_marks()
        assert marks
        page = Rect(0, 0, *layout.paper)
        printable = page.inset(layout.margin)
        for mark in marks:
            for slot in range(layout.per_page):
                assert not mark.crosses(layout.cell(slot))
            box = Rect(
                min(mark.x1, mark.x2),
                min(mark.y1, mark.y2),
                abs(mark.x2 - mark.x1),
                abs(mark.y2 - mark.y1),
            )
            assert printable.contains(box)
            assert not box.overlaps(layout.grid.inset(-MARK_GAP + 1e-6))


def test_crop_marks_line_up_with_every_trim_line():
    layout = SheetLayout()
    xs, ys = layout.trim_lines()
    assert xs == [11.5, 74.5, 137.5, 200.5]
    assert ys == [16.5, 104.5, 192.5, 280.5]
    vertical = {round(m.x1, 6) for m in layout.crop_marks() if m.x1 == m.x2}
    horizontal = {round(m.y1, 6) for m in layout.crop_marks() if m.y1 == m.y2}
    assert vertical == set(xs) and horizontal == set(ys)


def test_a_card_too_big_for_the_paper_is_refused_with_its_sizes():
    with pytest.raises(LayoutError, match=r"300x300 mm card .* does not fit on 210x297"):
        SheetLayout(card=(300, 300))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("poker", (63, 88)),
        ("Bridge", (57, 89)),
        ("tarot", (70, 120)),
        ("63x88", (63, 88)),
        ("59.5 x 91", (59.5, 91)),
    ],
)
def test_card_sizes_are_read_by_name_or_as_width_by_height(text, expected):
    assert parse_card_size(text) == expected


@pytest.mark.parametrize("text", ["huge", "63", "63x", "x88", "10x10", "63x88x2", "nanxnan"])
def test_unreadable_card_sizes_are_refused(text):
    with pytest.raises(LayoutError):
        parse_card_size(text)


def test_back_offsets_are_read_as_x_comma_y():
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    assert parse_offset(" 0 , 2 ") == (0.0, 2.0)
    for bad in ("1", "a,b", "1,2,3", "30,0"):
        with pytest.raises(LayoutError):
            parse_offset(bad)


def test_fold_layout_puts_each_back_mirror_wise_across_the_fold():
    layout = FoldLayout()
    assert layout.page == (297.0, 210.0)  # landscape holds 4 poker cards, portrait only 3
    assert (layout.columns, layout.rows) == (2, 2)
    for slot in range(layout.per_page):
        front, back = layout.card_rect(slot), layout.back_card_rect(slot)
        assert front.right <= layout.fold_x - 4 + 1e-9
        assert back.x >= layout.fold_x + 4 - 1e-9
        assert round(layout.fold_x - front.right, 6) == round(back.x - layout.fold_x, 6)
        assert front.y == back.y
    for mark in layout.crop_marks():
        for slot in range(layout.per_page):
            assert not mark.crosses(layout.cell(slot))
            assert not mark.crosses(layout.back_cell(slot))
