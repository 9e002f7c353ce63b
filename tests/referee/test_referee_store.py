"""The SQLite event store: versions checked inside the transaction, undo keeps the log."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deckforge.referee import store
from deckforge.theme.library import ThemeLibrary

CLASSIC = ThemeLibrary().deck("hanabi-classic")

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.server)]


@pytest.fixture(params=BACKENDS)
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """Opens connections to one fresh store on each backend: the tests taking it (or
    ``conn``) are the store's contract, kept by SQLite and PostgreSQL alike (the PostgreSQL
    case is a server test: it skips without PostgreSQL, except in CI)."""
    opened: list[Any] = []

    def open_store() -> Any:
        if request.param == "sqlite":
            connection: Any = store.connect(tmp_path / "events.sqlite3")
        else:
            from deckforge.referee import postgres

            connection = postgres.connect(url)
        opened.append(connection)
        return connection

    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else ""
    store.init_schema(open_store())
    yield open_store
    for connection in opened:
        connection.close()


@pytest.fixture
def conn(opener: Callable[[], Any]) -> sqlite3.Connection:
    connection: sqlite3.Connection = opener()
    return connection


def _integrity_error(conn: sqlite3.Connection) -> type[Exception]:
    if store.on_postgres(conn):
        import psycopg

        return psycopg.IntegrityError
    return sqlite3.IntegrityError


@pytest.fixture
def pool(tmp_path: Path) -> store.ConnectionPool:
    """A pool on a fresh store, as the app makes one."""
    path = tmp_path / "pool.sqlite3"
    first = store.connect(path)
    store.init_schema(first)
    first.close()
    return store.ConnectionPool(path)


def _table(
    conn: sqlite3.Connection, kind: store.TableKind = "printed", seed: int | None = None
) -> store.TableRecord:
    return store.create_table(
        conn,
        kind=kind,
        theme_ref="hanabi-classic",
        deck=store.StoredDeck(CLASSIC.hash, CLASSIC.text),
        players=["Ann", "Bob"],
        leader_token_hash="h" * 64,
        seed=seed,
    )


def test_the_store_runs_in_wal_mode(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "events.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_full_sync_can_be_asked_for(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "full.sqlite3", "full")
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    with pytest.raises(ValueError):
        store.connect(tmp_path / "x.sqlite3", "off")


def test_a_pool_reads_per_thread_and_writes_through_one_connection(
    pool: store.ConnectionPool,
) -> None:
    import threading

    mine = pool.get()
    found: list[store.StoreConnection] = []
    thread = threading.Thread(target=lambda: found.append(pool.get()))
    thread.start()
    thread.join()
    theirs = found[0]
    assert mine is pool.get() and theirs is not mine
    assert mine.writer is theirs.writer and mine.writer not in (mine, theirs)

    table = _table(theirs)  # written by "another thread", read back by this one
    assert store.append_action(theirs, table.id, 0, {"type": "play"}) == 1
    assert store.get_table(mine, table.id) is not None
    assert store.table_version(mine, table.id) == 1
    with pytest.raises(store.StaleVersion):
        store.append_action(mine, table.id, 0, {"type": "play"})
    assert not mine.writer.in_transaction


def test_a_refused_write_leaves_the_writer_ready(pool: store.ConnectionPool) -> None:
    conn = pool.get()
    table = _table(conn)
    with pytest.raises(store.NothingToUndo):
        store.undo(conn, table.id, 0, 1)
    assert not conn.writer.in_transaction
    assert store.table_version(conn, table.id) == 0
    assert store.new_game(conn, table.id, 0) == 1


def test_a_failed_commit_leaves_the_shared_writer_ready(pool: store.ConnectionPool) -> None:
    conn = pool.get()
    with pytest.raises(sqlite3.IntegrityError), store.write(conn) as writer:
        writer.execute("PRAGMA defer_foreign_keys = ON")  # the check fails at COMMIT
        writer.execute("INSERT INTO games (table_id, number, started_at) VALUES ('no', 1, 'x')")
    assert not conn.writer.in_transaction
    assert _table(conn).version == 0  # the next write goes through


def test_a_new_table_starts_at_version_0_with_game_1(conn: sqlite3.Connection) -> None:
    table = _table(conn)
    assert (table.version, table.game, table.players) == (0, 1, ("Ann", "Bob"))
    assert store.get_game(conn, table.id, 1) is not None
    assert store.active_actions(conn, table.id, 1) == []


def test_each_append_moves_the_version_by_one(conn: sqlite3.Connection) -> None:
    table = _table(conn)
    assert store.append_action(conn, table.id, 0, {"type": "play"}) == 1
    assert store.append_action(conn, table.id, 1, {"type": "discard"}) == 2
    entries = store.active_actions(conn, table.id, 1)
    assert [(e.seq, e.payload["type"], e.version) for e in entries] == [
        (1, "play", 1),
        (2, "discard", 2),
    ]


def test_a_stale_version_writes_nothing(conn: sqlite3.Connection) -> None:
    table = _table(conn)
    store.append_action(conn, table.id, 0, {"type": "play"})
    with pytest.raises(store.StaleVersion) as refused:
        store.append_action(conn, table.id, 0, {"type": "play"})
    assert (refused.value.expected, refused.value.current) == (0, 1)
    assert len(store.active_actions(conn, table.id, 1)) == 1
    assert store.table_version(conn, table.id) == 1


def test_undo_marks_actions_withdrawn_and_keeps_them(conn: sqlite3.Connection) -> None:
    table = _table(conn)
    for version in range(3):
        store.append_action(conn, table.id, version, {"n": version})
    assert store.undo(conn, table.id, 3, 2) == 4
    assert [e.payload["n"] for e in store.active_actions(conn, table.id, 1)] == [0]
    kept = conn.execute("SELECT COUNT(*) FROM actions WHERE undone_version = 4").fetchone()[0]
    assert kept == 2
    assert store.append_action(conn, table.id, 4, {"n": 9}) == 5
    assert [e.seq for e in store.active_actions(conn, table.id, 1)] == [1, 4]


def test_undoing_more_than_the_game_holds_changes_nothing(conn: sqlite3.Connection) -> None:
    table = _table(conn)
    store.append_action(conn, table.id, 0, {"n": 0})
    with pytest.raises(store.NothingToUndo):
        store.undo(conn, table.id, 1, 2)
    assert store.table_version(conn, table.id) == 1
    assert len(store.active_actions(conn, table.id, 1)) == 1


def test_a_new_game_has_its_own_log_and_seed(conn: sqlite3.Connection) -> None:
    table = _table(conn, kind="digital", seed=11)
    store.append_action(conn, table.id, 0, {"n": 0})
    assert store.new_game(conn, table.id, 1, seed=12) == 2
    assert store.get_table(conn, table.id).game == 2  # type: ignore[union-attr]
    assert store.active_actions(conn, table.id, 2) == []
    assert [g.seed for g in store.list_games(conn, table.id)] == [11, 12]


def test_only_printed_and_digital_tables_exist(conn: sqlite3.Connection) -> None:
    with pytest.raises(_integrity_error(conn)):
        _table(conn, kind="paper")  # type: ignore[arg-type]


def test_the_signing_key_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "keys.sqlite3"
    first = store.connect(path)
    store.init_schema(first)
    key = store.secret_key(first)
    first.close()
    second = store.connect(path)
    assert store.secret_key(second) == key and len(key) == 64


def test_the_served_state_always_equals_a_fresh_replay(conn: sqlite3.Connection) -> None:
    """The service's shortcuts (the cached game, piles and stats) never drift from the log."""
    import json

    from deckforge.referee.tables import TableService, public_state
    from deckforge.rules import Card, Discard, Play, RankHint
    from deckforge.theme.library import ThemeLibrary

    service = TableService(ThemeLibrary())
    snap = service.create(
        conn, theme_ref="hanabi-classic", deck=CLASSIC, players=["Ann", "Bob"], token_hash="h" * 64
    )
    table_id = snap.table.id
    steps = [
        RankHint(1, 1),
        Play(card=Card(0, 1)),
        Discard(card=Card(3, 4)),
        "undo",
        Play(card=Card(1, 1)),
        "undo",
        "undo",
        RankHint(0, 2),
        Discard(card=Card(2, 5)),
        Play(card=Card(0, 3)),
        # the same suit, as many discards, other ranks: the cached pile must not be reused
        Discard(card=Card(2, 4)),
        "undo",
        Discard(card=Card(2, 3)),
        Play(card=Card(2, 1)),
    ]
    for step in steps:
        if step == "undo":
            snap = service.undo(conn, table_id, snap.version, 1)
        else:
            snap = service.act(conn, table_id, snap.version, step)
        fresh = TableService(ThemeLibrary())  # nothing cached: the state is replayed from the store
        game, log = fresh._replay(conn, snap.table)
        expected = public_state(snap.table, snap.theme, game, log)
        assert json.loads(snap.state_json) == expected


