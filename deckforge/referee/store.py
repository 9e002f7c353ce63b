"""The SQLite event store: tables, their games and each game's action log.

Every write runs in one ``BEGIN IMMEDIATE`` transaction that first checks the
table's version, so a stale or repeated submission changes nothing, and is
committed before the caller answers anybody. The journal is a WAL; with
``synchronous=NORMAL`` (the default) a commit survives the process being
killed (kill -9), and after a power cut the database stays whole but may lose
what the system had not yet written to disk; ``FULL`` also syncs the disk at
each commit, at the price of throughput (see docs/benchmarks.md).

The same functions run on PostgreSQL (``--db postgresql://...``, see
:mod:`deckforge.referee.postgres`): its connections answer the few calls made here as
SQLite's do, and every versioned change first locks its table's row (:func:`_lock_table`),
which SQLite's ``BEGIN IMMEDIATE`` does for the whole file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import orjson

TableKind = Literal["printed", "digital"]


class StaleVersion(Exception):
    """The change was made on another version of the table than the current one."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"table is at version {current}, not {expected}")
        self.expected = expected
        self.current = current


class NothingToUndo(Exception):
    """Undo asked for more steps than the current game has actions."""


class FinalGame(Exception):
    """Undo asked of a digital game that is over: its end is final (see ``TableService.undo``)."""

    def __init__(self) -> None:
        super().__init__(
            "this digital game is over and its end is final: its deck may now be exported,"
            " so undoing it would let the seats play on with their cards known;"
            " start a new game instead"
        )


@dataclass(frozen=True)
class RequestKey:
    """A change's idempotency key and the fingerprint of what its request asked."""

    key: str
    fingerprint: str


class AlreadyRecorded(Exception):
    """A change with this key was accepted before (``version`` is the version it made):
    nothing new is recorded, and the caller answers as it did the first time."""

    def __init__(self, key: str, version: int) -> None:
        super().__init__(f"the change with key {key!r} was recorded as version {version}")
        self.key = key
        self.version = version


class KeyReused(Exception):
    """The key was already used at this table (or for a new table) for a different request."""

    def __init__(self, key: str, where: str = "at this table") -> None:
        super().__init__(
            f"the Idempotency-Key {key!r} was already used {where} for another"
            " request: send a new key for a new request"
        )
        self.key = key


class AlreadyCreated(Exception):
    """A table was created with this key before (``table_id``): none is made again."""

    def __init__(self, key: str, table_id: str) -> None:
        super().__init__(f"the table created with key {key!r} is {table_id}")
        self.key = key
        self.table_id = table_id


class DeckLost(Exception):
    """A table made before decks were kept, whose file no longer replays its log: its
    deck changed since the game began (found when the store was migrated)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: its deck changed since the game began")
        self.table_id = table_id


@dataclass(frozen=True)
class TableRecord:
    """One row of ``tables``: what is needed to rebuild the table's games."""

    id: str
    kind: TableKind
    theme_ref: str
    players: tuple[str, ...]
    leader_token_hash: str
    version: int
    game: int
    created_at: str
    deck: str | None = None  # the hash of the deck it plays with (None: not kept, see decks)
    game_version: int | None = None  # the game's last change (None: a table made before)

    def accepts(self, expected: int) -> bool:
        """Whether a change of the game made on version ``expected`` still applies: the
        game has not changed since (the projector's replay moves only the version)."""
        low = self.version if self.game_version is None else self.game_version
        return low <= expected <= self.version


@dataclass(frozen=True)
class GameRecord:
    table_id: str
    number: int
    seed: int | None
    started_at: str

    @classmethod
    def of(cls, row: sqlite3.Row) -> GameRecord:
        return cls(**{**dict(row), "seed": _seed_read(row["seed"])})


# SQLite's integers stop at 2**63 - 1 (and a longer number written as text would become
# an inexact REAL): a seed from 2**63 on is kept as hexadecimal text, "0x" and 16 digits,
# which SQLite keeps as text (it does not read hexadecimal text as a number).
_LARGEST_INTEGER = 2**63 - 1


def _seed_written(seed: int | None) -> int | str | None:
    return f"0x{seed:016x}" if seed is not None and seed > _LARGEST_INTEGER else seed


