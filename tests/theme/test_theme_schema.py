"""The JSON Schema: valid, in step with the model, and usable by editors on each file."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema.validators import Draft202012Validator

from deckforge.theme import model
from deckforge.theme.loader import BUNDLED_THEMES, ThemeError, load_theme
from deckforge.theme.validation import SCHEMA_PATH, schema
from deckforge.theme.yaml_source import plain, read_yaml

SCHEMA_COMMENT = "# yaml-language-server: $schema=../deckforge/theme/schema.json"
BUNDLED_FILES = sorted(BUNDLED_THEMES.glob("*.yaml"))


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.name)
def test_every_bundled_theme_file_starts_with_the_schema_comment(path: Path) -> None:
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    assert first_line == SCHEMA_COMMENT
    target = first_line.split("$schema=", 1)[1]
    assert (path.parent / target).resolve() == SCHEMA_PATH.resolve()


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.name)
def test_an_editor_checking_one_bundled_file_alone_finds_nothing_wrong(path: Path) -> None:
    data = plain(read_yaml(path.name, path.read_text(encoding="utf-8")))
    errors = [e.message for e in Draft202012Validator(schema()).iter_errors(data)]
    assert errors == []


def _enum(*keys: str) -> set[str]:
    node = schema()
    for key in keys:
        node = node[key]
    return set(node["enum"])


def test_the_schema_switches_are_the_models_switches() -> None:
    rules = ("properties", "rules", "properties")
    suit = ("$defs", "suit", "properties")
    assert _enum(*suit, "direction") == {d.value for d in model.Direction}
    assert _enum(*suit, "clue") == {c.value for c in model.ClueMode}
    assert _enum(*suit, "scoring") == {s.value for s in model.SuitScoring}
    assert _enum(*rules, "discard_at_max_hints") == {d.value for d in model.DiscardAtMaxHints}
    assert _enum(*rules, "empty_hints") == {e.value for e in model.EmptyHints}
    assert _enum(*rules, "strikeout_score") == {s.value for s in model.StrikeoutScore}


def test_the_schema_defaults_are_the_models_defaults() -> None:
    rules = schema()["properties"]["rules"]["properties"]
    defaults = model.Rules()
    assert rules["discard_at_max_hints"]["default"] == defaults.discard_at_max_hints.value
    assert rules["empty_hints"]["default"] == defaults.empty_hints.value
    assert rules["strikeout_score"]["default"] == defaults.strikeout_score.value
    assert rules["completion_bonus"]["default"] is defaults.completion_bonus
    suit = schema()["$defs"]["suit"]["properties"]
    plain_suit = model.Suit(id="x", name="X", colour="#000000", symbol="x")
    assert tuple(suit["copies"]["default"]) == plain_suit.copies
    assert suit["direction"]["default"] == plain_suit.direction.value
    assert suit["clue"]["default"] == plain_suit.clue.value
    assert suit["scoring"]["default"] == plain_suit.scoring.value
    style = model.PrintStyle()
    printing = schema()["properties"]["print"]["properties"]
    assert printing["card"]["default"] == style.card
    assert printing["fonts"]["oneOf"][1]["properties"]["title"]["default"] == style.title_font
    assert printing["fonts"]["oneOf"][1]["properties"]["body"]["default"] == style.body_font
    back = schema()["$defs"]["back"]["properties"]
    assert back["pattern"]["default"] == model.BackDesign("t", "#000000", "#ffffff").pattern


def test_card_keys_are_exactly_the_models_card_fields() -> None:
    card = schema()["$defs"]["card"]["properties"]
    allowed = {k for k, v in card.items() if v.get("not") != {}}
    assert allowed == set(model.CardText.__dataclass_fields__)


def _property_names(node: object) -> set[str]:
    names: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                names.update(k for k, v in value.items() if v.get("not") != {})
            names |= _property_names(value)
    elif isinstance(node, list):
        for item in node:
            names |= _property_names(item)
    return names


def test_the_format_reference_documents_every_key_of_the_schema() -> None:
    reference = (Path(__file__).parents[2] / "docs" / "theme-format.md").read_text(encoding="utf-8")
    undocumented = sorted(
        name
        for name in _property_names(schema())
        if f"`{name}`" not in reference and f"`fonts.{name}`" not in reference
    )
    assert undocumented == []


# --------------------------------------------------------------------------------------
# An editor using the shipped JSON Schema agrees with ``deckforge check`` on a file alone.

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
