"""A baseline that picks uniformly among its legal actions."""

from __future__ import annotations

import random
from typing import ClassVar

from deckforge.rules.actions import Action
from deckforge.rules.game import Event
from deckforge.rules.view import PlayerView


class RandomBot:
    """Any legal action, at random (reproducibly, from the game's seed and the seat)."""

    name: ClassVar[str] = "random"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self._random = random.Random(seed * 1_000_003 + seat)

    def observe(self, view: PlayerView, action: Action, event: Event) -> None:
        """Nothing to remember."""

    def act(self, view: PlayerView) -> Action:
        return self._random.choice(view.legal_actions())
