"""Live streams on the real server: they hold no thread, a flood from one address is
refused past its share (429) without slowing anyone else, a process refuses streams
past what its open-files limit allows (503) and keeps answering pages, and a client
that leaves is noticed at once."""

from __future__ import annotations

import json
import socket
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from referee_helpers import Server, start_server

OLD_THREAD_COUNT = 64  # waitress's worker threads, one per open stream, before uvicorn
OPEN_FILES = 400  # a referee's limit of open files ...
CEILING = 300  # ... and the live streams it then holds (live.stream_ceiling: three quarters)

pytestmark = pytest.mark.server


def _address(server: Server) -> tuple[str, int]:
    host, port = server.url[len("http://") : -1].split(":")
    return host, int(port)


def _request(
    server: Server, path: str, body: dict | None = None, token: str | None = None, source: str = ""
) -> tuple[int, bytes, float]:
    """One HTTP/1.1 request from ``source`` (a loopback address); status, body, seconds."""
    data = b"" if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    headers = f"Host: t\r\nConnection: close\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        headers += "Content-Type: application/json\r\n"
    if token is not None:
        headers += f"Authorization: Bearer {token}\r\n"
    started = time.monotonic()
    with socket.create_connection(_address(server), timeout=10, source_address=(source, 0)) as s:
        s.sendall(f"{method} {path} HTTP/1.1\r\n{headers}\r\n".encode() + data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, payload = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), payload, time.monotonic() - started


def _open_stream(
    server: Server, table: str, source: str = "127.0.0.1"
) -> tuple[socket.socket, int]:
    """An event stream left open; the status line's code."""
    s = socket.create_connection(_address(server), timeout=10, source_address=(source, 0))
    s.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    first = s.recv(4096)
    return s, int(first.split()[1])


def _new_table(server: Server) -> dict:
    status, body, _ = _request(
        server, "/api/tables", {"theme": "hanabi-classic", "players": ["Ann", "Bob"]}
    )
    assert status == 201
    return json.loads(body)


@pytest.fixture
def small_share(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "r.sqlite3", "--streams-per-address", "2")
    yield running
    running.stop()


def test_a_flood_of_streams_from_one_address_is_refused_and_slows_nobody_else(
    server: Server,
) -> None:
    table = _new_table(server)
    streams = []
    try:
        statuses = []
        for _ in range(OLD_THREAD_COUNT + 16):
            stream, status = _open_stream(server, table["id"])
            statuses.append(status)
            if status == 200:
                streams.append(stream)
            else:
                stream.close()
        assert statuses.count(200) == 24  # the documented share (STREAMS_PER_ADDRESS)
        assert set(statuses[24:]) == {429}
        # another client (another address) is answered at once, pages and actions alike
        home = _request(server, "/", source="127.0.0.2")
        assert home[0] == 200 and home[2] < 0.5
        state = _request(server, f"/api/tables/{table['id']}", source="127.0.0.2")
        assert state[0] == 200 and state[2] < 0.5
        version = json.loads(state[1])["version"]
        action = {"type": "rank-hint", "target": 1, "rank": 1}
        posted = _request(
            server,
            f"/api/tables/{table['id']}/actions",
            {"version": version, "action": action},
            token=table["leader_token"],
            source="127.0.0.2",
        )
        assert posted[0] == 200 and posted[2] < 0.5
        # ... and its own stream is accepted: the share is per address
        other, status = _open_stream(server, table["id"], source="127.0.0.2")
        other.close()
        assert status == 200
        # a refusal is quick and says why
        refused = _request(server, f"/api/tables/{table['id']}/events")
        assert refused[0] == 429  # how fast: bench/wall_clock.py
        assert json.loads(refused[1])["error"]["code"] == "too-many-streams"
        # every accepted stream got the action's event
        for stream in streams:
            stream.settimeout(5)
            seen = b""
            while f"id: {version + 1}\n".encode() not in seen:
                seen += stream.recv(65536)
    finally:
        for stream in streams:
            stream.close()


def test_a_client_that_leaves_frees_its_share(small_share: Server) -> None:
    """How soon: bench/wall_clock.py."""
    table = _new_table(small_share)["id"]
    first, status_a = _open_stream(small_share, table)
    second, status_b = _open_stream(small_share, table)
    third, status_c = _open_stream(small_share, table)
    third.close()
    assert (status_a, status_b, status_c) == (200, 200, 429)
    first.close()  # the browser tab is closed: its share is free again at once
    deadline = time.monotonic() + 10  # each try waits for the server's answer
    status = 429
    while status != 200 and time.monotonic() < deadline:
        again, status = _open_stream(small_share, table)
        again.close()
    second.close()
    assert status == 200


def test_the_stream_sends_the_state_then_each_change(server: Server) -> None:
    table = _new_table(server)
    stream, status = _open_stream(server, table["id"])
    try:
        assert status == 200
        stream.settimeout(5)
        request = urllib.request.Request(
            server.url + f"api/tables/{table['id']}/actions",
            data=json.dumps(
                {"version": 0, "action": {"type": "rank-hint", "target": 1, "rank": 1}}
            ).encode(),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {table['leader_token']}",
            },
        )
        urllib.request.urlopen(request, timeout=10).close()
        seen = b""
        while b"id: 1\n" not in seen:  # how soon: bench/wall_clock.py
            seen += stream.recv(65536)
        event = seen[seen.index(b"id: 1\n") :].split(b"\n\n")[0]
        data = json.loads(event.split(b"data: ", 1)[1])
        assert data["version"] == 1 and data["table"] == table["id"]
    finally:
        stream.close()


def test_a_stream_for_a_table_that_does_not_exist_is_the_api_s_404(server: Server) -> None:
    status, body, _ = _request(server, "/api/tables/nope/events")
    assert status == 404
    assert json.loads(body)["error"]["code"] == "no-such-table"


@pytest.mark.skipif(sys.platform == "win32", reason="no open-files limit to set on Windows")
def test_past_its_open_files_a_process_refuses_streams_and_still_answers(
    tmp_path: Path,
) -> None:
    """Issue 25 point 8: before, a process that ran out of files accepted no connection
    at all (pages and actions waited unanswered, bench/processes.py --open-files)."""
    limited = start_server(
        tmp_path / "r.sqlite3", "--streams-per-address", "100000", open_files=OPEN_FILES
    )
    streams = []
    try:
        table = _new_table(limited)
        for _ in range(CEILING):
            stream, status = _open_stream(limited, table["id"])
            streams.append(stream)
            assert status == 200
        refused = _request(limited, f"/api/tables/{table['id']}/events")
        assert refused[0] == 503
        error = json.loads(refused[1])["error"]
        assert error["code"] == "streams-full" and str(CEILING) in error["message"]
        home = _request(limited, "/", source="127.0.0.2")
        assert home[0] == 200 and home[2] < 2
        streams.pop().close()  # a place is free again
        deadline = time.monotonic() + 10
        status = 503
        while status != 200 and time.monotonic() < deadline:
            again, status = _open_stream(limited, table["id"])
            again.close()
        assert status == 200
    finally:
        for stream in streams:
            stream.close()
        limited.stop()
