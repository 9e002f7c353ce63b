"""Helpers for the referee's tests: tables through the API, a real server process."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

DATA = Path(__file__).parent / "data"


@dataclass
class Table:
    id: str
    token: str
    body: dict[str, Any]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


def create_table(
    client: FlaskClient,
    theme: str = "hanabi-classic",
    players: list[str] | None = None,
    **extra: Any,
) -> Table:
    response = client.post(
        "/api/tables",
        json={
            "theme": theme,
            "players": players or ["Ann", "Bob", "Cy"],
            **extra,
        },
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Table(body["id"], body["leader_token"], body)


def act(client: FlaskClient, table: Table, version: int, action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/tables/{table.id}/actions",
        headers=table.auth,
        json={"version": version, "action": action},
    )


def play(suit: int, rank: int) -> dict[str, Any]:
    return {"type": "play", "card": {"suit": suit, "rank": rank}}


def discard(suit: int, rank: int) -> dict[str, Any]:
    return {"type": "discard", "card": {"suit": suit, "rank": rank}}


def rank_hint(target: int, rank: int, touched: int | None = None) -> dict[str, Any]:
    return {"type": "rank-hint", "target": target, "rank": rank, "touched": touched}


def colour_hint(target: int, colour: int, touched: int | None = None) -> dict[str, Any]:
    return {"type": "colour-hint", "target": target, "colour": colour, "touched": touched}


@dataclass
class Server:
    """``deckforge referee`` running as a child process on 127.0.0.1."""

    process: subprocess.Popen[str]
    url: str
    database: Path
    printed: list[str]  # what it printed up to its URL

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(database: Path, *extra: str, port: int = 0, open_files: int = 0) -> Server:
    """Start the referee on ``port`` (0: a free port chosen by the system); the URL is read
    from its output. ``open_files``: the process's hard limit of open files (Unix).

    Only for a test marked ``server`` (or ``browser``): the fast loop, ``pytest -m "not browser
    and not server and not fuzz"``, starts no process (tests/conftest.py sets the variable).
    """
    tiers = os.environ.get("DECKFORGE_TEST_MARKERS", "").split(",")
    if "server" not in tiers and "browser" not in tiers:
        raise AssertionError(
            "start_server() in a test without @pytest.mark.server: mark it (or its module)"
        )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "deckforge",
            "referee",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(database),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=(lambda: _limit_open_files(open_files)) if open_files else None,
    )
    deadline = time.monotonic() + 30
    assert process.stdout is not None
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(r"open (http://\S+/)", line)
        if found:
            return Server(process, found.group(1), database, seen)
    process.kill()
    raise AssertionError("the referee did not start:\n" + "".join(seen))


def _limit_open_files(limit: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


def call_api(
    server: Server, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> Any:
    """One JSON request to a running referee: GET without a body, POST with one."""
    request = urllib.request.Request(
        server.url + path.lstrip("/"), method="GET" if body is None else "POST"
    )
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def free_ports(ports: range, count: int) -> list[int]:
    """``count`` loopback ports of ``ports`` (a test file's share) that nothing listens on."""
    found = []
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        found.append(port)
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} free ports in {ports.start}-{ports.stop - 1}")
