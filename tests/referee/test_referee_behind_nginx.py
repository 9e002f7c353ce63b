"""The referee behind the real nginx, configured as docs/hosting.md says: a pupil who
claims to be 127.0.0.1 in X-Forwarded-For gets no studio rights, and the per-address
stream share counts the real clients, told apart by the trusted proxy's header.

Clients bind their sockets to 127.0.1.x source addresses to be distinct clients; nginx
(127.0.0.1) is the one trusted proxy. Needs nginx (tests/nginx_server.py says how).
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from nginx_server import Nginx, free_port, nginx_binary
from referee_helpers import Server, start_server

pytestmark = pytest.mark.server
REFEREE_PORTS = range(6000, 6050)


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[Server, Nginx]]:
    nginx_binary()  # skip (or fail in CI) before starting anything
    referee = start_server(
        tmp_path / "referee.sqlite3",
        "--trusted-proxy",
        "127.0.0.1",
        "--streams-per-address",
        "1",
        port=free_port(REFEREE_PORTS),
    )
    try:
        proxy = Nginx(int(referee.url.rstrip("/").rsplit(":", 1)[1]))
        try:
            yield referee, proxy
        finally:
            proxy.stop()
    finally:
        referee.stop()


def _connect(source: str, port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))


def _get(source: str, port: int, path: str, headers: dict[str, str]) -> tuple[int, str]:
    conn = _connect(source, port)
    try:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def _open_stream(source: str, port: int, table: str, headers: dict[str, str]) -> tuple[int, Any]:
    """Open a live stream from ``source``; its status, and the connection (kept open)."""
    conn = _connect(source, port)
    conn.request("GET", f"/api/tables/{table}/events", headers=headers)
    answer = conn.getresponse()
    if answer.status == 200:
        assert answer.readline().startswith((b"retry:", b"event:", b"id:", b"data:", b":"))
    else:
        answer.read()
    return answer.status, conn


def _port(server: Server) -> int:
    return int(server.url.rstrip("/").rsplit(":", 1)[1])


def test_a_pupil_claiming_to_be_this_computer_gets_no_studio_rights(
    behind_nginx: tuple[Server, Nginx],
) -> None:
    referee, proxy = behind_nginx
    claim = {"Host": "localhost", "X-Forwarded-For": "127.0.0.1"}
    status, page = _get("127.0.1.7", proxy.port, "/studio/", claim)
    assert status == 403, page
    status, page = _get("127.0.1.7", proxy.port, "/", claim)
    assert status == 200 and 'name="theme_file"' not in page
    # the same loopback client straight to the referee (not through the proxy) is this
    # computer: what refuses it above is the proxy, not its address
    status, page = _get("127.0.1.7", _port(referee), "/studio/", {"Host": "localhost"})
    assert status == 200, page
    status, page = _get("127.0.1.7", _port(referee), "/", {"Host": "localhost"})
    assert 'name="theme_file"' in page


def test_the_stream_share_counts_each_real_client(behind_nginx: tuple[Server, Nginx]) -> None:
    referee, proxy = behind_nginx
    conn = _connect("127.0.1.2", _port(referee))
    body = json.dumps({"theme": "hanabi-classic", "players": ["Ann", "Bob"]})
    conn.request("POST", "/api/tables", body=body, headers={"Content-Type": "application/json"})
    created = conn.getresponse()
    assert created.status == 201
    table = json.loads(created.read())["id"]
    conn.close()
    held = []
    try:
        # two pupils behind nginx: both streams come from 127.0.0.1, each counted apart
        for pupil in ("127.0.1.11", "127.0.1.12"):
            status, stream = _open_stream(pupil, proxy.port, table, {})
            held.append(stream)
            assert status == 200, pupil
        # one share each (--streams-per-address 1): a pupil's second stream is refused,
        # whatever it writes in its own header
        forged = {"X-Forwarded-For": "203.0.113.99"}
        status, stream = _open_stream("127.0.1.11", proxy.port, table, forged)
        held.append(stream)
        assert status == 429
        # a direct client that is no trusted proxy: its header is ignored, its address counts
        direct = _port(referee)
        status, stream = _open_stream("127.0.1.21", direct, table, {"X-Forwarded-For": "10.0.0.1"})
        held.append(stream)
        assert status == 200
        status, stream = _open_stream("127.0.1.21", direct, table, {"X-Forwarded-For": "10.0.0.2"})
        held.append(stream)
        assert status == 429
    finally:
        for stream in held:
            stream.close()


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--trusted-proxy", "proxy.example", "--trusted-proxy proxy.example: not an address"),
        ("--trusted-proxy", "127.0.0.1,10.0.0.0/33", "--trusted-proxy 10.0.0.0/33: not an"),
        ("--public-url", "games.example.org", "--public-url games.example.org: not an http"),
    ],
)
def test_a_proxy_setting_that_cannot_be_used_is_one_line_and_exit_2(
    tmp_path: Path, option: str, value: str, said: str
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckforge",
            "referee",
            "--port",
            "0",
            option,
            value,
            "--db",
            str(tmp_path / "r.sqlite3"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"Error: {said}"), done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "r.sqlite3").exists()


def test_the_referee_says_which_proxies_it_trusts(behind_nginx: tuple[Server, Nginx]) -> None:
    referee, _ = behind_nginx
    assert "Behind proxies: 127.0.0.1 (x-forwarded-for)\n" in referee.printed
