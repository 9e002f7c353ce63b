"""Each distinct face is drawn once for the three card PDFs and copied into each."""

from __future__ import annotations

import re
import zlib

import pytest

from deckforge.printing import cards as cards_module
from deckforge.printing.form_replay import record_form, replay_forms
from deckforge.printing.kit import KitOptions, build_kit
from deckforge.printing.pdf import PrintCanvas
from deckforge.theme.loader import load_theme

OBJECT = re.compile(rb"\d+ 0 obj\s*(<<.*?)stream\r?\n(.*?)endstream", re.DOTALL)


def form_streams(pdf: bytes) -> set[bytes]:
    """The decompressed content of every form XObject in ``pdf``."""
    return {
        zlib.decompressobj().decompress(body) if b"/FlateDecode" in head else body
        for head, body in OBJECT.findall(pdf)
        if b"/Subtype /Form" in head
    }


def test_each_face_is_drawn_once_for_every_card_pdf(monkeypatch):
    calls = {"front": 0, "back": 0, "spare": 0}

    def counting(kind, draw):
        def counted(*args, **kwargs):
            calls[kind] += 1
            return draw(*args, **kwargs)

        return counted

    monkeypatch.setattr(cards_module, "draw_front", counting("front", cards_module.draw_front))
    monkeypatch.setattr(cards_module, "draw_back", counting("back", cards_module.draw_back))
    monkeypatch.setattr(cards_module, "draw_spare", counting("spare", cards_module.draw_spare))
    theme = load_theme("interfaith-festival")
    distinct = sum(suit.ranks for suit in theme.suits)
    files = build_kit(theme, KitOptions(fold=True))
    assert {"cards.pdf", "cards-fronts.pdf", "cards-backs.pdf", "cards-fold.pdf"} <= set(files)
    assert calls == {"front": distinct, "back": 1, "spare": 1}


@pytest.mark.parametrize("name", ["interfaith-festival", "arabic-words", "hebrew-words"])
def test_the_three_card_pdfs_share_the_same_face_streams(name):
    files = build_kit(load_theme(name), KitOptions())
    duplex = form_streams(files["cards.pdf"])
    fronts = form_streams(files["cards-fronts.pdf"])
    backs = form_streams(files["cards-backs.pdf"])
    assert len(backs) == 1 and len(fronts) == len(duplex) - 1
    assert fronts | backs == duplex


def test_recorded_forms_refuse_a_document_that_already_used_fonts():
    scratch = PrintCanvas((60, 90), "faces", None)
    form = record_form(scratch, "face", (0, 0, 100, 100), lambda c: c.drawString(5, 5, "é"))
    used = PrintCanvas((60, 90), "used", None)
    used.drawString(5, 5, "ü")  # now numbered as the recording numbered "é"
    with pytest.raises(RuntimeError, match="primed"):
        replay_forms(used, [form])


def test_a_replayed_form_gives_its_letters_back(tmp_path):
    import pypdfium2 as pdfium

    scratch = PrintCanvas((60, 90), "faces", None)
    form = record_form(scratch, "face", (0, 0, 100, 100), lambda c: c.drawString(5, 5, "Zebra ü"))
    other = PrintCanvas((60, 90), "other", None)
    replay_forms(other, [form])
    other.doForm("face")
    other.drawString(5, 50, "quick")
    document = pdfium.PdfDocument(other.pdf_bytes())
    text = document[0].get_textpage().get_text_range()
    document.close()
    assert "Zebra ü" in text and "quick" in text


def test_a_form_replayed_without_the_form_that_first_drew_its_image_still_has_it(tmp_path):
    import pypdfium2 as pdfium
    from PIL import Image

    picture = tmp_path / "red.png"
    Image.new("RGBA", (8, 8), (200, 0, 0, 255)).save(picture)

    def draw(c):
        c.drawImage(str(picture), 0, 0, 100, 100, mask="auto")

    scratch = PrintCanvas((60, 90), "faces", None)
    first = record_form(scratch, "first", (0, 0, 100, 100), draw)
    second = record_form(scratch, "second", (0, 0, 100, 100), draw)
    assert first.objects == second.objects  # the image, registered by the first
    other = PrintCanvas((60, 90), "other", None)
    replay_forms(other, [second])
    other.doForm("second")
    document = pdfium.PdfDocument(other.pdf_bytes())
    pixel = document[0].render(scale=1).to_pil().convert("RGB").getpixel((50, 190))
    document.close()
    assert pixel[0] > 150 and pixel[1] < 60
