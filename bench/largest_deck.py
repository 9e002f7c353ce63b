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


def main() -> None:
    """Games per CPU second of the conventions bot on this deck at 2-5 players."""
    import argparse
    import os
    import time

    from deckforge.rules.simulation import simulate

    parser = argparse.ArgumentParser(description="the largest deck's simulation speed")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    theme = largest_theme()
    for players in theme.players.counts:
        start = time.process_time()
        simulate(theme, players, args.games, seed=args.seed)
        cpu = time.process_time() - start
        print(f"{players} players: {args.games / cpu:.2f} games per CPU second (target 20)")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
