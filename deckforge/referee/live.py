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


class Follower:
    """One open stream: the newest version it has not sent yet, and a wake-up."""

    __slots__ = ("pending", "wake")

    def __init__(self) -> None:
        self.pending: tuple[int, bytes] | None = None
        self.wake = asyncio.Event()


class LiveStreams:
    """The open streams of each table, fed from :class:`VersionBoard` publications.

    Publications come from the worker threads; they are handed to the event loop,
    which wakes only the streams of the table that changed.
    """

    def __init__(self, app: Flask, wsgi: WSGIMiddleware, per_address: int) -> None:
        self.app = app
        self.wsgi = wsgi
        self.per_address = per_address
        self.keepalive = float(app.config["KEEPALIVE_SECONDS"])
        self.duration = float(app.config["STREAM_SECONDS"])
        self.board: VersionBoard = app.extensions["deckforge.tables"].board
        self.loop: asyncio.AbstractEventLoop | None = None
        self.followers: dict[str, set[Follower]] = {}
        self.open_from: Counter[str] = Counter()
        self.closed = False
        self.board.listen(self._published)

    # ---- from the worker threads ------------------------------------------------------

    def _published(self, table_id: str, version: int, state_json: str) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, table_id, version, state_json)

    def _first_state(self, table_id: str) -> tuple[int, str] | None:
        """The table's state as the Flask app knows it (in a worker thread)."""
        from deckforge.referee.db import get_db
        from deckforge.referee.service import service

        with self.app.app_context():
            snap = service().load(get_db(), table_id)
        if snap is None:
            return None
        self.board.publish(table_id, snap.version, snap.state_json)
        return snap.version, snap.state_json

    # ---- on the event loop ------------------------------------------------------------

    def _deliver(self, table_id: str, version: int, state_json: str) -> None:
        followers = self.followers.get(table_id)
        if not followers:
            return
        news = (version, event_text(version, state_json).encode())  # once for all its streams
        for follower in followers:
            if follower.pending is None or follower.pending[0] < version:
                follower.pending = news
            follower.wake.set()

    def close_soon(self) -> None:
        """The server stops (from a signal handler or another thread): streams end now."""
        self.board.close()  # and those of the Flask route, if any
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.close)

    def close(self) -> None:
        """The server stops: every open stream ends now."""
        self.closed = True
        for followers in self.followers.values():
            for follower in followers:
                follower.wake.set()

    async def serve(self, scope: Scope, receive: Receive, send: Send, table_id: str) -> None:
        self.loop = asyncio.get_running_loop()
        address = str((scope.get("client") or ("unknown",))[0])
        if self.open_from[address] >= self.per_address:
            await _too_many(send, self.per_address)
            return
        self.open_from[address] += 1
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
            await self._stream(receive, send, table_id, first)
        finally:
            self.open_from[address] -= 1
            if not self.open_from[address]:
                del self.open_from[address]

    async def _stream(
        self, receive: Receive, send: Send, table_id: str, first: tuple[int, str]
    ) -> None:
        follower = Follower()
        followers = self.followers.setdefault(table_id, set())
        followers.add(follower)
        gone = asyncio.ensure_future(_disconnected(receive, follower))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": _HEADERS})
            seen = first[0]
            await _body(send, event_text(*first, opening=True).encode())
            end = asyncio.get_running_loop().time() + self.duration
            while not self.closed and not gone.done():
                left = end - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                try:
                    async with asyncio.timeout(min(self.keepalive, left)):  # no task per wait
                        await follower.wake.wait()
                except TimeoutError:
                    await _body(send, KEEPALIVE.encode())
                    continue
                follower.wake.clear()
                pending, follower.pending = follower.pending, None
                if pending is not None and pending[0] != seen:
                    seen = pending[0]
                    await _body(send, pending[1])
            if not gone.done():
                await send({"type": "http.response.body", "body": b""})
        except OSError:
            pass  # the client went away while we wrote to it
        finally:
            gone.cancel()
            followers.discard(follower)
            if not followers:
                self.followers.pop(table_id, None)


async def _disconnected(receive: Receive, follower: Follower) -> None:
    """Wait for the client to close its end, then wake the stream so that it ends."""
    while (await receive())["type"] != "http.disconnect":
        pass
    follower.wake.set()


async def _body(send: Send, data: bytes) -> None:
    await send({"type": "http.response.body", "body": data, "more_body": True})


async def _too_many(send: Send, limit: int) -> None:
    message = (
        f"this network address already holds {limit} live streams; "
        "the page follows the table by polling instead"
    )
    body = orjson.dumps({"error": {"code": "too-many-streams", "message": message}})
    headers = [
        (b"content-type", b"application/json"),
        (b"retry-after", b"30"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RefereeASGI:
    """The whole referee as one ASGI app: streams here, everything else to Flask."""

    def __init__(self, app: Flask, workers: int, per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.wsgi = WSGIMiddleware(app, workers=workers)  # type: ignore[arg-type]
        self.streams = LiveStreams(app, self.wsgi, per_address)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = STREAM_PATH.fullmatch(scope["path"])
            if found is not None:
                await self.streams.serve(scope, receive, send, found.group(1))
                return
        await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
