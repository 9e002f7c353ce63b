"""``deckforge check`` warns about a card whose text or title would print too small or too long.

The sizes come from the layout code that prints the card, at the theme's card size.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fonts import load_font
from deckforge.printing.preflight import (
    TEXT_MINIMUM,
    TITLE_LINES,
    TITLE_MINIMUM,
    legibility_warnings,
)
from deckforge.theme.advice import warnings
from deckforge.theme.loader import bundled_theme_names, load_theme

WriteTheme = Callable[..., Path]  # the write_theme fixture (tests/conftest.py)

DECK = """\
id: orchard
extends: hanabi-classic
title: Orchard
print: {back: {title: Orchard}, card: CARD}
suits:
  - id: apple
    name: Apple
    colour: "#c0392b"
    symbol: "♥"
    cards:
      1: {title: "TITLE", text: "TEXT"}
      2: {title: Blossom, text: "Bees visit in spring."}
      3: {title: Fruit, text: "Small and green."}
      4: {title: Harvest, text: "Ladders and baskets."}
      5: {title: Cider, text: "Pressed in autumn."}
  - {id: pear, name: Pear, colour: "#d68910", symbol: "◆"}
  - {id: plum, name: Plum, colour: "#8e44ad", symbol: "♣"}
  - {id: cherry, name: Cherry, colour: "#17a589", symbol: "♠"}
  - {id: quince, name: Quince, colour: "#2e86c1", symbol: "★"}
"""
SENTENCE = "The old trees in the orchard give apples, pears and plums to the whole village. "
POKER_TEXT = FaceLayout(63, 88).text_box


def _deck(text: str = "Roots grow deep.", title: str = "Roots", card: str = "poker") -> str:
    return DECK.replace("TITLE", title).replace("TEXT", text).replace("CARD", card)


def _check(write_theme: WriteTheme, source: str) -> tuple[int, str]:
    write_theme(source, "orchard.yaml")
    result = CliRunner().invoke(main, ["check", "orchard.yaml"])
    return result.exit_code, result.stderr


def _printed(title: str, text: str, card: tuple[float, float] = (63, 88)):
    body, bold = load_font("DejaVuSans"), load_font("DejaVuSans-Bold")
    return FaceLayout(*card).fit(title, text, False, bold.width, body.width)


def _line_of(source: str, needle: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if needle in line)


def test_a_long_card_text_is_a_warning_naming_the_card_the_size_and_where_it_is(
    write_theme: WriteTheme,
) -> None:
    text = (SENTENCE * 8)[:550].strip()
    source = _deck(text)
    code, stderr = _check(write_theme, source)
    assert code == 0
    printed = _printed("Roots", text)
    assert printed is not None and printed.body_size < TEXT_MINIMUM
    line = _line_of(source, '1: {title: "Roots')
    found = [w for w in stderr.splitlines() if "suits[0].cards.1.text" in w]
    assert len(found) == 1
    assert re.match(rf"orchard\.yaml:{line}:\d+: warning: ", found[0])
    assert "card Apple 1" in found[0]
    assert f"{printed.body_size:g} pt" in found[0] and f"{TEXT_MINIMUM:g} pt" in found[0]


def test_the_shorter_length_the_warning_suggests_does_print_at_the_minimum(
    write_theme: WriteTheme,
) -> None:
    text = (SENTENCE * 8)[:550].strip()
    _, stderr = _check(write_theme, _deck(text))
    suggested = int(re.search(r"about (\d+) characters", stderr).group(1))
    assert 200 < suggested < 550
    shorter = text[:suggested].rsplit(" ", 1)[0]
    printed = _printed("Roots", shorter)
    assert printed is not None and printed.body_size >= TEXT_MINIMUM


@pytest.mark.parametrize("length", [150, 300, 350, 380, 420, 480])
def test_the_warning_appears_exactly_when_the_printed_size_is_below_the_minimum(
    length: int, write_theme: WriteTheme
) -> None:
    text = (SENTENCE * 8)[:length].strip()
    _, stderr = _check(write_theme, _deck(text))
    printed = _printed("Roots", text)
    assert printed is not None
    assert ("suits[0].cards.1.text" in stderr) == (printed.body_size < TEXT_MINIMUM)


def test_a_title_on_many_lines_is_a_warning_at_the_title(write_theme: WriteTheme) -> None:
    title = (
        "The very old and very tall apple tree that stands alone at the far end of "
        "the orchard, near the river, where the children of the village like to play "
        "all summer long"
    )
    assert len(title) > 160
    source = _deck(title=title)
    code, stderr = _check(write_theme, source)
    assert code == 0
    printed = _printed(title, "Roots grow deep.")
    assert printed is not None and len(printed.title_lines) > TITLE_LINES
    found = [w for w in stderr.splitlines() if "suits[0].cards.1.title" in w]
    assert len(found) == 1
    line = _line_of(source, '1: {title: "The very')
    assert re.match(rf"orchard\.yaml:{line}:\d+: warning: ", found[0])
    assert "card Apple 1" in found[0] and f"{len(printed.title_lines)} lines" in found[0]


def test_a_title_set_below_its_minimum_to_keep_a_word_whole_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "orchard.yaml"
    path.write_text(
        _deck(title="Blossoming", card="20x28").replace(', text: "Roots grow deep."', ""),
        encoding="utf-8",
    )
    printed = _printed("Blossoming", "", (20, 28))
    assert printed is not None and printed.title_size < TITLE_MINIMUM
    assert printed.title_lines == ("Blossoming",)
    found = [
        message
        for _, message in legibility_warnings(load_theme(path))
        if message.startswith("suits[0].cards.1.title")
    ]
    assert len(found) == 1
    assert f"{printed.title_size:g} pt" in found[0] and f"{TITLE_MINIMUM:g} pt" in found[0]


def test_a_short_title_and_text_give_no_warning(write_theme: WriteTheme) -> None:
    assert _check(write_theme, _deck()) == (0, "")


def test_the_warning_follows_the_theme_card_size(write_theme: WriteTheme) -> None:
    text = (SENTENCE * 8)[:550].strip()
    printed = _printed("Roots", text, (70, 120))
    assert printed is not None and printed.body_size >= TEXT_MINIMUM
    _, poker = _check(write_theme, _deck(text))
    _, tarot = _check(write_theme, _deck(text, card="tarot"))
    assert "suits[0].cards.1.text" in poker
    assert "suits[0].cards.1.text" not in tarot


@pytest.mark.parametrize("name", bundled_theme_names())
def test_no_bundled_card_prints_too_small(name: str) -> None:
    theme = load_theme(name)
    assert not [w for w in warnings(theme, legibility_warnings(theme)) if "reads easily" in w]
