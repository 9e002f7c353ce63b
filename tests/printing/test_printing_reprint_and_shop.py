"""--only reprints chosen cards (backs registered), --shop writes one card per page with
TrimBox and BleedBox, --paper a3 and legal."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.printing.cards import CardSheets, DeckCard, PrintError
from deckforge.printing.geometry import MM, PAPERS, Rect, behind
from deckforge.printing.kit import KitOptions, build_kit, kit_files
from deckforge.printing.selection import select_cards
from deckforge.theme.loader import load_theme

FESTIVAL = "interfaith-festival"


@pytest.fixture(scope="module")
def festival():
    return load_theme(FESTIVAL)


def test_cards_are_chosen_by_suit_id_or_name_rank_range_and_copies(festival):
    islam = next(i for i, s in enumerate(festival.suits) if s.id == "islam")
    judaism = next(i for i, s in enumerate(festival.suits) if s.id == "judaisme")
    chosen = select_cards(festival, "islam:3, Judaïsme:1-2x2, spares:2")
    assert chosen == [
        DeckCard((islam, 3)),
        DeckCard((judaism, 1)),
        DeckCard((judaism, 1)),
        DeckCard((judaism, 2)),
        DeckCard((judaism, 2)),
        DeckCard(None),
        DeckCard(None),
    ]
    whole = select_cards(festival, "ISLAM")
    assert len(whole) == festival.suits[islam].size  # a whole suit: the deck's copies


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one card"),
        ("nowhere:3", "no suit 'nowhere'"),
        ("islam:0", "ranks 1 to 5"),
        ("islam:4-2", "ranks 1 to 5"),
        ("islam:3x0", "from 1 to 100 copies"),
        ("spares:1000", "spares:N"),
        ("islam:three", "SUIT:RANK"),
    ],
)
def test_unreadable_choices_are_refused_with_the_item(festival, text, message):
    with pytest.raises(PrintError, match=message):
        select_cards(festival, text)


def test_only_prints_the_chosen_cards_with_their_backs_registered(festival, monkeypatch):
    placed: list[tuple[int, str, Rect]] = []
    original = CardSheets._place

    def place(c, form, rect):  # type: ignore[no-untyped-def]
        placed.append((c.getPageNumber(), form, rect))
        original(c, form, rect)

    monkeypatch.setattr(CardSheets, "_place", staticmethod(place))
    options = KitOptions(only="islam:3, bouddhisme:5", paper="letter", back_offset=(1.0, -0.5))
    files = build_kit(festival, options)
    assert sorted(files) == sorted(kit_files(options))
    assert "rules.pdf" not in files and "tokens.pdf" not in files
    second_file = next(i for i, p in enumerate(placed) if p[0] == 1 and placed[i - 1][0] == 2)
    first_file = placed[:second_file]
    fronts = [(form, rect) for page, form, rect in first_file if page == 1]
    backs = [rect for page, form, rect in first_file if page == 2 and form == "back"]
    islam = next(i for i, s in enumerate(festival.suits) if s.id == "islam")
    # the rest of the sheet stays blank: no spare fronts, no backs behind nothing
    assert [form for form, _ in fronts] == [f"front-{islam}-3", "front-0-5"]
    assert len(pdfium.PdfDocument(files["cards.pdf"])) == 2  # one sheet
    for (_, front), back in zip(fronts, backs, strict=True):
        x, y = behind(PAPERS["letter"], options.duplex, front.right, front.y, (1.0, -0.5))
        assert abs(back.x - x) < 0.1 and abs(back.y - y) < 0.1


def test_a_reprint_goes_to_its_own_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["print", FESTIVAL, "--only", "islam:3"])
    assert result.exit_code == 0, result.output
    reprint = tmp_path / "printouts" / FESTIVAL / "reprint"
    assert sorted(p.name for p in reprint.iterdir()) == [
        "cards-backs.pdf",
        "cards-fronts.pdf",
        "cards.pdf",
    ]
    assert not (tmp_path / "printouts" / FESTIVAL / "cards.pdf").exists()
    refused = CliRunner().invoke(main, ["print", FESTIVAL, "--only", "islam:9"])
    assert refused.exit_code == 1 and "islam has ranks 1 to 5" in refused.output


def test_a_reprint_prints_only_the_spares_asked_for(festival, monkeypatch):
    placed: list[str] = []
    original = CardSheets._place

    def place(c, form, rect):  # type: ignore[no-untyped-def]
        placed.append(form)
        original(c, form, rect)

    monkeypatch.setattr(CardSheets, "_place", staticmethod(place))
    build_kit(festival, KitOptions(only="islam:3, spares:2"))
    # cards.pdf, cards-fronts.pdf, cards-backs.pdf: 3 fronts twice, 3 backs twice
    assert placed.count("spare") == 2 * 2
    assert placed.count("back") == 2 * 3
    whole = build_kit(festival, KitOptions())  # a full kit still fills its last sheet
    assert len(whole["cards.pdf"]) > 0 and placed.count("spare") > 4


def test_a_reprint_with_an_output_folder_goes_to_its_reprint_folder(tmp_path):
    kit = tmp_path / "K"
    assert CliRunner().invoke(main, ["print", FESTIVAL, "-o", str(kit)]).exit_code == 0
    pages = len(pdfium.PdfDocument((kit / "cards.pdf").read_bytes()))
    result = CliRunner().invoke(main, ["print", FESTIVAL, "-o", str(kit), "--only", "islam:3"])
    assert result.exit_code == 0, result.output
    assert pages == 12
    assert len(pdfium.PdfDocument((kit / "cards.pdf").read_bytes())) == pages
    assert len(pdfium.PdfDocument((kit / "reprint" / "cards.pdf").read_bytes())) == 2
    assert str(kit / "reprint" / "cards.pdf") in result.output


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_shop_pages_carry_trim_and_bleed_boxes(festival, bleed):
    files = build_kit(festival, KitOptions(shop=True, bleed=bleed, only="islam:1-2"))
    used = bleed or 3.0
    document = pdfium.PdfDocument(files["cards-shop.pdf"])
    assert len(document) == 4  # two cards, front and back each
    for page in document:
        media = page.get_mediabox()
        trim = page.get_trimbox()
        bleed_box = page.get_bleedbox()
        assert media == pytest.approx((0, 0, (63 + 2 * used) * MM, (88 + 2 * used) * MM))
        assert bleed_box == pytest.approx(media)
        assert trim == pytest.approx(
            (used * MM, used * MM, (63 + used) * MM, (88 + used) * MM), abs=0.01
        )


def test_the_whole_deck_for_a_shop_is_one_page_per_card_side(festival):
    files = build_kit(festival, KitOptions(shop=True))
    assert len(pdfium.PdfDocument(files["cards-shop.pdf"])) == 2 * festival.deck_size
    assert "rules.pdf" in files  # without --only the kit is whole


@pytest.mark.parametrize("paper", ["a3", "legal"])
def test_a3_and_legal_paper(festival, paper, tmp_path: Path):
    result = CliRunner().invoke(
        main, ["print", FESTIVAL, "--paper", paper, "-o", str(tmp_path / paper)]
    )
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument((tmp_path / paper / "cards.pdf").read_bytes())
    width, height = document[0].get_size()
    assert (width / MM, height / MM) == pytest.approx(PAPERS[paper], abs=0.01)
    per_sheet = {"a3": 16, "legal": 9}[paper]  # 4x4 and 3x3 poker cards
    pages = len(document) // 2
    assert pages == -(-festival.deck_size // per_sheet)
