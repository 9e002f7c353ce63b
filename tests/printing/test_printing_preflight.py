"""Preflight: glyph coverage and text fitting, reported as path:line:col lines."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from deckforge.printing.fonts import load_font, missing_characters
from deckforge.printing.preflight import preflight
from deckforge.theme.loader import bundled_theme_names, load_theme
from deckforge.theme.model import CardText

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", bundled_theme_names())
def test_every_bundled_theme_prints_without_a_problem(name):
    assert preflight(load_theme(name)) == []


def test_the_bundled_fonts_draw_french_and_german_typography():
    for font in (load_font("DejaVuSans"), load_font("DejaVuSans-Bold")):
        text = "éèêàçôœ«»’ÄÖÜäöüß\u00a0\u202f–—…✿♥◆★♣●▲■"
        assert missing_characters(text, font) == []


def test_missing_characters_are_grouped_by_script_with_the_font_to_add():
    problems = preflight(load_theme(DATA / "missing-glyphs.yaml"))
    glyphs = [p for p in problems if "character" in p]
    files = {p.split(":")[0] for p in glyphs}
    assert len(files) == 1 and files.pop().endswith("data/missing-glyphs.yaml")
    assert [p.split(":", 1)[1] for p in glyphs] == [
        "13:49: card Red 1 (text) and 1 other text: 3 Chinese/Japanese/Korean characters "
        "('灯' '笼' '茶') are in no font of the kit (DejaVuSans, DejaVuSans-Bold); add a CJK "
        "font file to print.fonts, e.g. wqy-microhei.ttc from the fonts-wqy-microhei package, "
        "on Windows C:/Windows/Fonts/simhei.ttf (Chinese) or msgothic.ttc (Japanese), on macOS "
        "PingFang SC or Hiragino Sans (Font Book shows the file) "
        "(see docs/designer-guide.md, Fonts)"
    ]


def test_text_too_long_for_the_card_is_reported_on_that_card():
    problems = preflight(load_theme(DATA / "missing-glyphs.yaml"))
    fitting = [p for p in problems if "do not fit" in p]
    assert len(fitting) == 1
    assert ":17:" in fitting[0] and fitting[0].split(":")[0].endswith("missing-glyphs.yaml")
    assert "card Red 3: title and text do not fit on a 63x88 mm card" in fitting[0]


def test_a_bigger_card_gives_long_text_the_room_it_needs():
    theme = load_theme(DATA / "missing-glyphs.yaml")
    assert not [p for p in preflight(theme, card=(70, 120)) if "do not fit" in p]


def test_symbols_token_names_and_rating_labels_are_checked_too():
    theme = load_theme("hanabi-classic")
    suits = (dataclasses.replace(theme.suits[0], symbol="☃漢"), *theme.suits[1:])
    tokens = dataclasses.replace(
        theme.tokens, hint=dataclasses.replace(theme.tokens.hint, name="ヒント")
    )
    odd = dataclasses.replace(theme, suits=suits, tokens=tokens)
    problems = [p for p in preflight(odd) if "no font" in p]
    assert len(problems) == 1
    assert problems[0].endswith(
        ": the hint token's name and 1 other text: 4 Chinese/Japanese/Korean characters "
        "('ヒ' 'ン' 'ト' '漢') are in no font of the kit (DejaVuSans-Bold, DejaVuSans); add a "
        "CJK font file to print.fonts, e.g. wqy-microhei.ttc from the fonts-wqy-microhei "
        "package, on Windows C:/Windows/Fonts/simhei.ttf (Chinese) or msgothic.ttc (Japanese), "
        "on macOS PingFang SC or Hiragino Sans (Font Book shows the file) "
        "(see docs/designer-guide.md, Fonts)"
    )
    assert "☃" not in problems[0]  # the snowman is in DejaVu Sans


def test_a_theme_without_positions_still_gets_a_location():
    theme = load_theme("hanabi-classic")
    red = dataclasses.replace(theme.suits[1], cards={1: CardText("漢", "")})
    odd = dataclasses.replace(theme, suits=(theme.suits[0], red, *theme.suits[2:]), positions={})
    assert preflight(odd)[0].startswith(f"{theme.path}:1:1: card Red 1 (title)")


def test_an_unknown_font_is_one_clear_problem():
    theme = load_theme("hanabi-classic")
    style = dataclasses.replace(theme.print_style, body_fonts=("Comic Sans",))
    problems = preflight(dataclasses.replace(theme, print_style=style))
    assert len(problems) == 1
    assert "font 'Comic Sans' is neither a bundled font" in problems[0]


def test_a_theme_may_bring_its_own_truetype_font(tmp_path):
    from deckforge.printing.fonts import FONT_DIR
    from deckforge.printing.kit import build_kit

    (tmp_path / "MyFont.ttf").write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    theme = load_theme("hanabi-classic")
    style = dataclasses.replace(theme.print_style, body_fonts=(str(tmp_path / "MyFont.ttf"),))
    own = dataclasses.replace(theme, print_style=style)
    assert preflight(own) == []
    assert build_kit(own)["rules.pdf"].startswith(b"%PDF-1.7")


def test_a_file_that_is_not_a_font_is_one_clear_problem(tmp_path):
    (tmp_path / "Broken.ttf").write_text("not a font", encoding="utf-8")
    theme = load_theme("hanabi-classic")
    style = dataclasses.replace(theme.print_style, title_fonts=(str(tmp_path / "Broken.ttf"),))
    problems = preflight(dataclasses.replace(theme, print_style=style))
    assert len(problems) == 1 and "not a usable TrueType font" in problems[0]
