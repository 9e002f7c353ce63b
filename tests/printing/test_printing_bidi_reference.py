"""Right-to-left lines in the visual order of a reference engine (issue #23 point 1).

The reference is FriBiDi (the bidi engine behind Pillow's raqm layout), called through
its C library: ``fribidi_log2vis`` reorders a line and mirrors brackets and quotes
(rule L4). deckforge's order is the glyphs it draws, run after run, in visual order:
HarfBuzz's output for shaped runs, Unicode NFKC turning Arabic presentation forms back
into letters so both sides compare as characters. Every line drawn on the bundled
Arabic and Hebrew rules sheets, score sheets and token sheets is compared, plus mixed
strings of letters, numbers, Latin names and punctuation. Skipped, saying so, where
the library is absent (Debian: libfribidi0, installed by .ci/run).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import unicodedata
from typing import Any

import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.fonts import FontStack, theme_fonts
from deckforge.printing.geometry import Duplex
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.rules_sheet import rules_sheet
from deckforge.printing.score_sheet import score_sheet
from deckforge.printing.script import layout_line
from deckforge.printing.tokens import token_layout, token_sheet
from deckforge.theme.loader import load_theme


def _fribidi() -> Any:
    for name in (ctypes.util.find_library("fribidi"), "libfribidi.so.0", "libfribidi.0.dylib"):
        if name:
            try:
                library = ctypes.CDLL(name)
            except OSError:
                continue
            library.fribidi_log2vis.restype = ctypes.c_int8
            return library
    return None


FRIBIDI = _fribidi()
needs_fribidi = pytest.mark.skipif(FRIBIDI is None, reason="no FriBiDi library (libfribidi0)")
PARAGRAPH_RTL, PARAGRAPH_LTR = 0x111, 0x110  # FRIBIDI_PAR_RTL, FRIBIDI_PAR_LTR
CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")  # not drawn (rule X9)


def reference(text: str, rtl: bool) -> str:
    """FriBiDi's visual order of ``text``, mirrored, as characters."""
    size = len(text)
    logical = (ctypes.c_uint32 * size)(*map(ord, text))
    visual = (ctypes.c_uint32 * (size + 1))()
    base = ctypes.c_uint32(PARAGRAPH_RTL if rtl else PARAGRAPH_LTR)
    assert FRIBIDI.fribidi_log2vis(logical, size, ctypes.byref(base), visual, None, None, None)
    return _characters("".join(chr(code) for code in visual[:size]))


def drawn(text: str, stack: FontStack) -> str:
    """deckforge's glyphs for ``text``, left to right, as characters."""
    return _characters("".join(str(run.text) for run in layout_line(text, stack).runs))


def _characters(text: str) -> str:
    """Glyphs as characters: a presentation form as its letter; a ligature glyph (lam
    with alef, FriBiDi's too) as its letters in visual order, right to left; no
    combining marks (HarfBuzz places each on its letter whatever the order); no
    bidi controls and no zero-width no-break space (FriBiDi's ligature filler)."""
    out = []
    for char in CONTROLS.sub("", text).replace("\ufeff", ""):
        letters = unicodedata.normalize("NFKC", char)
        if len(letters) > 1 and "\ufb50" <= char <= "\ufeff":  # an Arabic ligature
            letters = letters[::-1]
        out.append(letters)
    return "".join(c for c in "".join(out) if unicodedata.category(c) != "Mn")


class RecordingCanvas(PrintCanvas):
    """Keeps every line drawn in a right-to-left font stack."""

    lines: list[tuple[str, FontStack]]

    def _draw(self, x: float, y: float, text: str, anchor: float, **kwargs: Any) -> bool:
        if self._stack is not None and self._stack.rtl:
            self.__dict__.setdefault("lines", []).append((text, self._stack))
        return super()._draw(x, y, text, anchor, **kwargs)


def sheet_lines(name: str) -> list[tuple[str, FontStack]]:
    theme = load_theme(name)
    fonts = theme_fonts(
        theme.print_style.title_fonts, theme.print_style.body_fonts, theme.path, theme.language
    )
    words = catalogue(theme.language)
    lines: list[tuple[str, FontStack]] = []
    for draw, size in (
        (lambda c: rules_sheet(theme, words, fonts, c), (210, 297)),
        (lambda c: score_sheet(theme, words, fonts, c), (297, 210)),
        (
            lambda c: token_sheet(
                theme, fonts, token_layout(theme, (210, 297), Duplex.LONG, (0, 0)), words, c
            ),
            (210, 297),
        ),
    ):
        canvas = RecordingCanvas(size, name, None)
        draw(canvas)
        lines += canvas.__dict__.get("lines", [])
    return lines


