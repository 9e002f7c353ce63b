"""Retention (``deckforge referee --keep-days N``): tables idle for N days are deleted.

Team names are pupils' data, so a hosted referee should not keep them for ever: a
table with no change for ``N`` days (no action, no new game) is deleted with its games
and log, at the start and then every hour; each pass reports how many went.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from flask import Flask

from deckforge.referee import store
from deckforge.referee.db import get_db

PERIOD_SECONDS = 3600.0


def idle_since(days: int, at: datetime | None = None) -> str:
    """The time before which a table without a change is deleted (as the store writes
    times)."""
    moment = (at or datetime.now(UTC)) - timedelta(days=days)
    return moment.isoformat(timespec="milliseconds")


def delete_idle(app: Flask, days: int) -> int:
    """One pass: delete the tables idle for ``days`` days; how many went."""
    with app.app_context():
        return store.delete_idle_tables(get_db(), idle_since(days))


def report(days: int, deleted: int) -> str:
    return f"Retention: {deleted} table(s) without a change for {days} day(s) deleted"


def keep_deleting(app: Flask, days: int, tell: Callable[[str], None]) -> threading.Event:
    """Run a pass every hour in a thread of its own, telling each pass that deleted
    something; set the returned event to stop it."""
    stop = threading.Event()

    def run() -> None:
        while not stop.wait(PERIOD_SECONDS):
            try:
                deleted = delete_idle(app, days)
            except store.database_errors() as problem:
                tell(f"Retention: could not delete idle tables now ({problem}); next pass in 1 h")
                continue
            if deleted:
                tell(report(days, deleted))

    threading.Thread(target=run, name="deckforge-retention", daemon=True).start()
    return stop
