"""Arabic and Hebrew print shaped and right to left: the PDF's glyphs are HarfBuzz's.

The glyph sequence of a drawn line is read back from the PDF itself (content
stream, font subsets and their ToUnicode maps) and compared with what HarfBuzz
makes of the same words, in visual order. The unshaped output deckforge made
before (isolated letters, left to right) fails this.
"""

from __future__ import annotations

import re
import zlib

import pytest
import uharfbuzz as hb
from reportlab.pdfbase import pdfmetrics

from deckforge.languages import is_rtl_language
from deckforge.printing.fonts import font_path, theme_fonts
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.script import layout_line

OBJECT = re.compile(rb"(\d+) 0 obj\s*<<(.*?)>>\s*(?:stream\r?\n)?", re.S)


def _objects(pdf: bytes) -> dict[int, tuple[bytes, bytes]]:
    """Object number -> (dictionary, decompressed stream or b"")."""
    found = {}
    for match in OBJECT.finditer(pdf):
        body, stream = match.group(2), b""
        length = re.search(rb"/Length (\d+)", body)
        if length and pdf[match.end() - 1 : match.end()] == b"\n":
            stream = pdf[match.end() : match.end() + int(length.group(1))]
            if b"FlateDecode" in body:
                stream = zlib.decompress(stream)
        found[int(match.group(1))] = (body, stream)
    return found


def _to_unicode(cmap: bytes) -> dict[int, int]:
    codes = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, char in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            codes[int(code, 16)] = int(char, 16)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, start in re.findall(rb"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
            for k in range(int(lo, 16), int(hi, 16) + 1):
                codes[k] = int(start, 16) + k - int(lo, 16)
    return codes


def _unescape(literal: bytes) -> bytes:
    out, i = bytearray(), 0
    while i < len(literal):
        if literal[i : i + 1] == b"\\":
            nxt = literal[i + 1 : i + 2]
            if nxt.isdigit():
                octal = re.match(rb"[0-7]{1,3}", literal[i + 1 :]).group(0)
                out.append(int(octal, 8))
                i += 1 + len(octal)
                continue
            out += {b"n": b"\n", b"r": b"\r", b"t": b"\t"}.get(nxt, nxt)
            i += 2
        else:
            out.append(literal[i])
            i += 1
    return bytes(out)


def drawn_glyphs(pdf: bytes) -> list[tuple[str, int]]:
    """(font file stem, glyph id) of every glyph the first page shows, in stream order."""
    objects = _objects(pdf)
    fonts: dict[bytes, tuple[str, dict[int, int]]] = {}
    for body, _ in objects.values():
        name = re.search(rb"/Name /(\S+)", body)
        base = re.search(rb"/BaseFont /\w+\+(\S+)", body)
        cmap = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if name and base and cmap:
            stem = base.group(1).decode()
            fonts[name.group(1)] = (stem, _to_unicode(objects[int(cmap.group(1))][1]))
    content = next(s for _, s in objects.values() if b" Tf" in s and b"BT" in s)
    glyphs: list[tuple[str, int]] = []
    current = None
    for token in re.finditer(rb"/(\S+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)", content, re.S):
        if token.group(1):
            current = fonts[token.group(1)]
        else:
            assert current is not None
            stem, codes = current
            glyphs += [(stem, codes[b]) for b in _unescape(token.group(2))]
    return [(stem, char) for stem, char in glyphs]


def _glyph_ids(stem: str, chars: list[int]) -> list[int]:
    """Characters (PUA for contextual forms) -> glyph ids, as reportlab maps them."""
    face = next(f for f in pdfmetrics.getRegisteredFontNames() if stem.startswith(f))
    char_to_glyph = pdfmetrics.getFont(face).face.charToGlyph
    return [char_to_glyph[c] for c in chars]


def harfbuzz_glyphs(text: str, bundled: str) -> list[int]:
    """HarfBuzz's glyphs for ``text`` in ``bundled``, left to right as printed, no spaces."""
    font = hb.Font(hb.Face(hb.Blob.from_file_path(str(font_path(bundled)))))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {"kern": True, "liga": True})
    space = font.get_nominal_glyph(ord(" "))
    return [info.codepoint for info in buffer.glyph_infos if info.codepoint != space]


