"""One table, many viewers (issue 26): an event is framed once and written to each
stream's transport by the event loop itself; a client that lags gets only the newest
state; one timer sends every keep-alive; other servers and HTTP/1.0 get the ASGI path."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from referee_helpers import Server

from deckforge.referee import create_app
from deckforge.referee.live import BACKLOG, RefereeASGI
from deckforge.referee.notify import KEEPALIVE, event_text

TABLE = "t1"


class FakeTransport(asyncio.WriteTransport):
    """What a stream writes, and a write buffer the test fills or empties."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.buffered = 0
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return self.closing


class Cycle:
    """Stands for uvicorn's request-response cycle: ``send`` is its bound method."""

    def __init__(self, transport: FakeTransport | None) -> None:
        self.transport = transport
        self.messages: list[dict[str, Any]] = []
        self.gone = asyncio.Event()

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        if self.transport is not None and message.get("body"):
            self.transport.write(message["body"])  # as the server frames it (here: raw)

    async def receive(self) -> dict[str, Any]:
        await self.gone.wait()
        return {"type": "http.disconnect"}


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _scope(version: str = "1.1", address: str = "127.0.0.1") -> dict[str, Any]:
    return {
        "type": "http",
        "method": "GET",
        "path": f"/api/tables/{TABLE}/events",
        "http_version": version,
        "client": (address, 1),
    }


@pytest.fixture
def asgi(tmp_path: Path) -> RefereeASGI:
    app = create_app(
        {"DATABASE": str(tmp_path / "r.sqlite3"), "KEEPALIVE_SECONDS": 3600, "STREAM_SECONDS": 3600}
    )
    return RefereeASGI(app, 2, per_address=100_000)


def _state(version: int) -> str:
    return json.dumps({"version": version, "table": TABLE})


async def _settle() -> None:
    for _ in range(20):  # the fan-out runs in slices, one loop turn each
        await asyncio.sleep(0)


def test_every_stream_gets_every_event_once_framed_once(asgi: RefereeASGI) -> None:
    async def scenario() -> None:
        board = asgi.streams.board
        board.publish(TABLE, 0, _state(0))
        cycles = [Cycle(FakeTransport()) for _ in range(2000)]
        tasks = [
            asyncio.ensure_future(
                asgi(_scope(address=f"127.0.{i // 250}.{i % 250}"), c.receive, c.send)
            )
            for i, c in enumerate(cycles)
        ]
        await _settle()
        for version in (1, 2, 3):
            board.publish(TABLE, version, _state(version))
            await _settle()
        expected = [_chunk(event_text(v, _state(v)).encode()) for v in (1, 2, 3)]
        for cycle in cycles:
            assert cycle.transport is not None
            assert cycle.messages[0]["headers"][-1] == (b"transfer-encoding", b"chunked")
            assert cycle.transport.written[0] == event_text(0, _state(0), opening=True).encode()
            assert cycle.transport.written[1:] == expected
        chunks = {id(c.transport.written[1]) for c in cycles if c.transport is not None}
        assert len(chunks) == 1  # one bytes object for all 2,000 streams
        for cycle in cycles:
            cycle.gone.set()
        await asyncio.gather(*tasks)
        assert asgi.streams.followers == {}

    asyncio.run(scenario())


def test_a_client_that_lags_gets_only_the_newest_state_when_it_catches_up(
    asgi: RefereeASGI,
) -> None:
    async def scenario() -> None:
        board = asgi.streams.board
        board.publish(TABLE, 0, _state(0))
        slow, quick = Cycle(FakeTransport()), Cycle(FakeTransport())
        tasks = [asyncio.ensure_future(asgi(_scope(), c.receive, c.send)) for c in (slow, quick)]
        await _settle()
        assert slow.transport is not None and quick.transport is not None
        slow.transport.buffered = BACKLOG + 1
        for version in (1, 2, 3):
            board.publish(TABLE, version, _state(version))
            await _settle()
        assert len(quick.transport.written) == 4
        assert len(slow.transport.written) == 1  # nothing piled onto a full buffer
        slow.transport.buffered = 0
        board.publish(TABLE, 4, _state(4))
        await _settle()
        assert slow.transport.written[1:] == [_chunk(event_text(4, _state(4)).encode())]
        slow.gone.set()
        quick.gone.set()
        await asyncio.gather(*tasks)

    asyncio.run(scenario())


def test_one_timer_sends_keep_alives_to_idle_streams_only(tmp_path: Path) -> None:
    app = create_app(
        {"DATABASE": str(tmp_path / "r.sqlite3"), "KEEPALIVE_SECONDS": 0.05, "STREAM_SECONDS": 60}
    )
    asgi = RefereeASGI(app, 2)

    async def scenario() -> None:
        board = asgi.streams.board
        board.publish(TABLE, 0, _state(0))
        cycle = Cycle(FakeTransport())
        task = asyncio.ensure_future(asgi(_scope(), cycle.receive, cycle.send))
        await asyncio.sleep(0.18)
        assert cycle.transport is not None
        keepalive = _chunk(KEEPALIVE.encode())
        assert 2 <= cycle.transport.written.count(keepalive) <= 4
        assert asgi.streams._ticking is not None
        cycle.gone.set()
        await task
        await asyncio.sleep(0.06)
        assert asgi.streams._ticking is None  # no stream: the timer stops

    asyncio.run(scenario())


