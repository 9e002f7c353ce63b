"""``deckforge decks``: the operator lists a hosted referee's library and gives a deck whose
author lost its edit key a new one (the old one stops working)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from deckforge.cli import main
from deckforge.referee import deck_keys, deck_store, store
from deckforge.theme.library import ThemeLibrary

CLASSIC = ThemeLibrary().deck("hanabi-classic")


def _library(path: Path | str) -> None:
    if isinstance(path, str):
        from deckforge.referee import postgres

        conn: Any = postgres.connect(path)
    else:
        conn = store.connect(path)
    store.init_schema(conn)
    deck_store.create_deck(
        conn,
        "fete",
        title="Fête",
        source="id: fete\n",
        deck=store.StoredDeck(CLASSIC.hash, CLASSIC.text),
        key_hash=deck_keys.edit_key_hash("the-lost-key"),
    )
    conn.close()


def test_a_new_edit_key_replaces_the_lost_one(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    _library(database)
    listed = CliRunner().invoke(main, ["decks", "list", "--db", str(database)])
    assert listed.exit_code == 0 and listed.output.startswith("fete\t") and "Fête" in listed.output
    result = CliRunner().invoke(main, ["decks", "new-key", "fete", "--db", str(database)])
    assert result.exit_code == 0, result.output
    key = result.output.split("New edit key of fete: ", 1)[1].split()[0]
    conn = store.connect(database)
    kept = deck_store.get_deck(conn, "fete")
    conn.close()
    assert kept is not None and kept.key_hash == deck_keys.edit_key_hash(key)
    assert kept.key_hash != deck_keys.edit_key_hash("the-lost-key")


def test_a_removed_deck_leaves_the_library_and_tables_keep_their_deck(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    _library(database)
    result = CliRunner().invoke(main, ["decks", "remove", "fete", "--db", str(database)])
    assert result.exit_code == 0, result.output
    assert "fete is no longer in the library" in result.output
    listed = CliRunner().invoke(main, ["decks", "list", "--db", str(database)])
    assert listed.output == "The library has no deck.\n"
    conn = store.connect(database)
    try:
        assert deck_store.get_deck(conn, "fete") is None
        assert store.deck_text(conn, CLASSIC.hash) == CLASSIC.text  # what tables replay
    finally:
        conn.close()
    again = CliRunner().invoke(main, ["decks", "remove", "fete", "--db", str(database)])
    assert again.exit_code == 1 and "fete: no such deck in the library" in again.stderr


def test_a_missing_deck_or_database_is_said_in_one_line(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    _library(database)
    missing = CliRunner().invoke(main, ["decks", "new-key", "nobody", "--db", str(database)])
    assert missing.exit_code == 1
    assert "nobody: no such deck in the library" in missing.stderr
    absent = tmp_path / "absent.sqlite3"
    nowhere = CliRunner().invoke(main, ["decks", "list", "--db", str(absent)])
    assert nowhere.exit_code == 2 and "no such database" in nowhere.stderr
    assert not absent.exists() and "Traceback" not in nowhere.output


def test_the_library_of_a_postgresql_referee_gets_a_new_key_and_loses_a_deck_too(
    postgres_url: str,
) -> None:
    _library(postgres_url)
    result = CliRunner().invoke(main, ["decks", "new-key", "fete", "--db", postgres_url])
    assert result.exit_code == 0, result.output
    key = result.output.split("New edit key of fete: ", 1)[1].split()[0]
    from deckforge.referee import postgres

    conn = postgres.connect(postgres_url)
    kept = deck_store.get_deck(conn, "fete")
    conn.close()
    assert kept is not None and kept.key_hash == deck_keys.edit_key_hash(key)
    removed = CliRunner().invoke(main, ["decks", "remove", "fete", "--db", postgres_url])
    assert removed.exit_code == 0, removed.output
    listed = CliRunner().invoke(main, ["decks", "list", "--db", postgres_url])
    assert "fete" not in listed.output
