"""Printed cards: identities learned on play or discard; what the engine still enforces."""

from __future__ import annotations

import pytest
from rules_fixtures import CLASSIC, themed

from deckforge.rules import Card, ColourHint, Discard, End, Game, IllegalAction, Play, RankHint
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints

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