def _seed_read(stored: int | str | None) -> int | None:
    # base 0: "0x..." (SQLite's large seeds) or decimal text (PostgreSQL keeps seeds as text)
    return int(stored, 0) if isinstance(stored, str) else stored


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    payload: dict[str, Any]
    version: int
    created_at: str


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


SYNC_MODES = ("normal", "full")


class StoreConnection(sqlite3.Connection):
    """A connection to the store that knows which connection its writes go through.

    A connection of its own (:func:`connect`) writes through itself; the
    connections of a :class:`ConnectionPool` all write through the pool's one
    writer connection (see :func:`write`).
    """

    writer: sqlite3.Connection


def connect(path: str | Path, sync: str = "normal") -> StoreConnection:
    """Open the store with a write-ahead log; ``sync`` is SQLite's ``synchronous`` setting."""
    if sync not in SYNC_MODES:
        raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, timeout=10, factory=StoreConnection
    )
    conn.writer = conn
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {sync.upper()}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


class ConnectionPool:
    """One connection per thread for reading, kept open (the server keeps its worker
    threads), and one connection that every write goes through.

    Opening and closing a connection per request (as Flask's tutorial does)
    costs a WAL checkpoint each time the last connection closes, which here
    was most of an action's time. SQLite lets one writer in at a time anyway;
    writing always through the same connection keeps that connection's page
    cache current, where a thread's own connection would first reread the
    pages that the other threads' writes changed.
    """

    def __init__(self, path: str | Path, sync: str = "normal") -> None:
        self.path = path
        self.sync = sync
        self._local = threading.local()
        self._writer: StoreConnection | None = None
        self._opening = threading.Lock()

    def get(self) -> StoreConnection:
        conn: StoreConnection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = connect(self.path, self.sync)
            with self._opening:
                self._writer = self._writer or connect(self.path, self.sync)
                conn.writer = self._writer
            self._local.conn = conn
        return conn

    def release(self) -> None:
        """End of a request: nothing may stay half-done in this thread's connection."""
        conn: StoreConnection | None = getattr(self._local, "conn", None)
        if conn is not None and conn.in_transaction:
            conn.execute("ROLLBACK")


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(database: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return str(database).startswith(POSTGRES_SCHEMES)


def shown_database(database: str | Path) -> str:
    """The database as it may be printed: a PostgreSQL URL without its password."""
    text = str(database)
    if not is_postgres(text):
        return text
    scheme, _, rest = text.partition("://")
    credentials, at, place = rest.rpartition("@")
    return f"{scheme}://{credentials.split(':')[0]}{at}{place}"


def database_errors() -> tuple[type[Exception], ...]:
    """What a failing store raises: SQLite's errors, and psycopg's once it is in use."""
    psycopg = sys.modules.get("psycopg")
    return (sqlite3.Error,) if psycopg is None else (sqlite3.Error, psycopg.Error)


def on_postgres(conn: sqlite3.Connection) -> bool:
    return getattr(conn, "dialect", "sqlite") == "postgresql"


def init_schema(conn: sqlite3.Connection) -> None:
    """Create the store, or bring an older one up to date (:data:`MIGRATIONS`; on
    PostgreSQL, ``schema_postgres.sql`` brings it up to date itself)."""
    if on_postgres(conn):
        from deckforge.referee import postgres

        postgres.init_schema(conn)
        return
    made = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone()
    schema = resources.files("deckforge.referee").joinpath("schema.sql").read_text("utf-8")
    conn.executescript(schema)
    if made is None:  # a new store: schema.sql is the latest shape
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    else:
        migrate(conn)


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _keep_decks(writer: sqlite3.Connection) -> None:
    """Version 1: a table keeps its deck (``tables.deck``; ``decks`` and ``lost_decks``
    come from schema.sql). The tables made before only name a file: they are pinned
    (or found lost) by the referee on this first open (``referee.decks``)."""
    columns = {row["name"] for row in writer.execute("PRAGMA table_info(tables)")}
    if "deck" not in columns:
        writer.execute("ALTER TABLE tables ADD COLUMN deck TEXT REFERENCES decks (hash)")


ACTION_TRIGGER = (
    "CREATE TRIGGER action_moves_version AFTER INSERT ON actions BEGIN"
    " UPDATE tables SET version = NEW.version, game_version = NEW.version"
    " WHERE id = NEW.table_id; END"
)


def _keep_game_version(writer: sqlite3.Connection) -> None:
    """Version 2: a table keeps the version of its game's last change (``game_version``),
    set by every action through the trigger (made again) and by undo, new game and pause;
    a replay move leaves it. Older tables keep NULL: every change counts until the next."""
    columns = {row["name"] for row in writer.execute("PRAGMA table_info(tables)")}
    if "game_version" not in columns:
        writer.execute("ALTER TABLE tables ADD COLUMN game_version INTEGER")
    writer.execute("DROP TRIGGER IF EXISTS action_moves_version")
    writer.execute(ACTION_TRIGGER)


def _keep_library_decks(writer: sqlite3.Connection) -> None:
    """Version 3: a hosted referee's library of decks (``library_decks``) and the wrong key
    tries per client (``wrong_tries``), both made by schema.sql, which every open runs
    first; this step only checks they are there before the version is marked."""
    for name in ("library_decks", "wrong_tries"):
        if writer.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone() is None:
            raise RuntimeError(f"store version 3 needs the table {name}: schema.sql made none")


# (version, step): each step runs once, in its own transaction, in order; the version
# is checked again inside it, so two processes opening one old store migrate it once
MIGRATIONS: tuple[tuple[int, Callable[[sqlite3.Connection], None]], ...] = (
    (1, _keep_decks),
    (2, _keep_game_version),
    (3, _keep_library_decks),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


def migrate(conn: sqlite3.Connection) -> None:
    for version, step in MIGRATIONS:
        if schema_version(conn) >= version:
            continue
        with write(conn) as writer:
            if schema_version(writer) < version:
                step(writer)
                writer.execute(f"PRAGMA user_version = {version}")


# SQLite lets one writer in at a time and makes the others sleep and retry;
# queueing the writers of this process here instead avoids those sleeps.
_WRITERS = threading.Lock()


def _writer(conn: sqlite3.Connection) -> sqlite3.Connection:
    return conn.writer if isinstance(conn, StoreConnection) else conn


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction on ``conn``'s writer, begun before reading so that checks
    and writes agree; the statements of the transaction go to the connection it yields.
    """
    writer = _writer(conn)
    with contextlib.nullcontext() if on_postgres(writer) else _WRITERS:
        writer.execute("BEGIN IMMEDIATE")
        try:
            yield writer
            writer.execute("COMMIT")
        except BaseException:
            if writer.in_transaction:  # the body failed, or the commit did: the writer is shared
                writer.execute("ROLLBACK")
            raise


@contextmanager
def reading(conn: sqlite3.Connection) -> Iterator[None]:
    """One read transaction: what is read inside belongs to one version of the table."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


def secret_key(conn: sqlite3.Connection) -> str:
    """The app's signing key, made once and kept, so sessions survive restarts."""
    with write(conn) as writer:  # several processes may start at once: the first one's key
        writer.execute(
            "INSERT INTO meta (key, value) VALUES ('secret_key', ?) ON CONFLICT (key) DO NOTHING",
            (secrets.token_hex(32),),
        )
        row = writer.execute("SELECT value FROM meta WHERE key = 'secret_key'").fetchone()
        return str(row["value"])


def _table(row: sqlite3.Row) -> TableRecord:
    return TableRecord(**{**dict(row), "players": tuple(json.loads(row["players"]))})


def create_table(
    conn: sqlite3.Connection,
    *,
    kind: TableKind,
    theme_ref: str,
    deck: StoredDeck,
    players: list[str],
    leader_token_hash: str,
    seed: int | None = None,
    key: RequestKey | None = None,
) -> TableRecord:
    """Insert a table, the deck it keeps (once per deck) and its first game; the id is
    short, random and URL-safe. With ``key`` (an Idempotency-Key), a table created with
    that key before raises AlreadyCreated (KeyReused for another request), even when two
    tries race: the second one's table is rolled back."""
    stamp = now()
    with write(conn) as writer:
        created_with(writer, key)
        while True:
            table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if writer.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
                break
        _keep_deck(writer, deck)
        writer.execute(
            "INSERT INTO tables (id, kind, theme_ref, players, leader_token_hash, version, game,"
            " created_at, deck, game_version) VALUES (?, ?, ?, ?, ?, 0, 1, ?, ?, 0)",
            (table_id, kind, theme_ref, json.dumps(players), leader_token_hash, stamp, deck.hash),
        )
        writer.execute(
            "INSERT INTO games (table_id, number, seed, started_at) VALUES (?, 1, ?, ?)",
            (table_id, _seed_written(seed), stamp),
        )
        if key is not None:
            _keep_creation_key(writer, key, table_id, stamp)
    record = get_table(conn, table_id)
    assert record is not None
    return record


def _key_hash(key: RequestKey) -> str:
    return hashlib.sha256(key.key.encode("utf-8")).hexdigest()


def created_with(conn: sqlite3.Connection, key: RequestKey | None) -> None:
    """Raise AlreadyCreated if a table was created with ``key`` (KeyReused if for another
    request); nothing if the key is new or there is none."""
    if key is None:
        return
    row = conn.execute(
        "SELECT fingerprint, table_id FROM creation_keys WHERE key_hash = ?", (_key_hash(key),)
    ).fetchone()
    if row is None:
        return
    if row["fingerprint"] != key.fingerprint:
        raise KeyReused(key.key, "for a new table")
    raise AlreadyCreated(key.key, str(row["table_id"]))


def _keep_creation_key(writer: sqlite3.Connection, key: RequestKey, table_id: str, at: str) -> None:
    """Keep ``key`` with the table just made; another process that kept it first (its
    transaction committed while this one ran) wins, and this table is rolled back."""
    writer.execute(
        "INSERT INTO creation_keys (key_hash, fingerprint, table_id, created_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (_key_hash(key), key.fingerprint, table_id, at),
    )
    row = writer.execute(
        "SELECT table_id FROM creation_keys WHERE key_hash = ?", (_key_hash(key),)
    ).fetchone()
    if row["table_id"] != table_id:
        created_with(writer, key)  # raises: the other try's table, or another request


# ---- decks: a table's deck, kept by the hash of its resolved text -------------------


@dataclass(frozen=True)
class StoredDeck:
    """A deck's resolved text and its SHA-256 (see :mod:`deckforge.theme.library`)."""

    hash: str
    text: str


def _keep_deck(writer: sqlite3.Connection, deck: StoredDeck) -> None:
    writer.execute(
        "INSERT INTO decks (hash, text, stored_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (deck.hash, deck.text, now()),
    )


def deck_text(conn: sqlite3.Connection, deck_hash: str) -> str:
    """The resolved text of a kept deck (KeyError if there is none)."""
    row = conn.execute("SELECT text FROM decks WHERE hash = ?", (deck_hash,)).fetchone()
    if row is None:
        raise KeyError(deck_hash)
    return str(row["text"])


def tables_to_pin(conn: sqlite3.Connection) -> list[TableRecord]:
    """Tables made before decks were kept and not yet pinned or found lost."""
    rows = conn.execute(
        "SELECT * FROM tables WHERE deck IS NULL"
        " AND id NOT IN (SELECT table_id FROM lost_decks) ORDER BY created_at, id"
    ).fetchall()
    return [_table(r) for r in rows]


def pin_deck(conn: sqlite3.Connection, table_id: str, deck: StoredDeck) -> None:
    """Give an older table the deck its file still has (it replays the table's log)."""
    with write(conn) as writer:
        _keep_deck(writer, deck)
        writer.execute(
            "UPDATE tables SET deck = ? WHERE id = ? AND deck IS NULL", (deck.hash, table_id)
        )


def mark_deck_lost(conn: sqlite3.Connection, table_id: str, problem: str) -> None:
    """Record that an older table's file no longer replays its log (``problem``: why)."""
    with write(conn) as writer:
        writer.execute(
            "INSERT INTO lost_decks (table_id, found_at, problem) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            (table_id, now(), problem),
        )


def deck_is_lost(conn: sqlite3.Connection, table_id: str) -> bool:
    row = conn.execute("SELECT 1 FROM lost_decks WHERE table_id = ?", (table_id,)).fetchone()
    return row is not None


def tables_of_ref(conn: sqlite3.Connection, theme_ref: str) -> int:
    """How many tables were made from the deck file (or bundled name) ``theme_ref``."""
    row = conn.execute("SELECT COUNT(*) FROM tables WHERE theme_ref = ?", (theme_ref,)).fetchone()
    return int(row[0])


def get_table(conn: sqlite3.Connection, table_id: str) -> TableRecord | None:
    row = conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else _table(row)


def list_tables(conn: sqlite3.Connection) -> list[TableRecord]:
    rows = conn.execute("SELECT * FROM tables ORDER BY created_at DESC, id").fetchall()
    return [_table(r) for r in rows]


def table_version(conn: sqlite3.Connection, table_id: str) -> int | None:
    row = conn.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else int(row["version"])


def table_versions(conn: sqlite3.Connection, table_ids: list[str]) -> dict[str, int]:
    """The versions of the tables named (those that exist), a few hundred per query."""
    found: dict[str, int] = {}
    for start in range(0, len(table_ids), 500):
        part = table_ids[start : start + 500]
        marks = ", ".join("?" * len(part))
        rows = conn.execute(f"SELECT id, version FROM tables WHERE id IN ({marks})", part)
        found.update({str(row[0]): int(row[1]) for row in rows.fetchall()})
    return found


def delete_table(conn: sqlite3.Connection, table_id: str) -> bool:
    """Delete one table now with everything it holds but its deck; whether it existed."""
    with write(conn) as writer:
        return int(writer.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount) == 1


def delete_idle_tables(conn: sqlite3.Connection, idle_since: str) -> int:
    """Delete the tables without any change since ``idle_since`` (an ISO time as
    :func:`now` writes it: made before it, no action, new game or keyed change since),
    with everything they hold (their games, log, keys, pause, replay position); the
    decks stay (other tables may play them). Returns how many tables went."""
    with write(conn) as writer:
        gone = writer.execute(
            "DELETE FROM tables WHERE created_at < ?"
            " AND NOT EXISTS (SELECT 1 FROM actions"
            "  WHERE actions.table_id = tables.id AND actions.created_at >= ?)"
            " AND NOT EXISTS (SELECT 1 FROM games"
            "  WHERE games.table_id = tables.id AND games.started_at >= ?)"
            " AND NOT EXISTS (SELECT 1 FROM request_keys"
            "  WHERE request_keys.table_id = tables.id AND request_keys.created_at >= ?)",
            (idle_since,) * 4,
        )
        return int(gone.rowcount)


def is_paused(conn: sqlite3.Connection, table_id: str) -> bool:
    """Whether the leader has paused the seats of a digital table."""
    row = conn.execute("SELECT 1 FROM pauses WHERE table_id = ?", (table_id,)).fetchone()
    return row is not None


def set_paused(
    conn: sqlite3.Connection,
    table_id: str,
    expected_version: int,
    paused: bool,
    key: RequestKey | None = None,
) -> int:
    """Pause or resume a table on ``expected_version``; returns the new version.

    A pause is a change of the table like an action: it moves the version on,
    so a seat's action made before the pause is refused as stale.
    """
    with write(conn) as writer:
        version = _bump_keyed(writer, table_id, expected_version, key)
        if paused:
            writer.execute(
                "INSERT INTO pauses (table_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (table_id, now()),
            )
        else:
            writer.execute("DELETE FROM pauses WHERE table_id = ?", (table_id,))
    return version


ReplayPosition = tuple[int, int, str]  # game, step, section of the replay page in view
REPLAY_SECTIONS = ("table", "moments", "chart", "discovered")


def replay_position(conn: sqlite3.Connection, table_id: str) -> ReplayPosition | None:
    """The (game, step, section) the leader shows on the projector's replay, or None (the
    live table)."""
    row = conn.execute(
        "SELECT game, step, section FROM replay_positions WHERE table_id = ?", (table_id,)
    ).fetchone()
    return None if row is None else (int(row["game"]), int(row["step"]), str(row["section"]))


def set_replay_position(
    conn: sqlite3.Connection,
    table_id: str,
    expected_version: int,
    position: ReplayPosition | None,
) -> int:
    """Show ``position`` on the projector's replay, or the live table (None), on
    ``expected_version``; returns the new version (the projectors follow it)."""
    with write(conn) as writer:
        _lock_table(writer, table_id)
        version = _bump(writer, table_id, expected_version)
        if position is None:
            writer.execute("DELETE FROM replay_positions WHERE table_id = ?", (table_id,))
        else:
            writer.execute(
                "INSERT INTO replay_positions (table_id, game, step, section) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id) DO UPDATE SET game = excluded.game,"
                " step = excluded.step, section = excluded.section",
                (table_id, *position),
            )
    return version


def get_game(conn: sqlite3.Connection, table_id: str, number: int) -> GameRecord | None:
    row = conn.execute(
        "SELECT * FROM games WHERE table_id = ? AND number = ?", (table_id, number)
    ).fetchone()
    return None if row is None else GameRecord.of(row)


def list_games(conn: sqlite3.Connection, table_id: str) -> list[GameRecord]:
    rows = conn.execute(
        "SELECT * FROM games WHERE table_id = ? ORDER BY number", (table_id,)
    ).fetchall()
    return [GameRecord.of(row) for row in rows]


def active_actions(conn: sqlite3.Connection, table_id: str, game: int) -> list[ActionRecord]:
    """The actions of one game that stand (not withdrawn by an undo), in order."""
    rows = conn.execute(
        "SELECT seq, payload, version, created_at FROM actions"
        " WHERE table_id = ? AND game = ? AND undone_version IS NULL ORDER BY seq",
        (table_id, game),
    ).fetchall()
    return [ActionRecord(**{**dict(r), "payload": json.loads(r["payload"])}) for r in rows]


def actions_since(
    conn: sqlite3.Connection, table_id: str, game: int, version: int
) -> list[ActionRecord] | None:
    """The actions of one game recorded after table version ``version``, in order: what a
    copy of the game at that version lacks. None if an undo withdrew any of its actions
    since (that copy then holds actions that no longer stand: only a replay will do)."""
    rows = conn.execute(
        "SELECT seq, payload, version, created_at, undone_version FROM actions"
        " WHERE table_id = ? AND game = ? AND (version > ? OR undone_version > ?) ORDER BY seq",
        (table_id, game, version, version),
    ).fetchall()
    if any(r["undone_version"] is not None for r in rows):
        return None
    return [
        ActionRecord(r["seq"], json.loads(r["payload"]), r["version"], r["created_at"])
        for r in rows
    ]


def _check_version(
    conn: sqlite3.Connection, table_id: str, expected: int, game: bool = False
) -> int:
    """The table's version, if it is ``expected`` (else StaleVersion, or KeyError); for a
    change of the game (``game``), any version since the game's last change will do."""
    row = conn.execute(
        "SELECT version, game_version FROM tables WHERE id = ?", (table_id,)
    ).fetchone()
    if row is None:
        raise KeyError(table_id)
    current = int(row["version"])
    kept = row["game_version"]
    low = current if not game or kept is None else int(kept)
    if not low <= expected <= current:
        raise StaleVersion(expected, current)
    return current


def _lock_table(writer: sqlite3.Connection, table_id: str) -> None:
    """On PostgreSQL, hold the table's row until the transaction ends, so that the changes
    of one table, from any process, are made one after the other (checks included); on
    SQLite, ``BEGIN IMMEDIATE`` already holds the whole store."""
    if on_postgres(writer):
        writer.execute("SELECT 1 FROM tables WHERE id = ? FOR UPDATE", (table_id,))


def _bump(conn: sqlite3.Connection, table_id: str, expected: int, game: bool = False) -> int:
    """Check the version inside the transaction and move it on by one; a change of the
    game (``game``) moves the game's version too (see :func:`_check_version`)."""
    current = _check_version(conn, table_id, expected, game)
    moved = ", game_version = version + 1" if game else ""
    conn.execute(f"UPDATE tables SET version = version + 1{moved} WHERE id = ?", (table_id,))
    return current + 1


def recorded_change(conn: sqlite3.Connection, table_id: str, key: RequestKey | None) -> None:
    """Raise AlreadyRecorded if a change was accepted with ``key`` (KeyReused if that
    change was another request); nothing if the key is new or there is none."""
    if key is None:
        return
    row = conn.execute(
        "SELECT fingerprint, version FROM request_keys WHERE table_id = ? AND key = ?",
        (table_id, key.key),
    ).fetchone()
    if row is None:
        return
    if row["fingerprint"] != key.fingerprint:
        raise KeyReused(key.key)
    raise AlreadyRecorded(key.key, int(row["version"]))


def _keep_key(writer: sqlite3.Connection, table_id: str, key: RequestKey, action: bool) -> None:
    """Keep ``key`` with the change just made (in its transaction): the table's version
    and game now, and for an action its place in the game's log."""
    seq = (
        "(SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id"
        " AND actions.game = tables.game)"
        if action
        else "NULL"
    )
    writer.execute(
        "INSERT INTO request_keys (table_id, key, fingerprint, version, game, seq, created_at)"
        f" SELECT id, ?, ?, version, game, {seq}, ? FROM tables WHERE id = ?",
        (key.key, key.fingerprint, now(), table_id),
    )


_APPEND = (
    "INSERT INTO actions (table_id, game, seq, payload, version, created_at)"
    " SELECT id, game, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions"
    "  WHERE actions.table_id = tables.id AND actions.game = tables.game),"
    " ?, version + 1, ? FROM tables WHERE id = ? AND version = ?"
)


def _bump_keyed(
    writer: sqlite3.Connection, table_id: str, expected: int, key: RequestKey | None
) -> int:
    """:func:`_bump` for a change sent with ``key``: a key already used answers first
    (AlreadyRecorded, KeyReused), a new one is kept with the change."""
    _lock_table(writer, table_id)
    recorded_change(writer, table_id, key)
    version = _bump(writer, table_id, expected, game=True)
    if key is not None:
        _keep_key(writer, table_id, key, action=False)
    return version


def append_action(
    conn: sqlite3.Connection,
    table_id: str,
    expected_version: int,
    payload: dict[str, Any],
    key: RequestKey | None = None,
) -> int:
    """Add one accepted action to the current game; returns the new table version.

    Without a key on SQLite, one statement, so one transaction: it inserts if the
    table is still at ``expected_version``, and the schema's trigger moves the
    version on. Otherwise (a key, PostgreSQL, or a version that moved on) one
    transaction: the key is checked first (AlreadyRecorded, KeyReused) and kept
    with the action, and any version since the game's last change will do (the
    projector's replay moved the version, not the game).
    """
    payload_text = orjson.dumps(payload, option=orjson.OPT_SORT_KEYS).decode()
    if key is None and not on_postgres(_writer(conn)):
        with _WRITERS:
            values = (payload_text, now(), table_id, expected_version)
            if _writer(conn).execute(_APPEND, values).rowcount == 1:
                return expected_version + 1
    with write(conn) as writer:
        _lock_table(writer, table_id)
        recorded_change(writer, table_id, key)
        current = _check_version(writer, table_id, expected_version, game=True)
        writer.execute(_APPEND, (payload_text, now(), table_id, current))
        if key is not None:
            _keep_key(writer, table_id, key, action=True)
    return current + 1


def undo(
    conn: sqlite3.Connection,
    table_id: str,
    expected_version: int,
    steps: int,
    key: RequestKey | None = None,
) -> int:
    """Withdraw the last ``steps`` active actions of the current game (kept, marked undone)."""
    with write(conn) as writer:
        version = _bump_keyed(writer, table_id, expected_version, key)
        game = writer.execute("SELECT game FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
        rows = writer.execute(
            "SELECT seq FROM actions WHERE table_id = ? AND game = ? AND undone_version IS NULL"
            " ORDER BY seq DESC LIMIT ?",
            (table_id, game, steps),
        ).fetchall()
        if len(rows) < steps:
            raise NothingToUndo(f"only {len(rows)} action(s) to undo")
        writer.executemany(
            "UPDATE actions SET undone_version = ? WHERE table_id = ? AND game = ? AND seq = ?",
            [(version, table_id, game, r["seq"]) for r in rows],
        )
    return version


def new_game(
    conn: sqlite3.Connection,
    table_id: str,
    expected_version: int,
    seed: int | None = None,
    key: RequestKey | None = None,
) -> int:
    """Start the next game at the table with the same players; returns the new version."""
    with write(conn) as writer:
        version = _bump_keyed(writer, table_id, expected_version, key)
        number = (
            writer.execute("SELECT game FROM tables WHERE id = ?", (table_id,)).fetchone()[0] + 1
        )
        writer.execute("UPDATE tables SET game = ? WHERE id = ?", (number, table_id))
        writer.execute(
            "INSERT INTO games (table_id, number, seed, started_at) VALUES (?, ?, ?, ?)",
            (table_id, number, _seed_written(seed), now()),
        )
    return version
