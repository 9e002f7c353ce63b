"""The kit's files: pages, sizes, PDF settings, fonts, determinism, atomic writing."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from deckforge.printing import kit as kit_module
from deckforge.printing.cards import PrintError
from deckforge.printing.geometry import MM, Duplex
from deckforge.printing.kit import KitOptions, build_kit, kit_files, write_kit
from deckforge.theme.loader import load_theme


def pages(data: bytes) -> list[tuple[float, float]]:
    """Page sizes in millimetres."""
    document = pdfium.PdfDocument(data)
    sizes = [(round(p.get_width() / MM, 1), round(p.get_height() / MM, 1)) for p in document]
    document.close()
    return sizes


def test_the_kit_has_every_file_of_the_issue(classic_kit):
    assert list(classic_kit) == kit_files(KitOptions(fold=True))
    assert set(kit_files(KitOptions())) == {
        "cards.pdf",
        "cards-fronts.pdf",
        "cards-backs.pdf",
        "tokens.pdf",
        "rules.pdf",
        "scoresheet.pdf",
        "calibration.pdf",
    }


def test_fifty_poker_cards_on_a4_give_six_front_and_six_back_pages(classic_kit):
    assert pages(classic_kit["cards.pdf"]) == [(210.0, 297.0)] * 12
    assert len(pages(classic_kit["cards-fronts.pdf"])) == 6
    assert len(pages(classic_kit["cards-backs.pdf"])) == 6


def test_sixty_cards_on_letter_paper_take_seven_sheets():
    files = build_kit(load_theme("avalanche"), KitOptions(paper="letter"))
    assert pages(files["cards.pdf"]) == [(215.9, 279.4)] * 14


def test_the_other_sheets_have_their_expected_pages(classic_kit):
    assert pages(classic_kit["tokens.pdf"]) == [(210.0, 297.0)] * 2  # front and back
    assert pages(classic_kit["scoresheet.pdf"]) == [(297.0, 210.0)]
    assert pages(classic_kit["calibration.pdf"]) == [(210.0, 297.0)] * 2
    assert pages(classic_kit["cards-fold.pdf"]) == [(297.0, 210.0)] * 13  # 4 cards a sheet
    assert 1 <= len(pages(classic_kit["rules.pdf"])) <= 2


def test_pdfs_are_version_1_7_with_trim_box_no_scaling_and_the_duplex_edge(classic_kit):
    data = classic_kit["cards.pdf"]
    assert data.startswith(b"%PDF-1.7")
    assert re.search(rb"/PrintScaling /None", data)
    assert re.search(rb"/Duplex /DuplexFlipLongEdge", data)
    assert len(re.findall(rb"/TrimBox \[ 0 0 595\.2756 841\.8898 \]", data)) == 12
    short = build_kit(load_theme("hanabi-classic"), KitOptions(duplex=Duplex.SHORT))
    assert re.search(rb"/Duplex /DuplexFlipShortEdge", short["cards.pdf"])


def test_every_font_is_embedded_as_a_subset_and_no_other_font_is_named(classic_kit, festival_kit):
    for files in (classic_kit, festival_kit):
        for name, data in files.items():
            fonts = re.findall(rb"/BaseFont /([^\s/]+)", data)
            assert fonts, name
            for font in fonts:
                assert re.fullmatch(rb"[A-Z]{6}\+DejaVuSans(-Bold)?", font), (name, font)
            assert data.count(b"/FontFile2") == len(fonts), name


def test_the_same_theme_and_options_give_byte_identical_files(classic_kit):
    again = build_kit(load_theme("hanabi-classic"), KitOptions(fold=True))
    assert again == classic_kit


def test_the_french_kit_draws_its_accents_and_guillemets(festival_kit):
    document = pdfium.PdfDocument(festival_kit["rules.pdf"])
    text = "".join(page.get_textpage().get_text_range() for page in document)
    assert "Tous invités à la fête" in text
    assert "œuvres du démon" in text
    document = pdfium.PdfDocument(festival_kit["cards-fronts.pdf"])
    cards = "".join(page.get_textpage().get_text_range() for page in document)
    for expected in ("Bouddhisme", "Hindouisme", "Noël", "«", "’", "exemplaires"):
        assert expected in cards


def test_the_rules_sheet_follows_the_theme_switches(festival_kit, classic_kit):
    def text(files: dict[str, bytes]) -> str:
        document = pdfium.PdfDocument(files["rules.pdf"])
        return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in document)

    festival, classic = text(festival_kit), text(classic_kit)
    assert "Impossible de défausser quand les 8 moments de grâce et de vérité" in festival
    assert "Une information doit désigner au moins une carte." in festival
    assert "Pour 4 ou 5 joueurs ou équipes" in festival
    assert "Le joueur le plus âgé commence" in festival
    assert "Pour l’animateur" in festival
    assert "You may discard while all 8 hint tokens are in the middle" in classic
    assert "A hint may also say that they have no card of that colour" in classic
    assert "For 2, 3, 4 or 5 players." in classic
    assert "most colourful clothes" in classic
    assert "Legendary" in classic


def test_special_suits_are_explained_on_the_rules_sheet():
    for name, expected in (("avalanche", "every colour"), ("black-powder", "downwards")):
        document = pdfium.PdfDocument(build_kit(load_theme(name))["rules.pdf"])
        text = " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in document)
        assert expected in text, name


def test_text_that_does_not_fit_stops_the_kit_with_the_theme_problems():
    theme = load_theme(Path(__file__).parent / "data" / "missing-glyphs.yaml")
    with pytest.raises(PrintError) as caught:
        build_kit(theme)
    assert len(caught.value.problems) == 2  # the missing characters (one group), the long text
    assert all(re.match(r".+:\d+:\d+: ", p) for p in caught.value.problems)


def test_writing_the_kit_replaces_files_and_leaves_no_temporary_file(tmp_path, classic_kit):
    (tmp_path / "cards.pdf").write_bytes(b"old")
    write_kit(classic_kit, tmp_path)
    assert (tmp_path / "cards.pdf").read_bytes() == classic_kit["cards.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(classic_kit)


def test_a_failed_write_leaves_the_old_file_and_no_half_written_one(tmp_path, monkeypatch):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old")

    real_replace = os.replace

    def broken_replace(src, dst):
        if Path(dst) == target and Path(src).name.endswith(".tmp"):  # the new file moving in
            raise OSError("disk full")
        return real_replace(src, dst)

    monkeypatch.setattr("deckforge.printing.kit.os.replace", broken_replace)
    with pytest.raises(OSError):
        write_kit({"cards.pdf": b"new"}, tmp_path)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_a_failure_while_drawing_writes_nothing(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(kit_module, "score_sheet", broken)
    with pytest.raises(RuntimeError):
        write_kit(build_kit(load_theme("hanabi-classic")), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_progress_callback_counts_every_card():
    seen: list[int] = []
    build_kit(load_theme("hanabi-classic"), progress=seen.append)
    assert sum(seen) == 50


def test_cards_pdf_stays_small(festival_kit):
    assert len(festival_kit["cards.pdf"]) < 300 * 1024
