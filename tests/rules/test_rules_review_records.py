"""Review: any JSON value given as a hanab.live record fails cleanly or replays."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckforge.rules import Game, IllegalAction
from deckforge.rules.records import RecordError, from_hanab_live, to_hanab_live
from deckforge.theme.loader import load_theme

AVALANCHE = load_theme("avalanche")
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-2, 70)
    | st.floats(allow_nan=False)
    | st.text(max_size=3)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = ["players", "deck", "actions", "options", "type", "target", "value", "suitIndex", "rank"]


def a_real_record(seed: int, turns: int) -> dict:
    game = Game.deal(AVALANCHE, 3, seed)
    while not game.is_over and game.turn < turns:
        legal = game.legal_actions()
        game.apply(legal[(seed + game.turn * 7) % len(legal)])
    return to_hanab_live(game)


@st.composite
def damaged_records(draw):
    record = json.loads(json.dumps(a_real_record(draw(st.integers(0, 999)), 30)))
    for _ in range(draw(st.integers(1, 3))):
        part = draw(st.sampled_from(["players", "deck", "actions", "options", "top"]))
        if part == "top":
            record[draw(st.sampled_from(KEYS))] = draw(json_values)
        elif part == "options":
            record["options"] = draw(json_values)
        elif record.get(part) and isinstance(record[part], list):
            items = record[part]
            index = draw(st.integers(0, len(items) - 1))
            if isinstance(items[index], dict) and draw(st.booleans()):
                items[index][draw(st.sampled_from(KEYS))] = draw(json_values)
            else:
                items[index] = draw(json_values)
    return record


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(record=damaged_records())
def test_a_damaged_record_replays_or_fails_with_a_record_error_or_an_indexed_refusal(record):
    try:
        game = from_hanab_live(AVALANCHE, record)
    except RecordError as problem:
        assert str(problem) and "\n" not in str(problem)
    except IllegalAction as refusal:
        assert refusal.index is not None and refusal.code
    else:
        assert game.turn <= len(record["actions"])


@SETTINGS
@given(record=json_values)
def test_any_json_value_as_a_record_fails_cleanly(record):
    try:
        game = from_hanab_live(AVALANCHE, record)
    except RecordError as problem:
        assert "\n" not in str(problem)
    except IllegalAction as refusal:
        assert refusal.index is not None
    else:
        assert isinstance(record, dict) and game.players == len(record["players"])


def test_a_real_record_with_extra_fields_replays_to_the_same_game():
    record = a_real_record(5, 200)
    record["id"] = 12345
    record["options"] = {"variant": "Rainbow (6 Suits)", "startingPlayer": 0}
    for action in record["actions"]:
        action["note"] = "x"
    again = from_hanab_live(AVALANCHE, record)
    assert to_hanab_live(again) == a_real_record(5, 200)
