"""A true text layer (issue #23 point 2): a shaped left-to-right line carries its text as
typed (ActualText), so copying or searching a Devanagari card gives back its words.

The Devanagari font is Lohit Devanagari from Debian's fonts-lohit-deva (installed by
.ci/run); the test that needs it is skipped, saying so, where it is absent.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from deckforge.printing.fonts import font_stack
from deckforge.printing.kit import build_kit
from deckforge.printing.pdf import PrintCanvas, actual_text
from deckforge.theme.loader import load_theme

HINDI = Path(__file__).with_name("data") / "hindi-words.yaml"
DEVANAGARI_FONT = Path("/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf")
needs_font = pytest.mark.skipif(
    not DEVANAGARI_FONT.is_file(),
    reason=f"no Devanagari font at {DEVANAGARI_FONT} (Debian: fonts-lohit-deva)",
)
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")


def test_actual_text_is_utf16_with_its_byte_order_mark_in_hex():
    assert actual_text("a") == "<FEFF0061>"
    assert actual_text("वि") == "<FEFF0935093F>"
    assert actual_text("😀") == "<FEFFD83DDE00>"  # a surrogate pair


@needs_font
@needs_poppler
def test_pdftotext_gives_back_a_hindi_decks_words_as_typed(tmp_path):
    files = build_kit(load_theme(HINDI))
    cards = tmp_path / "cards-fronts.pdf"
    cards.write_bytes(files["cards-fronts.pdf"])
    text = subprocess.run(
        ["pdftotext", str(cards), "-"], capture_output=True, text=True, check=True
    ).stdout
    for word in ("संतरे में विटामिन", "गुच्छों", "गर्मियों", "ठंडक", "मिलती"):
        assert word in text, word


def test_which_lines_carry_an_actual_text():
    canvas = PrintCanvas((100, 40), "text layer", None)
    canvas.setFont(font_stack("DejaVuSans", "body").name, 10)
    canvas.drawString(10, 10, "plain Latin")  # reportlab's own text: its ToUnicode is right
    hebrew = font_stack("NotoSansHebrew", "body", rtl=True)
    canvas.setFont(hebrew.name, 10)
    canvas.drawString(10, 30, "שלום")  # extractors reorder right-to-left glyphs themselves
    canvas.drawString(10, 50, "2026")  # digits alone: read forwards, as drawn
    canvas.drawString(10, 70, "עמוד 3, 4")  # drawn "4 ,3": its text as typed
    canvas.drawString(10, 90, "עמוד 3 או 4")  # a space drawn left of "3": a mark after it
    canvas.drawString(10, 110, "עמוד (3)")  # a bracket drawn mirrored: the glyphs alone
    code = "\n".join(canvas._code)
    assert code.count("/ActualText") == 2
    assert actual_text("3, 4") in code and actual_text(" \u200f") in code
    assert code.count("BDC") == code.count("EMC") == 2


def test_check_names_a_devanagari_font_package_and_file_for_each_system():
    from deckforge.printing.font_advice import fix_for

    advice = fix_for("Devanagari", 12)
    assert "fonts-lohit-deva" in advice and str(DEVANAGARI_FONT) in advice
    assert "C:/Windows/Fonts/Nirmala.ttf" in advice and "docs/designer-guide.md" in advice
    assert "on macOS Kohinoor Devanagari" in advice


def test_check_names_a_cjk_font_for_debian_windows_and_macos():
    from deckforge.printing.font_advice import CJK, fix_for

    advice = fix_for(CJK, 3)
    assert "fonts-wqy-microhei" in advice and "C:/Windows/Fonts/simhei.ttf" in advice
    assert "msgothic.ttc" in advice and "on macOS PingFang SC or Hiragino Sans" in advice


@needs_poppler
def test_pdftotext_gives_back_arabic_words_as_letters_not_joined_forms(tmp_path):
    from deckforge.printing.to_unicode import letters_of

    assert letters_of(0xFEDF) == "ل" and letters_of(0xFEFB) == "ال"  # a ligature: visual order
    assert letters_of(ord("a")) is None and letters_of(0x0644) is None
    files = build_kit(load_theme("arabic-words"))
    cards = tmp_path / "cards-fronts.pdf"
    cards.write_bytes(files["cards-fronts.pdf"])
    text = subprocess.run(
        ["pdftotext", str(cards), "-"], capture_output=True, text=True, check=True
    ).stdout
    for words in ("التفاحة حمراء", "الفواكه", "الورقة"):
        assert words in text, words
    assert not any("\ufb50" <= char <= "\ufeff" for char in text)  # no joined forms
