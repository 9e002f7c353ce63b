"""hanab.live records: export and import round trips, and what a broken record gets."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fixtures import BLACK, CLASSIC, MULTICOLOUR, themed

from deckforge.rules import Card, Discard, Game, IllegalAction, Play, RankHint
from deckforge.rules.records import RecordError, from_hanab_live, to_hanab_live
from deckforge.theme.loader import load_theme

DATA = Path(__file__).parent / "data"
THEMES = [CLASSIC, themed(extra_suits=[MULTICOLOUR]), themed(extra_suits=[BLACK])]


def random_game(theme, players: int, seed: int, stop: int = 10**6) -> Game:
    rng = random.Random(seed)
    game = Game.deal(theme, players, seed)
    while not game.is_over and game.turn < stop:
        legal = game.legal_actions()
        calm = [a for a in legal if not isinstance(a, Play)]
        game.apply(rng.choice(legal if rng.random() < 0.3 else calm))
    return game


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.suits[-1].id)
@pytest.mark.parametrize("players", [2, 5])
def test_a_known_deck_game_survives_export_and_import(theme, players):
    game = random_game(theme, players, seed=players * 7)
    record = to_hanab_live(game)
    assert record["players"] == [f"Player {i + 1}" for i in range(players)]
    assert len(record["deck"]) == theme.deck_size
    assert {a["type"] for a in record["actions"]} <= {0, 1, 2, 3}
    again = from_hanab_live(theme, json.loads(json.dumps(record)))
    assert again.history == game.history
    assert (again.end, again.score, again.top_ranks()) == (game.end, game.score, game.top_ranks())
    assert again.discards == game.discards and again.hint_tokens == game.hint_tokens
    assert to_hanab_live(again) == record


def test_an_exported_play_names_the_deck_index_of_the_card():
    game = Game.deal(CLASSIC, 2, seed=3)
    game.apply(Discard(2))
    game.apply(RankHint(0, 4))
    game.apply(Play(4))  # player 0's newest card, drawn after the discard
    actions = to_hanab_live(game)["actions"]
    assert actions == [
        {"type": 1, "target": 2, "value": 0},
        {"type": 3, "target": 0, "value": 4},
        {"type": 0, "target": 10, "value": 0},
    ]
    assert to_hanab_live(game)["deck"][2] == {
        "suitIndex": game.deck[2].suit,
        "rank": game.deck[2].rank,
    }


def test_a_printed_game_exports_with_the_cards_seen_where_they_were():
    game = Game.printed(CLASSIC, 2)
    game.apply(Play(2, card=Card(1, 1)))
    game.apply(Discard(0, card=Card(4, 5)))
    game.apply(RankHint(1, 3))
    game.apply(Play(card=Card(1, 2)))  # player 1, slot 0 by default: deck card 6
    record = to_hanab_live(game, names=["Ana", "Ben"])
    assert record["deck"][2] == {"suitIndex": 1, "rank": 1}
    assert record["deck"][5] == {"suitIndex": 4, "rank": 5}
    assert record["deck"][6] == {"suitIndex": 1, "rank": 2}
    again = from_hanab_live(CLASSIC, record)
    assert again.stacks == game.stacks and again.discards == game.discards
    assert again.score == game.score and again.turn == game.turn == 4


def test_an_illegal_action_in_a_record_carries_its_index():
    record = json.loads((DATA / "no-hint-tokens.json").read_text(encoding="utf-8"))
    with pytest.raises(IllegalAction) as refusal:
        from_hanab_live(CLASSIC, record)
    assert refusal.value.index == 8 and refusal.value.code == "no-hint-tokens"


def test_the_strikeout_record_strikes_out_during_the_final_round():
    record = json.loads((DATA / "strikeout-in-final-round.json").read_text(encoding="utf-8"))
    game = from_hanab_live(CLASSIC, record)
    before = game.undo()
    assert before.deck_left == 0 and before.final_turns_left is not None
    assert before.error_tokens == 2 and game.error_tokens == 3


def test_an_action_after_the_end_is_refused():
    record = json.loads((DATA / "perfect.json").read_text(encoding="utf-8"))
    record["actions"].append({"type": 1, "target": 20, "value": 0})
    with pytest.raises(IllegalAction) as refusal:
        from_hanab_live(CLASSIC, record)
    assert refusal.value.code == "game-over" and refusal.value.index == 25


def test_a_final_game_over_action_leaves_the_game_unfinished():
    record = json.loads((DATA / "in-progress.json").read_text(encoding="utf-8"))
    record["actions"].append({"type": 4, "target": 0, "value": 4})
    assert from_hanab_live(CLASSIC, record).turn == 12
    record["actions"].insert(0, {"type": 4, "target": 0, "value": 4})
    with pytest.raises(RecordError, match="action 0: type 4"):
        from_hanab_live(CLASSIC, record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(options={"startingPlayer": 1}), "first player"),
        (lambda r: r["actions"].append({"type": 2}), "needs 'type' and 'target'"),
        (lambda r: r["actions"].append({"type": 2, "target": "1"}), "target must be an integer"),
        (lambda r: r["deck"].__setitem__(0, {"suitIndex": 9, "rank": 1}), "deck card 0"),
        (lambda r: r["players"].append(7), "players[4]"),
    ],
)
def test_a_malformed_record_raises_a_record_error(change, message):
    record = json.loads((DATA / "in-progress.json").read_text(encoding="utf-8"))
    change(record)
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        from_hanab_live(CLASSIC, record)


# --------------------------------------------------------------------------------------
# Any JSON value given as a hanab.live record fails cleanly or replays.

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


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
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


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
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
