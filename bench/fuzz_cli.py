"""Fuzz the command line: thousands of hostile inputs, no traceback, no hang, no half-written kit.

Run from the project root (nice it on a shared machine):

    nice .venv/bin/python bench/fuzz_cli.py [--check 10000] [--replay 3000] [--print 300]
                                            [--seed 0] [--keep DIR]

Inputs come from ``bench/fuzz_inputs.py``: mutated bundled themes through
``deckforge check``, mutated game records through ``deckforge replay`` and mutated
themes with random options through ``deckforge print``. Each command runs in a
worker process (the same code path as the ``deckforge`` script, through click's
test runner, so each input costs milliseconds, not an interpreter start); an input
that takes more than 5 CPU seconds, or gives no answer for 30 s (blocked), is a hang:
the worker is killed and replaced. Times are CPU time of the worker (a shared
machine stretches wall time). Prints one
line per command (inputs, exit statuses, tracebacks, hangs, partial kits, mean and
slowest time) and writes the failing inputs to --keep. A print without options of a
theme that ``deckforge check`` accepts must succeed ("check accepts => print prints").
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_inputs import (
    CHECK_SPECIAL_ARGUMENTS,
    base_records,
    judge,
    make_files,
    partial_output,
    print_options,
    record_input,
    theme_input,
)

HANG_SECONDS = 5.0  # CPU seconds one input may take
# wall seconds before an input that uses no CPU (blocked on a pipe, say) counts as a hang
# too; longer than HANG_SECONDS because a shared machine may leave the worker waiting
WAIT_SECONDS = 30.0


def _serve(connection: Connection, folder: str) -> None:
    import os

    from click.testing import CliRunner

    from deckforge.cli import main

    os.chdir(folder)
    while True:
        args = connection.recv()
        started = time.process_time()
        result = CliRunner().invoke(main, args)
        elapsed = time.process_time() - started
        crashed = result.exception
        if crashed is not None and not isinstance(crashed, SystemExit):
            crashed = RuntimeError(f"{type(crashed).__name__}: {crashed}"[:500])
        connection.send((result.exit_code, result.stdout, result.stderr, crashed, elapsed))


class Worker:
    """One process that runs commands in turn; replaced when a command hangs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, str(self.folder)), daemon=True)
        self.process.start()

    def run(self, args: list[str]) -> tuple[int, str, str, BaseException | None, float] | None:
        """The command's outcome, or None when it took longer than HANG_SECONDS."""
        self.connection.send(args)
        if self.connection.poll(WAIT_SECONDS):
            outcome: tuple[int, str, str, BaseException | None, float] = self.connection.recv()
            return None if outcome[4] > HANG_SECONDS else outcome
        self.process.kill()
        self.process.join()
        self._start()
        return None

    def close(self) -> None:
        self.process.kill()
        self.process.join()


@dataclass
class Tally:
    command: str
    inputs: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    tracebacks: int = 0
    hangs: int = 0
    partial: int = 0
    other: int = 0
    agreed: int = 0
    times: list[float] = field(default_factory=list)
    failures: list[tuple[list[str], list[str]]] = field(default_factory=list)

    def line(self) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items()))
        mean = sum(self.times) / len(self.times) if self.times else 0.0
        slowest = max(self.times, default=0.0)
        return (
            f"{self.command:<7} {self.inputs:>6} inputs  exit {{{shown}}}  "
            f"tracebacks {self.tracebacks}  hangs>{HANG_SECONDS:g}s {self.hangs}  "
            f"partial kits {self.partial}  other {self.other}  "
            f"mean {mean * 1000:.0f} ms  slowest {slowest:.2f} s (CPU)"
            + (f"  accepted by check, printed plainly {self.agreed}" if self.agreed else "")
        )


KEEP: Path | None = None  # where failing inputs are copied at once (inputs are tidied away)


def _remember(args: list[str]) -> None:
    if KEEP is None:
        return
    KEEP.mkdir(parents=True, exist_ok=True)
    for arg in args:
        path = Path(arg)
        if path.name.startswith(("theme-", "record-")) and path.is_file():
            shutil.copy(path, KEEP / path.name)


