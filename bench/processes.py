"""Benchmark of two referee processes on one PostgreSQL (issue 25): how long an action
posted to one takes to reach the streams that the other holds, and actions per second
through PostgreSQL against SQLite.

    nice -n 10 .venv/bin/python bench/processes.py [--streams 100] [--actions 30]
        [--db postgresql://USER@HOST:PORT/DB] [--repeat 3]
    nice -n 10 .venv/bin/python bench/processes.py --split --streams 2000 --actions 20

Without ``--db`` a throwaway PostgreSQL is started as the tests start it
(tests/postgres_server.py: initdb + pg_ctl on 127.0.0.1, fsync off, so the figures
compare the referee, not a disk). Two ``deckforge referee`` processes (ports 5900 and
up) share it:

1. Across processes: ``--streams`` event streams on B (each from a loopback address of
   its own); the leader posts ``--actions`` legal actions to A, one after the other;
   for each, the time from just before the POST to that version's event on every
   stream. The same with the streams on A itself, in the same run, is the anchor:
   the difference is what crossing processes costs (NOTIFY, the listening thread, a
   replay of the table on B).
   ``--split``: the streams split half on A, half on B, against all of them on A
   (issue 25: one table followed by 2,000 streams over two processes).
2. Actions per second: one client posts ``--actions`` actions one after the other to a
   referee on PostgreSQL, then to one on a SQLite file (``--sync normal``).

Figures: median, p95 and max of every (stream, action) pair; ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from referee import (  # noqa: E402
    Client,
    Stream,
    Table,
    loopback_address,
    percentile,
    raise_open_files,
)

PORTS = iter(range(5900, 6000))


def start_referee(database: str) -> tuple[subprocess.Popen[str], int]:
    port = next(PORTS)
    process = subprocess.Popen(
        [sys.executable, "-m", "deckforge", "referee", "--port", str(port), "--db", database,
         "--streams-per-address", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert process.stdout is not None
    for line in process.stdout:
        if "Referee running" in line:
            return process, port
    raise SystemExit(f"the referee on {database} did not start")


def crossing(posting: int, streaming: list[int], streams: int, actions: int) -> dict[str, float]:
    """Post to ``posting``, read the events on the ``streaming`` ports (the streams split
    evenly over them): each delay in ms."""
    leader = Table(Client(posting))
    readers = [
        Stream(streaming[i % len(streaming)], leader.id, loopback_address(i))
        for i in range(streams)
    ]
    for reader in readers:
        reader.start()
    for reader in readers:
        if not reader.ready.wait(15):
            raise SystemExit("an event stream did not start")
    sent: dict[int, float] = {}
    for _ in range(actions):
        expected = leader.state["version"] + 1
        sent[expected] = time.perf_counter()
        leader.step()
        deadline = time.monotonic() + 10
        while not all(expected in r.arrivals for r in readers):
            if time.monotonic() > deadline:
                late = sum(expected not in r.arrivals for r in readers)
                raise SystemExit(
                    f"version {expected} did not reach {late} of {streams} streams on ports"
                    f" {streaming} within 10 s"
                )
            time.sleep(0.0005)
    for reader in readers:
        reader.sock.close()
    samples = [(r.arrivals[v] - t) * 1000 for r in readers for v, t in sent.items()]
    return {
        "median": statistics.median(samples),
        "p95": percentile(samples, 0.95),
        "max": max(samples),
    }


def actions_per_second(port: int, actions: int) -> float:
    leader = Table(Client(port))
    started = time.perf_counter()
    for _ in range(actions):
        leader.step()
    return actions / (time.perf_counter() - started)


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--db", help="an existing PostgreSQL database (default: a throwaway one)")
    parser.add_argument(
        "--split",
        action="store_true",
        help="only this: the streams split half on A, half on B (posted to A), then all on A",
    )
    args = parser.parse_args()
    raise_open_files(args.streams + 256)

    server: Any = None
    if args.db is None:
        from postgres_server import PostgresServer, _binaries

        binaries = _binaries()
        if binaries is None:
            raise SystemExit("PostgreSQL is not installed: give --db postgresql://...")
        server = PostgresServer(binaries)
        url = server.database()
    else:
        url = args.db
    folder = Path(tempfile.mkdtemp(prefix="deckforge-bench-"))
    referees = [start_referee(url), start_referee(url), start_referee(str(folder / "r.sqlite3"))]
    (_, a), (_, b), (_, lite) = referees
    try:
        print(f"{args.streams} streams, {args.actions} actions, load {load()}")
        if args.split:
            for run in range(1, args.repeat + 1):
                split = crossing(a, [a, b], args.streams, args.actions)
                alone = crossing(a, [a], args.streams, args.actions)
                print(
                    f"run {run}: posted to A, streams half on A, half on B: median"
                    f" {split['median']:.1f} ms, p95 {split['p95']:.1f}, max {split['max']:.1f}"
                    f" | all on A: median {alone['median']:.1f} ms, p95 {alone['p95']:.1f},"
                    f" max {alone['max']:.1f} (load {load()})"
                )
            return
        for run in range(1, args.repeat + 1):
            same = crossing(a, [a], args.streams, args.actions)
            other = crossing(a, [b], args.streams, args.actions)
            print(
                f"run {run}: posted to A, streams on A: median {same['median']:.1f} ms,"
                f" p95 {same['p95']:.1f}, max {same['max']:.1f} | streams on B: median"
                f" {other['median']:.1f} ms, p95 {other['p95']:.1f}, max {other['max']:.1f}"
                f" (load {load()})"
            )
        for run in range(1, args.repeat + 1):
            postgres = actions_per_second(a, args.actions)
            sqlite = actions_per_second(lite, args.actions)
            print(
                f"run {run}: actions/s, one client: PostgreSQL {postgres:.0f},"
                f" SQLite {sqlite:.0f} ({postgres / sqlite:.2f}x) (load {load()})"
            )
    finally:
        for process, _ in referees:
            process.terminate()
            process.wait(timeout=10)
        if server is not None:
            server.close()


if __name__ == "__main__":
    main()
