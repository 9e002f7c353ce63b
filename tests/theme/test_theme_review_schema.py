"""An editor using the shipped JSON Schema agrees with ``deckforge check`` on a file alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema.validators import Draft202012Validator

from deckforge.theme.loader import ThemeError, load_theme
from deckforge.theme.validation import schema
from deckforge.theme.yaml_source import plain, read_yaml

# what the format's tutorial and the designer guide tell a designer to write:
# a theme that extends another and changes only part of each mapping
CHILD = """\
id: garden
extends: hanabi-classic
title: Garden Party
players:
  first: The last one to water a plant starts.
tokens:
  hint: {name: sunbeam, plural: sunbeams}
  error: {name: hailstorm, plural: hailstorms}
print:
  back: {title: Garden Party}
"""

ROOT = """\
id: garden
title: Garden Party
players: {counts: [2, 3], hand_size: 5}
tokens:
  hint: {count: 8, name: sunbeam}
  error: {count: 3, name: hailstorm, colour: "#c53030"}
print:
  back: {title: Garden Party, colour: "#1a202c"}
suits:
  - {id: roses, name: Roses, colour: "#e53e3e", symbol: "♥"}
  - {id: ferns, name: Ferns, colour: "#38a169", symbol: "♣"}
"""


def _editor_complaints(text: str) -> list[str]:
    data = plain(read_yaml("theme.yaml", text))
    errors = Draft202012Validator(schema()).iter_errors(data)
    return sorted(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors)


def test_an_editor_accepts_a_child_theme_that_changes_part_of_a_mapping() -> None:
    assert _editor_complaints(CHILD) == []


def test_check_accepts_the_same_child_theme(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("garden.yaml").write_text(CHILD, encoding="utf-8")
    theme = load_theme("garden.yaml")
    assert (theme.tokens.hint.name, theme.tokens.hint.count) == ("sunbeam", 8)


def test_an_editor_still_asks_for_every_key_of_a_theme_that_extends_nothing() -> None:
    assert _editor_complaints(ROOT) == [
        "print/back: 'accent' is a required property",
        "tokens/hint: 'colour' is a required property",
    ]


def test_check_names_the_same_missing_keys_with_their_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("garden.yaml").write_text(ROOT, encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme("garden.yaml")
    assert caught.value.problems == [
        "garden.yaml:5:9: tokens.hint: missing key 'colour'",
        "garden.yaml:8:9: print.back: missing key 'accent'",
    ]


@pytest.mark.parametrize(
    "written, instead, expected",
    [
        (
            "title: Garden Party\n",
            "titel: Garden Party\n",
            "garden.yaml:2:1: titel: unknown key (did you mean 'title'?)",
        ),
        (
            "hand_size: 5}",
            "handsize: 5}",
            "garden.yaml:3:27: players.handsize: unknown key (did you mean 'hand_size'?)",
        ),
    ],
)
def test_a_misspelt_required_key_is_one_problem_not_two(
    written: str, instead: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = ROOT.replace(written, instead).replace(
        "{count: 8, name: sunbeam}", '{count: 8, name: sunbeam, colour: "#2b6cb0"}'
    )
    text = text.replace('colour: "#1a202c"}', 'colour: "#1a202c", accent: "#f6e05e"}')
    Path("garden.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme("garden.yaml")
    assert caught.value.problems == [expected]
