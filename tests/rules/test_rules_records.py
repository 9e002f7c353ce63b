"""hanab.live records: export and import round trips, and what a broken record gets."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rules_fixtures import BLACK, CLASSIC, MULTICOLOUR, themed

from deckforge.rules import Card, Discard, Game, IllegalAction, Play, RankHint
from deckforge.rules.records import RecordError, from_hanab_live, to_hanab_live

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
