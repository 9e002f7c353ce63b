"""Right-to-left decks fill each row of a sheet from the right, as their language reads,
and every back still lands behind its front (issue #23 point 1)."""

from __future__ import annotations

import pytest

from deckforge.printing.cards import CardSheets
from deckforge.printing.geometry import PAPERS, Duplex, Rect, SheetLayout, behind
from deckforge.printing.kit import KitOptions, build_kit
from deckforge.theme.loader import load_theme


@pytest.mark.parametrize("duplex", list(Duplex))
def test_a_right_to_left_layout_starts_top_right_and_keeps_backs_registered(duplex):
    layout = SheetLayout(rtl=True, duplex=duplex, back_offset=(0.7, -0.4))
    plain = SheetLayout(duplex=duplex, back_offset=(0.7, -0.4))
    first = layout.card_rect(0)
    assert first.right == max(layout.card_rect(s).right for s in range(layout.per_page))
    assert first.top == plain.card_rect(0).top
    assert {layout.card_rect(s) for s in range(layout.per_page)} == {
        plain.card_rect(s) for s in range(plain.per_page)
    }
    for slot in range(layout.per_page):
        front, back = layout.card_rect(slot), layout.back_card_rect(slot)
        corner = (front.right, front.y) if duplex is Duplex.LONG else (front.x, front.top)
        x, y = behind(layout.paper, duplex, *corner, (0.7, -0.4))
        assert (back.x, back.y) == pytest.approx((x, y))


def test_the_arabic_kit_places_its_first_card_top_right(monkeypatch):
    placed: list[tuple[int, str, Rect]] = []
    original = CardSheets._place

    def place(c, form, rect):  # type: ignore[no-untyped-def]
        placed.append((c.getPageNumber(), form, rect))
        original(c, form, rect)

    monkeypatch.setattr(CardSheets, "_place", staticmethod(place))
    build_kit(load_theme("arabic-words"), KitOptions(only="fruit:1-3"))
    fronts = [rect for page, form, rect in placed if page == 1 and form.startswith("front")]
    assert fronts[0].x > fronts[1].x > fronts[2].x  # right to left along the top row
    assert fronts[0].right > PAPERS["a4"][0] / 2 + 63  # in the right-hand column


def test_the_arabic_rating_table_sits_on_the_right_like_its_heading():
    import pypdfium2 as pdfium

    files = build_kit(load_theme("arabic-words"))
    page = pdfium.PdfDocument(files["rules.pdf"])[1]
    text = page.get_textpage()
    width = page.get_width()
    digits = [
        text.get_charbox(i)[0]
        for i in range(text.count_chars())
        if text.get_text_range(i, 1).isdigit()
    ]
    assert digits and min(digits) > width / 2  # the scores' column: right half
