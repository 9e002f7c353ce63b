"""The event store's connection for the current request (as flaskr's ``db.py``): each
worker thread reads through its own connection (see :class:`store.ConnectionPool`)."""

from __future__ import annotations

import sqlite3

from flask import current_app

from deckforge.referee import store


def get_db() -> sqlite3.Connection:
    """This thread's connection to the event store."""
    pool: store.ConnectionPool = current_app.extensions["deckforge.db"]
    return pool.get()


def release_db(_error: BaseException | None = None) -> None:
    pool: store.ConnectionPool = current_app.extensions["deckforge.db"]
    pool.release()
