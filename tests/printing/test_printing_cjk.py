"""Chinese texts: check says which font to add in one line; with a CJK font, the kit prints.

The font is WenQuanYi Micro Hei from Debian's fonts-wqy-microhei (installed by
.ci/run); the test that needs it is skipped, saying so, where it is absent.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from deckforge.printing.kit import build_kit
from deckforge.printing.preflight import preflight
from deckforge.theme.loader import load_theme

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "chinese-words.yaml"
CJK_FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
needs_font = pytest.mark.skipif(
    not CJK_FONT.is_file(), reason=f"no CJK font at {CJK_FONT} (Debian: fonts-wqy-microhei)"
)


def _without_fonts(tmp_path: Path) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    line = "  fonts: [/usr/share/fonts/truetype/wqy/wqy-microhei.ttc]\n"
    assert line in text  # the documented path
    path = tmp_path / "chinese-words.yaml"
    path.write_text(text.replace(line, ""), encoding="utf-8")
    return path


def test_without_a_cjk_font_check_gives_one_grouped_line_with_the_font_to_add(tmp_path):
    problems = preflight(load_theme(_without_fonts(tmp_path)))
    assert len(problems) == 1
    assert problems[0].endswith(
        ": the title and 63 other texts: 134 Chinese/Japanese/Korean characters "
        "('彩' '色' '词' '语' '提' '示' '错' '误' and 126 more) are in no font of the kit "
        "(DejaVuSans-Bold, DejaVuSans); add a CJK font file to print.fonts, e.g. "
        "wqy-microhei.ttc from the fonts-wqy-microhei package, on Windows "
        "C:/Windows/Fonts/simhei.ttf (Chinese) or msgothic.ttc (Japanese), on macOS PingFang SC "
        "or Hiragino Sans (Font Book shows the file) (see docs/designer-guide.md, Fonts)"
    )


@needs_font
def test_with_a_cjk_font_latin_digits_and_symbols_fall_back_and_the_kit_prints(tmp_path):
    theme = load_theme(EXAMPLE)
    assert preflight(theme) == []
    files = build_kit(theme)
    cards = tmp_path / "cards-fronts.pdf"
    cards.write_bytes(files["cards-fronts.pdf"])
    if shutil.which("pdffonts"):
        listed = subprocess.run(["pdffonts", str(cards)], capture_output=True, text=True).stdout
        assert "WenQuanYi" in listed or "wqy" in listed.lower()
        assert "DejaVuSans" in listed  # "(apple)", the suit symbols
    if shutil.which("pdftotext"):  # issue #23 point 2: the text copies out as typed
        text = subprocess.run(["pdftotext", str(cards), "-"], capture_output=True, text=True)
        assert "苹果是红色的。(apple)" in text.stdout and "香蕉又黄又长。(banana)" in text.stdout
    assert files["rules.pdf"].startswith(b"%PDF")


def test_chinese_lines_break_between_characters_without_a_hyphen_nor_a_comma_first():
    from deckforge.printing.fitting import wrap

    def measure(text: str, size: float) -> float:
        return len(text) * size

    lines = wrap("我们在本子上写字，老师在教室里。", 7 * 5, 5, measure)
    assert lines == ["我们在本子上写", "字，老师在教室", "里。"]
    assert not any(line.endswith("-") or line.startswith(("，", "。")) for line in lines)
    assert wrap("Latin words still break at spaces", 12 * 5, 5, measure) == [
        "Latin words",
        "still break",
        "at spaces",
    ]


@needs_font
def test_latin_letters_digits_and_quotes_stay_in_the_latin_font_after_a_cjk_one():
    from deckforge.printing.fonts import font_stack
    from deckforge.printing.script import layout_line

    stack = font_stack([str(CJK_FONT)], "body")
    assert stack.latin.name == "DejaVuSans" and not stack.fonts[0].is_latin
    for char in "Ag5“”-":
        assert stack.font_for(char).name == "DejaVuSans", char
    assert stack.font_for("彩") is stack.fonts[0]
    line = layout_line("苹果 (apple) “3”", stack)
    fonts = {str(run.text).strip(): run.font for run in line.runs if str(run.text).strip()}
    assert fonts["苹果"] == stack.fonts[0].name
    assert {fonts[text] for text in fonts if text != "苹果"} == {"DejaVuSans"}
    assert stack.needs_layout("Give a hint.")  # an English line is not drawn in the CJK font
