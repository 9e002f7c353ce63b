"""Benchmark of the referee on loopback: event-stream latency and actions per second.

    .venv/bin/python bench/referee.py [--streams 40] [--actions 200] [--sync full]

The server is the real app served as ``deckforge referee`` serves it (uvicorn,
worker threads, switch interval) in a child process (so client and server do not share an
interpreter), with one extra trivial Flask route (``GET /bench/ping``) to
compare throughput with.

1. Latency: ``--streams`` clients hold ``/api/tables/<id>/events`` open; the
   leader posts ``--actions`` legal actions one after the other; for each, the
   time from just before the POST is sent to the arrival of that version's
   event on every stream.
2. Throughput, while those streams stay open: ``--clients`` keep-alive
   connections each post actions to their own table, in windows alternating
   with windows of the trivial route; the ratio is taken per pair of windows.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

THEME = "hanabi-classic"


def serve(database: str, sync: str, port: int = 0) -> None:
    """Child process: the referee as ``deckforge referee`` serves it, plus a trivial route."""
    from flask import Response

    from deckforge.cli.referee import (
        SWITCH_INTERVAL,
        _listen,
        _raise_open_files_limit,
        _server,
    )
    from deckforge.cli.referee_options import THREADS
    from deckforge.referee import create_app
    from deckforge.referee.live import RefereeASGI

    app = create_app({"DATABASE": database, "SYNC": sync})
    sys.setswitchinterval(SWITCH_INTERVAL)

    @app.get("/bench/ping")
    def ping() -> Response:
        return Response("ok", mimetype="text/plain")

    _raise_open_files_limit()
    listening = _listen("127.0.0.1", port)
    print(f"port {listening.getsockname()[1]}", flush=True)
    _server(RefereeASGI(app, THREADS)).run(sockets=[listening])


class Client:
    """One keep-alive HTTP/1.1 connection speaking JSON."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.conn.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if kind.startswith("application/json") else data


class Table:
    """A table driven with legal actions forever (a new game when one ends)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        status, body = client.call(
            "POST", "/api/tables", {"theme": THEME, "players": ["A", "B", "C"]}
        )
        assert status == 201, body
        self.id, self.token, self.state = body["id"], body["leader_token"], body["state"]

    def next_request(self) -> tuple[str, dict[str, Any]]:
        state = self.state
        if state["is_over"]:
            return f"/api/tables/{self.id}/games", {"version": state["version"]}
        if state["hint_tokens"]["available"] > 0:
            target = (state["current_player"] + 1) % len(state["players"])
            action: dict[str, Any] = {"type": "rank-hint", "target": target, "rank": 1}
        else:
            card = next(
                {"suit": s["index"], "rank": r}
                for s in state["suits"]
                for r in s["ranks"]
                if s["copies_left"][r - 1] > 0
            )
            action = {"type": "discard", "card": card}
        return f"/api/tables/{self.id}/actions", {"version": state["version"], "action": action}

    def step(self) -> None:
        path, body = self.next_request()
        status, state = self.client.call("POST", path, body, self.token)
        assert status in (200, 201), state
        self.state = state


def planned_game() -> list[dict[str, Any]]:
    """One whole game's legal actions, worked out before timing with the engine itself."""
    from deckforge.rules import Card, Discard, Game, RankHint
    from deckforge.theme.loader import load_theme

    game = Game.printed(load_theme(THEME), 3)
    actions: list[dict[str, Any]] = []
    while not game.is_over:
        if game.hint_tokens > 0:
            action: Any = RankHint((game.current_player + 1) % 3, 1)
        else:
            card = next(
                Card(s, r)
                for s in range(5)
                for r in range(1, 6)
                if game.copies_left(Card(s, r)) > 0
            )
            action = Discard(card=card)
        game.apply(action)
        actions.append(action.to_dict())
    return actions


class PlannedTable:
    """A table fed a planned game again and again: the client only sends and checks."""

    def __init__(self, client: Client, plan: list[dict[str, Any]]) -> None:
        self.client = client
        status, body = client.call(
            "POST", "/api/tables", {"theme": THEME, "players": ["A", "B", "C"]}
        )
        assert status == 201, body
        self.id, self.token = body["id"], body["leader_token"]
        self.plan = plan
        self.version = 0
        self.next = 0
        self.headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"}

    def step(self) -> None:
        if self.next < len(self.plan):
            path = f"/api/tables/{self.id}/actions"
            body = {"version": self.version, "action": self.plan[self.next]}
            self.next += 1
        else:
            path, body = f"/api/tables/{self.id}/games", {"version": self.version}
            self.next = 0
        self.client.conn.request("POST", path, json.dumps(body), self.headers)
        response = self.client.conn.getresponse()
        response.read()
        assert response.status in (200, 201), response.status
        self.version += 1


