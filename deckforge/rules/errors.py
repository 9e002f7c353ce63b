"""Why the engine refuses an action, or a table cannot be set up."""

from __future__ import annotations

# stable code -> default plain-English message (the referee translates by code)
MESSAGES: dict[str, str] = {
    "game-over": "The game is over.",
    "not-your-turn": "It is not this player's turn.",
    "no-hint-tokens": "No hint token is left: play or discard a card instead.",
    "hint-to-self": "A player cannot give a hint to themselves.",
    "no-such-player": "There is no such player at this table.",
    "empty-hint": "This hint touches no card, and this game forbids empty hints.",
    "too-many-touched": (
        "A hint cannot touch more cards than the hand holds, or than are left out of"
        " the piles and the discards."
    ),
    "unknown-colour": "There is no such hint colour in this game.",
    "colour-cannot-be-named": "This suit has no colour of its own that a hint can name.",
    "unknown-rank": "There is no such rank in this game.",
    "unknown-suit": "There is no such suit in this game.",
    "discard-at-max-hints": ("Every hint token is available: this game forbids discarding now."),
    "no-such-slot": "There is no card at that place in the hand.",
    "card-required": "With printed cards, say which card was played or discarded.",
    "card-not-in-hand": "That card is not in this player's hand.",
    "no-copies-left": "Every copy of that card has already been played or discarded.",
}


class IllegalAction(ValueError):
    """An action the rules refuse: ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str | None = None) -> None:
        if code not in MESSAGES:
            raise KeyError(f"unknown refusal code {code!r}")
        self.code = code
        self.message = message if message is not None else MESSAGES[code]
        self.index: int | None = None  # set by Game.replay: which action of the log
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class SetupError(ValueError):
    """A table that cannot be set up: wrong player count or a deck that is not the theme's."""
