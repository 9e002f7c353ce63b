"""A hosted referee's library of decks, in its store (SQLite or PostgreSQL alike).

A deck saved in the studio of a hosted referee is a row of ``library_decks``: its
name (``id``, as a theme file's stem), title, the author's YAML (``source``) and the
hash of its resolved text, kept in ``decks`` as every table's deck is. Every process on
one database reads the same rows, so every process offers the same decks. A table made
from a library deck pins that resolved text by hash (``store.create_table``): a later
change of the deck makes a new hash and leaves the tables already made as they were.

Only the hash of a deck's edit key is kept (``key_hash``); :func:`update_deck` compares
it in constant time inside its transaction. ``wrong_tries`` counts the wrong keys of each
client address, so every process counts the same tries (:mod:`deckforge.referee.deck_keys`).
"""

from __future__ import annotations

import hmac
import sqlite3
from dataclasses import dataclass

from deckforge.referee import store


class DeckTaken(Exception):
    """A deck of the library already has this name."""

    def __init__(self, deck_id: str) -> None:
        super().__init__(f"{deck_id}: the library already has a deck of this name")
        self.deck_id = deck_id


class WrongEditKey(Exception):
    """The edit key given is not the deck's."""

    def __init__(self, deck_id: str) -> None:
        super().__init__(f"{deck_id}: this is not the deck's edit key")
        self.deck_id = deck_id


@dataclass(frozen=True)
class LibraryEntry:
    """A deck of the library as lists show it (no text read)."""

    id: str
    title: str
    hash: str
    updated_at: str


@dataclass(frozen=True)
class LibraryDeck:
    """A deck of the library with its texts: the author's YAML and the resolved deck."""

    id: str
    title: str
    source: str
    deck: store.StoredDeck
    key_hash: str
    created_at: str
    updated_at: str


def create_deck(
    conn: sqlite3.Connection,
    deck_id: str,
    *,
    title: str,
    source: str,
    deck: store.StoredDeck,
    key_hash: str,
) -> None:
    """Add a deck to the library; DeckTaken if the name is taken (also when another
    process takes it at the same moment: the second insert does nothing and says so)."""
    stamp = store.now()
    with store.write(conn) as writer:
        store._keep_deck(writer, deck)
        added = writer.execute(
            "INSERT INTO library_decks (id, title, source, deck, key_hash, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            (deck_id, title, source, deck.hash, key_hash, stamp, stamp),
        )
        if added.rowcount != 1:
            raise DeckTaken(deck_id)


def _locked_key_hash(writer: sqlite3.Connection, deck_id: str) -> str:
    """The deck's key hash, its row held until the transaction ends (KeyError: no deck)."""
    lock = " FOR UPDATE" if store.on_postgres(writer) else ""
    row = writer.execute(
        f"SELECT key_hash FROM library_decks WHERE id = ?{lock}", (deck_id,)
    ).fetchone()
    if row is None:
        raise KeyError(deck_id)
    return str(row["key_hash"])


def update_deck(
    conn: sqlite3.Connection,
    deck_id: str,
    *,
    key_hash: str,
    title: str,
    source: str,
    deck: store.StoredDeck,
) -> None:
    """Change a deck of the library, if ``key_hash`` is its edit key's hash (WrongEditKey
    otherwise, KeyError if there is no such deck); tables made before keep their deck."""
    with store.write(conn) as writer:
        if not hmac.compare_digest(_locked_key_hash(writer, deck_id), key_hash):
            raise WrongEditKey(deck_id)
        store._keep_deck(writer, deck)
        writer.execute(
            "UPDATE library_decks SET title = ?, source = ?, deck = ?, updated_at = ? WHERE id = ?",
            (title, source, deck.hash, store.now(), deck_id),
        )


def replace_key(conn: sqlite3.Connection, deck_id: str, key_hash: str) -> bool:
    """Give a deck a new edit key (the operator's remedy for a lost one); whether it exists."""
    with store.write(conn) as writer:
        changed = writer.execute(
            "UPDATE library_decks SET key_hash = ? WHERE id = ?", (key_hash, deck_id)
        )
        return int(changed.rowcount) == 1


def remove_deck(conn: sqlite3.Connection, deck_id: str) -> bool:
    """Take a deck out of the library (its name is free again); whether it was there. The
    tables made with it keep their deck: their text stays in ``decks``, under its hash."""
    with store.write(conn) as writer:
        removed = writer.execute("DELETE FROM library_decks WHERE id = ?", (deck_id,))
        return int(removed.rowcount) == 1


def get_deck(conn: sqlite3.Connection, deck_id: str) -> LibraryDeck | None:
    row = conn.execute(
        "SELECT library_decks.*, decks.text AS text FROM library_decks"
        " JOIN decks ON decks.hash = library_decks.deck WHERE library_decks.id = ?",
        (deck_id,),
    ).fetchone()
    if row is None:
        return None
    return LibraryDeck(
        id=str(row["id"]),
        title=str(row["title"]),
        source=str(row["source"]),
        deck=store.StoredDeck(str(row["deck"]), str(row["text"])),
        key_hash=str(row["key_hash"]),
        created_at=str(row["created_at"]),
        updated_at=str(row["updated_at"]),
    )


def resolved_deck(conn: sqlite3.Connection, deck_id: str) -> store.StoredDeck | None:
    """The resolved deck a library deck is now (what a new table pins), or None."""
    row = conn.execute(
        "SELECT decks.hash, decks.text FROM library_decks"
        " JOIN decks ON decks.hash = library_decks.deck WHERE library_decks.id = ?",
        (deck_id,),
    ).fetchone()
    return None if row is None else store.StoredDeck(str(row[0]), str(row[1]))


def list_decks(conn: sqlite3.Connection) -> list[LibraryEntry]:
    """Every deck of the library, by title (then name)."""
    rows = conn.execute(
        "SELECT id, title, deck, updated_at FROM library_decks ORDER BY LOWER(title), id"
    ).fetchall()
    return [LibraryEntry(str(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]


def note_wrong_try(conn: sqlite3.Connection, client: str, at: str, forget_before: str) -> None:
    """Count one wrong key from ``client`` at ``at``; tries made before ``forget_before``
    (ISO times as :func:`store.now` writes them) are dropped, everybody's."""
    with store.write(conn) as writer:
        writer.execute("DELETE FROM wrong_tries WHERE tried_at < ?", (forget_before,))
        writer.execute("INSERT INTO wrong_tries (client, tried_at) VALUES (?, ?)", (client, at))


def wrong_tries(conn: sqlite3.Connection, client: str, since: str) -> list[str]:
    """The times of ``client``'s wrong keys since ``since``, oldest first."""
    rows = conn.execute(
        "SELECT tried_at FROM wrong_tries WHERE client = ? AND tried_at >= ? ORDER BY tried_at",
        (client, since),
    ).fetchall()
    return [str(row[0]) for row in rows]
