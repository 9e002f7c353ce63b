"""Suits that players could not tell apart are refused: the same name; rank counts that differ."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.theme.loader import ThemeError, load_theme

FIVE_SUITS = """\
id: planets
extends: hanabi-classic
suits:
  - {id: mars, name: Mars, colour: "#c0392b", symbol: "♂"}
  - {id: jupiter, name: Jupiter, colour: "#d68910", symbol: "♃"}
  - {id: saturn, name: Saturn, colour: "#b7950b", symbol: "♄"}
  - {id: uranus, name: Uranus, colour: "#17a589", symbol: "⛢"}
  - {id: neptune, name: Neptune, colour: "#2e86c1", symbol: "♆"}
"""


def _problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[str]:
    monkeypatch.chdir(tmp_path)
    Path("planets.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme("planets.yaml")
    return caught.value.problems


def test_the_five_different_suits_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("planets.yaml").write_text(FIVE_SUITS, encoding="utf-8")
    assert [s.name for s in load_theme("planets.yaml").suits][:2] == ["Mars", "Jupiter"]


def test_two_suits_with_the_same_name_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = FIVE_SUITS.replace("name: Jupiter", "name: Mars")
    assert _problems(tmp_path, monkeypatch, text) == [
        "planets.yaml:5:25: suits[1].name: 'Mars' is already the name of suits[0]; "
        "each suit needs its own",
    ]


def test_suit_names_that_differ_only_in_case_or_spacing_are_the_same_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = FIVE_SUITS.replace("name: Neptune", 'name: "MARS "')
    assert _problems(tmp_path, monkeypatch, text) == [
        "planets.yaml:8:25: suits[4].name: 'MARS ' is already the name of suits[0]; "
        "each suit needs its own",
    ]


def test_an_added_suit_that_repeats_an_inherited_name_is_reported_in_the_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (
        "id: six\nextends: hanabi-classic\n"
        'add_suits:\n  - {id: rouge, name: Red, colour: "#7b341e", symbol: "✚"}\n'
    )
    problems = _problems(tmp_path, monkeypatch, text)
    assert any(
        p.startswith("planets.yaml:4:23: suits[5].name: 'Red' is already the name of suits[1]")
        for p in problems
    ), problems


def test_a_copies_list_of_the_wrong_length_is_reported_on_the_odd_suit_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first suit is the odd one: the four others have the usual 5 ranks
    text = FIVE_SUITS.replace('symbol: "♂"}', 'symbol: "♂", copies: [3, 2, 2, 1]}')
    problems = _problems(tmp_path, monkeypatch, text)
    assert (
        "planets.yaml:4:68: suits[0].copies: 4 ranks, but suits[1] has 5: "
        "every suit needs the same number of ranks"
    ) in problems
    assert not any("suits[1]: " in p or "suits[4]: " in p for p in problems), problems
