"""Benchmark of two referee processes on one PostgreSQL (issue 25): how long an action
posted to one takes to reach the streams that the other holds, and actions per second
through PostgreSQL against SQLite.

    nice -n 10 .venv/bin/python bench/processes.py [--streams 100] [--actions 30]
        [--posts 400] [--db postgresql://USER@HOST:PORT/DB] [--repeat 3]
    nice -n 10 .venv/bin/python bench/processes.py --split --streams 2000 --actions 60
    nice -n 10 .venv/bin/python bench/processes.py --streams 10000 --tables 200 [--open-files 4096]

Without ``--db`` a throwaway PostgreSQL is started as the tests start it
(tests/postgres_server.py: initdb + pg_ctl on 127.0.0.1, fsync off, so the figures
compare the referee, not a disk). Two ``deckforge referee`` processes (ports 5750 and
up, or from ``--port``) share it:

1. Across processes: ``--streams`` event streams on B (each from a loopback address of
   its own); the leader posts ``--actions`` legal actions to A, one after the other;
   for each, the time from just before the POST to that version's event on every
   stream. The same with the streams on A itself, in the same run, is the anchor:
   the difference is what crossing processes costs (NOTIFY, the listening thread, a
   load of the new version on B).
   ``--split``: the streams split half on A, half on B, against all of them on A
   (issue 25: one table followed by 2,000 streams over two processes).
   ``--tables N``: the streams over N tables, half on A, half on B; the leader posts
   to the tables in turn (issue 25: 10,000 streams over two processes).
   ``--open-files N``: the referees' hard limit of open files, to see what happens
   past it (if the streams do not all open, the bench says how many were refused and
   whether each referee still answers a new connection).
2. Actions per second: one client posts ``--posts`` actions one after the other to a
   referee on PostgreSQL, then as many to one on a SQLite file (``--sync normal``), in
   each round; the ratio within the round, and CPU per action (the referee's process,
   PostgreSQL's processes).

The referees keep their files (compiled templates, a studio key) and the SQLite store in
a temporary folder of the bench (``XDG_DATA_HOME`` for the PostgreSQL ones, whose files
would otherwise go to the user's data folder; Linux, as ``/proc`` is), removed at the end
with the throwaway PostgreSQL, also when a run stops half-way.

Figures: median, p95 and max of every (stream, action) pair, the POST's time, each
referee's CPU per action and resident memory; ``--repeat`` runs; the load average.
Each referee's streams are read by one selector thread (``RoomStreams``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from referee import (  # noqa: E402
    Client,
    RoomStreams,
    Table,
    memory_kib,
    percentile,
    process_cpu,
    raise_open_files,
)

FIRST_PORT = 5750  # the referees' ports, one after the other (--port)
PORTS = iter(range(FIRST_PORT, FIRST_PORT + 50))
PIDS: dict[int, int] = {}  # each referee's process by its port
LOGS: dict[int, list[str]] = {}  # what each referee wrote after it started


def start_referee(
    database: str, folder: Path, open_files: int = 0
) -> tuple[subprocess.Popen[str], int]:
    """A ``deckforge referee`` on the next port, its files in ``folder`` (a PostgreSQL
    referee keeps them in the user's data folder: ``XDG_DATA_HOME`` points it there;
    ``open_files``: its hard limit of open files, to see what happens past it)."""
    port = next(PORTS)

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    process = subprocess.Popen(
        [sys.executable, "-m", "deckforge", "referee", "--port", str(port), "--db", database,
         "--streams-per-address", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(folder / "data")},
        preexec_fn=limit if open_files else None,
    )  # fmt: skip
    assert process.stdout is not None
    for line in process.stdout:
        if "Referee running" in line:
            PIDS[port] = process.pid
            LOGS[port] = []
            # read what it writes from now on: a full pipe would stop the referee itself
            threading.Thread(target=_drain, args=(process, LOGS[port]), daemon=True).start()
            return process, port
    raise SystemExit(f"the referee on {database} did not start")


def _drain(process: subprocess.Popen[str], lines: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line.rstrip())


def crossing(
    posting: int, streaming: list[int], streams: int, actions: int, tables: int = 1
) -> dict[str, float]:
    """Post to ``posting``, read the events on the ``streaming`` ports (the streams split
    evenly over them, each port's read by one selector thread, stream ``i`` following
    table ``i % tables``); the leader posts to the tables in turn. Each delay in ms, the
    POST's median and p95, and each referee's CPU per action."""
    client = Client(posting)
    leaders = [Table(client) for _ in range(tables)]
    ids = [leader.id for leader in leaders]
    share = [
        streams // len(streaming) + (k < streams % len(streaming)) for k in range(len(streaming))
    ]
    readers, first = [], 0
    for port, count in zip(streaming, share, strict=True):
        readers.append(RoomStreams(port, ids, count, first))
        first += count
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + 60
    while sum(r.started for r in readers) < streams:
        refused = sum(r.refused for r in readers)
        unanswered = sum(r.unanswered for r in readers)
        late = time.monotonic() > deadline
        if late or unanswered or (refused and time.monotonic() > deadline - 50):
            opened = sum(r.started for r in readers)
            closed = sum(r.closed for r in readers)
            raise SystemExit(
                f"{opened} of {streams} streams started, {refused} refused, {closed} closed"
                f" by the server, {unanswered} not connected within 10 s; then:"
                f" {probe(streaming)}"
            )
        time.sleep(0.05)
    by_table = {
        table: [(r, [i for i, t in enumerate(r.table_of) if t == table]) for r in readers]
        for table in ids
    }
    servers = {port: PIDS[port] for port in {posting, *streaming}}
    memory = {port: memory_kib(pid) for port, pid in servers.items()}
    cpu_before = {port: process_cpu(pid) for port, pid in servers.items()}
    sent: list[tuple[str, int, float]] = []
    posts: list[float] = []
    for number in range(actions):
        leader = leaders[number % tables]
        expected = leader.state["version"] + 1
        started = time.perf_counter()
        leader.step()
        posts.append((time.perf_counter() - started) * 1000)
        sent.append((leader.id, expected, started))
        limit = time.monotonic() + 10
        while not all(
            expected in r.arrivals[i] for r, indexes in by_table[leader.id] for i in indexes
        ):
            if time.monotonic() > limit:
                late = sum(
                    expected not in r.arrivals[i]
                    for r, indexes in by_table[leader.id]
                    for i in indexes
                )
                raise SystemExit(
                    f"version {expected} did not reach {late} streams on ports {streaming}"
                    f" within 10 s"
                )
            time.sleep(0.0005)
    cpu_after = {port: process_cpu(pid) for port, pid in servers.items()}
    still_open = streams - sum(r.closed for r in readers)
    for reader in readers:
        reader.close()
    samples = [
        (r.arrivals[i][version] - at) * 1000
        for table, version, at in sent
        for r, indexes in by_table[table]
        for i in indexes
    ]
    found = {
        "median": statistics.median(samples),
        "p95": percentile(samples, 0.95),
        "max": max(samples),
        "post_median": statistics.median(posts),
        "post_p95": percentile(posts, 0.95),
        "still_open": float(still_open),
    }
    for port in servers:
        before, after = cpu_before[port], cpu_after[port]
        if before is not None and after is not None:
            found[f"cpu_{port}"] = (after - before) / actions * 1000
        if memory[port] is not None:
            found[f"mib_{port}"] = memory[port] / 1024
    return found


def probe(ports: list[int]) -> str:
    """Whether each referee still answers a new connection (home page, an action) within
    5 s: what a teacher meets once the streams have reached a limit."""
    found = []
    for port in ports:
        try:
            client = Client(port)
            client.conn.timeout = 5
            started = time.perf_counter()
            status, _ = client.call("GET", "/")
            leader = Table(client)
            leader.step()
            found.append(
                f":{port} home page {status}, table created and action posted in"
                f" {(time.perf_counter() - started) * 1000:.0f} ms"
            )
        except (OSError, AssertionError) as problem:
            found.append(f":{port} {type(problem).__name__}: {problem}")
    return "; ".join(found)


def actions_per_second(port: int, actions: int, database: Any = None) -> tuple[float, float, float]:
    """One client posting ``actions`` actions one after the other: actions per second, the
    referee's CPU per action and the database server's (PostgreSQL's processes; 0 for
    SQLite, whose work is in the referee's process), in ms."""
    leader = Table(Client(port))
    referee_before = process_cpu(PIDS[port]) or 0.0
    database_before = postgres_cpu(database)
    started = time.perf_counter()
    for _ in range(actions):
        leader.step()
    elapsed = time.perf_counter() - started
    referee = ((process_cpu(PIDS[port]) or 0.0) - referee_before) / actions * 1000
    server = (postgres_cpu(database) - database_before) / actions * 1000
    return actions / elapsed, referee, server


def postgres_cpu(server: Any) -> float:
    """CPU seconds used so far by a throwaway PostgreSQL: the postmaster, its ended
    children and its live ones (Linux; 0 without a server of ours)."""
    if server is None:
        return 0.0
    try:
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        fields = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, ValueError, IndexError):
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    total = sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
    children = Path(f"/proc/{postmaster}/task/{postmaster}/children")
    for child in children.read_text().split() if children.exists() else []:
        total += process_cpu(int(child)) or 0.0
    return total


