"""The largest deck the format allows (bench/largest_deck.py: 900 cards) plays the
pinned games: the speed-ups of the clue valuation for large decks (issue 26,
point 6) must leave every action of the conventions bot as it was. A change of
strategy changes these pins on purpose; a speed-up must not."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from deckforge.rules.bots import make_bot
from deckforge.rules.game import Game
from deckforge.rules.simulation import game_seed

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