def test_the_piles_of_another_game_lend_only_identical_suits() -> None:
    """A suit is reused only if its pile and its discarded ranks are the same."""
    from deckforge.referee.tables import piles
    from deckforge.rules import Card, Discard, Game, Play, RankHint
    from deckforge.theme.loader import load_theme

    theme = load_theme("hanabi-classic")

    def game_with(*steps: object) -> Game:
        game = Game.printed(theme, 2)
        for step in steps:
            game.apply(step)  # type: ignore[arg-type]
        return game

    first = game_with(RankHint(1, 1), Discard(card=Card(2, 4)), Play(card=Card(0, 1)))
    second = game_with(RankHint(1, 1), Discard(card=Card(2, 3)), Play(card=Card(0, 1)))
    before = piles(theme, first)
    lent = piles(theme, second, before=before)
    assert lent == piles(theme, second)
    assert lent.suits[0] is before.suits[0]  # the same pile, nothing discarded: reused
    assert lent.suits[2] is not before.suits[2]
    assert piles(theme, first, before=before) is before


# ---- the rest of the contract: keys, seeds, concurrent writers, migrations ------------------


def _key(name: str, asked: str = "same") -> store.RequestKey:
    return store.RequestKey(name, asked * 8)


def test_a_change_s_key_answers_its_retry_and_refuses_another_request(
    conn: sqlite3.Connection,
) -> None:
    table = _table(conn, kind="digital", seed=5)
    assert store.append_action(conn, table.id, 0, {"n": 0}, _key("a")) == 1
    with pytest.raises(store.AlreadyRecorded) as again:
        store.append_action(conn, table.id, 0, {"n": 0}, _key("a"))
    assert again.value.version == 1
    with pytest.raises(store.KeyReused):
        store.append_action(conn, table.id, 1, {"n": 1}, _key("a", "other"))
    assert store.undo(conn, table.id, 1, 1, _key("u")) == 2
    assert store.new_game(conn, table.id, 2, 6, _key("g")) == 3
    assert store.set_paused(conn, table.id, 3, True, _key("p")) == 4
    for name, write, args in (
        ("u", store.undo, (1, 1)),
        ("g", store.new_game, (2, 6)),
        ("p", store.set_paused, (3, True)),
    ):
        with pytest.raises(store.AlreadyRecorded):
            write(conn, table.id, *args, key=_key(name))  # type: ignore[operator]
    assert store.table_version(conn, table.id) == 4 and store.is_paused(conn, table.id)
    rows = conn.execute(
        "SELECT key, version, game, seq FROM request_keys WHERE table_id = ? ORDER BY version",
        (table.id,),
    ).fetchall()
    assert [tuple(row) for row in rows] == [
        ("a", 1, 1, 1),
        ("u", 2, 1, None),
        ("g", 3, 1, None),  # asked during game 1
        ("p", 4, 2, None),
    ]


