"""Start-up benchmark: ``deckforge --help`` against ``python -c pass``.

Run from the project root:  .venv/bin/python bench/cli_start.py [--rounds N]

Each round starts, one after the other, the bare interpreter (``python -c
pass``), the installed ``deckforge`` script with ``--help``, and each
command's ``--help`` (``deckforge check --help``, …: what a command imports
before it does anything). The interpreter is the one running the bench, so
both sides pay the same site start-up (the editable install's finder
included). The ratio to ``python -c pass`` is taken within each round and the
median of the rounds is reported, with the lowest and highest, so a change of
the shared machine's load between rounds does not tilt it. Wall time and the
child's CPU time (user + system) are both printed; the target (issue 26) is
``deckforge --help`` at most 3x ``python -c pass`` in wall time.

The bytecode setting (``PYTHONDONTWRITEBYTECODE``) is printed with the run: the
figures assume the ``.pyc`` files are already written (the bench runs one
warm-up round that writes them, unless the setting forbids it).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("check", "images", "new", "print", "referee", "replay", "schema", "simulate")


def script() -> str:
    """The ``deckforge`` script next to this interpreter, else the one on PATH."""
    beside = Path(sys.executable).with_name("deckforge")
    found = str(beside) if beside.exists() else shutil.which("deckforge")
    if found is None:
        raise SystemExit("no deckforge script found: pip install -e . first")
    return found


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one child process (its output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    deckforge = script()
    cases: dict[str, list[str]] = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "deckforge --help": [deckforge, "--help"],
    }
    for name in COMMANDS:
        cases[f"deckforge {name} --help"] = [deckforge, name, "--help"]
    for argv in cases.values():  # warm-up: .pyc files written, disk cache filled
        timed(argv)
    walls: dict[str, list[float]] = {name: [] for name in cases}
    cpus: dict[str, list[float]] = {name: [] for name in cases}
    ratios: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(args.rounds):
        round_walls = {}
        for name, argv in cases.items():
            wall, cpu = timed(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)
            round_walls[name] = wall
        for name in cases:
            ratios[name].append(round_walls[name] / round_walls["python -c pass"])
    setting = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset (.pyc files used)"
    print(f"python {sys.version.split()[0]}, PYTHONDONTWRITEBYTECODE={setting}")
    print(f"load average (1, 5, 15 min) at the end: {_load()}")
    print(f"{args.rounds} rounds; medians; ratio = within-round wall ratio to python -c pass")
    print(f"{'command':<28} {'wall ms':>8} {'CPU ms':>8} {'ratio (lowest-highest)':>24}")
    for name in cases:
        ratio = ratios[name]
        print(
            f"{name:<28} {statistics.median(walls[name]) * 1000:8.1f}"
            f" {statistics.median(cpus[name]) * 1000:8.1f}"
            f" {statistics.median(ratio):10.2f} ({min(ratio):.2f}-{max(ratio):.2f})"
        )


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
