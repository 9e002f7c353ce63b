"""The most still reachable: the cards lost and the turns left both cap it.

On small decks an exhaustive search (every play, discard and a hint as a pass, with every
card known) finds the best final score from a position; the engine's figure is never below
it, never below the score, and in the final round never above score + turns left.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fixtures import CLASSIC, themed, tiny

from deckforge.rules import Action, ColourHint, Game, Play, RankHint
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.model import Suit, Theme

PAIRS = themed(
    suits=(
        Suit("white", "White", "#eeeeee", "w", copies=(2, 1, 1)),
        Suit("red", "Red", "#ee0000", "r", copies=(2, 1, 1)),
    ),
    hand_sizes={2: 2, 3: 2},
)


def _few_hints(theme: Theme, count: int = 2) -> Theme:
    """Two hint tokens: the search stays small (a hint is only a pass here)."""
    hint = dataclasses.replace(theme.tokens.hint, count=count)
    return dataclasses.replace(theme, tokens=dataclasses.replace(theme.tokens, hint=hint))


THEMES = {"tiny": _few_hints(tiny()), "pairs": _few_hints(PAIRS)}


def _key(game: Game) -> tuple[object, ...]:
    return (
        tuple(tuple(h.card for h in hand) for hand in game.hands),
        game.top_ranks(),
        tuple(sorted(game.discards)),
        game.hint_tokens,
        game.error_tokens,
        game.final_turns_left,
        game.current_player,
        game.deck_left,
        game.end,
    )


def _after(game: Game, action: Action) -> Game:
    return Game.replay(game.theme, game.players, game.deck, [*game.history, action])


def best_final_score(game: Game) -> int:
    """The best score any sequence of actions reaches, knowing every card."""
    seen: dict[tuple[object, ...], int] = {}

    def search(position: Game) -> int:
        if position.is_over:
            return position.score or 0
        key = _key(position)
        if key in seen:
            return seen[key]
        legal = position.legal_actions()
        moves = [a for a in legal if not isinstance(a, ColourHint | RankHint)]
        hints = [a for a in legal if isinstance(a, ColourHint | RankHint)]
        moves += hints[:1]  # with every card known a hint is only a pass
        found = max(search(_after(position, action)) for action in moves)
        seen[key] = found
        return found

    return search(game)


@cache
def _deck(theme_name: str) -> tuple[object, ...]:
    return tuple(Rulebook.of(THEMES[theme_name]).sorted_deck)


positions = st.tuples(
    st.sampled_from(sorted(THEMES)),
    st.sampled_from([2, 3]),
    st.randoms(use_true_random=False),
    st.integers(min_value=0, max_value=40),
    st.sampled_from([0.2, 0.6, 1.0]),
)


def _position(theme_name: str, players: int, rng: random.Random, steps: int, play_rate: float):
    theme = THEMES[theme_name]
    deck = list(_deck(theme_name))
    rng.shuffle(deck)
    game = Game(theme, players, deck)  # type: ignore[arg-type]
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        game.apply(rng.choice(plays if plays and rng.random() < play_rate else legal))
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_the_most_reachable_is_never_below_the_best_play_nor_above_the_turns(position) -> None:
    game = _position(*position)
    most = game.most_reachable_score
    assert best_final_score(game) <= most <= game.max_reachable_score
    if not game.is_over:
        assert game.score is not None and game.score <= most
    if game.final_turns_left is not None and not game.is_over:
        assert most <= game.score + game.final_turns_left


def test_in_the_final_round_each_turn_adds_one_card_at_most() -> None:
    """The projector said 'at most 25 still possible' at 20 points with 4 turns left."""
    rng = random.Random(4)
    deck = list(Rulebook.of(CLASSIC).sorted_deck)
    rng.shuffle(deck)
    game = Game(CLASSIC, 5, deck)
    while game.final_turns_left is None:  # discard or hint down to the last card
        legal = game.legal_actions()
        calm = [a for a in legal if not isinstance(a, Play)]
        game.apply(rng.choice(calm))
    assert game.max_reachable_score > game.score + game.final_turns_left  # what it showed
    assert game.most_reachable_score == game.score + game.final_turns_left
    hint = next(a for a in game.legal_actions() if isinstance(a, ColourHint | RankHint))
    game.apply(hint)  # a turn gone, no card played: one point less within reach
    assert game.most_reachable_score == game.score + game.final_turns_left


def test_before_the_final_round_the_cards_left_and_every_player_s_last_turn_count() -> None:
    deck = list(Rulebook.of(CLASSIC).sorted_deck)
    random.Random(1).shuffle(deck)
    game = Game(CLASSIC, 5, deck)
    assert game.turns_left == game.deck_left + 5 == 35
    assert game.most_reachable_score == min(25, 0 + 35) == 25