def _record(tally: Tally, args: list[str], outcome: object, extra: list[str]) -> None:
    tally.inputs += 1
    if outcome is None:
        tally.hangs += 1
        tally.failures.append((args, ["hang"]))
        _remember(args)
        return
    status, stdout, stderr, crashed, elapsed = outcome  # type: ignore[misc]
    tally.statuses[status] += 1
    tally.times.append(elapsed)
    wrong = judge(status, stdout, stderr, crashed) + extra
    if any(w.startswith("traceback") for w in wrong):
        tally.tracebacks += 1
    if "partial kit" in wrong:
        tally.partial += 1
    if wrong and not any(w.startswith("traceback") or w == "partial kit" for w in wrong):
        tally.other += 1
    if wrong:
        tally.failures.append((args, wrong))
        _remember(args)


def fuzz(checks: int, replays: int, prints: int, seed: int, keep: Path | None) -> list[Tally]:
    global KEEP
    KEEP = keep
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="deckforge-fuzz-") as scratch:
        folder = Path(scratch)
        make_files(folder)
        worker = Worker(folder)
        tallies = [Tally("check"), Tally("replay"), Tally("print")]
        try:
            for index in range(checks):
                if rng.random() < 0.03:
                    args = ["check", rng.choice(CHECK_SPECIAL_ARGUMENTS)]
                else:
                    args = ["check", str(theme_input(rng, folder))]
                _record(tallies[0], args, worker.run(args), [])
                _tidy(folder, index)
                _progress(tallies[0], index)
            records = base_records()
            for index in range(replays):
                path, theme = record_input(rng, folder, records)
                args = ["replay", str(path), "--theme", theme]
                _record(tallies[1], args, worker.run(args), [])
                _tidy(folder, index)
                _progress(tallies[1], index)
            for index in range(prints):
                out = folder / f"kit-{index}"
                theme = theme_input(rng, folder, mutations=rng.choice([0, 1, 1, 2]))
                options = print_options(rng)
                args = ["print", str(theme), "-o", str(out), *options]
                accepted = not options and _accepted(worker, theme)
                outcome = worker.run(args)
                status = outcome[0] if outcome is not None else 1
                extra = ["partial kit"] if partial_output(status, out) else []
                if accepted:
                    tallies[2].agreed += 1
                    if status != 0:
                        extra.append("check accepts it but print fails")
                _record(tallies[2], args, outcome, extra)
                if keep is not None and extra:
                    shutil.copy(theme, keep / theme.name)
                shutil.rmtree(out, ignore_errors=True)
                _tidy(folder, index)
        finally:
            worker.close()
        if keep is not None:
            _keep(keep, folder, tallies)
    return tallies


def _accepted(worker: Worker, theme: Path) -> bool:
    """Whether ``deckforge check`` accepts the theme (then print must print it)."""
    outcome = worker.run(["check", str(theme)])
    return outcome is not None and outcome[0] == 0


def _progress(tally: Tally, index: int) -> None:
    if index % 500 == 499:
        print(tally.line(), file=sys.stderr, flush=True)


def _tidy(folder: Path, index: int) -> None:
    """Inputs already judged are removed (the scratch folder stays small)."""
    if index % 200 == 199:
        for path in folder.glob("theme-*.yaml"):
            path.unlink()
        for path in folder.glob("record-*.json"):
            path.unlink()


def _keep(keep: Path, folder: Path, tallies: list[Tally]) -> None:
    keep.mkdir(parents=True, exist_ok=True)
    with (keep / "failures.txt").open("w", encoding="utf-8") as report:
        for tally in tallies:
            for args, wrong in tally.failures:
                report.write(f"{' '.join(a[:200] for a in args)}\n    {'; '.join(wrong)}\n")
                for arg in args:
                    path = Path(arg)
                    if path.parent == folder and path.is_file():
                        shutil.copy(path, keep / path.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, default=10_000)
    parser.add_argument("--replay", type=int, default=3_000)
    parser.add_argument("--print", dest="prints", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, help="write the failing inputs here")
    options = parser.parse_args()
    started = time.monotonic()
    tallies = fuzz(options.check, options.replay, options.prints, options.seed, options.keep)
    for tally in tallies:
        print(tally.line())
    print(f"total {time.monotonic() - started:.0f} s")
    for tally in tallies:
        for args, wrong in tally.failures[:10]:
            print(f"  {tally.command}: {'; '.join(wrong)}  ({' '.join(a[:80] for a in args)})")
    if any(t.tracebacks or t.hangs or t.partial or t.other for t in tallies):
        sys.exit(1)


if __name__ == "__main__":
    main()
