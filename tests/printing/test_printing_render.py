"""Rendered pages: the backs land exactly behind the fronts.

Pages are rasterised with PDFium; a back page seen through the paper is the
mirror image of the page as printed, around the flip edge.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageOps

from deckforge.printing.geometry import Duplex, SheetLayout
from deckforge.printing.kit import KitOptions, build_kit
from deckforge.theme.loader import load_theme

DPI = 100
PX = DPI / 25.4  # pixels per millimetre


def render(data: bytes, index: int) -> Image.Image:
    document = pdfium.PdfDocument(data)
    image = document[index].render(scale=DPI / 72).to_pil().convert("L")
    document.close()
    return image


def seen_from_front(back: Image.Image, duplex: Duplex) -> Image.Image:
    return ImageOps.mirror(back) if duplex is Duplex.LONG else ImageOps.flip(back)


def inked_box(image: Image.Image, share: float = 0.3) -> tuple[int, int, int, int]:
    """Bounding box of the rows and columns that are mostly ink (cards, not marks)."""
    mask = image.point(lambda v: 255 if v < 245 else 0)
    w, h = mask.size
    column_share = mask.resize((w, 1), Image.Resampling.BOX).tobytes()  # mean of each column
    row_share = mask.resize((1, h), Image.Resampling.BOX).tobytes()
    columns = [x for x, v in enumerate(column_share) if v > share * 255]
    rows = [y for y, v in enumerate(row_share) if v > share * 255]
    return columns[0], rows[0], columns[-1] + 1, rows[-1] + 1


def expected_box(layout: SheetLayout, page_height: float) -> tuple[float, float, float, float]:
    grid = layout.grid
    return (
        grid.x * PX,
        (page_height - grid.top) * PX,
        grid.right * PX,
        (page_height - grid.y) * PX,
    )


def slot_is_inked(image: Image.Image, rect, page_height: float) -> bool:  # type: ignore[no-untyped-def]
    """Ink just inside each edge of the card, at the middle of each edge."""
    pixels = image.load()
    inside = 0.8  # mm
    points = [
        (rect.x + inside, rect.y + rect.h / 2),
        (rect.right - inside, rect.y + rect.h / 2),
        (rect.x + rect.w / 2, rect.y + inside),
        (rect.x + rect.w / 2, rect.top - inside),
    ]
    return all(pixels[int(x * PX), int((page_height - y) * PX)] < 245 for x, y in points)


@pytest.mark.parametrize("duplex", list(Duplex))
def test_each_back_page_covers_exactly_the_card_areas_of_its_front_page(duplex, classic_kit):
    files = (
        classic_kit
        if duplex is Duplex.LONG
        else build_kit(load_theme("hanabi-classic"), KitOptions(duplex=duplex))
    )
    layout = SheetLayout(duplex=duplex)
    height = layout.paper[1]
    for sheet in (0, 5):  # a full sheet, and the last one (5 cards and 4 spares)
        front = render(files["cards.pdf"], 2 * sheet)
        back = seen_from_front(render(files["cards.pdf"], 2 * sheet + 1), duplex)
        cards = 9 if sheet == 0 else 5
        for slot in range(cards):
            assert slot_is_inked(front, layout.card_rect(slot), height), (sheet, slot)
            assert slot_is_inked(back, layout.card_rect(slot), height), (sheet, slot)
        if cards == 9:
            front_box, back_box = inked_box(front), inked_box(back)
            assert all(abs(a - b) <= 1 for a, b in zip(front_box, back_box, strict=True))
            assert all(
                abs(a - e) <= 1.5
                for a, e in zip(front_box, expected_box(layout, height), strict=True)
            )


def test_the_back_offset_moves_the_printed_backs_by_that_many_millimetres(classic_kit):
    plain = classic_kit
    shifted = build_kit(load_theme("hanabi-classic"), KitOptions(back_offset=(2.0, -1.0)))
    a = inked_box(render(plain["cards.pdf"], 1))
    b = inked_box(render(shifted["cards.pdf"], 1))
    # +2 mm to the right, 1 mm down (image rows grow downwards)
    assert abs((b[0] - a[0]) - 2 * PX) <= 1 and abs((b[2] - a[2]) - 2 * PX) <= 1
    assert abs((b[1] - a[1]) - 1 * PX) <= 1 and abs((b[3] - a[3]) - 1 * PX) <= 1


def test_a_poker_card_prints_at_its_true_size():
    files = build_kit(load_theme("hanabi-classic"), KitOptions(marks=False))
    box = inked_box(render(files["cards-backs.pdf"], 0))
    assert abs((box[2] - box[0]) - 189 * PX) <= 1.5  # three 63 mm cards side by side
    assert abs((box[3] - box[1]) - 264 * PX) <= 1.5  # three 88 mm cards on top of each other
