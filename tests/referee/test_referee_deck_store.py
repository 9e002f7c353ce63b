"""The library of decks in the store (deckforge.referee.deck_store): one contract, kept by
SQLite and PostgreSQL alike (the PostgreSQL case is a server test: it skips without
PostgreSQL, except in CI)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deckforge.referee import deck_store, store
from deckforge.theme.library import ThemeLibrary

CLASSIC = ThemeLibrary().deck("hanabi-classic")
FIRST = store.StoredDeck(CLASSIC.hash, CLASSIC.text)
CHANGED_TEXT = CLASSIC.text.replace('"title":', '"title": "Changed", "x-old-title":', 1)
SECOND = store.StoredDeck("0" * 64, CHANGED_TEXT)
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.server)]


@pytest.fixture(params=BACKENDS)
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """Opens connections to one fresh store on the backend of the test's case."""
    opened: list[Any] = []
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else ""

    def open_store() -> Any:
        if url:
            from deckforge.referee import postgres

            connection: Any = postgres.connect(url)
        else:
            connection = store.connect(tmp_path / "events.sqlite3")
        opened.append(connection)
        return connection

    store.init_schema(open_store())
    yield open_store
    for connection in opened:
        connection.close()


@pytest.fixture
def conn(opener: Callable[[], Any]) -> sqlite3.Connection:
    connection: sqlite3.Connection = opener()
    return connection


def _create(conn: sqlite3.Connection, name: str = "fete", title: str = "Fête") -> None:
    deck_store.create_deck(
        conn, name, title=title, source="id: fete\n# mine\n", deck=FIRST, key_hash="k" * 64
    )


def test_a_created_deck_is_read_back_and_listed_by_title(conn: sqlite3.Connection) -> None:
    _create(conn, "zebra", "apples")
    _create(conn, "alpha", "Pears")
    found = deck_store.get_deck(conn, "zebra")
    assert found is not None
    assert (found.title, found.source, found.deck, found.key_hash) == (
        "apples",
        "id: fete\n# mine\n",
        FIRST,
        "k" * 64,
    )
    assert found.created_at == found.updated_at
    assert [e.id for e in deck_store.list_decks(conn)] == ["zebra", "alpha"]
    assert deck_store.list_decks(conn)[0].hash == FIRST.hash
    assert deck_store.get_deck(conn, "nobody") is None


def test_a_taken_name_is_refused_and_the_first_deck_stays(conn: sqlite3.Connection) -> None:
    _create(conn)
    with pytest.raises(deck_store.DeckTaken):
        deck_store.create_deck(
            conn, "fete", title="Other", source="other", deck=SECOND, key_hash="x" * 64
        )
    found = deck_store.get_deck(conn, "fete")
    assert found is not None and (found.title, found.key_hash) == ("Fête", "k" * 64)
    assert len(deck_store.list_decks(conn)) == 1


def test_only_the_edit_key_s_hash_changes_a_deck(conn: sqlite3.Connection) -> None:
    _create(conn)
    change = {"title": "Changed", "source": "id: fete\n", "deck": SECOND}
    with pytest.raises(deck_store.WrongEditKey):
        deck_store.update_deck(conn, "fete", key_hash="w" * 64, **change)
    before = deck_store.get_deck(conn, "fete")
    assert before is not None and before.deck == FIRST and before.title == "Fête"
    with pytest.raises(KeyError):
        deck_store.update_deck(conn, "nobody", key_hash="k" * 64, **change)
    deck_store.update_deck(conn, "fete", key_hash="k" * 64, **change)
    after = deck_store.get_deck(conn, "fete")
    assert after is not None and (after.title, after.source, after.deck) == (
        "Changed",
        "id: fete\n",
        SECOND,
    )
    assert after.updated_at >= after.created_at == before.created_at


def test_a_table_keeps_the_deck_it_was_made_with_when_the_deck_changes(
    conn: sqlite3.Connection,
) -> None:
    _create(conn)
    saved = deck_store.get_deck(conn, "fete")
    assert saved is not None
    table = store.create_table(
        conn,
        kind="printed",
        theme_ref="db:fete",
        deck=saved.deck,
        players=["A", "B"],
        leader_token_hash="t",
    )
    deck_store.update_deck(
        conn, "fete", key_hash="k" * 64, title="Changed", source="x", deck=SECOND
    )
    kept = store.get_table(conn, table.id)
    assert kept is not None and kept.deck == FIRST.hash
    assert store.deck_text(conn, FIRST.hash) == CLASSIC.text
    assert store.deck_text(conn, SECOND.hash) == CHANGED_TEXT


def test_a_new_key_replaces_the_lost_one(conn: sqlite3.Connection) -> None:
    _create(conn)
    assert deck_store.replace_key(conn, "fete", "n" * 64)
    assert not deck_store.replace_key(conn, "nobody", "n" * 64)
    with pytest.raises(deck_store.WrongEditKey):
        deck_store.update_deck(conn, "fete", key_hash="k" * 64, title="t", source="s", deck=FIRST)
    deck_store.update_deck(conn, "fete", key_hash="n" * 64, title="t", source="s", deck=FIRST)


def test_two_authors_taking_one_name_at_once_make_one_deck(
    opener: Callable[[], Any],
) -> None:
    outcomes: list[str] = []
    start = threading.Barrier(4)

    def author(number: int) -> None:
        conn = opener()
        start.wait()
        try:
            deck_store.create_deck(
                conn, "race", title=f"by {number}", source="s", deck=FIRST, key_hash=f"{number}"
            )
            outcomes.append("made")
        except deck_store.DeckTaken:
            outcomes.append("taken")

    threads = [threading.Thread(target=author, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["made", "taken", "taken", "taken"]
    found = deck_store.get_deck(opener(), "race")
    assert found is not None and found.title == f"by {found.key_hash}"


def test_wrong_tries_are_counted_per_client_and_forgotten(conn: sqlite3.Connection) -> None:
    start = store.now()
    deck_store.note_wrong_try(conn, "192.0.2.1", store.now(), "2000-01-01")
    deck_store.note_wrong_try(conn, "192.0.2.1", store.now(), "2000-01-01")
    deck_store.note_wrong_try(conn, "192.0.2.2", store.now(), "2000-01-01")
    assert len(deck_store.wrong_tries(conn, "192.0.2.1", start)) == 2
    assert len(deck_store.wrong_tries(conn, "192.0.2.2", start)) == 1
    assert deck_store.wrong_tries(conn, "192.0.2.3", start) == []
    assert deck_store.wrong_tries(conn, "192.0.2.1", "9999") == []
    deck_store.note_wrong_try(conn, "192.0.2.3", store.now(), "9999")  # everybody's older tries go
    assert deck_store.wrong_tries(conn, "192.0.2.1", start) == []
    assert len(deck_store.wrong_tries(conn, "192.0.2.3", start)) == 1  # its own try stays


def test_a_version_2_store_gains_the_library_as_version_3(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "old.sqlite3")
    store.init_schema(conn)
    conn.execute("DROP TABLE library_decks")
    conn.execute("DROP TABLE wrong_tries")
    conn.execute("PRAGMA user_version = 2")
    store.init_schema(conn)
    assert store.schema_version(conn) == 3 == store.SCHEMA_VERSION
    _create(conn)
    assert [e.id for e in deck_store.list_decks(conn)] == ["fete"]
    conn.close()
