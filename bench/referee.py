"""Benchmark of the referee on loopback: event-stream latency and actions per second.

    .venv/bin/python bench/referee.py [--streams 40] [--actions 200] [--sync full]

The server is the real app served by waitress with the CLI's settings (threads,
switch interval) in a child process (so client and server do not share an
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


def serve(database: str, sync: str) -> None:
    """Child process: the referee app plus a trivial route, on waitress, on a free port."""
    from flask import Response
    from waitress import create_server  # type: ignore[import-untyped]

    from deckforge.cli.referee import SWITCH_INTERVAL, THREADS
    from deckforge.referee import create_app

    app = create_app({"DATABASE": database, "SYNC": sync})
    sys.setswitchinterval(SWITCH_INTERVAL)

    @app.get("/bench/ping")
    def ping() -> Response:
        return Response("ok", mimetype="text/plain")

    server = create_server(
        app, host="127.0.0.1", port=0, threads=THREADS, channel_timeout=120, connection_limit=500
    )
    print(f"port {server.effective_port}", flush=True)  # type: ignore[union-attr]
    server.run()


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

    def __init__(self, port: int, table: str) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port))
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


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_streams(port: int, table: str, streams: int) -> list[Stream]:
    readers = [Stream(port, table) for _ in range(streams)]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=40)
    parser.add_argument("--actions", type=int, default=200)
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
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.sync)
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
        [sys.executable, __file__, "--serve", database, "--sync", args.sync],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=pin_server if server_cpus is not None else None,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline().split()[1])
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