class Stream(threading.Thread):
    """An event-stream reader recording when each version's event arrives."""

    def __init__(self, port: int, table: str, source: str = "127.0.0.1") -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
        self.sock.sendall(
            f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: bench\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        self.arrivals: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        pending = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            now = time.perf_counter()
            if not chunk:
                return
            pending += chunk
            for found in re.finditer(rb"\nid: (\d+)\n", pending):
                self.arrivals.setdefault(int(found.group(1)), now)
                self.ready.set()
            pending = pending[-64:]


def loopback_address(index: int) -> str:
    """A loopback address of its own for each stream (127.0.1.1, 127.0.1.2, ...), so
    that the referee's share of streams per address does not apply (Linux routes all
    of 127.0.0.0/8 to this machine)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_streams(port: int, table: str, streams: int) -> list[Stream]:
    readers = [Stream(port, table, loopback_address(i)) for i in range(streams)]
    for reader in readers:
        reader.start()
    for reader in readers:
        if not reader.ready.wait(10):
            raise SystemExit("an event stream did not start")
    return readers


def latency(leader: Table, readers: list[Stream], actions: int) -> dict[str, float]:
    sent: dict[int, float] = {}
    post_times = []
    for _ in range(actions):
        expected = leader.state["version"] + 1
        started = time.perf_counter()
        sent[expected] = started
        leader.step()
        post_times.append(time.perf_counter() - started)
        deadline = time.monotonic() + 5
        while not all(expected in r.arrivals for r in readers):
            if time.monotonic() > deadline:
                raise SystemExit(f"version {expected} did not reach every stream")
            time.sleep(0.0005)
    samples = [(r.arrivals[v] - t) * 1000 for r in readers for v, t in sent.items()]
    return {
        "samples": len(samples),
        "median_ms": statistics.median(samples),
        "p95_ms": percentile(samples, 0.95),
        "max_ms": max(samples),
        "post_median_ms": statistics.median(post_times) * 1000,
    }


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system, all threads) used so far by process ``pid`` (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Throughput:
    actions: float  # actions per second, median of the windows
    trivial: float  # trivial requests per second, median of the windows
    ratio: float  # median over the rounds of (actions / trivial) in adjacent windows
    ratios: list[float]
    action_ms: float | None  # server CPU per request, median of the windows
    trivial_ms: float | None


def throughput(port: int, clients: int, seconds: float, rounds: int, server: int) -> Throughput:
    """Actions/s against trivial requests/s in ``rounds`` pairs of adjacent windows.

    Each round is one window of actions then one of trivial requests; the
    ratio is taken within each round and the median of the rounds reported,
    so that a change in the machine's load between rounds (other processes,
    a noisy neighbour on a virtual machine) does not tilt the comparison.
    Also the server's CPU time per request of each kind (user + system time
    of the whole process per window, median, in ms).
    """
    connections = [Client(port) for _ in range(clients)]
    plan = planned_game()
    tables = [PlannedTable(c, plan) for c in connections]
    rates: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, list[float]] = {False: [], True: []}

    def window(trivial: bool) -> float:
        counts = [0] * clients
        stop = time.monotonic() + seconds / rounds

        def work(index: int) -> None:
            client, table = connections[index], tables[index]
            while time.monotonic() < stop:
                if trivial:
                    status, _ = client.call("GET", "/bench/ping")
                    assert status == 200
                else:
                    table.step()
                counts[index] += 1

        threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
        used = process_cpu(server)
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = process_cpu(server)
        if used is not None and after is not None and sum(counts):
            cpu[trivial].append((after - used) / sum(counts) * 1000)
        return sum(counts) / (time.monotonic() - started)

    for _ in range(rounds):
        for trivial in (False, True):
            rates[trivial].append(window(trivial))
    ratios = [a / t for a, t in zip(rates[False], rates[True], strict=True)]

    def ms(kind: bool) -> float | None:
        return statistics.median(cpu[kind]) if cpu[kind] else None

    return Throughput(
        statistics.median(rates[False]),
        statistics.median(rates[True]),
        statistics.median(ratios),
        ratios,
        ms(False),
        ms(True),
    )


class RoomStreams(threading.Thread):
    """Many event streams read by one thread (a selector), as a room full of phones:
    stream ``i`` follows table ``i % len(tables)`` from its own loopback address."""

    def __init__(self, port: int, tables: list[str], streams: int, first: int = 0) -> None:
        """``first``: the index of the first stream's loopback address (several readers
        in one client then use addresses of their own)."""
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.table_of: list[str] = []
        self.arrivals: list[dict[int, float]] = []
        self.pending: list[bytes] = []
        self.started = 0
        self.closed = 0
        self.refused = 0
        self.unanswered = 0  # streams not opened: the server left the connection waiting
        self.lock = threading.Lock()
        for index in range(streams):
            table = tables[index % len(tables)]
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((loopback_address(first + index), 0))  # before connecting: the source
            sock.settimeout(10)
            try:
                sock.connect(("127.0.0.1", port))
            except TimeoutError:  # the server no longer accepts connections: stop here
                sock.close()
                self.unanswered = streams - index
                break
            sock.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, index)
            self.table_of.append(table)
            self.arrivals.append({})
            self.pending.append(b"")

    def run(self) -> None:
        while self.selector.get_map():
            for key, _ in self.selector.select(timeout=1):
                index: int = key.data
                try:
                    chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                now = time.perf_counter()
                if not chunk:
                    self.selector.unregister(key.fileobj)
                    with self.lock:
                        self.closed += 1
                    continue
                if chunk.startswith(b"HTTP/1.1 ") and not chunk.startswith(b"HTTP/1.1 200"):
                    self.selector.unregister(key.fileobj)
                    with self.lock:
                        self.refused += 1
                    continue
                text = self.pending[index] + chunk
                for found in re.finditer(rb"\nid: (\d+)\n", text):
                    if not self.arrivals[index]:
                        with self.lock:
                            self.started += 1
                    self.arrivals[index].setdefault(int(found.group(1)), now)
                self.pending[index] = text[-64:]

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def _reader_process(port: int, tables: list[str], streams: int, conn: Any) -> None:
    """Child process: the room's streams, read as :class:`RoomStreams` reads them, so that
    the leader's requests in the parent never wait for this reader's share of the GIL.
    Answers the parent's commands on ``conn``: ("started",), ("wait", table, version),
    ("finish",)."""
    raise_open_files(streams + 256)
    readers = RoomStreams(port, tables, streams)
    readers.start()
    mine: dict[str, list[int]] = {}
    for index, table in enumerate(readers.table_of):
        mine.setdefault(table, []).append(index)
    while True:
        command = conn.recv()
        if command[0] == "started":
            conn.send((readers.started, readers.refused))
        elif command[0] == "wait":
            _, table, version = command
            limit = time.monotonic() + 10
            while not all(version in readers.arrivals[i] for i in mine[table]):
                if time.monotonic() > limit:
                    conn.send(False)
                    break
                time.sleep(0.0005)
            else:
                conn.send(True)
        else:
            conn.send((readers.arrivals, readers.closed))
            readers.close()
            return


class SeparateReader:
    """The room's reader in a child process (``--separate-reader``), with the same
    attributes the room reads from :class:`RoomStreams`."""

    def __init__(self, port: int, tables: list[str], streams: int) -> None:
        import multiprocessing

        self.table_of = [tables[index % len(tables)] for index in range(streams)]
        self.conn, child_end = multiprocessing.Pipe()
        self.process = multiprocessing.get_context("fork").Process(
            target=_reader_process, args=(port, tables, streams, child_end), daemon=True
        )
        self.process.start()
        self.arrivals: list[dict[int, float]] = []
        self.closed = 0

    @property
    def started(self) -> int:
        self.conn.send(("started",))
        started, self._refused = self.conn.recv()
        return int(started)

    @property
    def refused(self) -> int:
        return int(getattr(self, "_refused", 0))

    def wait(self, table: str, version: int) -> bool:
        self.conn.send(("wait", table, version))
        return bool(self.conn.recv())

    def close(self) -> None:
        self.conn.send(("finish",))
        self.arrivals, self.closed = self.conn.recv()
        self.process.join(10)


def memory_kib(pid: int) -> int | None:
    """Resident memory of process ``pid`` in KiB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def raise_open_files(wanted: int) -> None:
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))


