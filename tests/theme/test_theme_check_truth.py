"""check tells the truth: each message of issue 13, word for word.

Curly quotes in a text, a known key at the wrong level, a rank beyond the
suit's copies, an inherited value's problem, missing characters grouped with the
font to add, and the German score sheet's plural.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.preflight import preflight
from deckforge.theme.advice import warnings
from deckforge.theme.loader import ThemeError, load_theme

SUITS = """suits:
  - {id: white, name: White, colour: "#e2e8f0", symbol: "✿"}
  - {id: red, name: Red, colour: "#e53e3e", symbol: "♥"}
  - {id: blue, name: Blue, colour: "#3182ce", symbol: "◆"}
  - {id: yellow, name: Yellow, colour: "#ecc94b", symbol: "★"}
  - id: green
    name: Green
    colour: "#38a169"
    symbol: "♣"
    cards:
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_curly_quotes_around_a_text_are_a_warning_at_their_line_and_column(tmp_path):
    path = _write(
        tmp_path,
        "planets.yaml",
        "id: planets\nextends: hanabi-classic\ntitle: Planets\n"
        "print: {back: {title: Planets}}\n"
        + SUITS
        + "      1: {title: Venus, text: “The hottest planet”}\n"
        "      2: {title: Mars, text: The red planet.”}\n"
        "      3: {title: ‘Jupiter, text: The largest planet.}\n"
        "      4: {title: Saturn, text: Its rings are “ice”.}\n"
        "      5: {title: Neptune, text: The farthest planet.}\n",
    )
    quotes = [w for w in warnings(load_theme(path)) if "typographic" in w]
    assert quotes == [
        f"{path}:15:31: warning: suits[4].cards.1.text: “ and ” are typographic quotes, which "
        "YAML keeps as part of the text: it will be printed; to quote the text, use straight "
        'quotes "..."',
        f"{path}:16:45: warning: suits[4].cards.2.text: ” is a typographic quote, which YAML "
        "keeps as part of the text: it will be printed; to quote the text, use straight "
        'quotes "..."',
        f"{path}:17:18: warning: suits[4].cards.3.title: ‘ is a typographic quote, which YAML "
        "keeps as part of the text: it will be printed; to quote the text, use straight "
        'quotes "..."',
    ]  # quotes inside a sentence ("ice") are typography, not a mistake


def test_a_known_key_at_the_wrong_level_says_where_it_belongs(tmp_path):
    path = _write(
        tmp_path,
        "misplaced.yaml",
        "id: misplaced\nextends: hanabi-classic\ntitle: Test\nfirst: The youngest starts.\n",
    )
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert caught.value.problems == [
        f"{path}:4:1: first: unknown key here: first belongs under players (players.first)"
    ]


def test_a_misspelt_key_still_gets_its_suggestion(tmp_path):
    path = _write(tmp_path, "typo.yaml", "id: typo\nextends: hanabi-classic\ntitel: Test\n")
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert caught.value.problems == [f"{path}:3:1: titel: unknown key (did you mean 'title'?)"]


def test_a_rank_beyond_the_suits_ranks_mentions_copies(tmp_path):
    path = _write(
        tmp_path,
        "six.yaml",
        "id: six\nextends: hanabi-classic\ntitle: Six\nprint: {back: {title: Six}}\n"
        + SUITS
        + "      6: {title: Pluto, text: Not a planet any more.}\n",
    )
    with pytest.raises(ThemeError) as caught:
        load_theme(path)
    assert caught.value.problems == [
        f"{path}:15:7: suits[4].cards.6: there is no rank 6: this suit has ranks 1 to 5, one "
        "per number in its copies (the default [3, 2, 2, 2, 1]); for a rank 6, give every "
        "suit's copies 6 numbers"
    ]


def test_a_print_problem_in_an_inherited_text_says_inherited(tmp_path):
    _write(
        tmp_path,
        "parent.yaml",
        "id: parent\nextends: hanabi-classic\ntitle: Lanterns\n"
        "print: {back: {title: Lanterns}}\n" + SUITS + "      1: {title: Lantern, text: 灯笼}\n",
    )
    child = _write(tmp_path, "child.yaml", "id: child\nextends: parent.yaml\ntitle: Lanterns too\n")
    problems = preflight(load_theme(child))
    assert problems == [
        f"{tmp_path / 'parent.yaml'}:15:33: card Green 1 (text): 2 Chinese/Japanese/Korean "
        "characters ('灯' '笼') are in no font of the kit (DejaVuSans); add a CJK font file to "
        "print.fonts, e.g. wqy-microhei.ttc from the fonts-wqy-microhei package, on Windows "
        "C:/Windows/Fonts/simhei.ttf (Chinese) or msgothic.ttc (Japanese), on macOS PingFang SC "
        "or Hiragino Sans (Font Book shows the file) (see docs/designer-guide.md, Fonts) "
        f"(inherited: set it in {child} to change it)"
    ]


def test_the_german_score_sheet_is_grammatical_with_any_token_name():
    words = catalogue("de")
    assert (
        words.text("score_strikeout_zero", n=4, error_plural="Gewitter")
        == "Liegen 4 Gewitter in der Mitte, ist das Spiel verloren: Summe 0."
    )
    for key in ("score_strikeout_zero", "score_strikeout_none", "score_strikeout_keep"):
        assert not words.messages[key].startswith("Mit ")  # "Mit 4 Gewitter" needs a dative
