"""Review: printed and known-deck tables agree step by step; actions survive their dicts."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fixtures import BLACK, CLASSIC, MULTICOLOUR, themed

from deckforge.rules import (
    Card,
    ColourHint,
    Discard,
    Game,
    Play,
    RankHint,
    action_from_dict,
)
from deckforge.theme.loader import load_theme
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints, StrikeoutScore

THEMES = {
    "classic": CLASSIC,
    "festival": load_theme("interfaith-festival"),
    "avalanche": load_theme("avalanche"),
    "black-powder": load_theme("black-powder"),
    "strict-black-none": themed(
        extra_suits=[BLACK, MULTICOLOUR],
        discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN,
        empty_hints=EmptyHints.FORBIDDEN,
        strikeout_score=StrikeoutScore.NONE,
    ),
}
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def public(game: Game) -> tuple:
    return (
        game.turn,
        game.current_player,
        game.hint_tokens,
        game.error_tokens,
        game.deck_left,
        game.final_turns_left,
        game.end,
        game.score,
        game.rating,
        game.max_reachable_score,
        game.pace,
        game.stacks,
        game.discards,
        tuple(len(hand) for hand in game.hands),
    )


def printed_twin(game: Game, action, event) -> object:
    """The action a leader enters at a printed table for what happened at the known one."""
    if isinstance(action, Play | Discard):
        return type(action)(event.slot, event.card)
    if isinstance(action, ColourHint):
        return ColourHint(action.target, action.colour, event.touched_count)
    return RankHint(action.target, action.rank, event.touched_count)


def probes(known: Game) -> list[tuple[object, object]]:
    """Actions to judge at both tables: (at the known table, as told at the printed one).

    A discard of the oldest card (refused at max hint tokens where the theme
    says so) and a rank-5 hint to the next seat (often empty, refused where
    empty hints are forbidden, and refused when no hint token is left).
    """
    actor = known.current_player
    target = (actor + 1) % known.players
    fives = sum(1 for held in known.hands[target] if held.card.rank == 5)
    oldest = known.hands[actor][0].card
    return [
        (Discard(0), Discard(0, oldest)),
        (RankHint(target, 5), RankHint(target, 5, fives)),
    ]


@SETTINGS
@given(
    name=st.sampled_from(sorted(THEMES)),
    seed=st.integers(0, 10**6),
    rng=st.randoms(use_true_random=False),
    play_rate=st.sampled_from([0.1, 0.5]),
)
def test_a_printed_table_told_every_card_and_count_follows_the_known_deck_exactly(
    name, seed, rng, play_rate
):
    theme = THEMES[name]
    players = rng.choice(theme.players.counts)
    known = Game.deal(theme, players, seed)
    printed = Game.printed(theme, players)
    assert public(known) == public(printed)
    while not known.is_over:
        for probe, told in probes(known):
            expected, got = known.check(probe), printed.check(told)
            assert (expected and expected.code) == (got and got.code), probe
        legal = known.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        action = rng.choice(plays if plays and rng.random() < play_rate else legal)
        event = known.apply(action)
        printed_event = printed.apply(printed_twin(known, action, event))
        assert printed_event.card == event.card and printed_event.success == event.success
        assert printed_event.hint_token_gained == event.hint_token_gained
        assert printed_event.touched_count == event.touched_count
        assert public(known) == public(printed)
    assert printed.is_over  # the printed table reached the same end


# ---- actions and their dicts -------------------------------------------------------------

small = st.integers(-3, 12)
cards = st.none() | st.builds(Card, small, small)
actions = st.one_of(
    st.builds(Play, st.none() | small, cards),
    st.builds(Discard, st.none() | small, cards),
    st.builds(ColourHint, small, small, st.none() | small),
    st.builds(RankHint, small, small, st.none() | small),
)


@settings(max_examples=200, deadline=None)
@given(action=actions, extra=st.dictionaries(st.text(min_size=1), st.integers(), max_size=3))
def test_every_action_survives_its_dict_through_json_and_unknown_fields_are_ignored(action, extra):
    data = json.loads(json.dumps(action.to_dict()))
    assert action_from_dict(data) == action
    widened = {**extra, **data}
    assert action_from_dict(widened) == action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "an action must be an object"),
        ({"type": "pass"}, "unknown action type 'pass'"),
        ({}, "unknown action type None"),
        ({"type": ["play"]}, "unknown action type ['play']"),
        ({"type": "play", "slot": "0"}, "'slot' must be an integer"),
        ({"type": "play", "slot": True}, "'slot' must be an integer"),
        ({"type": "play", "slot": 1.0}, "'slot' must be an integer"),
        ({"type": "discard", "card": [0, 1]}, "'card' must be an object"),
        ({"type": "discard", "card": {"suit": 0}}, "'rank' must be an integer"),
        ({"type": "discard", "card": {"suit": "0", "rank": 1}}, "'suit' must be an integer"),
        ({"type": "colour-hint", "target": 1}, "'colour' must be an integer"),
        ({"type": "rank-hint", "rank": 1}, "'target' must be an integer"),
        ({"type": "rank-hint", "target": 1, "rank": 2, "touched": "2"}, "'touched'"),
        ({"type": "colour-hint", "target": 1, "colour": 2, "touched": False}, "'touched'"),
    ],
)
def test_a_malformed_action_dict_is_a_one_line_value_error(data, words):
    with pytest.raises(ValueError) as raised:
        action_from_dict(data)
    message = str(raised.value)
    assert words in message and "\n" not in message


@SETTINGS
@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_a_game_replayed_from_its_dict_log_is_the_same_game(seed, rng):
    theme = THEMES["avalanche"]
    game = Game.deal(theme, 3, seed)
    while not game.is_over and game.turn < 40:
        game.apply(rng.choice(game.legal_actions()))
    log = json.loads(json.dumps([a.to_dict() for a in game.history]))
    again = Game.replay(theme, 3, game.deck, [action_from_dict(d) for d in log])
    assert public(again) == public(game)
    assert [[h.card for h in hand] for hand in again.hands] == [
        [h.card for h in hand] for hand in game.hands
    ]
    back = game.undo(min(3, game.turn))
    assert public(back) == public(Game.replay(theme, 3, game.deck, game.history[: back.turn]))