def room(
    port: int, server: int, streams: int, tables: int, actions: int, separate: bool = False
) -> dict[str, Any]:
    """``streams`` streams over ``tables`` tables; a leader posts ``actions`` actions to
    the tables in turn and the home page is loaded between them (``separate``: the
    streams are read in a child process)."""
    raise_open_files(streams + 256)
    client = Client(port)
    leaders = [Table(client) for _ in range(tables)]
    before = memory_kib(server)
    started = time.monotonic()
    readers: RoomStreams | SeparateReader
    if separate:
        readers = SeparateReader(port, [t.id for t in leaders], streams)
    else:
        readers = RoomStreams(port, [t.id for t in leaders], streams)
        readers.start()
    deadline = time.monotonic() + 120
    while readers.started < streams:
        if readers.refused:
            raise SystemExit(f"{readers.refused} streams refused")
        if time.monotonic() > deadline:
            raise SystemExit(f"only {readers.started} of {streams} streams started")
        time.sleep(0.05)
    opened_in = time.monotonic() - started
    time.sleep(1)
    after = memory_kib(server)
    by_table: dict[str, list[int]] = {}
    for index, table in enumerate(readers.table_of):
        by_table.setdefault(table, []).append(index)
    posts, homes, arrivals = [], [], []
    sends: list[tuple[str, int, float]] = []
    home = Client(port)
    cpu_before = process_cpu(server)
    for number in range(actions):
        leader = leaders[number % tables]
        expected = leader.state["version"] + 1
        sent = time.perf_counter()
        leader.step()
        posts.append((time.perf_counter() - sent) * 1000)
        sends.append((leader.id, expected, sent))
        if not _reached(readers, by_table[leader.id], leader.id, expected):
            raise SystemExit(f"version {expected} of {leader.id} did not reach its streams")
        page_started = time.perf_counter()
        status, _ = home.call("GET", "/")
        assert status == 200
        homes.append((time.perf_counter() - page_started) * 1000)
    cpu_after = process_cpu(server)
    if isinstance(readers, SeparateReader):
        readers.close()  # the arrivals come back with it
        still_open = streams - readers.closed
    else:
        still_open = streams - readers.closed
        readers.close()
    for table, version, sent in sends:
        arrivals.extend((readers.arrivals[i][version] - sent) * 1000 for i in by_table[table])
    return {
        "opened_s": opened_in,
        "still_open": still_open,
        "memory_before_kib": before,
        "memory_after_kib": after,
        "post_median": statistics.median(posts),
        "post_p95": percentile(posts, 0.95),
        "event_median": statistics.median(arrivals),
        "event_p95": percentile(arrivals, 0.95),
        "event_max": max(arrivals),
        "home_median": statistics.median(homes),
        "home_p95": percentile(homes, 0.95),
        "samples": len(arrivals),
        "server_cpu_ms": None
        if cpu_before is None or cpu_after is None
        else (cpu_after - cpu_before) / actions * 1000,
    }