def summary(found: dict[str, float]) -> str:
    cpu = ", ".join(f":{k[4:]} {v:.1f} ms" for k, v in found.items() if k.startswith("cpu_"))
    memory = ", ".join(f":{k[4:]} {v:.0f} MiB" for k, v in found.items() if k.startswith("mib_"))
    return (
        f"event median {found['median']:.1f} ms, p95 {found['p95']:.1f}, max {found['max']:.1f};"
        f" POST median {found['post_median']:.1f} ms, p95 {found['post_p95']:.1f};"
        f" {found['still_open']:.0f} open; referee CPU per action {cpu};"
        f" resident memory with the streams open {memory}"
    )


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--posts", type=int, default=400, help="actions per second: actions per round and backend"
    )
    parser.add_argument("--db", help="an existing PostgreSQL database (default: a throwaway one)")
    parser.add_argument(
        "--split",
        action="store_true",
        help="only this: the streams split half on A, half on B (posted to A), then all on A",
    )
    parser.add_argument(
        "--tables",
        type=int,
        default=1,
        help="only this: the streams over this many tables (stream i follows table i mod N),"
        " half on A, half on B; the leader posts to the tables in turn (on A)",
    )
    parser.add_argument(
        "--open-files",
        type=int,
        default=0,
        help="the referees' hard limit of open files (to push past it; default: as inherited)",
    )
    parser.add_argument(
        "--port", type=int, default=FIRST_PORT, help="the first referee's port (then the next)"
    )
    args = parser.parse_args()
    global PORTS
    PORTS = iter(range(args.port, args.port + 50))
    raise_open_files(args.streams + 256)

    # the referees' files (compiled templates, the studio's key) and the SQLite store go to
    # a folder of the bench's own, removed at the end, never to the user's data folder
    folder = Path(tempfile.mkdtemp(prefix="deckforge-bench-"))
    print(f"referees' files in {folder} (removed when done)")
    server: Any = None
    referees: list[subprocess.Popen[str]] = []
    try:
        if args.db is None:
            from postgres_server import PostgresServer, _binaries

            binaries = _binaries()
            if binaries is None:
                raise SystemExit("PostgreSQL is not installed: give --db postgresql://...")
            server = PostgresServer(binaries)
        url = args.db or server.database()
        ports = []
        for database, limit in ((url, args.open_files), (url, args.open_files), (None, 0)):
            process, port = start_referee(database or str(folder / "r.sqlite3"), folder, limit)
            referees.append(process)
            ports.append(port)
        measure(args, ports, server)
    finally:
        for port, lines in LOGS.items():
            if lines:
                first = " | ".join(line[:160] for line in lines[:12])
                print(f"referee :{port} wrote {len(lines)} lines; the first: {first}")
        for process in referees:
            process.terminate()
            process.wait(timeout=10)
        if server is not None:
            server.close()
        shutil.rmtree(folder, ignore_errors=True)