def test_seeds_keep_all_64_bits(conn: sqlite3.Connection) -> None:
    seeds = [0, 7, 2**63 - 1, 2**63, 2**64 - 1]
    table = _table(conn, kind="digital", seed=seeds[0])
    for version, seed in enumerate(seeds[1:]):
        store.new_game(conn, table.id, version, seed)
    assert [game.seed for game in store.list_games(conn, table.id)] == seeds


def test_the_replay_position_and_the_pause_are_changes(conn: sqlite3.Connection) -> None:
    table = _table(conn, kind="digital")
    assert store.set_replay_position(conn, table.id, 0, (1, 3, "chart")) == 1
    assert store.set_replay_position(conn, table.id, 1, (1, 4, "table")) == 2
    assert store.replay_position(conn, table.id) == (1, 4, "table")
    assert store.set_replay_position(conn, table.id, 2, None) == 3
    assert store.replay_position(conn, table.id) is None
    assert store.set_paused(conn, table.id, 3, True) == 4
    assert store.set_paused(conn, table.id, 4, True) == 5  # paused twice: still one pause
    with pytest.raises(store.StaleVersion):
        store.set_paused(conn, table.id, 4, False)
    assert store.is_paused(conn, table.id)


def test_writers_on_separate_connections_record_each_change_exactly_once(
    opener: Callable[[], Any],
) -> None:
    """Six writers (threads, each with its own connection, as separate processes have)
    race for one table, each retrying its 15 actions with their keys: every action is
    recorded once, the versions and places follow each other without a gap."""
    import threading

    table = _table(opener())
    writers, each = 6, 15
    errors: list[BaseException] = []

    def writer(number: int) -> None:
        conn = opener()
        try:
            for n in range(each):
                name = f"w{number}-{n}"
                while True:
                    version = store.table_version(conn, table.id)
                    assert version is not None
                    try:
                        store.append_action(conn, table.id, version, {"k": name}, _key(name))
                        break
                    except store.StaleVersion:
                        continue
                    except store.AlreadyRecorded:
                        break
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    conn = opener()
    entries = store.active_actions(conn, table.id, 1)
    assert [e.seq for e in entries] == list(range(1, writers * each + 1))
    assert [e.version for e in entries] == list(range(1, writers * each + 1))
    assert sorted(e.payload["k"] for e in entries) == sorted(
        f"w{w}-{n}" for w in range(writers) for n in range(each)
    )
    assert store.table_version(conn, table.id) == writers * each


