"""Bots at work: games per second on one core, and the mean scores they reach.

    .venv/bin/python bench/simulate.py [--games N] [--seed S] [--bot NAME ...]
                                       [--theme NAME ...] [--jobs J]

For each bot and each theme (default: hanabi-classic and interfaith-festival),
plays ``--games`` games at every player count the theme allows, dealt from
``--seed`` exactly as ``deckforge simulate`` deals them, and prints one
Markdown table row per count: mean score with its 95 % confidence interval,
share of perfect games, share lost on the last error token, average turns, and
games per second. Speed is measured with ``--jobs 1`` (the default): one
process, whole run including dealing and every rule check, in wall-clock and
in CPU time of this process (``time.process_time``, which other work on a
shared machine distorts less; with ``--jobs`` > 1 only the wall figure means
anything). The scores are the same whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import platform
import time

from deckforge.rules.bots import BOTS
from deckforge.rules.simulation import simulate
from deckforge.theme.loader import load_theme

SIMPLEBOT = {2: 16.9, 3: 18.5, 4: 19.3, 5: 18.5}  # Quuxplusone's SimpleBot, hanabi-classic


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", action="append", choices=sorted(BOTS), dest="bots")
    parser.add_argument("--theme", action="append", dest="themes")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    bots = args.bots or list(BOTS)
    themes = args.themes or ["hanabi-classic", "interfaith-festival"]

    print(
        f"Python {platform.python_version()}, {args.games} games per row, seed {args.seed}, "
        f"{args.jobs} process(es)\n"
    )
    print(
        "| bot | theme | players | mean score (95 % CI) | perfect | lost on errors "
        "| turns | games/s (wall) | games/s (CPU) | SimpleBot |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for bot in bots:
        for name in themes:
            theme = load_theme(name)
            for players in theme.players.counts:
                start, cpu = time.perf_counter(), time.process_time()
                summary = simulate(theme, players, args.games, args.seed, bot, args.jobs)
                seconds = time.perf_counter() - start
                cpu_seconds = time.process_time() - cpu
                mean, half = summary.mean, summary.confidence
                shown = "none" if mean is None else f"{mean:.2f}"
                if mean is not None and half is not None:
                    shown += f" ± {half:.2f}"
                reference = SIMPLEBOT.get(players, "") if name == "hanabi-classic" else ""
                print(
                    f"| {bot} | {name} | {players} | {shown} "
                    f"| {100 * summary.perfect_share:.1f} % "
                    f"| {100 * summary.strikeout_share:.1f} % | {summary.mean_turns:.1f} "
                    f"| {args.games / seconds:.0f} | {args.games / cpu_seconds:.0f} "
                    f"| {reference} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
