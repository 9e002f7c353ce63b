"""The default bot now against the bot of an older commit: same games, speed and scores.

    .venv/bin/python bench/bot_compare.py REV [--theme NAME] [--players N ...]
        [--games G] [--rounds R] [--seed S] [--largest]

``REV`` is a git revision of this repository (``main``, a commit). The bench
extracts that revision's ``deckforge`` package and bundled themes into a temporary folder (``git
archive``) and, round after round, runs ``deckforge.rules.simulation.simulate``
in a child process with that package first on ``PYTHONPATH``, then in one with
the work tree's, on the same deals (seed ``S``). Each child reports the CPU
time of the simulation alone (``time.process_time``, no start-up, no imports).
Alternating the two in rounds spreads the load of a shared machine over both;
each side's best round is its speed, and the ratio of the two is the figure
(``now/before`` above 1: the bot got faster). Scores are printed for both
(they are the same every round: the simulation is deterministic).
``--largest`` plays the largest deck the theme format allows (10 suits of 9
ranks, 10 copies of every card: 900 cards) instead of ``--theme``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import deckforge.rules.bots.conventions as conventions
from deckforge.rules.simulation import simulate
from deckforge.theme.loader import load_theme
name, players, games, seed, jobs = sys.argv[2], *map(int, sys.argv[3:7])
if name == "--largest":
    from largest_deck import largest_theme
    theme = largest_theme()
else:
    theme = load_theme(name)
start, wall = time.process_time(), time.perf_counter()
summary = simulate(theme, players, games, seed, jobs=jobs)
cpu, wall = time.process_time() - start, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "mean": summary.mean,
                  "strikeouts": summary.strikeout_share, "turns": summary.mean_turns,
                  "compiled": not conventions.__file__.endswith(".py")}))
"""


def extract(rev: str, into: Path) -> Path:
    """``rev``'s deckforge package in ``into``; the folder to put on the path."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "deckforge", "themes"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run(
    path: Path, theme: str, players: int, games: int, seed: int, jobs: int = 1
) -> dict[str, float]:
    """``simulate`` in a child process with the package in ``path`` first on the path:
    CPU and wall-clock seconds, mean, strikeout share, turns, and whether the bot it
    imported was compiled (bench/compiled_build.py runs it too)."""
    env = {**os.environ, "PYTHONPATH": f"{path}{os.pathsep}{ROOT / 'bench'}"}
    arguments = [str(path), theme, str(players), str(games), str(seed), str(jobs)]
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *arguments],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
    ).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--theme", default="hanabi-classic")
    parser.add_argument("--largest", action="store_true")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    theme = "--largest" if args.largest else args.theme
    with tempfile.TemporaryDirectory(prefix="deckforge-bot-") as folder:
        before = extract(args.rev, Path(folder))
        for players in args.players or [2, 3, 4, 5]:
            best = {"before": float("inf"), "now": float("inf")}
            seen: dict[str, dict[str, float]] = {}
            for _ in range(args.rounds):
                for name, path in (("before", before), ("now", ROOT)):
                    found = run(path, theme, players, args.games, args.seed)
                    best[name] = min(best[name], found["cpu"])
                    seen[name] = found
            with open("/proc/loadavg") as load:
                loadavg = " ".join(load.read().split()[:3])
            print(
                f"{'largest deck' if args.largest else theme}, {players} players, "
                f"{args.games} games, seed {args.seed}: before {args.games / best['before']:.1f}"
                f" games/CPU s (mean {seen['before']['mean']:.2f}, "
                f"{seen['before']['turns']:.1f} turns), now {args.games / best['now']:.1f} "
                f"(mean {seen['now']['mean']:.2f}, {seen['now']['turns']:.1f} turns, strikeouts "
                f"{100 * seen['now']['strikeouts']:.1f} %); now/before "
                f"{best['before'] / best['now']:.2f} (best of {args.rounds}; load {loadavg})",
                flush=True,
            )


if __name__ == "__main__":
    main()
