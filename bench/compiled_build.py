"""The compiled build (setup.py: ``DECKFORGE_COMPILE=1``) against the pure Python one:
the same games, and how much faster.

    .venv/bin/python bench/compiled_build.py [--largest | --theme NAME] [--players N ...]
        [--games G] [--rounds R] [--seed S] [--jobs J] [--wall-games W]

The bench builds this work tree's compiled wheel in a temporary folder (``pip wheel``
with ``DECKFORGE_COMPILE=1``: mypyc and a C compiler; pip fetches mypy into its
isolated build environment) and unpacks it there, nothing installed. Then, round
after round, it runs ``deckforge.rules.simulation.simulate`` in a child process with
the compiled package first on ``PYTHONPATH``, then in one with the work tree's pure
Python package, on the same deals (seed ``S``), and reports each side's best round in
games per CPU second (``time.process_time`` of the simulation alone) and their ratio.
The means must be the same (the same games); the bench stops if they are not. With
``--wall-games``, it also times ``simulate(..., jobs=J)`` with the compiled package:
games per wall-clock second with a process per core, as ``deckforge simulate
--jobs J`` plays them (the pool's start and end included).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bot_compare import run  # (this folder is first on the path)

ROOT = Path(__file__).resolve().parent.parent


def build(into: Path) -> Path:
    """The work tree's compiled wheel, unpacked in ``into``: the folder to put on the path."""
    env = {**os.environ, "DECKFORGE_COMPILE": "1"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(into)],
        check=True,
        env=env,
        cwd=into,
    )
    (wheel,) = into.glob("deckforge-*.whl")
    site = into / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--theme", default="hanabi-classic")
    parser.add_argument("--largest", action="store_true")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--wall-games", type=int, default=0)
    args = parser.parse_args()
    theme = "--largest" if args.largest else args.theme
    label = "largest deck" if args.largest else theme
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    with tempfile.TemporaryDirectory(prefix="deckforge-compiled-") as folder:
        compiled = build(Path(folder))
        for players in args.players or [2, 3, 4, 5]:
            best = {"pure": float("inf"), "compiled": float("inf")}
            means = set()
            for _ in range(args.rounds):
                for name, path in (("compiled", compiled), ("pure", ROOT)):
                    found = run(path, theme, players, args.games, args.seed, 1)
                    if found["compiled"] != (name == "compiled"):
                        raise SystemExit(f"the {name} side imported the wrong package")
                    best[name] = min(best[name], found["cpu"])
                    means.add(round(found["mean"], 9))
            if len(means) != 1:
                raise SystemExit(f"{label}, {players} players: different games {means}")
            line = (
                f"{label}, {players} players, {args.games} games, seed {args.seed}: "
                f"pure {args.games / best['pure']:.2f} games/CPU s, compiled "
                f"{args.games / best['compiled']:.2f}, compiled/pure "
                f"{best['pure'] / best['compiled']:.2f} (best of {args.rounds}; mean "
                f"{means.pop():.3f} both)"
            )
            if args.wall_games:
                wall = run(compiled, theme, players, args.wall_games, args.seed, args.jobs)
                line += (
                    f"; compiled with {args.jobs} processes: "
                    f"{args.wall_games / wall['wall']:.2f} games per wall-clock second"
                )
            print(line, flush=True)
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("PYTHONDONTWRITEBYTECODE:", os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset")


if __name__ == "__main__":
    main()
