"""Every default a theme may leave out is the model's; schema.json repeats them for
editors and must say the same (issue 15: they were written four times)."""

from __future__ import annotations

import copy
import json
from enum import Enum
from pathlib import Path
from typing import Any

from deckforge.theme.loader import load_theme
from deckforge.theme.model import (
    DEFAULT_LANGUAGE,
    BackDesign,
    Players,
    PrintStyle,
    Rules,
    Suit,
    SuitScoring,
    Theme,
)
from deckforge.theme.validation import SCHEMA_PATH, score_range

FONTS = "properties/print/properties/fonts/oneOf/1/properties"

# where schema.json writes a default -> the model's value for it
MODEL_DEFAULTS: dict[str, Any] = {
    "properties/language": DEFAULT_LANGUAGE,
    "properties/description": Theme.description,
    "properties/authors": Theme.authors,
    "properties/licence": Theme.licence,
    "properties/notes": Theme.notes,
    "properties/sources": Theme.sources,
    "properties/rules/properties/discard_at_max_hints": Rules.discard_at_max_hints,
    "properties/rules/properties/empty_hints": Rules.empty_hints,
    "properties/rules/properties/strikeout_score": Rules.strikeout_score,
    "properties/rules/properties/completion_bonus": Rules.completion_bonus,
    "properties/print/properties/card": PrintStyle.card,
    f"{FONTS}/title": PrintStyle.title_fonts[0],
    f"{FONTS}/body": PrintStyle.body_fonts[0],
    "$defs/players/properties/teams": Players.teams,
    "$defs/players/properties/first": Players.first,
    "$defs/back/properties/pattern": BackDesign.pattern,
    "$defs/suit/properties/direction": Suit.direction,
    "$defs/suit/properties/copies": Suit.copies,
    "$defs/suit/properties/clue": Suit.clue,
    "$defs/suit/properties/scoring": Suit.scoring,
}


def schema_defaults(node: Any, path: str = "") -> dict[str, Any]:
    """Every ``default`` in a JSON Schema, by the path of the object that holds it."""
    found: dict[str, Any] = {}
    if isinstance(node, dict):
        if "default" in node:
            found[path.lstrip("/")] = node["default"]
        for key, value in node.items():
            found |= schema_defaults(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found |= schema_defaults(value, f"{path}/{index}")
    return found


def as_json(value: Any) -> Any:
    """A model value as JSON writes it (enums by value, tuples as lists)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [as_json(item) for item in value]
    return value


def differences(schema: dict[str, Any]) -> list[str]:
    written = schema_defaults(schema)
    problems = [
        f"{path}: the schema says {written[path]!r}, the model {as_json(value)!r}"
        for path, value in MODEL_DEFAULTS.items()
        if path in written and written[path] != as_json(value)
    ]
    problems += [f"{path}: no default in the schema" for path in MODEL_DEFAULTS.keys() - written]
    problems += [f"{path}: a default the model lacks" for path in written.keys() - MODEL_DEFAULTS]
    return sorted(problems)


def test_every_default_in_the_schema_is_the_models() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert differences(schema) == []


def test_a_default_that_differs_between_schema_and_model_is_caught() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    changed = copy.deepcopy(schema)
    changed["$defs"]["suit"]["properties"]["copies"]["default"] = [3, 2, 2, 2, 2]
    changed["properties"]["rules"]["properties"]["empty_hints"]["default"] = "forbidden"
    assert differences(changed) == [
        "$defs/suit/properties/copies: the schema says [3, 2, 2, 2, 2], the model [3, 2, 2, 2, 1]",
        "properties/rules/properties/empty_hints: the schema says 'forbidden', the model 'allowed'",
    ]
    del changed["properties"]["notes"]["default"]
    changed["properties"]["title"]["default"] = "Untitled"
    assert "properties/notes: no default in the schema" in differences(changed)
    assert "properties/title: a default the model lacks" in differences(changed)


def test_a_theme_that_leaves_everything_out_gets_the_models_defaults(tmp_path: Path) -> None:
    path = tmp_path / "bare.yaml"
    suits = "\n".join(
        f'  - {{id: s{i}, name: Suit {i}, colour: "#{i}0{i}0{i}0", symbol: "{symbol}"}}'
        for i, symbol in enumerate("♥★◆♣✿")
    )
    path.write_text(
        "id: bare\ntitle: Bare\nplayers: {counts: [2, 3], hand_size: 5}\n"
        "tokens:\n  hint: {count: 8, name: hint, colour: '#2b6cb0'}\n"
        "  error: {count: 3, name: error, colour: '#c53030'}\n"
        f"suits:\n{suits}\n",
        encoding="utf-8",
    )
    theme = load_theme(path)
    assert theme.language == DEFAULT_LANGUAGE
    assert (theme.description, theme.authors, theme.licence, theme.notes, theme.sources) == (
        Theme.description,
        Theme.authors,
        Theme.licence,
        Theme.notes,
        Theme.sources,
    )
    assert theme.rules == Rules()
    assert (theme.players.teams, theme.players.first) == (Players.teams, Players.first)
    assert theme.print_style == PrintStyle()
    for suit in theme.suits:
        assert (suit.direction, suit.copies, suit.clue, suit.scoring) == (
            Suit.direction,
            Suit.copies,
            Suit.clue,
            Suit.scoring,
        )


def test_the_rating_check_and_the_model_score_suits_alike() -> None:
    theme = load_theme("black-powder")
    raw = [{"copies": list(suit.copies), "scoring": suit.scoring.value} for suit in theme.suits]
    assert score_range(raw) == (theme.min_score, theme.max_score)
    assert SuitScoring.MINUS_MISSING.score_range(5) == (-5, 0)
    assert SuitScoring.TOP_CARD.score_range(6) == (0, 6)
    assert score_range([{}]) == (0, len(Suit.copies))
