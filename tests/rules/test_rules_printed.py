"""Printed cards: identities learned on play or discard; what the engine still enforces."""

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
    End,
    Game,
    IllegalAction,
    Play,
    RankHint,
    action_from_dict,
)
from deckforge.theme.loader import load_theme
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints, StrikeoutScore

W1, W5 = Card(0, 1), Card(0, 5)


def refusal(game: Game, action, player=None) -> str:
    with pytest.raises(IllegalAction) as raised:
        game.apply(action, player)
    return raised.value.code


def test_a_printed_table_deals_unknown_cards():
    game = Game.printed(CLASSIC, 3)
    assert game.is_printed and game.deck is None
    assert [len(hand) for hand in game.hands] == [5, 5, 5]
    assert all(held.card is None for hand in game.hands for held in hand)
    assert game.deck_left == 35
    with pytest.raises(ValueError):
        game.legal_actions()


def test_a_printed_play_must_say_which_card_it_was():
    game = Game.printed(CLASSIC, 2)
    assert refusal(game, Play(0)) == "card-required"
    assert refusal(game, Play(card=Card(5, 1))) == "unknown-suit"
    assert refusal(game, Discard(card=Card(0, 0))) == "unknown-rank"
    event = game.apply(Play(card=W1))
    assert event.success and event.drawn and event.drawn_card is None
    assert game.top_ranks()[0] == 1 and len(game.hands[0]) == 5 and game.deck_left == 39


def test_no_card_can_appear_more_often_than_its_copies():
    game = Game.printed(CLASSIC, 2)
    game.apply(Play(card=W1))
    game.apply(Discard(card=W1))
    game.apply(Discard(card=W1))
    assert game.copies_left(W1) == 0
    assert refusal(game, Play(card=W1)) == "no-copies-left"
    game.apply(Discard(card=W5))
    assert refusal(game, Play(card=W5)) == "no-copies-left"
    assert game.max_reachable_score == 24  # white stops at 4


def test_printed_hints_follow_the_empty_hint_switch_when_the_count_is_told():
    allowed = Game.printed(CLASSIC, 2)
    assert allowed.apply(RankHint(1, 3, touched=0)).touched_count == 0
    assert allowed.apply(ColourHint(0, 2)).touched_count is None
    forbidden = Game.printed(themed(empty_hints=EmptyHints.FORBIDDEN), 2)
    assert refusal(forbidden, RankHint(1, 3, touched=0)) == "empty-hint"
    assert refusal(forbidden, RankHint(1, 3, touched=6)) == "too-many-touched"
    assert forbidden.apply(ColourHint(1, 2, touched=2)).touched_count == 2
    assert forbidden.hint_tokens == 7


def test_printed_tables_keep_turns_tokens_and_the_discard_switch():
    game = Game.printed(themed(discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN), 2)
    assert refusal(game, Discard(card=W1)) == "discard-at-max-hints"
    assert refusal(game, RankHint(1, 1), player=1) == "not-your-turn"
    assert refusal(game, RankHint(0, 1)) == "hint-to-self"
    game.apply(RankHint(1, 1), player=0)
    game.apply(Discard(card=W1), player=1)
    assert game.hint_tokens == 8 and game.discards == (W1,)


def test_a_printed_game_runs_to_the_final_round_by_the_deck_count():
    game = Game.printed(CLASSIC, 2)
    unseen = [Card(s, r) for s in range(5) for r in range(1, 6) for _ in range(3)]
    while game.deck_left:
        card = next(c for c in unseen if game.copies_left(c) > 0)
        game.apply(Discard(card=card))
    assert game.final_turns_left == 2 and game.turn == 40
    assert [len(hand) for hand in game.hands] == [5, 5]
    game.apply(RankHint(1, 1))
    game.apply(Discard(4, card=next(c for c in unseen if game.copies_left(c) > 0)))
    assert game.end is End.DECK and [len(hand) for hand in game.hands] == [5, 4]
    assert game.score == 0 and game.rating == "Laughable"


def test_a_slot_given_with_printed_cards_keeps_the_hand_order():
    game = Game.printed(CLASSIC, 2)
    event = game.apply(Play(3, card=W1))
    assert event.slot == 3 and event.deck_index == 3
    assert [h.deck_index for h in game.hands[0]] == [0, 1, 2, 4, 10]
    assert refusal(game, Play(7, card=W1)) == "no-such-slot"


# --------------------------------------------------------------------------------------
# A printed table refuses a told hint count that no deal could produce.

W, R = 0, 1


def check_code(game: Game, action) -> str | None:
    problem = game.check(action)
    return None if problem is None else problem.code


def test_a_rank_hint_cannot_touch_more_cards_than_copies_of_that_rank_are_unseen():
    game = Game.printed(CLASSIC, 2)
    assert check_code(game, RankHint(1, 5, touched=5)) is None  # five 5s, five cards in hand
    for suit in range(4):
        game.apply(RankHint(game.current_player ^ 1, 1))
        game.apply(Discard(card=Card(suit, 5)))
    # four 5s seen: only one can still be in a hand
    assert game.copies_left(Card(4, 5)) == 1
    assert check_code(game, RankHint(1, 5, touched=1)) is None
    problem = game.check(RankHint(1, 5, touched=2))
    assert problem is not None and problem.code == "too-many-touched"
    assert "touch 2 cards" in problem.message and "only 1 such card is" in problem.message
    with pytest.raises(IllegalAction):
        game.apply(RankHint(1, 5, touched=2))
    assert game.hint_tokens == 8 and game.turn == 8


def test_a_colour_hint_count_is_bounded_by_the_unseen_cards_it_could_touch():
    game = Game.printed(CLASSIC, 2)
    red = [Card(R, r) for r in (1, 1, 1, 2, 2, 3, 3, 4)]
    for card in red:
        game.apply(Play(card=card) if game.is_playable(card) else Discard(card=card))
        if game.hint_tokens == 8:
            game.apply(RankHint(game.current_player ^ 1, 1, touched=1))
    assert sum(game.copies_left(Card(R, r)) for r in range(1, 6)) == 2  # a 4 and the 5
    assert check_code(game, ColourHint(game.current_player ^ 1, R, touched=2)) is None
    assert check_code(game, ColourHint(game.current_player ^ 1, R, touched=3)) == "too-many-touched"


def test_with_an_every_colour_suit_a_colour_count_includes_the_multicolour_cards():
    theme = themed(extra_suits=[MULTICOLOUR])
    game = Game.printed(theme, 2)
    red = [Card(R, r) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4)]
    for card in red:
        game.apply(Play(card=card) if game.is_playable(card) else Discard(card=card))
        if game.hint_tokens == 8:
            game.apply(RankHint(game.current_player ^ 1, 1))
    # one red card (the 5) is unseen, and ten multicolour cards: five fit in the hand
    assert check_code(game, ColourHint(game.current_player ^ 1, R, touched=5)) is None


# --------------------------------------------------------------------------------------
# Printed and known-deck tables agree step by step; actions survive their dicts.

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


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
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