def test_an_older_store_gains_the_newer_tables_and_keeps_its_data(
    conn: sqlite3.Connection,
) -> None:
    table = _table(conn)
    store.append_action(conn, table.id, 0, {"n": 0})
    conn.execute("DROP TABLE request_keys")  # as made before idempotency keys
    store.init_schema(conn)
    store.init_schema(conn)  # every start runs it: twice changes nothing
    assert store.append_action(conn, table.id, 1, {"n": 1}, _key("k")) == 2
    assert [e.payload["n"] for e in store.active_actions(conn, table.id, 1)] == [0, 1]


def test_the_signing_key_is_made_once_on_each_backend(opener: Callable[[], Any]) -> None:
    key = store.secret_key(opener())
    assert store.secret_key(opener()) == key and len(key) == 64


def test_both_schemas_have_the_same_tables_and_columns() -> None:
    """schema_postgres.sql mirrors schema.sql: a table or column added to one is added to
    the other (read here without a PostgreSQL server: from the statements' text)."""
    import re
    from importlib import resources

    sqlite = sqlite3.connect(":memory:")
    store.init_schema(sqlite)
    names = [
        row[0] for row in sqlite.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    ]
    expected = {
        name: [row[1] for row in sqlite.execute(f"PRAGMA table_info({name})")] for name in names
    }
    text = resources.files("deckforge.referee").joinpath("schema_postgres.sql").read_text()
    found: dict[str, list[str]] = {}
    for name, body in re.findall(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\n\);", text, re.S):
        columns = [line.strip().split()[0] for line in body.strip().splitlines()]
        found[name] = [
            c for c in columns if c not in ("PRIMARY", "FOREIGN", "CHECK", "--") and c[0] != "-"
        ]
    assert found == expected


def test_tables_keep_their_deck_once_per_deck_and_older_ones_are_pinned_or_lost(
    conn: sqlite3.Connection,
) -> None:
    first, second = _table(conn), _table(conn)
    assert first.deck == second.deck == CLASSIC.hash
    assert store.deck_text(conn, CLASSIC.hash) == CLASSIC.text
    assert conn.execute("SELECT COUNT(*) FROM decks").fetchone()[0] == 1
    conn.execute("UPDATE tables SET deck = NULL")  # as tables made before decks were kept
    assert {t.id for t in store.tables_to_pin(conn)} == {first.id, second.id}
    store.pin_deck(conn, first.id, store.StoredDeck(CLASSIC.hash, CLASSIC.text))
    store.mark_deck_lost(conn, second.id, "ValueError: no such suit")
    store.mark_deck_lost(conn, second.id, "found twice: kept once")
    assert store.tables_to_pin(conn) == []
    assert store.get_table(conn, first.id).deck == CLASSIC.hash  # type: ignore[union-attr]
    assert store.deck_is_lost(conn, second.id) and not store.deck_is_lost(conn, first.id)


