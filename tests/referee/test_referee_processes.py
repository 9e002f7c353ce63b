"""Several ``deckforge referee`` processes (issue 25's "Done when"), for real: two
processes on one PostgreSQL, streams on one fed by actions posted to the other, one of
them killed (kill -9) during a burst, PostgreSQL restarted; and a second process on one
SQLite file refused. Server tests (real processes, a throwaway PostgreSQL)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from postgres_server import PostgresServer
from referee_helpers import Server, discard, free_ports, rank_hint, start_server

pytestmark = pytest.mark.server

REFEREE_PORTS = range(5900, 6000)  # this test file's share of ports


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hosted referee keeps its files in the user's data folder: a temporary one here."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def two_referees(postgres_url: str, data_home: None) -> Iterator[tuple[Server, Server]]:
    first, second = free_ports(REFEREE_PORTS, 2)
    a = start_server(postgres_url, "--streams-per-address", "200", port=first)  # type: ignore[arg-type]
    b = start_server(postgres_url, "--streams-per-address", "200", port=second)  # type: ignore[arg-type]
    yield a, b
    a.stop()
    b.stop()


def _request(
    server: Server, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    place = urlsplit(server.url)
    conn = http.client.HTTPConnection(place.hostname, place.port, timeout=10)
    try:
        data = None if body is None else json.dumps(body)
        conn.request(
            method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})}
        )
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def _new_table(server: Server) -> tuple[str, dict[str, str]]:
    status, body = _request(
        server, "POST", "/api/tables", {"theme": "hanabi-classic", "players": ["A", "B", "C"]}
    )
    assert status == 201, body
    return body["id"], {"Authorization": f"Bearer {body['leader_token']}"}


def _act(
    server: Server, table_id: str, auth: dict[str, str], version: int, move: Any, key: str = ""
) -> tuple[int, Any]:
    headers = {**auth, "Idempotency-Key": key} if key else auth
    body = {"version": version, "action": move}
    return _request(server, "POST", f"/api/tables/{table_id}/actions", body, headers)


def _moves(count: int) -> list[dict[str, Any]]:
    """A legal printed game: a hint, then a discard that wins the token back, and so on."""
    cards = [(suit, rank) for suit in range(5) for rank in (1, 1, 1, 2, 2, 3, 3, 4, 4)]
    moves = []
    for n in range(count):
        player = n % 3
        if n % 2 == 0:
            moves.append(rank_hint((player + 1) % 3, 1 + (n // 2) % 5))
        else:
            moves.append(discard(*cards[n // 2]))
    return moves


class StreamReader(threading.Thread):
    """One event stream of a table: when each version's event arrived."""

    def __init__(self, server: Server, table_id: str) -> None:
        super().__init__(daemon=True)
        place = urlsplit(server.url)
        self.sock = socket.create_connection((place.hostname, place.port))
        self.sock.sendall(
            f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: test\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        self.arrivals: dict[int, float] = {}
        self.opened = threading.Event()

    def run(self) -> None:
        tail = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            now = time.perf_counter()
            if not chunk:
                return
            tail += chunk
            for found in re.finditer(rb"\nid: (\d+)\n", tail):
                self.arrivals.setdefault(int(found.group(1)), now)
                self.opened.set()
            tail = tail[-64:]

    def close(self) -> None:
        self.sock.close()


def test_streams_on_one_referee_receive_every_action_posted_to_the_other(
    two_referees: tuple[Server, Server],
) -> None:
    """Every action posted to A reaches each of the 100 streams that B holds."""
    a, b = two_referees
    table_id, auth = _new_table(a)
    status, state = _request(b, "GET", f"/api/tables/{table_id}")
    assert status == 200 and state["version"] == 0  # made on A, served by B
    readers = [StreamReader(b, table_id) for _ in range(100)]
    for reader in readers:
        reader.start()
    try:
        assert all(reader.opened.wait(15) for reader in readers)
        for version, move in enumerate(_moves(20)):
            status, body = _act(a, table_id, auth, version, move)
            assert status == 200, body
            deadline = time.monotonic() + 5
            while not all(version + 1 in r.arrivals for r in readers):
                assert time.monotonic() < deadline, f"version {version + 1} missing on B"
                time.sleep(0.001)
        # how fast (p95 <= 100 ms is the target) is measured by bench/processes.py: a
        # loaded machine must not fail a test; every event arrived within 5 s above
    finally:
        for reader in readers:
            reader.close()


def test_a_referee_killed_during_a_burst_loses_and_doubles_nothing(
    two_referees: tuple[Server, Server],
) -> None:
    """40 actions, each with its Idempotency-Key, sent to A; A is killed (SIGKILL) while
    the 21st is on its way; the client sends what was not answered again to B, with the
    same key. The log holds the 40 actions once each, in order."""
    a, b = two_referees
    table_id, auth = _new_table(a)
    moves = _moves(40)
    target, answered, retried = a, 0, 0
    killer = None
    for version, move in enumerate(moves):
        if version == 20:  # the kill lands while this request is on its way or just done
            killer = threading.Timer(0.002, a.process.kill)
            killer.start()
        while True:
            try:
                status, body = _act(target, table_id, auth, version, move, f"burst-{version}")
            except (OSError, http.client.HTTPException):  # refused, reset, cut: retry on B
                target, retried = b, retried + 1
                continue
            assert status == 200, body
            answered += 1
            break
    assert killer is not None
    killer.join()
    a.process.wait(timeout=10)
    assert a.process.returncode == -9
    status, body = _request(b, "GET", f"/api/tables/{table_id}/actions.json", headers=auth)
    assert status == 200, body
    actions = body["games"][0]["actions"] if "games" in body else body["actions"]
    assert len(actions) == 40 == answered
    assert retried >= 1
    _, state = _request(b, "GET", f"/api/tables/{table_id}")
    assert state["version"] == 40


def test_a_postgresql_restart_is_survived_without_a_5xx(
    postgres: PostgresServer, two_referees: tuple[Server, Server]
) -> None:
    a, b = two_referees
    table_id, auth = _new_table(a)
    moves = _moves(4)
    for version in range(2):
        status, _ = _request(
            b,
            "POST",
            f"/api/tables/{table_id}/actions",
            {"version": version, "action": moves[version]},
            auth,
        )
        assert status == 200
    reader = StreamReader(b, table_id)
    reader.start()
    try:
        assert reader.opened.wait(15)
        postgres.restart()  # pg_ctl stop -m fast, then start: every connection is cut
        started = time.monotonic()
        status, body = _act(b, table_id, auth, 2, moves[2])
        assert status == 200, body  # B reconnected on its own: the first request after works
        assert time.monotonic() - started < 15
        # and A's change still reaches B's stream: B listens again after the restart
        status, body = _act(a, table_id, auth, 3, moves[3])
        assert status == 200, body
        deadline = time.monotonic() + 15
        while 4 not in reader.arrivals:
            assert time.monotonic() < deadline, "B's stream did not get version 4"
            time.sleep(0.01)
    finally:
        reader.close()


def test_a_second_referee_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    first = start_server(database)
    try:
        second = subprocess.run(
            [sys.executable, "-m", "deckforge", "referee", "--port", "0", "--db", str(database)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert second.returncode != 0
        assert "Traceback" not in second.stderr
        assert "another deckforge referee is already serving this database" in second.stderr
        assert f"process {first.process.pid}" in second.stderr
        assert "PostgreSQL" in second.stderr
    finally:
        first.stop()
    again = start_server(database)  # once the first has stopped, the file is free
    again.stop()


def test_keep_days_deletes_the_idle_tables_at_the_start_and_says_how_many(
    tmp_path: Path,
) -> None:
    import sqlite3

    from referee_helpers import create_table

    from deckforge.referee import create_app

    database = tmp_path / "referee.sqlite3"
    client = create_app({"TESTING": True, "DATABASE": str(database)}).test_client()
    idle, active = create_table(client), create_table(client)
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE tables SET created_at = '2025-01-01T00:00:00.000+00:00'")
        conn.execute(
            "UPDATE games SET started_at = '2025-01-01T00:00:00.000+00:00' WHERE table_id = ?",
            (idle.id,),
        )
    server = start_server(database, "--keep-days", "30")
    try:
        assert any(
            "Retention: 1 table(s) without a change for 30 day(s) deleted" in line
            for line in server.printed
        ), server.printed
        assert _request(server, "GET", f"/api/tables/{idle.id}")[0] == 404
        assert _request(server, "GET", f"/api/tables/{active.id}")[0] == 200
    finally:
        server.stop()


def test_workers_serve_one_port_from_several_processes(postgres_url: str, data_home: None) -> None:
    """--workers 2: a second process accepts on the same port; with the first one stopped
    (SIGSTOP), the port still answers; Ctrl+C on the first stops both."""
    import os
    import signal

    (port,) = free_ports(REFEREE_PORTS, 1)
    server = start_server(postgres_url, "--workers", "2", port=port)  # type: ignore[arg-type]
    try:
        found = re.search(
            r"Workers: 2 processes on this port \(this one, (\d+)\)", "".join(server.printed)
        )
        assert found, server.printed
        worker = int(found.group(1))
        table_id, _ = _new_table(server)
        os.kill(server.process.pid, signal.SIGSTOP)
        try:
            for _ in range(5):  # new connections: only the worker can accept them now
                status, state = _request(server, "GET", f"/api/tables/{table_id}")
                assert status == 200 and state["version"] == 0
        finally:
            os.kill(server.process.pid, signal.SIGCONT)
    finally:
        server.stop()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{worker}").exists() and _state_of(worker) != "Z":
        assert time.monotonic() < deadline, "the worker outlived the referee"
        time.sleep(0.05)


def _state_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_workers_need_postgresql(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "deckforge", "referee", "--port", "0", "--workers", "2",
         "--db", str(tmp_path / "r.sqlite3")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "several processes need a PostgreSQL --db" in done.stderr
    assert not (tmp_path / "r.sqlite3").exists()
