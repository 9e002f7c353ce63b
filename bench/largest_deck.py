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


def theme_yaml() -> str:
    """The same deck as a theme file (it deals and plays the same games), for the
    command itself."""
    lines = [
        "id: largest-deck",
        "extends: hanabi-classic",
        "title: 900 cards",
        "rating:",
        "  - {from: 0, to: 90, label: Any}",
        "suits:",
    ]
    for s in range(10):
        lines.append(
            f'  - {{id: suit{s}, name: Suit {s}, colour: "{COLOURS[s]}", symbol: "{SYMBOLS[s]}", '
            f"copies: [{', '.join(['10'] * 9)}]}}"
        )
    return "\n".join(lines) + "\n"


def command_rate(players: int, games: int, seed: int, jobs: int) -> float:
    """Games per wall-clock second of ``deckforge simulate FILE -p N -g G -j J`` as a user
    runs it (a new process: start-up, theme check and the pool included)."""
    import shutil
    import subprocess
    import sys
    import tempfile
    import time
    from pathlib import Path

    script = Path(sys.executable).with_name("deckforge")
    command = [str(script)] if script.exists() else [shutil.which("deckforge") or "deckforge"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "largest-deck.yaml"
        path.write_text(theme_yaml(), encoding="utf-8")
        arguments = ["simulate", str(path), "-p", str(players), "-g", str(games)]
        arguments += ["-s", str(seed), "-j", str(jobs)]
        start = time.perf_counter()
        subprocess.run(command + arguments, check=True, capture_output=True)
        return games / (time.perf_counter() - start)


def cpu_rate(theme: Theme, players: int, games: int, seed: int) -> float:
    """Games per CPU second in this process (one core, no pool)."""
    import time

    from deckforge.rules.simulation import simulate

    start = time.process_time()
    simulate(theme, players, games, seed=seed)
    return games / (time.process_time() - start)


def wall_rate(theme: Theme, players: int, games: int, seed: int, jobs: int) -> float:
    """Games per wall-clock second through the function ``deckforge simulate`` runs,
    with ``jobs`` processes (the pool's start and end included: the user waits for
    them too)."""
    import time

    from deckforge.rules.simulation import simulate

    start = time.perf_counter()
    simulate(theme, players, games, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Games per CPU second of the conventions bot on this deck at 2-5 players, and
    games per wall-clock second with a process per core (``--jobs``, as
    ``deckforge simulate --jobs 2`` plays them); with ``--command``, the command
    itself on the deck written as a theme file."""
    import argparse
    import os

    parser = argparse.ArgumentParser(description="the largest deck's simulation speed")
    parser.add_argument("--games", type=int, default=6, help="games per CPU figure")
    parser.add_argument("--wall-games", type=int, default=12, help="games per wall figure")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the wall figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, action="append", help="default: 2-5")
    parser.add_argument(
        "--command",
        action="store_true",
        help="also time deckforge simulate itself on the deck written as a theme file",
    )
    args = parser.parse_args()
    theme = largest_theme()
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for players in args.players or theme.players.counts:
        cpu = cpu_rate(theme, players, args.games, args.seed)
        wall = (
            wall_rate(theme, players, args.wall_games, args.seed, args.jobs)
            if (args.wall_games)
            else float("nan")
        )
        line = (
            f"{players} players: {cpu:.2f} games per CPU second, "
            f"{wall:.2f} games per wall-clock second with {args.jobs} processes"
        )
        if args.command:
            rate = command_rate(players, args.wall_games, args.seed, args.jobs)
            line += f", {rate:.2f} through the command"
        print(line + " (target 20)", flush=True)
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("PYTHONDONTWRITEBYTECODE:", os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset")
    from deckforge.cli import compiled_build

    print("build:", "compiled with mypyc" if compiled_build() else "pure Python")


if __name__ == "__main__":
    main()
