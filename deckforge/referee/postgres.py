"""The event store on PostgreSQL (``deckforge referee --db postgresql://USER@HOST/DB``).

:mod:`deckforge.referee.store` is written against SQLite's connection; a
:class:`PgConnection` answers the same few calls (``execute``, ``executemany``,
``executescript``, ``in_transaction``, rows read by name or by place), so every
store function runs unchanged on both: one contract, one set of statements. The
statements use ``?`` for parameters and SQL that both databases accept
(``ON CONFLICT``); here ``?`` becomes psycopg's ``%s``.

Several processes may share one database: each versioned change locks its table's row
(``store._lock_table``), and a trigger announces every new version on the channel
``deckforge_tables`` (``schema_postgres.sql``, read by :mod:`deckforge.referee.listener`).

psycopg is imported only here, so a SQLite referee never loads it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any

import psycopg
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool as PsycopgPool

DIALECT = "postgresql"
CONNECT_TIMEOUT = 5  # seconds: a database that does not answer is reported, not waited on
POOL_TIMEOUT = 5.0  # seconds a request waits for a connection before failing (503)
SCHEMA_LOCK = 0x64656B66  # advisory lock held while the schema is created ("dekf")


class Row(tuple[Any, ...]):
    """A row read by place (``row[0]``), by name (``row["version"]``) or as a dict, as
    ``sqlite3.Row`` is."""

    names: tuple[str, ...]

    def __new__(cls, values: Sequence[Any], names: tuple[str, ...]) -> Row:
        row = super().__new__(cls, values)
        row.names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return super().__getitem__(self.names.index(key))
        return super().__getitem__(key)

    def keys(self) -> list[str]:
        return list(self.names)


def _rows(cursor: Any) -> Any:
    names = tuple(column.name for column in cursor.description or ())
    return lambda values: Row(values, names)


def _statement(sql: str) -> str:
    """SQLite's spelling of a statement in psycopg's: ``?`` -> ``%s`` (``%`` kept).

    ``BEGIN IMMEDIATE`` (a write, ``store.write``) is PostgreSQL's default transaction:
    each statement sees what was committed before it, so a change that waited for its
    table's row lock then reads the version that the change before it wrote. A plain
    ``BEGIN`` (``store.reading``) reads one snapshot throughout, as SQLite's readers do:
    a table's version, games and log all of one moment.
    """
    if sql == "BEGIN IMMEDIATE":
        return "BEGIN"
    if sql == "BEGIN":
        return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    return sql.replace("%", "%%").replace("?", "%s")


class PgConnection:
    """A psycopg connection (autocommit, so ``BEGIN``/``COMMIT`` are the store's own)
    that answers as the store's SQLite connections do."""

    dialect = DIALECT

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw
        self.writer = self  # each connection writes through itself (no single writer)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self.raw.execute(_statement(sql), tuple(parameters) or None)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> psycopg.Cursor[Any]:
        cursor = self.raw.cursor()
        cursor.executemany(_statement(sql), [tuple(row) for row in rows])
        return cursor

    def executescript(self, script: str) -> None:
        self.raw.execute(script.encode())  # bytes: no parameters, several statements

    @property
    def in_transaction(self) -> bool:
        return self.raw.info.transaction_status != TransactionStatus.IDLE

    def close(self) -> None:
        self.raw.close()


def _configure(raw: psycopg.Connection[Any]) -> None:
    raw.row_factory = _rows


def connect(url: str) -> PgConnection:
    """One connection of its own (schema, signing key, tests)."""
    raw = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    _configure(raw)
    return PgConnection(raw)


def init_schema(conn: Any) -> None:
    """Create what is missing, one process at a time (an advisory lock in the transaction)."""
    schema = resources.files("deckforge.referee").joinpath("schema_postgres.sql")
    conn.execute("BEGIN IMMEDIATE")  # a write (see _statement)
    try:
        conn.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
        conn.executescript(schema.read_text("utf-8"))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


class PgPool:
    """psycopg's pool behind the store's pool calls: :meth:`get` lends this thread a
    connection until :meth:`release` (the end of the request) gives it back.

    A connection is checked when it is lent, so after a database restart the first
    request gets a new connection instead of a dead one.
    """

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self._local = threading.local()
        self._pool = PsycopgPool(
            url,
            min_size=1,
            max_size=size,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            configure=_configure,
            check=PsycopgPool.check_connection,
            timeout=POOL_TIMEOUT,
            name="deckforge",
            open=True,
        )

    def get(self) -> PgConnection:
        conn: PgConnection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = PgConnection(self._pool.getconn())
            self._local.conn = conn
        return conn

    def release(self) -> None:
        conn: PgConnection | None = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        if not conn.raw.closed and conn.in_transaction:
            with contextlib.suppress(psycopg.Error):  # broken: the pool drops it
                conn.raw.rollback()
        self._pool.putconn(conn.raw)

    def close(self) -> None:
        self._pool.close()