def measure(args: argparse.Namespace, ports: list[int], server: Any) -> None:
    """The runs the options ask for, on referees A and B (PostgreSQL) and one on SQLite."""
    a, b, lite = ports
    print(
        f"{args.streams} streams, {args.actions} actions, load {load()};"
        f" referees A :{a}, B :{b}, SQLite :{lite}"
    )
    if args.split or args.tables > 1:
        for run in range(1, args.repeat + 1):
            split = crossing(a, [a, b], args.streams, args.actions, args.tables)
            print(f"run {run}: streams half on A, half on B: {summary(split)} (load {load()})")
            if args.split:
                alone = crossing(a, [a], args.streams, args.actions, args.tables)
                print(f"run {run}: all streams on A: {summary(alone)} (load {load()})")
        return
    for run in range(1, args.repeat + 1):
        same = crossing(a, [a], args.streams, args.actions)
        other = crossing(a, [b], args.streams, args.actions)
        print(f"run {run}: posted to A, streams on A: {summary(same)} (load {load()})")
        print(f"run {run}: posted to A, streams on B: {summary(other)} (load {load()})")
    for run in range(1, args.repeat + 1):
        postgres, pg_referee, pg_server = actions_per_second(a, args.posts, server)
        sqlite, lite_referee, _ = actions_per_second(lite, args.posts)
        cpu_ratio = (pg_referee + pg_server) / lite_referee if lite_referee else float("nan")
        print(
            f"run {run}: actions/s, one client: PostgreSQL {postgres:.0f},"
            f" SQLite {sqlite:.0f} ({postgres / sqlite:.2f}x); CPU per action:"
            f" PostgreSQL's referee {pg_referee:.2f} ms + PostgreSQL {pg_server:.2f} ms,"
            f" SQLite's referee {lite_referee:.2f} ms"
            f" ({cpu_ratio:.2f}x) (load {load()})"
        )


if __name__ == "__main__":
    main()