def test_tables_idle_since_a_time_are_deleted_with_all_they_hold(conn: sqlite3.Connection) -> None:
    old, played, recent = _table(conn), _table(conn), _table(conn)
    for table in (old, played):
        store.append_action(conn, table.id, 0, {"n": 0}, _key(f"k-{table.id}"))
        store.set_paused(conn, table.id, 1, True)
    long_ago = "2026-01-01T00:00:00.000+00:00"
    for name, column in (
        ("tables", "created_at"),
        ("games", "started_at"),
        ("actions", "created_at"),
        ("request_keys", "created_at"),
    ):
        key = "id" if name == "tables" else "table_id"
        conn.execute(
            f"UPDATE {name} SET {column} = ? WHERE {key} IN (?, ?)", (long_ago, old.id, played.id)
        )
    store.append_action(conn, played.id, 2, {"n": 1})  # played today: kept

    assert store.delete_idle_tables(conn, "2026-06-01T00:00:00.000+00:00") == 1
    assert store.get_table(conn, old.id) is None
    for name in ("games", "actions", "request_keys", "pauses"):
        left = conn.execute(f"SELECT COUNT(*) FROM {name} WHERE table_id = ?", (old.id,))
        assert left.fetchone()[0] == 0, name
    assert {t.id for t in store.list_tables(conn)} == {played.id, recent.id}
    assert store.deck_text(conn, CLASSIC.hash) == CLASSIC.text  # decks stay
    assert store.delete_idle_tables(conn, "2026-06-01T00:00:00.000+00:00") == 0


def test_a_read_sees_one_moment_of_the_store(opener: Callable[[], Any]) -> None:
    """What is read in ``store.reading`` belongs to one version, even while another
    connection (another process) commits a change in between."""
    reader, writer = opener(), opener()
    table = _table(writer)
    with store.reading(reader):
        assert store.table_version(reader, table.id) == 0
        store.append_action(writer, table.id, 0, {"n": 0})
        assert store.active_actions(reader, table.id, 1) == []
        assert store.table_version(reader, table.id) == 0
    assert store.table_version(reader, table.id) == 1
    assert len(store.active_actions(reader, table.id, 1)) == 1


def test_a_table_deleted_now_takes_all_it_holds_but_its_deck(conn: sqlite3.Connection) -> None:
    gone, kept = _table(conn), _table(conn)
    store.append_action(conn, gone.id, 0, {"n": 0}, _key("k"))
    assert store.delete_table(conn, gone.id) and not store.delete_table(conn, gone.id)
    for name in ("games", "actions", "request_keys"):
        left = conn.execute(f"SELECT COUNT(*) FROM {name} WHERE table_id = ?", (gone.id,))
        assert left.fetchone()[0] == 0, name
    assert [t.id for t in store.list_tables(conn)] == [kept.id]
    assert store.deck_text(conn, CLASSIC.hash) == CLASSIC.text


def _keyed_table(conn: sqlite3.Connection, key: store.RequestKey) -> store.TableRecord:
    return store.create_table(
        conn,
        kind="printed",
        theme_ref="hanabi-classic",
        deck=store.StoredDeck(CLASSIC.hash, CLASSIC.text),
        players=["Ann", "Bob"],
        leader_token_hash="h" * 64,
        key=key,
    )


