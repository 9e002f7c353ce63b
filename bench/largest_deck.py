"""The largest deck the theme format allows, as a model: 10 suits of 9 ranks with 10
copies of every card (900 cards; the schema's limits: ``suits`` at most 10 items,
``copies`` at most 9 numbers of at most 10), on hanabi-classic's table (2-5 players,
hands of 5, 5, 4, 4, 8 hint tokens, 3 error tokens)."""

from __future__ import annotations

import dataclasses

from deckforge.theme.loader import load_theme
from deckforge.theme.model import CardText, Suit, Theme

COLOURS = [
    "#e53e3e",
    "#3182ce",
    "#ecc94b",
    "#38a169",
    "#805ad5",
    "#dd6b20",
    "#319795",
    "#d53f8c",
    "#718096",
    "#2c5282",
]
SYMBOLS = "♥◆★♣♠●▲■✿☀"


def largest_theme() -> Theme:
    base = load_theme("hanabi-classic")
    suits = tuple(
        Suit(
            id=f"suit{s}",
            name=f"Suit {s}",
            colour=COLOURS[s],
            symbol=SYMBOLS[s],
            copies=(10,) * 9,
            cards={r: CardText(f"Card {s}-{r}", f"Card {r} of suit {s}.") for r in range(1, 10)},
        )
        for s in range(10)
    )
    return dataclasses.replace(
        base, id="largest-deck", title="900 cards", suits=suits, positions={}
    )