MIXED = [
    "قال: «انتبه!» 2، 3، 4 أو 5",
    "» انتبه! «",
    "«arabic-words»",
    "العنب في السلة 12 مع Ana.",
    "مع \u2066--back-offset X,Y\u2069 عند",
    "مع \u202a--back-offset X,Y\u202c عند",
    "(التفاحة) [حمراء] {خضراء}",
    "الورقة 1 من 6 · الوجوه",
    "النتيجة: 25/25 (ممتاز)",
    "من 1 إلى 5",
    "5 → 1",
    "1 → 5",
    "سعر 3.5 يورو، أو 4,5",
    "نسبة 50% تقريبًا",
    "العدد −3 أو -3",
    "اسمي Ahmed Ali، وعمري 12 سنة.",
    "كتاب «Le Petit Prince» جميل!",
    "اتصل بـ +33 1 23 45 67 89",
    "2026-12-04 هو التاريخ",
    "الساعة 10:30 صباحًا",
    "«نعم»، قال. «لا»؟",
    "سؤال؟ جواب!",
    "(1) أولًا، (2) ثانيًا",
    "www.example.org موقع",
    "A وB وC",
    "2. לזרוק קלף",
    "קלף (ראו למטה) וגם [הערה]",
    "„זהירות!” אמרה.",
    "המחיר 3.50 ש״ח, או 4",
    "שלום Sam, מה שלומך?",
    "פרק 5: סוף",
    "5 → 1 בסדר יורד",
    "גיליון 1 מתוך 6 · חזית",
    "«ציטוט» ו־“עוד”",
    "מספרים: 1, 2, 3 או 4.",
    "ב־1948 וב־2026",
    "כתובת: example@mail.com",
    "הצבע <אדום> או >כחול<",
    "Hebrew עברית English",
    "123 עברית 456",
    "עברית (English) עברית",
    "א-ב-ג",
    "שאלה? תשובה!",
    "−2 נקודות",
    "10% הנחה",
    "ניקוד: 7/10",
    "הנה \u2067עברית\u2069 וכאן",
    "קטע \u2068English text\u2069 סוף",
    # a bracket pair takes the direction of the text around it (rule N0, which
    # python-bidi's older pure-Python algorithm lacked: it put the closing bracket
    # with the Latin word after it)
    "אבג (abc) def",
    "הקובץ cards.pdf (A4) מוכן",
    "الملف rules.pdf (A4) جاهز",
    "اللعبة Hanabi (النسخة 2) انتهت",
    "קלף Ana (כחול) Ben",
    "כתבו deckforge print (עם --ink low) היום",
    # an isolate's content is reordered on its own, apart from the text around it
    "עמוד 3 \u2066(A4)\u2069 מתוך 6",
    "بطاقة \u2066[1]\u2069 من 5",
    "שם: \u2068Ana (3)\u2069!",
    "שלב 3\u2067[Ana]\u2069",
]


@needs_fribidi
@pytest.mark.parametrize("text", MIXED)
def test_mixed_strings_read_as_fribidi_reads_them(text):
    stack = theme_fonts("NotoSansArabic", "NotoSansArabic", None, "ar").body
    if any("\u0590" <= char <= "\u05ff" for char in text):
        stack = theme_fonts("NotoSansHebrew", "NotoSansHebrew", None, "he").body
    assert drawn(text, stack) == reference(text, rtl=True)


@needs_fribidi
@pytest.mark.parametrize("name", ["arabic-words", "hebrew-words"])
def test_every_line_of_the_bundled_right_to_left_sheets_reads_as_fribidi_reads_it(name):
    lines = sheet_lines(name)
    assert len(lines) > 50
    differ = [text for text, stack in lines if drawn(text, stack) != reference(text, True)]
    assert differ == []


def test_there_are_enough_mixed_strings():
    assert len(MIXED) >= 50


@needs_fribidi
def test_the_comparison_sees_a_line_in_the_wrong_order(monkeypatch):
    """The test can fail: runs left in logical order differ from FriBiDi's."""
    from deckforge.printing import script

    stack = theme_fonts("NotoSansArabic", "NotoSansArabic", None, "ar").body
    text = "العنب في السلة 12 مع Ana."
    script.layout_line.cache_clear()
    monkeypatch.setattr(script, "_visual_order", lambda runs: [run for _, run in runs])
    try:
        assert drawn(text, stack) != reference(text, rtl=True)
    finally:
        script.layout_line.cache_clear()


@needs_fribidi
def test_the_comparison_sees_an_unmirrored_quote(monkeypatch):
    """The test can fail: guillemets reversed but not mirrored differ from FriBiDi's."""
    from deckforge.printing import script

    stack = theme_fonts("NotoSansArabic", "NotoSansArabic", None, "ar").body
    text = "» انتبه! «"
    script.layout_line.cache_clear()
    monkeypatch.setattr(script, "_mirrored_backwards", lambda run: run[::-1])
    try:
        assert drawn(text, stack) != reference(text, rtl=True)
    finally:
        script.layout_line.cache_clear()


@needs_fribidi
def test_the_comparison_sees_an_isolate_reordered_with_its_neighbours(monkeypatch):
    """The test can fail: levels right but the isolate's controls dropped before
    reordering, so its content is reversed together with the number before it."""
    from deckforge.printing import script

    stack = theme_fonts("NotoSansHebrew", "NotoSansHebrew", None, "he").body
    text = "שלב 3\u2067[Ana]\u2069"
    levels = script._levels(text, True)
    kept = [level for char, level in zip(text, levels, strict=True) if not CONTROLS.match(char)]
    script.layout_line.cache_clear()
    monkeypatch.setattr(script, "_levels", lambda line, rtl: kept)
    try:
        assert drawn(CONTROLS.sub("", text), stack) != reference(text, rtl=True)
    finally:
        script.layout_line.cache_clear()
