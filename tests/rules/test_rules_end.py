"""How a game ends: the last error token, every suit complete, the deck run out."""

from __future__ import annotations

import pytest
from rules_fixtures import CLASSIC, cards, stacked, tiny

from deckforge.rules import End, Game, IllegalAction, Play, RankHint
from deckforge.theme.model import StrikeoutScore


def tiny_game(first: str, players: int = 2, **rules) -> Game:
    theme = tiny(**rules)
    return Game.from_deck(theme, players, stacked(theme, cards(first, "WR")))


def test_after_the_last_card_is_drawn_every_player_including_the_drawer_plays_once_more():
    game = tiny_game("W1 R1  W2 R2  W3 R3")
    assert game.deck_left == 2
    game.apply(Play(0))  # player 0: W1, draws W3
    assert game.final_turns_left is None
    game.apply(Play(0))  # player 1: W2, draws the last card
    assert game.deck_left == 0 and game.final_turns_left == 2
    game.apply(Play(0))  # player 0: R1
    assert not game.is_over and game.final_turns_left == 1
    assert len(game.hands[0]) == 1  # nothing left to draw
    game.apply(Play(1))  # player 1, who drew the last card: R3 fails
    assert game.end is End.DECK and game.turn == 4
    assert game.score == 3 and game.error_tokens == 1
    with pytest.raises(IllegalAction) as refusal:
        game.apply(RankHint(1, 1))
    assert refusal.value.code == "game-over"


def test_when_the_deal_empties_the_deck_each_player_plays_once():
    game = tiny_game("W1 R1  W2 R2  W3 R3", players=3)
    assert game.deck_left == 0 and game.final_turns_left == 3
    for player in range(3):
        assert not game.is_over
        game.apply(RankHint((player + 1) % 3, 1))
    assert game.end is End.DECK and game.hint_tokens == 5


@pytest.mark.parametrize(
    ("switch", "score", "rating"),
    [
        (StrikeoutScore.ZERO, 0, "Laughable"),
        (StrikeoutScore.NONE, None, None),
        (StrikeoutScore.KEEP, 1, "Laughable"),
    ],
)
def test_the_last_error_token_during_the_final_round_scores_per_the_theme(switch, score, rating):
    game = tiny_game("W1 W3  R2 R3  W2 R1", strikeout_score=switch)
    game.apply(Play(0))  # W1
    game.apply(Play(0))  # R2: error 1, draws the last card
    assert game.final_turns_left == 2
    game.apply(Play(0))  # W3: error 2
    assert not game.is_over
    theme_errors = CLASSIC.tokens.error.count
    assert theme_errors == 3
    game.apply(Play(0))  # R3: error 3, by the drawer in the final round
    assert game.end is End.STRIKEOUT and game.error_tokens == 3
    assert game.score == score and game.rating == rating
    assert game.max_reachable_score == (1 if score is None else score)


def test_the_last_error_token_ends_the_game_at_once():
    game = Game.from_deck(CLASSIC, 2, stacked(CLASSIC, cards("W2 W3 W4 R1 R2  B2 B3 B4 Y1 Y2")))
    for _ in range(3):
        game.apply(Play(0))
    assert game.error_tokens == 3
    assert game.end is End.STRIKEOUT and game.turn == 3
    assert game.deck_left == 40 - 2  # no card drawn for the last error


def test_completing_every_suit_ends_the_game_at_once():
    order = " ".join(f"{s}{r}" for s in "WRBYG" for r in range(1, 6))
    game = Game.from_deck(CLASSIC, 2, stacked(CLASSIC, cards(order)))
    while not game.is_over:
        game.apply(Play(0))
    assert game.end is End.PERFECT and game.turn == 25
    assert game.score == 25 and game.rating == "Legendary"
    assert game.hint_tokens == 8
    assert game.deck_left == 40 - 24  # the last play ends the game before any draw
    assert game.max_reachable_score == 25


def test_pace_counts_the_turns_to_spare():
    game = tiny_game("W1 R1  W2 R2  W3 R3")
    assert game.max_reachable_score == 6
    assert game.pace == 0 + 2 + 2 - 6
