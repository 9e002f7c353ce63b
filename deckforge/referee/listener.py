"""Live updates across referee processes that share one PostgreSQL database.

A change made by another process reaches this one's streams through PostgreSQL's
LISTEN/NOTIFY: ``schema_postgres.sql`` announces each new version of a table on the
channel ``deckforge_tables`` when its transaction commits. One thread per process
listens on a connection of its own; for a table whose streams this process serves, it
loads the new version (the actions recorded since the version it holds, applied to its
game: see ``TableService._caught_up``) and publishes it on the
:class:`~deckforge.referee.notify.VersionBoard`, as a change made here would be.

A notification can be lost (the listening connection is cut, PostgreSQL restarts):
after each (re)connection, and every ``CATCH_UP_SECONDS`` besides, the versions of
the tables this process follows are compared with the store's, and any table that
moved on is published again. Nothing is lost, only later.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable

from flask import Flask

from deckforge.referee import store
from deckforge.referee.db import get_db
from deckforge.referee.service import service

CHANNEL = "deckforge_tables"
CATCH_UP_SECONDS = 2.0  # the longest a lost notification delays a stream
RETRY_SECONDS = 0.5  # between attempts to listen again while the database is away
WAKE_SECONDS = 0.25  # how often the listening thread looks at the time and at close()

log = logging.getLogger(__name__)


class VersionListener:
    """The thread that listens for other processes' changes (``start``; ``close``)."""

    def __init__(
        self,
        url: str,
        announced: Callable[[str, int], None],
        catch_up: Callable[[], None],
        period: float = CATCH_UP_SECONDS,
    ) -> None:
        self.url = url
        self.announced = announced
        self.catch_up = catch_up
        self.period = period
        self.listening = threading.Event()  # set while a connection listens
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deckforge-listener", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._closed.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        reported = False  # one warning per outage, not one per attempt
        while not self._closed.is_set():
            try:
                self._listen()
            except psycopg.Error as problem:
                if self.listening.is_set() or not reported:
                    log.warning("listening for other referees' changes: %s; trying again", problem)
                    reported = True
            if self.listening.is_set():
                reported = False
            self.listening.clear()
            self._closed.wait(RETRY_SECONDS)

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(
            self.url, autocommit=True, connect_timeout=5, application_name="deckforge-listener"
        ) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self.listening.set()
            self._caught_up()  # whatever changed while nobody listened
            checked = time.monotonic()
            while not self._closed.is_set():
                for note in conn.notifies(timeout=WAKE_SECONDS):
                    table_id, _, version = note.payload.partition(" ")
                    with contextlib.suppress(ValueError):
                        self._safely(self.announced, table_id, int(version))
                if time.monotonic() - checked >= self.period:
                    self._caught_up()
                    checked = time.monotonic()

    def _caught_up(self) -> None:
        self._safely(self.catch_up)

    @staticmethod
    def _safely(call: Callable[..., None], *args: object) -> None:
        """A table that fails to load must not stop the listening for the others (a lost
        database connection ends the listening connection too: it is made again)."""
        try:
            call(*args)
        except Exception:
            log.exception("publishing another referee's change")


class CrossProcessUpdates:
    """What the listener does in a referee app: publish the other processes' changes of
    the tables followed here (those the board has published at least once)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.board = app.extensions["deckforge.tables"].board
        self.listener = VersionListener(app.config["DATABASE"], self.announced, self.catch_up)

    def announced(self, table_id: str, version: int) -> None:
        known = self.board.latest(table_id)
        if known is not None and known[0] < version:
            self.publish(table_id)

    def catch_up(self) -> None:
        known = self.board.known_versions()
        if not known:
            return
        with self.app.app_context():
            stored = store.table_versions(get_db(), list(known))
        for table_id, version in stored.items():
            if version > known[table_id]:
                self.publish(table_id)

    def publish(self, table_id: str) -> None:
        with self.app.app_context():
            loaded = service().load(get_db(), table_id)
        if loaded is not None:
            self.board.publish(table_id, loaded.version, loaded.state_json)


def follow_other_processes(app: Flask) -> CrossProcessUpdates:
    """Start listening (a hosted referee on PostgreSQL); kept in ``app.extensions``."""
    updates = CrossProcessUpdates(app)
    app.extensions["deckforge.listener"] = updates
    updates.listener.start()
    return updates
