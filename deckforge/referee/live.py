"""Live updates that cost no thread: the referee served as an ASGI app.

The pages and the JSON API stay the Flask (WSGI) app, run by a2wsgi in a small
pool of worker threads. Only the event streams (``GET /api/tables/<id>/events``)
are answered here, on the event loop: an open stream costs a socket and a small
object, so no number of open streams can keep a worker from an action or a page.
A closed client is noticed when the server reads its end of the connection
(``http.disconnect``) or fails to write to it, not at the next keep-alive.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
from a2wsgi import WSGIMiddleware
from flask import Flask

from deckforge.forwarded import TrustedProxies, scope_header
from deckforge.referee.notify import KEEPALIVE, VersionBoard, event_text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

STREAM_PATH = re.compile(r"/api/tables/([A-Za-z0-9_-]{1,64})/events")
# live streams one network address may hold (a browser needs one per table)
STREAMS_PER_ADDRESS = 24
_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


# an event stream's body once the response has begun: HTTP/1.1 chunks (the framing
# uvicorn's h11 and httptools protocols use; the response says so in its headers)
_CHUNKED = (b"transfer-encoding", b"chunked")
SLICE = 250  # streams written to before the event loop turns to other work
# open files kept for what is not a live stream (pages and actions, the database, theme
# files, the listening socket): past the rest a new stream is refused at once (503)
# instead of the process running out of files, where every new connection, pages and
# actions included, waits unanswered in the listening queue
FILES_KEPT = 256
UNLIMITED = 1_000_000
BACKLOG = 256 * 1024  # bytes a client may leave unread before it only gets the newest state


def stream_ceiling() -> int:
    """How many live streams this process may hold: its open-files limit less
    ``FILES_KEPT`` (a quarter of it at most, for a low limit)."""
    try:
        import resource
    except ImportError:  # Windows: no per-process limit on open sockets
        return UNLIMITED
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return UNLIMITED
    return max(soft - FILES_KEPT, soft * 3 // 4)


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


_KEEPALIVE_CHUNK = _chunk(KEEPALIVE.encode())


def _direct_transport(scope: Scope, send: Send) -> asyncio.WriteTransport | None:
    """The connection's transport, where the server lets a stream write to it itself.

    uvicorn's HTTP/1.1 protocols (h11 and httptools) hand the app the ``send`` of
    a request-response cycle that holds its ``transport``; events are then framed
    once as chunks and written to each stream's transport directly, without a
    task woken per stream. Any other server, or HTTP/1.0, gets the ASGI path.
    """
    if scope.get("http_version") != "1.1":
        return None
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    if isinstance(transport, asyncio.WriteTransport) and not transport.is_closing():
        return transport
    return None


class Follower:
    """One open stream: the last version written to it, and how it is written to.

    A direct follower (``transport`` set) is written to by :meth:`LiveStreams._deliver`
    itself; its task only waits for ``done``. Otherwise ``pending`` holds the newest
    event not yet sent and ``wake`` wakes the stream's task (the ASGI path).
    """

    __slots__ = ("done", "pending", "seen", "transport", "wake", "written")

    def __init__(self, seen: int, done: asyncio.Future[None]) -> None:
        self.seen = seen
        self.done = done  # resolved when the stream ends: closed, gone, or its time is up
        self.pending: tuple[int, bytes] | None = None
        self.transport: asyncio.WriteTransport | None = None
        self.wake: asyncio.Event | None = None
        self.written = False  # since the last keep-alive tick

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)
        if self.wake is not None:
            self.wake.set()

    def write(self, version: int, chunk: bytes) -> None:
        """Write an event (already framed) now, or keep it while the client lags behind."""
        transport = self.transport
        assert transport is not None
        if transport.is_closing():
            self.finish()
        elif transport.get_write_buffer_size() > BACKLOG:
            self.pending = (version, chunk)  # sent when the client has read the rest
        else:
            transport.write(chunk)
            self.seen, self.pending, self.written = version, None, True


class LiveStreams:
    """The open streams of each table, fed from :class:`VersionBoard` publications.

    Publications come from the worker threads; they are handed to the event loop,
    which encodes each event once and writes it to the streams of the table that
    changed. One timer for all streams sends the keep-alives.
    """

    def __init__(self, app: Flask, wsgi: WSGIMiddleware, per_address: int, ceiling: int) -> None:
        self.app = app
        self.wsgi = wsgi
        self.per_address = per_address
        self.ceiling = ceiling  # live streams the whole process holds at most
        self.open_total = 0
        self.proxies: TrustedProxies = app.extensions["deckforge.proxies"]
        self.keepalive = float(app.config["KEEPALIVE_SECONDS"])
        self.duration = float(app.config["STREAM_SECONDS"])
        self.board: VersionBoard = app.extensions["deckforge.tables"].board
        self.loop: asyncio.AbstractEventLoop | None = None
        self.followers: dict[str, set[Follower]] = {}
        self.open_from: Counter[str] = Counter()
        self.closed = False
        self._ticking: asyncio.TimerHandle | None = None
        self.board.listen(self._published)

    # ---- from the worker threads ------------------------------------------------------

    def _published(self, table_id: str, version: int, state_json: str) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, table_id, version, state_json)

    def _first_state(self, table_id: str) -> tuple[int, str] | None:
        """The table's state as the Flask app knows it (in a worker thread)."""
        from deckforge.referee import store
        from deckforge.referee.db import get_db
        from deckforge.referee.service import service

        with self.app.app_context():
            try:
                snap = service().load(get_db(), table_id)
            except store.DeckLost:
                snap = None  # nothing to follow: its pages say why
        if snap is None:
            return None
        self.board.publish(table_id, snap.version, snap.state_json)
        return snap.version, snap.state_json

    # ---- on the event loop ------------------------------------------------------------

    def _deliver(self, table_id: str, version: int, state_json: str) -> None:
        followers = self.followers.get(table_id)
        if not followers:
            return
        event = event_text(version, state_json).encode()  # once for all its streams
        self._write_slice(list(followers), 0, version, event, _chunk(event))

    def _write_slice(
        self, followers: list[Follower], start: int, version: int, event: bytes, chunk: bytes
    ) -> None:
        """Write the event to ``SLICE`` streams, then let the loop answer other requests
        (the leader's POST among them) before the next slice."""
        for follower in followers[start : start + SLICE]:
            if version <= follower.seen:
                continue
            if follower.transport is not None:
                follower.write(version, chunk)
                continue
            if follower.pending is None or follower.pending[0] < version:
                follower.pending = (version, event)
            if follower.wake is not None:
                follower.wake.set()
        if start + SLICE < len(followers) and self.loop is not None:
            self.loop.call_soon(self._write_slice, followers, start + SLICE, version, event, chunk)

    def _tick(self) -> None:
        """Every ``keepalive`` seconds: a keep-alive to each direct stream written to
        since the last tick by nothing, and the held event to a client that caught up."""
        self._ticking = None
        for followers in self.followers.values():
            for follower in followers:
                if follower.transport is None:
                    continue
                if follower.pending is not None:
                    follower.write(*follower.pending)
                elif not follower.written and not follower.transport.is_closing():
                    follower.transport.write(_KEEPALIVE_CHUNK)
                follower.written = False
        self._start_ticking()

    def _start_ticking(self) -> None:
        """One timer for every stream, running while there are any."""
        loop = self.loop
        idle = self._ticking is None and loop is not None and not self.closed
        if idle and any(self.followers.values()):
            self._ticking = loop.call_later(self.keepalive, self._tick)  # type: ignore[union-attr]

    def close_soon(self) -> None:
        """The server stops (from a signal handler or another thread): streams end now."""
        self.board.close()  # and those of the Flask route, if any
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.close)

    def close(self) -> None:
        """The server stops: every open stream ends now."""
        self.closed = True
        if self._ticking is not None:
            self._ticking.cancel()
            self._ticking = None
        for followers in self.followers.values():
            for follower in followers:
                follower.finish()

    def _client(self, scope: Scope) -> str:
        """The address a stream counts against: the connection's, or behind a trusted
        proxy the client's it names (deckforge.forwarded)."""
        peer = str((scope.get("client") or ("unknown",))[0])
        if not self.proxies:
            return peer
        return self.proxies.origin(peer, scope_header(scope.get("headers") or ())).client

    async def serve(self, scope: Scope, receive: Receive, send: Send, table_id: str) -> None:
        self.loop = asyncio.get_running_loop()
        address = self._client(scope)
        if self.open_from[address] >= self.per_address:
            await _too_many(send, self.per_address)
            return
        if self.open_total >= self.ceiling:
            await _full(send, self.ceiling)
            return
        self.open_from[address] += 1
        self.open_total += 1
        try:
            first = self.board.latest(table_id)
            if first is None:
                first = await self.loop.run_in_executor(
                    self.wsgi.executor, self._first_state, table_id
                )
            if first is None:  # no such table: Flask answers with the API's 404
                # a2wsgi types the ASGI messages as TypedDicts; uvicorn passes plain dicts
                await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
                return
            await self._stream(scope, receive, send, table_id, first)
        finally:
            self.open_total -= 1
            self.open_from[address] -= 1
            if not self.open_from[address]:
                del self.open_from[address]

    async def _stream(
        self, scope: Scope, receive: Receive, send: Send, table_id: str, first: tuple[int, str]
    ) -> None:
        loop = asyncio.get_running_loop()
        follower = Follower(first[0], loop.create_future())
        followers = self.followers.setdefault(table_id, set())
        followers.add(follower)  # from now on no publication is missed: it waits in pending
        transport = _direct_transport(scope, send)
        gone = asyncio.ensure_future(_disconnected(receive, follower))
        ends = loop.call_later(self.duration, follower.finish)
        try:
            headers = [*_HEADERS, _CHUNKED] if transport is not None else _HEADERS
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await _body(send, event_text(*first, opening=True).encode())
            if self.closed:
                follower.finish()
            if transport is not None:
                follower.transport = transport
                self._start_ticking()
                if follower.pending is not None and follower.pending[0] > follower.seen:
                    version, event = follower.pending
                    follower.write(version, _chunk(event))
                await follower.done
            else:
                follower.wake = asyncio.Event()
                await self._follow(send, follower)
            if not gone.done():
                await send({"type": "http.response.body", "body": b""})
        except OSError:
            pass  # the client went away while we wrote to it
        finally:
            ends.cancel()
            gone.cancel()
            followers.discard(follower)
            if not followers:
                self.followers.pop(table_id, None)

    async def _follow(self, send: Send, follower: Follower) -> None:
        """The ASGI path: the stream's task sends each event and the keep-alives."""
        wake = follower.wake
        assert wake is not None
        if follower.pending is not None:
            wake.set()  # published while the opening event was sent
        while not follower.done.done():
            try:
                async with asyncio.timeout(self.keepalive):
                    await wake.wait()
            except TimeoutError:
                await _body(send, KEEPALIVE.encode())
                continue
            wake.clear()
            pending, follower.pending = follower.pending, None
            if pending is not None and pending[0] > follower.seen and not follower.done.done():
                follower.seen = pending[0]
                await _body(send, pending[1])


