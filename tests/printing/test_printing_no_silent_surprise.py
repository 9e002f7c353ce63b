"""Issue #23 point 4: Letter sheets keep their labels and marks, low-ink cuts show,
an ambiguous decimal-comma offset is refused (and the print page reads one field alike)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.printing.geometry import (
    CARD_SIZES,
    MARK_GAP,
    MIN_MARK,
    MM,
    PAPERS,
    FoldLayout,
    LayoutError,
    SheetLayout,
    parse_offset,
)
from deckforge.printing.kit import Ink, KitOptions, build_kit
from deckforge.printing.options import kit_options
from deckforge.theme.loader import load_theme

FESTIVAL = "interfaith-festival"


@pytest.fixture(scope="module")
def festival():
    return load_theme(FESTIVAL)


@pytest.mark.parametrize("paper", ["letter", "legal"])
def test_letter_and_legal_sheets_carry_their_label_on_both_sides(festival, paper):
    files = build_kit(festival, KitOptions(paper=paper, only="islam, judaisme, christianisme"))
    document = pdfium.PdfDocument(files["cards.pdf"])
    sheets = len(document) // 2
    for number in range(sheets):
        front = document[2 * number].get_textpage().get_text_range()
        back = document[2 * number + 1].get_textpage().get_text_range()
        assert f"feuille {number + 1} sur {sheets} · recto" in front
        assert f"feuille {number + 1} sur {sheets} · verso" in back


def test_the_letter_label_sits_on_the_paper_between_the_margin_and_the_cards(festival):
    files = build_kit(festival, KitOptions(paper="letter", only="islam:1-5"))
    page = pdfium.PdfDocument(files["cards.pdf"])[0]
    text = page.get_textpage()
    found = text.search("feuille 1 sur 1").get_next()
    assert found is not None
    _, bottom, _, top = text.get_charbox(found[0])
    grid = SheetLayout(paper=(215.9, 279.4)).grid
    assert bottom >= 5 * MM and top <= grid.y * MM  # below the cards, inside the margin


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", list(CARD_SIZES))
@pytest.mark.parametrize(("bleed", "gap"), [(0.0, 0.0), (3.0, 0.0), (0.0, 3.0)])
def test_every_cut_line_has_a_mark_for_every_paper_and_card(paper, card, bleed, gap):
    """Bridge cards on Letter leave 12.4 mm above and below three rows: with marks
    5 mm from the edge, 1.5 mm from the cards and at least 2 mm long, the four column
    cuts had none; there the marks come closer to the cards and may be shorter."""
    layout = SheetLayout(paper=PAPERS[paper], card=CARD_SIZES[card], bleed=bleed, gap=gap)
    xs, ys = layout.trim_lines()
    marks = layout.crop_marks()
    assert {round(m.x1, 6) for m in marks if m.x1 == m.x2} == set(xs)
    assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == set(ys)
    tight = (paper, card, bleed, gap) in {
        ("letter", "bridge", 0.0, 0.0),
        ("a4", "bridge", 3.0, 0.0),
        ("a3", "bridge", 0.0, 0.0),
    }
    assert (layout.mark_style.gap < MARK_GAP) == tight
    for mark in marks:
        assert abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) >= layout.mark_style.shortest - 1e-9
        assert not any(mark.crosses(layout.cell(slot)) for slot in range(layout.per_page))
    assert layout.mark_style.shortest >= 0.75 * MIN_MARK


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", list(CARD_SIZES))
def test_every_cut_line_of_a_fold_sheet_has_a_mark(paper, card):
    """Poker cards folded on Letter left three row cuts unmarked (8 mm from the edge)."""
    layout = FoldLayout(paper=PAPERS[paper], card=CARD_SIZES[card])
    cells = [layout.card_rect(s) for s in range(layout.per_page)]
    cells += [layout.back_card_rect(s) for s in range(layout.per_page)]
    marks = layout.crop_marks()
    assert {round(m.x1, 6) for m in marks if m.x1 == m.x2} == {
        round(v, 6) for r in cells for v in (r.x, r.right)
    }
    assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == {
        round(v, 6) for r in cells for v in (r.y, r.top)
    }


@pytest.mark.parametrize(
    "options",
    [
        KitOptions(paper="letter", card="bridge", ink=Ink.LOW),
        KitOptions(paper="letter", card="bridge"),
        KitOptions(paper="a4", card="poker", bleed=3.0),
        KitOptions(paper="a4", card="bridge", bleed=3.0, ink=Ink.LOW),
    ],
    ids=lambda o: f"{o.paper}-{o.card}-bleed{o.bleed:g}-{o.ink}",
)
def test_every_sheet_is_labelled_where_the_top_and_bottom_have_no_room(festival, options):
    """Bridge cards on Letter: no room above or below the grid, the label reads up the
    left margin; A4 with 3 mm bleed: below the grid the marks leave it 3 mm, likewise."""
    files = build_kit(festival, options)
    document = pdfium.PdfDocument(files["cards.pdf"])
    sheets = len(document) // 2
    for number in range(sheets):
        front = document[2 * number].get_textpage().get_text_range()
        back = document[2 * number + 1].get_textpage().get_text_range()
        assert f"feuille {number + 1} sur {sheets} · recto" in front
        assert f"feuille {number + 1} sur {sheets} · verso" in back


def test_low_ink_cuts_between_cards_can_be_seen_in_grey(festival):
    dpi = 100
    files = build_kit(festival, KitOptions(ink=Ink.LOW))
    image = (
        pdfium.PdfDocument(files["cards-fronts.pdf"])[0]
        .render(scale=dpi / 72, grayscale=True)
        .to_pil()
        .convert("L")
    )
    layout = SheetLayout()
    xs, ys = layout.trim_lines()
    px = round(xs[1] * dpi / 25.4)  # the cut between the first two columns
    middle_row = (ys[1] + ys[2]) / 2
    py = round(image.height - middle_row * dpi / 25.4)
    darkest = min(image.getpixel((x, py)) for x in range(px - 1, px + 2))
    assert darkest < 225  # paper is 255; the card faces' frames are inset from the cut


@pytest.mark.parametrize("value", ["0,5", "1,5", "-2,25"])
def test_a_single_decimal_comma_offset_is_refused_with_both_readings(value):
    with pytest.raises(LayoutError) as caught:
        parse_offset(value)
    first, second = value.split(",")
    message = str(caught.value)
    assert f"X = {first} mm and Y = {second} mm (write {first},{second}.0)" in message
    assert f"{first}.{second} mm" in message
    assert f"write {first}.{second},0 for X or 0,{first}.{second} for Y" in message


def test_the_cli_refuses_0_comma_5_and_the_print_page_reads_one_field_as_half_a_mm(tmp_path):
    result = CliRunner().invoke(
        main, ["print", FESTIVAL, "-o", str(tmp_path / "k"), "--back-offset", "0,5"]
    )
    assert result.exit_code == 2
    assert "can be read two ways" in result.output and "0,5.0" in result.output
    assert not (tmp_path / "k").exists()
    # each way of writing it on the command line is what the page reads from its fields
    assert parse_offset("0.5,0") == kit_options(offset_x="0,5", offset_y="0").back_offset
    assert parse_offset("0,5.0") == kit_options(offset_x="0", offset_y="5").back_offset
    assert parse_offset("0,0") == (0.0, 0.0) and parse_offset("1,-1") == (1.0, -1.0)
