"""``deckforge check`` warns about cards a designer probably forgot, and still succeeds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.theme.loader import BUNDLED_THEMES

WriteTheme = Callable[..., Path]  # the write_theme fixture (tests/conftest.py)

DECK = """\
id: planets
extends: hanabi-classic
title: Grand Tour
print: {back: {title: Grand Tour}}
suits:
  - id: mars
    name: Mars
    colour: "#c0392b"
    symbol: "♂"
    cards:
      1: {title: Launch, text: "The rocket leaves Earth."}
      2: {title: Cruise, text: "Seven months in space."}
      3: {title: Orbit, text: "Two small moons."}
      4: {title: Landing, text: "Dust storms for weeks."}
      5: {title: Olympus Mons, text: "The tallest volcano."}
  - id: jupiter
    name: Jupiter
    colour: "#d68910"
    symbol: "♃"
  - {id: saturn, name: Saturn, colour: "#b7950b", symbol: "♄"}
  - {id: uranus, name: Uranus, colour: "#17a589", symbol: "⛢"}
  - {id: neptune, name: Neptune, colour: "#2e86c1", symbol: "♆"}
"""
SUMMARY = "Grand Tour (planets): 50 cards, 5 suits, 2-5 players, maximum score 25\n"


def _check(write_theme: WriteTheme, text: str) -> tuple[int, str, str]:
    write_theme(text, "planets.yaml")
    result = CliRunner().invoke(main, ["check", "planets.yaml"])
    return result.exit_code, result.stdout, result.stderr


def test_a_deck_whose_suits_are_fully_written_or_plain_has_no_warning(
    write_theme: WriteTheme,
) -> None:
    assert _check(write_theme, DECK) == (0, SUMMARY, "")


def test_a_suit_with_texts_for_some_ranks_only_is_a_warning(write_theme: WriteTheme) -> None:
    text = DECK.replace(
        '    symbol: "♃"\n',
        '    symbol: "♃"\n    cards:\n      1: {title: Launch, text: "The largest planet."}\n'
        '      5: {title: Great Red Spot, text: "A storm wider than Earth."}\n',
    )
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:21:7: warning: suits[1].cards: Jupiter 2, 3 and 4 have no title or "
        "text, but Jupiter 1 and 5 do: write them, or they print as plain cards\n",
    )


def test_a_card_with_a_title_and_no_text_is_a_warning(write_theme: WriteTheme) -> None:
    text = DECK.replace('{title: Orbit, text: "Two small moons."}', "{title: Orbit}")
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:13:10: warning: suits[0].cards.3: Mars 3 has a title but no text\n",
    )


def test_a_card_with_a_text_and_no_title_is_a_warning(write_theme: WriteTheme) -> None:
    text = DECK.replace('{title: Orbit, text: "Two small moons."}', '{text: "Two small moons."}')
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:13:10: warning: suits[0].cards.3: Mars 3 has a text but no title\n",
    )


def test_a_deck_of_titles_only_is_a_choice_not_a_mistake(write_theme: WriteTheme) -> None:
    lines = [
        line.split(", text:")[0] + "}" if "text:" in line else line for line in DECK.split("\n")
    ]
    assert _check(write_theme, "\n".join(lines)) == (0, SUMMARY, "")


def _new_and_check(template: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "my-deck", "--from", template]).exit_code == 0
    return Path("themes/my-deck.yaml")


def test_a_new_complete_theme_checks_without_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _new_and_check("complete", tmp_path, monkeypatch)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert (result.exit_code, result.stderr) == (0, "")


def test_a_new_minimal_theme_is_warned_only_about_its_backs_until_its_print_lines_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _new_and_check("minimal", tmp_path, monkeypatch)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0
    assert [line.split(": warning: ")[1][:40] for line in result.stderr.splitlines()] == [
        "title: every card's back says 'Hanabi', "
    ]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("# print:", "print:").replace("#   back:", "  back:"))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert (result.exit_code, result.stderr) == (0, "")


def test_a_quote_left_open_in_a_file_that_still_loads_is_a_warning(write_theme: WriteTheme) -> None:
    # the sentence runs on to the quote on line 7: the token names became part
    # of it, yet the file is a valid theme (with the base game's token names)
    text = DECK.replace(
        "title: Grand Tour\n",
        'title: Grand Tour\nplayers:\n  first: "The youngest team starts.\n'
        'tokens:\n  hint: {name: spark, colour: "#2b6cb0"}\n',
    )
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:5:10: warning: this quoted text runs on to line 7 and takes in line 6 "
        '(tokens:): is its closing quote " missing?\n',
    )


def test_two_suits_of_one_colour_are_a_warning_whatever_the_case(write_theme: WriteTheme) -> None:
    text = DECK.replace('colour: "#b7950b"', 'colour: "#C0392B"')
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:20:40: warning: suits[2].colour: '#c0392b' is also the colour of "
        "suits[0] (Mars): players can tell these suits apart only by their symbols\n",
    )


def test_a_deck_that_keeps_its_parents_back_title_is_warned(write_theme: WriteTheme) -> None:
    text = DECK.replace("print: {back: {title: Grand Tour}}\n", "")
    assert _check(write_theme, text) == (
        0,
        SUMMARY,
        "planets.yaml:3:8: warning: title: every card's back says 'Hanabi', taken from the "
        "theme this one extends; to print this deck's title there, write print: {back: "
        "{title: Grand Tour}}\n",
    )


def test_a_variant_that_adds_a_suit_keeps_the_parents_back_without_a_warning(
    write_theme: WriteTheme,
) -> None:
    # avalanche's way: the new cards can be shuffled into a base deck
    text = (
        "id: planets\nextends: hanabi-classic\ntitle: Grand Tour\nadd_suits:\n"
        '  - {id: pluto, name: Pluto, colour: "#7b341e", symbol: "♇"}\n'
        "rating:\n  - {from: 0, to: 30, label: Fine}\n"
    )
    code, _out, err = _check(write_theme, text)
    assert (code, err) == (0, "")


def test_a_deck_in_another_language_is_told_which_texts_stay_in_its_parents(
    write_theme: WriteTheme,
) -> None:
    text = DECK.replace("title: Grand Tour\n", "title: Grand Tour\nlanguage: de\n", 1).replace(
        "suits:\n", "tokens:\n  hint: {name: Funkspruch, plural: Funksprüche}\nsuits:\n", 1
    )
    code, out, err = _check(write_theme, text)
    assert (code, out) == (0, SUMMARY)
    parent = str(BUNDLED_THEMES / "hanabi-classic.yaml")
    assert err == (
        "planets.yaml:4:11: warning: language: the deck is in 'de', but these texts stay in "
        f"its parent's language: the description, who starts (players.first), the error "
        f"tokens' name, the rating labels (from {parent}); write them in this file\n"
    )


def test_a_hand_size_for_a_count_that_is_not_allowed_is_a_warning(write_theme: WriteTheme) -> None:
    text = DECK.replace(
        "suits:\n", "players:\n  counts: [3, 4]\n  hand_size: {2: 5, 3: 5, 4: 4}\nsuits:\n", 1
    )
    assert _check(write_theme, text) == (
        0,
        "Grand Tour (planets): 50 cards, 5 suits, 3-4 players, maximum score 25\n",
        "planets.yaml:7:18: warning: players.hand_size.2: 2 players are not in "
        "players.counts (3, 4), so this hand size is never used: add 2 to the counts, "
        "or remove this line\n",
    )


def test_the_parents_hand_sizes_are_not_reported_when_a_child_allows_fewer_counts(
    write_theme: WriteTheme,
) -> None:
    text = DECK.replace("suits:\n", "players:\n  counts: [3, 4]\nsuits:\n", 1)
    code, _out, err = _check(write_theme, text)
    assert (code, err) == (0, "")


def test_a_token_renamed_without_its_plural_is_a_warning(write_theme: WriteTheme) -> None:
    text = DECK.replace(
        "suits:\n",
        "tokens:\n  hint: {name: spark}\n  error: {name: storm, plural: storms}\nsuits:\n",
        1,
    )
    assert _check(write_theme, text)[2] == (
        "planets.yaml:6:16: warning: tokens.hint: the name is 'spark' but the plural is still "
        "the parent's 'hint tokens': write plural: too\n"
    )


def test_a_token_without_any_plural_is_a_warning(write_theme: WriteTheme) -> None:
    root = (
        "id: planets\ntitle: Grand Tour\nplayers: {counts: [2], hand_size: 5}\n"
        'tokens:\n  hint: {count: 8, name: spark, colour: "#2b6cb0"}\n'
        '  error: {count: 3, name: storm, plural: storm, colour: "#c53030"}\n'
        + DECK[DECK.index("suits:") :]
    )
    assert _check(write_theme, root)[2] == (
        'planets.yaml:5:26: warning: tokens.hint: no plural, so the rules will say "8 spark": '
        "write plural: (the same word again if it does not change)\n"
    )


def test_a_long_quoted_text_whose_line_starts_like_a_note_is_not_suspected(
    write_theme: WriteTheme,
) -> None:
    text = DECK.replace(
        "title: Grand Tour\n",
        'title: Grand Tour\ndescription: "Five probes leave Earth.\n  Note: read it aloud."\n',
    )
    assert _check(write_theme, text) == (0, SUMMARY, "")