async def _disconnected(receive: Receive, follower: Follower) -> None:
    """Wait for the client to close its end, then end the stream."""
    while (await receive())["type"] != "http.disconnect":
        pass
    follower.finish()


async def _body(send: Send, data: bytes) -> None:
    await send({"type": "http.response.body", "body": data, "more_body": True})


async def _too_many(send: Send, limit: int) -> None:
    message = (
        f"this network address already holds {limit} live streams; "
        "the page follows the table by polling instead"
    )
    await _refuse(send, 429, "too-many-streams", message)


async def _full(send: Send, ceiling: int) -> None:
    message = (
        f"this referee already holds {ceiling} live streams, as many as its open-files "
        "limit allows; the page follows the table by polling instead"
    )
    await _refuse(send, 503, "streams-full", message)


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = orjson.dumps({"error": {"code": code, "message": message}})
    headers = [
        (b"content-type", b"application/json"),
        (b"retry-after", b"30"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),  # its socket is not kept for another request
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RefereeASGI:
    """The whole referee as one ASGI app: streams here, everything else to Flask."""

    def __init__(
        self,
        app: Flask,
        workers: int,
        per_address: int = STREAMS_PER_ADDRESS,
        ceiling: int | None = None,
    ) -> None:
        """``ceiling``: live streams the process holds at most (default: what its
        open-files limit allows, :func:`stream_ceiling`; read when the server starts)."""
        self.wsgi = WSGIMiddleware(app, workers=workers)  # type: ignore[arg-type]
        found = stream_ceiling() if ceiling is None else ceiling
        self.streams = LiveStreams(app, self.wsgi, per_address, found)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = STREAM_PATH.fullmatch(scope["path"])
            if found is not None:
                await self.streams.serve(scope, receive, send, found.group(1))
                return
        await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
