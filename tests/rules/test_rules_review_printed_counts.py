"""Review: a printed table refuses a told hint count that no deal could produce."""

from __future__ import annotations

import pytest
from rules_fixtures import CLASSIC, MULTICOLOUR, themed

from deckforge.rules import Card, ColourHint, Discard, Game, IllegalAction, Play, RankHint

W, R = 0, 1


def refusal(game: Game, action) -> str | None:
    problem = game.check(action)
    return None if problem is None else problem.code


def test_a_rank_hint_cannot_touch_more_cards_than_copies_of_that_rank_are_unseen():
    game = Game.printed(CLASSIC, 2)
    assert refusal(game, RankHint(1, 5, touched=5)) is None  # five 5s, five cards in hand
    for suit in range(4):
        game.apply(RankHint(game.current_player ^ 1, 1))
        game.apply(Discard(card=Card(suit, 5)))
    # four 5s seen: only one can still be in a hand
    assert game.copies_left(Card(4, 5)) == 1
    assert refusal(game, RankHint(1, 5, touched=1)) is None
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
    assert refusal(game, ColourHint(game.current_player ^ 1, R, touched=2)) is None
    assert refusal(game, ColourHint(game.current_player ^ 1, R, touched=3)) == "too-many-touched"


def test_with_an_every_colour_suit_a_colour_count_includes_the_multicolour_cards():
    theme = themed(extra_suits=[MULTICOLOUR])
    game = Game.printed(theme, 2)
    red = [Card(R, r) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4)]
    for card in red:
        game.apply(Play(card=card) if game.is_playable(card) else Discard(card=card))
        if game.hint_tokens == 8:
            game.apply(RankHint(game.current_player ^ 1, 1))
    # one red card (the 5) is unseen, and ten multicolour cards: five fit in the hand
    assert refusal(game, ColourHint(game.current_player ^ 1, R, touched=5)) is None
