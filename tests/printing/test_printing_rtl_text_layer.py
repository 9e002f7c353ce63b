"""Right-to-left lines copy out as typed (issue #23 point 2).

Each line is drawn alone on a page (with a long right-to-left line lower down, so
poppler reads the page right to left, as it reads a rules sheet), then read back
with ``pdftotext``. poppler writes a right-to-left line with bidi embedding
controls around what it read forwards; those are dropped before comparing, as
Unicode NFKC (the lam-alef ligature) and runs of spaces are.

Every line of the bundled Hebrew and Arabic rules, score and token sheets is
compared, and the mixed strings of the bidi reference test. Two things pdftotext
does not give back, checked only to give back every character: a bracket or quote
drawn mirrored comes out as its mirror image (text_layer leaves such lines to the
glyphs, which pdfium, Chrome's viewer, reads right), and an Arabic short vowel,
tanween or shadda (harakat), drawn at an offset over its letter, comes out with a
space beside it, a line with a mark drawn high sometimes cut in two ("معًا" reads
"معً ا"; Chromium's PDFs of the same words fare worse: the mark before its letter).
pdfium reads the same sheets through pypdfium2: never fewer lines right than from
the glyphs alone.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata

import pytest
from bidi.mirror import MIRRORED
from test_printing_bidi_reference import MIXED, sheet_lines

from deckforge.printing.fonts import theme_fonts
from deckforge.printing.pdf import PrintCanvas

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")

CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
HARAKAT = re.compile("[\u064b-\u065f\u0670]")
FONT = {"he": "NotoSansHebrew", "ar": "NotoSansArabic"}
LONG_LINE = {
    "he": "שורה ארוכה בעברית כדי שכל העמוד ייקרא מימין לשמאל כמו דף הכללים",
    "ar": "سطر طويل بالعربية لكي تقرأ الصفحة كلها من اليمين إلى اليسار مثل ورقة القواعد",
}


def read_back(lines: list[str], language: str, tmp_path) -> list[str]:
    """``pdftotext``'s reading of each line, drawn right-aligned on its own page."""
    fonts = theme_fonts(FONT[language], FONT[language], None, language)
    canvas = PrintCanvas((210, 297), "text layer", None)
    for line in lines:
        canvas.setFont(fonts.body.name, 9)
        canvas.drawRightString(580, 800, line)
        canvas.drawRightString(580, 300, LONG_LINE[language])
        canvas.showPage()
    path = tmp_path / "lines.pdf"
    path.write_bytes(canvas.pdf_bytes())
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = text.split("\f")[: len(lines)]
    assert len(pages) == len(lines)
    return [
        " ".join(line for line in page.split("\n") if _plain(line) != LONG_LINE[language])
        for page in pages
    ]


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKC", CONTROLS.sub("", text))
    return " ".join(text.split())


def differences(lines: list[str], language: str, tmp_path) -> list[tuple[str, str]]:
    """The lines that do not read back as typed, with what they read back as."""
    out = []
    for typed, read in zip(lines, read_back(lines, language, tmp_path), strict=True):
        expected, got = _plain(typed), _plain(read)
        if HARAKAT.search(expected) or any(char in MIRRORED for char in expected):
            expected, got = _characters(expected), _characters(got)  # see the docstring
        if got != expected:
            out.append((typed, read))
    return out


def _characters(text: str) -> list[str]:
    """The characters of ``text`` in any order, without spaces, a bracket or quote
    and its mirror image counted as one."""
    return sorted(min(char, MIRRORED.get(char, char)) for char in text if char != " ")


def _language(text: str) -> str:
    return "he" if any("\u0590" <= char <= "\u05ff" for char in text) else "ar"


@pytest.mark.parametrize("language", ["ar", "he"])
def test_mixed_right_to_left_strings_copy_out_as_typed(language, tmp_path):
    lines = [text for text in MIXED if _language(text) == language]
    assert len(lines) > 20
    assert differences(lines, language, tmp_path) == []


@pytest.mark.parametrize(("name", "language"), [("arabic-words", "ar"), ("hebrew-words", "he")])
def test_every_line_of_the_bundled_right_to_left_sheets_copies_out_as_typed(
    name, language, tmp_path
):
    lines = sorted({text for text, _ in sheet_lines(name)})
    assert len(lines) > 80
    assert differences(lines, language, tmp_path) == []


def test_numbers_and_punctuation_copy_out_in_their_place(tmp_path):
    """The cases of the issue, word for word: the Arabic comma between numbers, a
    colon before them, a Latin name followed by a comma."""
    arabic = ["عدد اللاعبين: 2، 3، 4 أو 5.", "عدد الأوراق: 50، وعدد العائلات: 5."]
    hebrew = ["מספר השחקנים: 2, 3, 4 או 5.", "הקובץ cards.pdf (A4) מוכן", "שלום Sam, מה שלומך?"]
    for lines, language in ((arabic, "ar"), (hebrew, "he")):
        read = [_plain(line) for line in read_back(lines, language, tmp_path)]
        assert read == lines


def _glyphs_only(line, rtl):
    from deckforge.printing.text_layer import Glyphs, Span

    return [Span(tuple(Glyphs(r.font, r.text, r.width) for r in line.runs), None)]


def test_the_comparison_sees_glyphs_read_back_in_the_wrong_place(monkeypatch, tmp_path):
    """The test can fail: without the spans (each glyph its own character, as before),
    pdftotext's reading puts the numbers and punctuation out of place."""
    from deckforge.printing import text_layer

    monkeypatch.setattr(text_layer, "spans", _glyphs_only)
    lines = ["עמוד 3 מתוך 6", "שלום Sam, מה שלומך?", "מספר השחקנים: 2, 3, 4 או 5."]
    assert len(differences(lines, "he", tmp_path)) == 3


@pytest.mark.parametrize(("name", "language"), [("arabic-words", "ar"), ("hebrew-words", "he")])
def test_pdfium_reads_no_fewer_lines_right_than_from_the_glyphs_alone(name, language, monkeypatch):
    """pdfium (Chrome's and Edge's viewer) reads the glyphs of a right-to-left line
    through its own bidi algorithm and mirrors brackets back: the spans made for
    pdftotext must not cost it lines (a mirrored bracket given the character typed,
    or a mark before a number, did: "(25)." read ") .(25")."""
    import pypdfium2 as pdfium

    from deckforge.printing import text_layer

    fonts = theme_fonts(FONT[language], FONT[language], None, language)
    lines = sorted({text for text, _ in sheet_lines(name)})
    lines = [line for line in lines if not HARAKAT.search(line)]

    def right() -> int:
        canvas = PrintCanvas((210, 297), "text layer", None)
        for line in lines:
            canvas.setFont(fonts.body.name, 9)
            canvas.drawRightString(580, 800, line)
            canvas.showPage()
        document = pdfium.PdfDocument(canvas.pdf_bytes())
        read = [document[i].get_textpage().get_text_range() for i in range(len(lines))]
        return sum(_plain(got) == _plain(line) for got, line in zip(read, lines, strict=True))

    with_spans = right()
    monkeypatch.setattr(text_layer, "spans", _glyphs_only)
    assert with_spans >= right()
    assert with_spans > 0.8 * len(lines)
