"""The largest deck the format allows (bench/largest_deck.py: 900 cards) plays the
pinned games: the speed-ups of the clue valuation for large decks (issue 26,
point 6) must leave every action of the conventions bot as it was. A change of
strategy changes these pins on purpose; a speed-up must not."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from deckforge.rules.bots import ConventionBot, make_bot
from deckforge.rules.game import Game
from deckforge.rules.simulation import game_seed
from deckforge.theme.loader import load_theme

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from largest_deck import largest_theme


def _actions_digest(players: int, seed: int) -> tuple[str, int, int]:
    theme = largest_theme()
    game = Game.deal(theme, players, seed)
    bots = [make_bot("conventions", seat, seed) for seat in range(players)]
    views = [game.view(seat) for seat in range(players)]
    digest = hashlib.sha256()
    while game.end is None:
        seat = game.current_player
        action = bots[seat].act(views[seat])
        digest.update(f"{action!r} {bots[seat].reason}\n".encode())
        event = game.apply(action)
        for bot, view in zip(bots, views, strict=True):
            bot.observe(view, action, event)
    return digest.hexdigest()[:24], game.score, game.turn


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, ("c506c03f147731de74eb6dd4", 90, 1483)),
        (4, ("8dd28768b1e64a6327fddf59", 90, 1458)),
    ],
)
def test_the_largest_deck_plays_the_pinned_games(players: int, expected: tuple) -> None:
    assert _actions_digest(players, game_seed(2026, 0)) == expected


@pytest.mark.parametrize(("deck", "players"), [("largest", 3), ("hanabi-classic", 4)])
def test_the_best_clue_found_by_branch_and_bound_is_the_best_of_all(
    deck: str, players: int
) -> None:
    # a clue that cannot beat the threshold or the best found before it is not valued
    # (ConventionBot._clues with a bar): the best clue above a threshold must be the
    # one valuing every clue gives, on every turn, whatever the threshold
    theme = largest_theme() if deck == "largest" else load_theme(deck)
    seen = 0
    for index in range(1 if deck == "largest" else 6):
        seed = game_seed(5, index)
        game = Game.deal(theme, players, seed)
        bots = [ConventionBot(seat, seed) for seat in range(players)]
        while game.end is None and game.turn < 400:
            seat = game.current_player
            bot, view = bots[seat], game.view(seat)
            bot._commons = bot._held = None
            every = bot._read_turn(view).best
            pruned = bot._read_turn(view)
            for threshold in (-1.0, 0.0, 0.1, 0.4, 0.9, 1.5):
                best = pruned.best_over(threshold)
                if every is not None and every.value > threshold:
                    assert best == every, (seed, game.turn, threshold)
                    seen += 1
                else:
                    assert best is None, (seed, game.turn, threshold)
            action = bot.act(view)
            event = game.apply(action)
            for other in bots:
                other.observe(game.view(other.seat), action, event)
    assert seen > 100
