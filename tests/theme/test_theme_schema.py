"""The JSON Schema: valid, in step with the model, and usable by editors on each file."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema.validators import Draft202012Validator

from deckforge.theme import model
from deckforge.theme.loader import BUNDLED_THEMES
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
