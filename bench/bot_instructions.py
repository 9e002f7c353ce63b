"""Instructions per game of the default bot, counted by valgrind: a figure that does
not move with the machine's load, to compare two versions of the bot (or the two
builds) when timings are too noisy to tell a few per cent apart.

    .venv/bin/python bench/bot_instructions.py [--largest | --theme NAME]
        [--players N ...] [--games G] [--python PATH]

For each player count the bench runs a child twice under ``valgrind --tool=cachegrind
--cache-sim=no``: once playing game 0 of seed 1, once playing games 0 to G. The
difference divided by G is the figure: start-up, imports and the first game's
warm-up cancel out. ``--python`` is the interpreter of the child (a virtual
environment with the compiled build installed, for instance); it imports whatever
``deckforge`` that environment has, and the bench says which build it was. Needs
valgrind (Debian: ``apt-get install valgrind``); about 20 s per player count on the
largest deck.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
import deckforge.rules.bots.conventions as conventions
from deckforge.rules.simulation import game_seed, play_game
from deckforge.theme.loader import load_theme
name, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if name == "--largest":
    from largest_deck import largest_theme
    theme = largest_theme()
else:
    theme = load_theme(name)
for index in range(games):
    play_game(theme, players, "conventions", game_seed(1, index))
print("compiled" if not conventions.__file__.endswith(".py") else "pure Python")
"""


def instructions(python: str, theme: str, players: int, games: int) -> tuple[int, str]:
    """Instructions the child executes playing ``games`` games, and which build it ran."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            python,
            "-c",
            CHILD,
            str(BENCH),
            theme,
            str(players),
            str(games),
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=BENCH,  # not the work tree: ``python -c`` puts the current folder first
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description="the bot's instructions per game (valgrind)")
    parser.add_argument("--theme", default="hanabi-classic")
    parser.add_argument("--largest", action="store_true", help="the largest deck (900 cards)")
    parser.add_argument("--players", type=int, action="append", help="default: 2-5")
    parser.add_argument("--games", type=int, default=2, help="games counted after game 0")
    parser.add_argument("--python", default=sys.executable, help="the child's interpreter")
    args = parser.parse_args()
    theme = "--largest" if args.largest else args.theme
    label = "largest deck" if args.largest else theme
    for players in args.players or [2, 3, 4, 5]:
        first, build = instructions(args.python, theme, players, 1)
        total, _ = instructions(args.python, theme, players, 1 + args.games)
        per_game = (total - first) / args.games
        print(
            f"{label}, {players} players: {per_game / 1e6:.0f} M instructions per game "
            f"(games 1-{args.games} of seed 1, {build} build, {args.python})",
            flush=True,
        )


if __name__ == "__main__":
    main()
