"""The engine on the bundled themes, as their files say they play."""

from __future__ import annotations

import random

import pytest

from deckforge.rules import Card, ColourHint, Discard, Game, IllegalAction, Play
from deckforge.rules.records import from_hanab_live, to_hanab_live
from deckforge.theme.loader import load_theme


def test_discarding_with_all_hint_tokens_in_is_allowed_in_hanabi_classic():
    game = Game.deal(load_theme("hanabi-classic"), 4, seed=1)
    game.apply(Discard(0))
    assert game.hint_tokens == 8 and len(game.discards) == 1


def test_discarding_with_all_hint_tokens_in_is_refused_in_interfaith_festival():
    game = Game.deal(load_theme("interfaith-festival"), 4, seed=1)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Discard(0))
    assert refusal.value.code == "discard-at-max-hints"
    assert game.turn == 0 and game.discards == ()


def test_avalanche_colour_hints_touch_the_multicolour_cards():
    theme = load_theme("avalanche")
    multi = next(i for i, s in enumerate(theme.suits) if s.id == "multicolour")
    game = Game.deal(theme, 2, seed=5)
    assert game.max_reachable_score == 30
    event = game.apply(ColourHint(1, 0))
    hand = game.hands[1]
    for slot, held in enumerate(hand):
        assert (slot in event.touched) == (held.card.suit in (0, multi))


def test_black_powder_starts_its_black_pile_with_a_5():
    theme = load_theme("black-powder")
    black = next(i for i, s in enumerate(theme.suits) if s.id == "black")
    game = Game.deal(theme, 2, seed=0)
    assert game.next_ranks()[black] == 5
    assert game.score == -5 and game.max_reachable_score == 25
    assert game.is_playable(Card(black, 5)) and not game.is_playable(Card(black, 1))


@pytest.mark.parametrize(
    "name", ["hanabi-classic", "avalanche", "black-powder", "interfaith-festival"]
)
def test_a_random_game_on_a_bundled_theme_ends_and_round_trips(name):
    theme = load_theme(name)
    rng = random.Random(name)
    game = Game.deal(theme, theme.players.counts[-1], seed=9)
    while not game.is_over:
        legal = game.legal_actions()
        calm = [a for a in legal if not isinstance(a, Play)] or legal
        game.apply(rng.choice(legal if rng.random() < 0.4 else calm))
    again = from_hanab_live(theme, to_hanab_live(game))
    assert (again.end, again.score, again.turn) == (game.end, game.score, game.turn)