def _reached(
    readers: RoomStreams | SeparateReader, mine: list[int], table: str, version: int
) -> bool:
    """Wait (10 s at most) until ``version`` of ``table`` has reached each of its streams."""
    if isinstance(readers, SeparateReader):
        return readers.wait(table, version)
    limit = time.monotonic() + 10
    while not all(version in readers.arrivals[i] for i in mine):
        if time.monotonic() > limit:
            return False
        time.sleep(0.0005)
    return True


def report_room(args: argparse.Namespace, found: dict[str, Any]) -> None:
    print(
        f"room: {args.streams} streams over {args.tables} tables (one loopback address each"
        + (", read in a child process" if args.separate_reader else "")
        + "), "
        f"opened in {found['opened_s']:.1f} s; {args.actions} actions; "
        f"{found['still_open']} streams still open at the end"
    )
    print(f"  leader POST: median {found['post_median']:.1f} ms, p95 {found['post_p95']:.1f} ms")
    print(
        f"  event on every stream of the table: median {found['event_median']:.1f} ms, "
        f"p95 {found['event_p95']:.1f} ms, max {found['event_max']:.1f} ms "
        f"({found['samples']} arrivals)"
    )
    print(f"  home page: median {found['home_median']:.1f} ms, p95 {found['home_p95']:.1f} ms")
    if found["server_cpu_ms"] is not None:
        print(f"  server CPU per action and home page: {found['server_cpu_ms']:.1f} ms")
    before, after = found["memory_before_kib"], found["memory_after_kib"]
    if before is not None and after is not None:
        print(
            f"  server memory: {before / 1024:.0f} MiB before the streams, "
            f"{after / 1024:.0f} MiB with them ({(after - before) / args.streams:.1f} KiB a stream)"
        )
    ok = (
        found["post_p95"] <= 50
        and found["event_p95"] <= 100
        and found["home_p95"] <= 100
        and found["still_open"] == args.streams
    )
    print(
        "targets (POST p95 <= 50 ms, event p95 <= 100 ms, home page <= 100 ms, all open):",
        "met" if ok else "NOT met",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=40)
    parser.add_argument(
        "--tables",
        type=int,
        default=0,
        help="a room: the streams spread over this many tables, each from its own address; "
        "measures POST, event and home page times and the server's memory",
    )
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument(
        "--separate-reader",
        action="store_true",
        help="a room: read the streams in a child process (the leader's requests then never "
        "wait for the reader's share of the client's GIL)",
    )
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="throughput: total time of each kind of request"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=10,
        help="throughput: alternating windows of actions and trivial requests",
    )
    parser.add_argument(
        "--sync", choices=("normal", "full"), default="normal", help="the referee's --sync setting"
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="Linux: the server on the first CPU, this client on the others"
        " (steadier figures; the default leaves both to the scheduler)",
    )
    parser.add_argument("--serve", metavar="DATABASE", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help="the server's port (0: any free port)")
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.sync, args.port)
        return

    server_cpus: set[int] | None = None
    if args.pin:
        cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if len(cpus) < 2:
            raise SystemExit("--pin needs Linux and at least two CPUs")
        server_cpus = {cpus[0]}
        os.sched_setaffinity(0, set(cpus[1:]))

    def pin_server() -> None:  # in the child, before the server's threads exist
        assert server_cpus is not None
        os.sched_setaffinity(0, server_cpus)

    folder = tempfile.mkdtemp(prefix="deckforge-bench-")
    database = str(Path(folder) / "bench.sqlite3")
    child = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            database,
            "--sync",
            args.sync,
            "--port",
            str(args.port),
        ],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=pin_server if server_cpus is not None else None,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline().split()[1])
        if args.tables:
            found = room(
                port, child.pid, args.streams, args.tables, args.actions, args.separate_reader
            )
            report_room(args, found)
            return
        leader = Table(Client(port))
        readers = open_streams(port, leader.id, args.streams)
        lat = latency(leader, readers, args.actions)
        # the streams stay open (and read) while throughput is measured
        found = throughput(port, args.clients, args.seconds, args.rounds, child.pid)
        for reader in readers:
            reader.sock.close()
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    finally:
        child.terminate()
        child.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print(
        f"sync {args.sync}; streams {args.streams}, actions {args.actions}: "
        f"{lat['samples']} arrivals"
    )
    print(
        f"  POST -> event on every stream: median {lat['median_ms']:.1f} ms, "
        f"p95 {lat['p95_ms']:.1f} ms, max {lat['max_ms']:.1f} ms "
        f"(POST answered in {lat['post_median_ms']:.1f} ms, median)"
    )
    print(
        f"throughput, {args.clients} keep-alive clients, {args.streams} streams still open,"
        + (" server pinned to one CPU," if args.pin else "")
        + f" {args.rounds} rounds of two {args.seconds / args.rounds:.1f} s windows:"
    )
    print(f"  actions {found.actions:.0f}/s, trivial route {found.trivial:.0f}/s (medians)")
    print(
        f"  ratio per round: median {found.ratio:.2f}, lowest {min(found.ratios):.2f},"
        f" highest {max(found.ratios):.2f}"
    )
    if found.action_ms is not None and found.trivial_ms is not None:
        print(
            f"  server CPU per request: action {found.action_ms:.2f} ms,"
            f" trivial {found.trivial_ms:.2f} ms, ratio {found.trivial_ms / found.action_ms:.2f}"
            + ("" if load is None else f" (load average {load:.1f} at the end)")
        )
    ok = lat["median_ms"] < 20 and lat["p95_ms"] < 50 and found.ratio >= 0.5
    print("targets (median < 20 ms, p95 < 50 ms, ratio >= 0.5):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
