"""Themes and decks for the rules tests, built in code so that they never change.

A plain module (not conftest.py) with an area-unique name, imported by the tests.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from deckforge.rules import Card
from deckforge.theme.loader import load_theme
from deckforge.theme.model import (
    ClueMode,
    Direction,
    DiscardAtMaxHints,
    EmptyHints,
    Players,
    RatingBand,
    Rules,
    StrikeoutScore,
    Suit,
    SuitScoring,
    Theme,
)

CLASSIC = load_theme("hanabi-classic")
LETTERS = "WRBYG"  # hanabi-classic's suits, in theme order

MULTICOLOUR = Suit("multicolour", "Multicolour", "#805ad5", "*", clue=ClueMode.EVERY_COLOUR)
COLOURLESS = Suit("grey", "Grey", "#808080", "o", clue=ClueMode.NONE)
BLACK = Suit(
    "black",
    "Black",
    "#1a1a1a",
    "K",
    direction=Direction.DOWN,
    scoring=SuitScoring.MINUS_MISSING,
    copies=(1, 1, 1, 1, 1),
)


def themed(
    base: Theme = CLASSIC,
    *,
    extra_suits: Iterable[Suit] = (),
    suits: tuple[Suit, ...] | None = None,
    hand_sizes: dict[int, int] | None = None,
    rating: tuple[RatingBand, ...] | None = None,
    **rules: object,
) -> Theme:
    """A copy of ``base`` with suits added or replaced and rule switches changed."""
    new_rules: Rules = dataclasses.replace(base.rules, **rules)  # type: ignore[arg-type]
    new_suits = (suits if suits is not None else base.suits) + tuple(extra_suits)
    players = base.players
    if hand_sizes is not None:
        players = Players(counts=tuple(sorted(hand_sizes)), hand_sizes=hand_sizes)
    return dataclasses.replace(
        base,
        id=f"{base.id}-test",
        suits=new_suits,
        rules=new_rules,
        players=players,
        rating=base.rating if rating is None else rating,
    )


def tiny(**rules: object) -> Theme:
    """Two suits of ranks 1-3, one copy each (6 cards), 2 or 3 players holding 2 cards."""
    suits = (
        Suit("white", "White", "#eeeeee", "w", copies=(1, 1, 1)),
        Suit("red", "Red", "#ee0000", "r", copies=(1, 1, 1)),
    )
    return themed(suits=suits, hand_sizes={2: 2, 3: 2}, **rules)


def cards(text: str, letters: str = LETTERS) -> list[Card]:
    """``"W1 R3"`` -> cards; letters index the theme's suits."""
    return [Card(letters.index(word[0]), int(word[1:])) for word in text.split()]


def stacked(theme: Theme, first: Iterable[Card]) -> list[Card]:
    """A full deck that starts with ``first``; the other cards follow by suit then rank."""
    rest = sorted(
        Card(suit, rank)
        for suit, s in enumerate(theme.suits)
        for rank in range(1, s.ranks + 1)
        for _ in range(s.copies[rank - 1])
    )
    deck = list(first)
    for card in deck:
        rest.remove(card)
    return deck + rest


__all__ = [
    "BLACK",
    "COLOURLESS",
    "MULTICOLOUR",
    "DiscardAtMaxHints",
    "EmptyHints",
    "StrikeoutScore",
    "cards",
    "stacked",
    "themed",
    "tiny",
]
