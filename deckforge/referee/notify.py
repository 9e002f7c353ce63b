"""In-process fan-out of table updates to the open event streams."""

from __future__ import annotations

import threading
from collections.abc import Callable

Listener = Callable[[str, int, str], None]


KEEPALIVE = ": keep-alive\n\n"  # a comment line, sent on an idle stream


def event_text(version: int, state_json: str, opening: bool = False) -> str:
    """One Server-Sent Event with the table's public state (``opening``: retry after 1 s)."""
    retry = "retry: 1000\n" if opening else ""
    return f"{retry}id: {version}\nevent: state\ndata: {state_json}\n\n"


class VersionBoard:
    """The latest version and public state (as JSON) of each table, for streams to wait on.

    Each table has its own condition (all sharing one lock), so a change wakes
    only the streams of that table.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed: dict[str, threading.Condition] = {}
        self._latest: dict[str, tuple[int, str]] = {}
        self._listeners: list[Listener] = []
        self.closed = False

    def listen(self, listener: Listener) -> None:
        """Call ``listener(table_id, version, state_json)`` at each publication (from the
        publishing thread: it must only hand the news over, e.g. to an event loop)."""
        self._listeners.append(listener)

    def latest(self, table_id: str) -> tuple[int, str] | None:
        """The last (version, state) published for the table, if any."""
        return self._latest.get(table_id)

    def known_versions(self) -> dict[str, int]:
        """The last version published of every table published here (the tables whose
        changes this process follows)."""
        with self._lock:
            return {table_id: latest[0] for table_id, latest in self._latest.items()}

    def _condition(self, table_id: str) -> threading.Condition:
        condition = self._changed.get(table_id)
        if condition is None:
            condition = self._changed[table_id] = threading.Condition(self._lock)
        return condition

    def publish(self, table_id: str, version: int, state_json: str) -> None:
        with self._lock:
            current = self._latest.get(table_id)
            if current is None or version >= current[0]:
                self._latest[table_id] = (version, state_json)
            self._condition(table_id).notify_all()
        for listener in self._listeners:
            listener(table_id, version, state_json)

    def wait(self, table_id: str, seen: int, timeout: float) -> tuple[int, str] | None:
        """The table's (version, state) once it differs from ``seen``; None after ``timeout``."""

        def fresh() -> bool:
            latest = self._latest.get(table_id)
            return self.closed or (latest is not None and latest[0] != seen)

        with self._lock:
            if not self._condition(table_id).wait_for(fresh, timeout) or self.closed:
                return None
            return self._latest[table_id]

    def close(self) -> None:
        """The server stops: every waiting stream returns at once (and then ends)."""
        with self._lock:
            self.closed = True
            for condition in self._changed.values():
                condition.notify_all()
