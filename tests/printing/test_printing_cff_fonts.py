"""PostScript-flavoured OpenType fonts (CFF outlines, .otf or .ttc) are converted once to
TrueType with fontTools and cached (issue #23 point 3)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen

from deckforge.printing import fonts
from deckforge.printing.font_convert import CACHE_VARIABLE
from deckforge.printing.fonts import FontError, load_font
from deckforge.printing.pdf import PrintCanvas

NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
ROOT = Path(__file__).resolve().parents[2]


def small_cff_font(path: Path) -> Path:
    """An .otf with CFF outlines: a square for "A" and "日"."""
    builder = FontBuilder(1000, isTTF=False)
    order = [".notdef", "A", "uni65E5"]
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({ord("A"): "A", 0x65E5: "uni65E5"})
    strings = {}
    for name in order:
        pen = T2CharStringPen(600, None)
        pen.moveTo((100, 0))
        pen.lineTo((500, 0))
        pen.lineTo((500, 700))
        pen.lineTo((100, 700))
        pen.closePath()
        strings[name] = pen.getCharString()
    builder.setupCFF("SquareTest-Regular", {"FullName": "Square Test"}, strings, {})
    builder.setupHorizontalMetrics({name: (600, 100) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Square Test", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))
    return path


def test_a_cff_otf_is_converted_once_cached_and_embedded(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    otf = small_cff_font(tmp_path / "square.otf")
    assert otf.read_bytes()[:4] == b"OTTO"
    font = load_font(str(otf))
    assert font.has("日") and font.has("A")
    copies = list((tmp_path / "cache").iterdir())
    assert len(copies) == 1 and copies[0].read_bytes()[:4] == b"\x00\x01\x00\x00"
    canvas = PrintCanvas((50, 20), "cff", None)
    canvas.setFont(font.name, 12)
    canvas.drawString(5, 5, "A日")
    assert b"FontFile2" in canvas.pdf_bytes()  # embedded as TrueType
    again = fonts._register(otf)  # a second process would find the copy
    assert again.characters == font.characters
    assert list((tmp_path / "cache").iterdir()) == copies


def test_a_font_that_cannot_be_converted_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    broken = tmp_path / "broken.otf"
    broken.write_bytes(b"OTTO" + b"\0" * 64)
    with pytest.raises(FontError, match="PostScript"):
        load_font(str(broken))


JAPANESE = """\
id: japanese-words
extends: hanabi-classic
title: いろのことば
language: ja
players: {{counts: [2, 3], hand_size: 3}}
print:
  fonts: [{font}]
  back: {{title: いろのことば}}
suits:
  - id: fruit
    name: くだもの
    colour: "#e53e3e"
    symbol: "♥"
    copies: [2, 1, 1, 1, 1]
    cards:
      1: {{title: りんご, text: りんごは赤い。(apple)}}
      2: {{title: バナナ, text: バナナは黄色い。(banana)}}
      3: {{title: みかん, text: みかんは甘い。(orange)}}
      4: {{title: ぶどう, text: ぶどうはかごの中。(grapes)}}
      5: {{title: すいか, text: すいかはとても大きい。(watermelon)}}
  - {{id: blue, name: あお, colour: "#3182ce", symbol: "◆", copies: [2, 1, 1, 1, 1]}}
  - {{id: green, name: みどり, colour: "#38a169", symbol: "♣", copies: [2, 1, 1, 1, 1]}}
rating:
  - {{from: 0, to: 8, label: もういちど}}
  - {{from: 9, to: 15, label: よくできました}}
"""


@pytest.mark.server  # a child process converting 65,535 glyphs once: about a minute
@pytest.mark.skipif(not NOTO_CJK.is_file(), reason=f"no {NOTO_CJK} (Debian: fonts-noto-cjk)")
def test_a_japanese_deck_naming_debians_noto_cjk_checks_and_prints(tmp_path):
    theme = tmp_path / "japanese-words.yaml"
    theme.write_text(JAPANESE.format(font=NOTO_CJK), encoding="utf-8")
    env = {**os.environ, CACHE_VARIABLE: str(tmp_path / "cache")}
    command = [sys.executable, "-m", "deckforge"]
    check = subprocess.run([*command, "check", str(theme)], capture_output=True, text=True, env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    kit = tmp_path / "kit"
    printed = subprocess.run(
        [*command, "print", str(theme), "-o", str(kit)], capture_output=True, text=True, env=env
    )
    assert printed.returncode == 0, printed.stderr
    listed = subprocess.run(
        ["pdffonts", str(kit / "rules.pdf")], capture_output=True, text=True, check=True
    ).stdout
    assert "NotoSansCJK" in listed and "DejaVuSans-Bold" in listed  # Latin in DejaVu
    text = subprocess.run(
        ["pdftotext", str(kit / "cards-fronts.pdf"), "-"], capture_output=True, text=True
    ).stdout
    assert "りんごは赤い。" in text
