"""The rules engine: one ``Game`` per table, changed only by actions.

Pure: no I/O, no Flask, no reportlab. See docs/architecture.md ("Rules engine").
"""

from __future__ import annotations

from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint, action_from_dict
from deckforge.rules.cards import Card, HandCard
from deckforge.rules.errors import MESSAGES, IllegalAction, SetupError
from deckforge.rules.game import End, Event, Game
from deckforge.rules.view import PlayerView

__all__ = [
    "MESSAGES",
    "Action",
    "Card",
    "ColourHint",
    "Discard",
    "End",
    "Event",
    "Game",
    "HandCard",
    "IllegalAction",
    "Play",
    "PlayerView",
    "RankHint",
    "SetupError",
    "action_from_dict",
]