def bundled_name(bundled: str) -> str:
    """The name reportlab knows a bundled font by."""
    return font_path(bundled).stem


def _printed(text: str, bundled: str, language: str) -> bytes:
    """The PDF of ``text``, its ToUnicode map naming each glyph's own code (reportlab's
    map: deckforge's gives the letters behind Arabic joined forms, see to_unicode)."""
    from reportlab.pdfbase import ttfonts

    fonts = theme_fonts(bundled, bundled, None, language)
    canvas = PrintCanvas((120, 40), "shaping", None)
    canvas.setFont(fonts.body.name, 12)
    canvas.drawRightString(300, 50, text)
    letters = ttfonts.makeToUnicodeCMap
    ttfonts.makeToUnicodeCMap = getattr(letters, "original", letters)
    try:
        return canvas.pdf_bytes()
    finally:
        ttfonts.makeToUnicodeCMap = letters


@pytest.mark.parametrize(
    ("text", "bundled", "language"),
    [
        ("مرحبا بكم في الصف", "NotoSansArabic", "ar"),
        ("البطيخة كبيرة جدًا", "NotoSansArabic-Bold", "ar"),
        ("שלום כיתה", "NotoSansHebrew", "he"),
    ],
)
def test_the_pdf_shows_harfbuzz_glyphs_in_right_to_left_order(text, bundled, language):
    glyphs = drawn_glyphs(_printed(text, bundled, language))
    stems = {stem for stem, _ in glyphs}
    assert len(stems) == 1
    stem = stems.pop()
    space = pdfmetrics.getFont(bundled_name(bundled)).face.charToGlyph[ord(" ")]
    printed = [g for g in _glyph_ids(stem, [c for _, c in glyphs]) if g != space]
    assert printed == harfbuzz_glyphs(text, bundled)


def test_joined_letters_are_not_the_isolated_ones():
    text = "مرحبا"
    isolated = [pdfmetrics.getFont("NotoSansArabic-Regular").face.charToGlyph[ord(c)] for c in text]
    shaped = harfbuzz_glyphs(text, "NotoSansArabic")
    assert shaped != isolated[::-1] and shaped != isolated  # the check can fail


def test_a_number_and_a_latin_word_keep_their_order_in_an_arabic_line():
    fonts = theme_fonts("NotoSansArabic", "NotoSansArabic", None, "ar")
    line = layout_line("العنب في السلة 12 مع Ana.", fonts.body)
    texts = [str(run.text) for run in line.runs]
    # visual order, left to right: the full stop (end of the Arabic sentence), the
    # Latin name, then the Arabic words with the number between them
    assert texts[0] == "."
    assert texts[1] == "Ana" and line.runs[1].font == "DejaVuSans"
    assert "12" in texts


def test_right_to_left_languages():
    assert is_rtl_language("ar") and is_rtl_language("he-IL") and is_rtl_language("fa")
    assert not is_rtl_language("en") and not is_rtl_language("fr") and not is_rtl_language("hi")


def test_isolates_and_embeddings_keep_a_command_in_reading_order():
    fonts = theme_fonts("NotoSansArabic", "NotoSansArabic", None, "ar")
    for text in ("مع \u2066--back-offset X,Y\u2069 عند", "مع \u202a--back-offset X,Y\u202c عند"):
        runs = [str(run.text) for run in layout_line(text, fonts.body).runs]
        assert "--back-offset X,Y" in runs  # left to right, in the Latin font, in the line
        assert "\u2066" not in "".join(runs) and "\u202a" not in "".join(runs)  # not drawn
