"""Bots that play a theme's game, used by ``deckforge simulate`` to measure a deck.

A bot sits at one seat and only ever reads the table through that seat's
:class:`~deckforge.rules.view.PlayerView`, so it never sees its own cards.
The runner (:mod:`deckforge.rules.simulation`) asks the current seat's bot to
:meth:`~Bot.act`, applies the action, then lets every bot :meth:`~Bot.observe`
what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from deckforge.rules.actions import Action
from deckforge.rules.bots.beginner import BeginnerBot
from deckforge.rules.bots.conventions import ConventionBot
from deckforge.rules.bots.random_bot import RandomBot
from deckforge.rules.game import Event
from deckforge.rules.view import PlayerView


class Bot(Protocol):
    """One seat's player."""

    name: ClassVar[str]  # how `deckforge simulate --bot` names it

    def act(self, view: PlayerView) -> Action:
        """The action to take now (it is this seat's turn)."""
        ...

    def observe(self, view: PlayerView, action: Action, event: Event) -> None:
        """Any seat (this one included) just took ``action``, which did ``event``."""
        ...


# bot name -> factory(seat, seed); the first one is the default
BOTS: dict[str, Callable[[int, int], Bot]] = {
    ConventionBot.name: ConventionBot,
    RandomBot.name: RandomBot,
    BeginnerBot.name: BeginnerBot,
}

DEFAULT_BOT = ConventionBot.name


def make_bot(name: str, seat: int, seed: int = 0) -> Bot:
    """A fresh bot for one seat of one game (raises KeyError for an unknown name)."""
    return BOTS[name](seat, seed)


__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "ConventionBot", "RandomBot", "make_bot"]
