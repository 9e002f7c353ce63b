"""reportlab's C accelerator (rl_accel): the festival kit with and without it.

Run from the project root:  .venv/bin/python bench/print_accel.py [--rounds N]

Each round prints the interfaith-festival kit twice in new processes
(``python -m deckforge print``): once as installed (reportlab finds
``_rl_accel``), once with ``_rl_accel`` hidden (``sys.modules['_rl_accel'] =
None``: reportlab falls back to its Python versions). It reports the child's
CPU time (user + system), the median of the rounds' ratios, and checks that
both kits have the same bytes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINT = "from deckforge.cli import main; main(['print', 'interfaith-festival', '-o', sys.argv[1]])"


def cpu_of(code: str, out: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-c", code, str(out)],
        check=True,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with_c, without, ratios = [], [], []
    with tempfile.TemporaryDirectory() as temp:
        accelerated, plain = Path(temp) / "c", Path(temp) / "py"
        for _ in range(args.rounds):
            a = cpu_of(f"import sys; {PRINT}", accelerated)
            b = cpu_of(f"import sys; sys.modules['_rl_accel'] = None; {PRINT}", plain)
            with_c.append(a)
            without.append(b)
            ratios.append(a / b)
        same = all(
            (accelerated / name).read_bytes() == (plain / name).read_bytes()
            for name in os.listdir(accelerated)
        )
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(
        f"python {sys.version.split()[0]}, PYTHONDONTWRITEBYTECODE="
        f"{os.environ.get('PYTHONDONTWRITEBYTECODE') or 'unset'}, load at the end {load}"
    )
    print(
        f"festival kit, CPU median of {args.rounds}: "
        f"with rl_accel {statistics.median(with_c):.3f} s, "
        f"without {statistics.median(without):.3f} s, ratio {statistics.median(ratios):.3f} "
        f"({min(ratios):.3f}-{max(ratios):.3f}); same bytes: {same}"
    )


if __name__ == "__main__":
    main()