def test_a_table_created_with_a_key_is_created_once_even_when_tries_race(
    opener: Callable[[], Any],
) -> None:
    """Six tries of one keyed creation at once, each on its own connection (as separate
    processes are): one table, and every other try is told which; the key kept hashed;
    the same key for another request is refused; deleting the table frees the key."""
    import threading

    key = store.RequestKey("a-client-secret-0123456789", "f" * 64)
    tries = 6
    start = threading.Barrier(tries)
    made: list[str] = []
    told: list[str] = []
    errors: list[BaseException] = []

    def create() -> None:
        conn = opener()
        start.wait()
        try:
            made.append(_keyed_table(conn, key).id)
        except store.AlreadyCreated as done:
            told.append(done.table_id)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=create) for _ in range(tries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(made) == 1 and told == made * (tries - 1)
    conn = opener()
    assert conn.execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 1
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    kept = conn.execute("SELECT key_hash FROM creation_keys").fetchall()
    assert len(kept) == 1 and key.key not in kept[0][0]  # never the key itself
    with pytest.raises(store.KeyReused, match="for a new table"):
        _keyed_table(conn, store.RequestKey(key.key, "0" * 64))
    assert store.delete_table(conn, made[0])
    assert _keyed_table(conn, key).id != made[0]


def test_a_replay_move_does_not_make_a_change_of_the_game_stale(conn: sqlite3.Connection) -> None:
    """The projector's replay moves the version (the projectors follow it) but not the
    game: an action, undo, new game or pause made on a version before such moves still
    applies; once the game itself changed, an older version is stale as before."""
    table = _table(conn, kind="digital")
    assert store.append_action(conn, table.id, 0, {"n": 0}) == 1
    assert store.set_replay_position(conn, table.id, 1, (1, 0, "table")) == 2
    assert store.set_replay_position(conn, table.id, 2, (1, 1, "chart")) == 3
    assert store.append_action(conn, table.id, 1, {"n": 1}) == 4  # a seat's, made on 1
    with pytest.raises(store.StaleVersion):
        store.append_action(conn, table.id, 1, {"n": "late"})  # the game changed at 4
    assert store.set_replay_position(conn, table.id, 4, None) == 5
    assert store.append_action(conn, table.id, 4, {"n": 2}, _key("k")) == 6  # with a key too
    assert store.set_replay_position(conn, table.id, 6, (1, 2, "table")) == 7
    assert store.undo(conn, table.id, 6, 1) == 8
    assert store.set_replay_position(conn, table.id, 8, (1, 1, "table")) == 9
    assert store.set_paused(conn, table.id, 8, True) == 10
    assert store.set_replay_position(conn, table.id, 10, None) == 11
    assert store.new_game(conn, table.id, 10) == 12
    assert [e.payload["n"] for e in store.active_actions(conn, table.id, 1)] == [0, 1]
    with pytest.raises(store.StaleVersion):  # a replay move itself still needs the latest
        store.set_replay_position(conn, table.id, 11, None)
    with pytest.raises(store.StaleVersion):  # a version the table never had
        store.append_action(conn, table.id, 13, {"n": "future"})
    assert store.table_version(conn, table.id) == 12


def test_an_older_store_s_tables_count_every_change_until_their_game_changes(
    tmp_path: Path,
) -> None:
    """A store of version 1 (no game_version, the trigger without it) gains both on its
    first open; its tables keep the strict check until their game's next change."""
    from importlib import resources

    schema = resources.files("deckforge.referee").joinpath("schema.sql").read_text("utf-8")
    before, rest = schema.split("    deck TEXT REFERENCES decks (hash),", 1)
    schema = before + "    deck TEXT REFERENCES decks (hash)\n);" + rest.split(");", 1)[1]
    schema = schema.replace(", game_version = NEW.version", "")
    statements = [line.split("--")[0] for line in schema.splitlines()]
    assert not any("game_version" in line for line in statements)
    path = tmp_path / "old.sqlite3"
    conn = store.connect(path)
    conn.executescript(schema)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO tables (id, kind, theme_ref, players, leader_token_hash, created_at)"
        " VALUES ('old', 'printed', 'hanabi-classic', '[\"A\", \"B\"]', 'h', 'then')"
    )
    conn.execute("INSERT INTO games (table_id, number, started_at) VALUES ('old', 1, 'then')")
    table = store.get_table(conn, "old")
    assert table is not None and table.game_version is None
    assert store.append_action(conn, table.id, 0, {"n": 0}) == 1
    conn.close()
    conn = store.connect(path)
    store.init_schema(conn)
    assert store.schema_version(conn) == store.SCHEMA_VERSION
    assert store.set_replay_position(conn, table.id, 1, (1, 0, "table")) == 2
    with pytest.raises(store.StaleVersion):  # not known when its game last changed
        store.append_action(conn, table.id, 1, {"n": "stale"})
    assert store.append_action(conn, table.id, 2, {"n": 1}) == 3  # the trigger keeps it now
    assert store.set_replay_position(conn, table.id, 3, None) == 4
    assert store.append_action(conn, table.id, 3, {"n": 2}) == 5