def test_a_stream_ends_when_its_time_is_up_or_the_server_stops(tmp_path: Path) -> None:
    app = create_app(
        {"DATABASE": str(tmp_path / "r.sqlite3"), "KEEPALIVE_SECONDS": 60, "STREAM_SECONDS": 0.05}
    )
    asgi = RefereeASGI(app, 2)

    async def scenario() -> None:
        asgi.streams.board.publish(TABLE, 0, _state(0))
        timed = Cycle(FakeTransport())
        await asyncio.wait_for(asgi(_scope(), timed.receive, timed.send), 2)
        assert timed.messages[-1] == {"type": "http.response.body", "body": b""}
        asgi.streams.duration = 60
        stopped = Cycle(FakeTransport())
        task = asyncio.ensure_future(asgi(_scope(), stopped.receive, stopped.send))
        await _settle()
        asgi.streams.close()
        await asyncio.wait_for(task, 2)
        assert stopped.messages[-1] == {"type": "http.response.body", "body": b""}

    asyncio.run(scenario())


def test_without_a_transport_the_stream_sends_through_asgi(asgi: RefereeASGI) -> None:
    async def scenario() -> None:
        board = asgi.streams.board
        board.publish(TABLE, 0, _state(0))
        plain = Cycle(None)  # another server: no transport to write to
        old = Cycle(FakeTransport())  # HTTP/1.0: no chunks
        tasks = [
            asyncio.ensure_future(asgi(_scope(), plain.receive, plain.send)),
            asyncio.ensure_future(asgi(_scope("1.0"), old.receive, old.send)),
        ]
        await _settle()
        for version in (1, 2):
            board.publish(TABLE, version, _state(version))
            await _settle()
        for cycle in (plain, old):
            bodies = [m["body"] for m in cycle.messages[1:]]
            assert bodies == [event_text(v, _state(v), opening=v == 0).encode() for v in (0, 1, 2)]
            assert (b"transfer-encoding", b"chunked") not in cycle.messages[0]["headers"]
            cycle.gone.set()
        await asyncio.gather(*tasks)

    asyncio.run(scenario())


def _dechunk(raw: bytes) -> tuple[bytes, bool]:
    """The body of a chunked HTTP/1.1 response read so far, and whether it ended."""
    body, rest = b"", raw
    while b"\r\n" in rest:
        size_line, _, after = rest.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            return body, True
        if len(after) < size + 2:
            break
        assert after[size : size + 2] == b"\r\n"
        body += after[:size]
        rest = after[size + 2 :]
    return body, False


@pytest.fixture
def table(server: Server) -> Iterator[dict[str, Any]]:
    request = urllib.request.Request(
        server.url + "api/tables",
        data=json.dumps({"theme": "hanabi-classic", "players": ["Ann", "Bob"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        yield json.loads(answer.read())


def _act(server: Server, table: dict[str, Any], version: int) -> None:
    request = urllib.request.Request(
        server.url + f"api/tables/{table['id']}/actions",
        data=json.dumps(
            {
                "version": version,
                "action": {"type": "rank-hint", "target": (version + 1) % 2, "rank": 1},
            }
        ).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {table['leader_token']}",
        },
    )
    urllib.request.urlopen(request, timeout=10).close()


@pytest.mark.server
@pytest.mark.parametrize("http", ["1.1", "1.0"])
def test_the_served_stream_is_well_framed_and_in_order(
    server: Server, table: dict[str, Any], http: str
) -> None:
    host, port = server.url[len("http://") : -1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as stream:
        stream.sendall(
            f"GET /api/tables/{table['id']}/events HTTP/{http}\r\nHost: t\r\n\r\n".encode()
        )
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += stream.recv(65536)
        head, _, raw = raw.partition(b"\r\n\r\n")
        assert head.startswith(f"HTTP/{http} 200".encode()) or head.startswith(b"HTTP/1.1 200")
        chunked = b"transfer-encoding: chunked" in head.lower()
        assert chunked or http == "1.0"  # (uvicorn's httptools protocol chunks 1.0 answers too)
        for version in range(3):
            _act(server, table, version)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            body = _dechunk(raw)[0] if chunked else raw
            if b"id: 3\n" in body:
                break
            raw += stream.recv(65536)
        body = _dechunk(raw)[0] if chunked else raw
        ids = [int(line[4:]) for line in body.split(b"\n") if line.startswith(b"id: ")]
        assert ids == [0, 1, 2, 3]
