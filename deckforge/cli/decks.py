"""``deckforge decks``: the operator's view of a hosted referee's library of decks.

The decks teachers save in a hosted referee's studio live in its database
(:mod:`deckforge.referee.deck_store`); an edit key is said once to the deck's author and
kept only as a hash, so a lost key cannot be shown again: ``new-key`` gives the deck a
new one (the old one stops working) for the operator to pass on. ``remove`` takes a deck
out of the library (tables made with it keep playing it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from deckforge.cli.boundary import INVALID, USAGE, Failure

DB_HELP = (
    "The referee's database: its SQLite file [default: in the user's data folder] or "
    "postgresql://USER@HOST:PORT/DB."
)


@contextmanager
def _store(database: str | None) -> Iterator[Any]:
    """The store at ``database``, brought up to date; a SQLite file must exist already."""
    from deckforge.referee import default_database, store

    target = database or str(default_database())
    shown = store.shown_database(target)
    if not store.is_postgres(target) and not Path(target).is_file():
        raise Failure(f"{shown}: no such database (give the referee's --db)", USAGE)
    if store.is_postgres(target):
        from deckforge.referee import postgres  # psycopg's errors are known from here on
    failures: tuple[type[Exception], ...] = (OSError, *store.database_errors())
    try:
        conn: Any = postgres.connect(target) if store.is_postgres(target) else store.connect(target)
        store.init_schema(conn)
    except failures as problem:
        raise Failure(f"{shown}: cannot open the database: {problem}", USAGE) from None
    try:
        yield conn
    finally:
        conn.close()


@click.group()
def decks() -> None:
    """List a hosted referee's library of decks, give a deck a new edit key, or remove one."""


@decks.command("list")
@click.option("--db", "database", metavar="FILE|URL", help=DB_HELP)
def list_decks(database: str | None) -> None:
    """Print each deck of the library: its name, when it last changed, its title."""
    from deckforge.referee import deck_store

    with _store(database) as conn:
        entries = deck_store.list_decks(conn)
    if not entries:
        click.echo("The library has no deck.")
    for entry in entries:
        click.echo(f"{entry.id}\t{entry.updated_at}\t{entry.title}")


@decks.command("new-key")
@click.argument("name")
@click.option("--db", "database", metavar="FILE|URL", help=DB_HELP)
def new_key(name: str, database: str | None) -> None:
    """Give the deck NAME a new edit key (its author lost theirs); the old key stops working."""
    from deckforge.referee import deck_keys, deck_store

    key = deck_keys.new_edit_key()
    with _store(database) as conn:
        if not deck_store.replace_key(conn, name, deck_keys.edit_key_hash(key)):
            raise Failure(f"{name}: no such deck in the library (deckforge decks list)", INVALID)
    click.echo(f"New edit key of {name}: {key}")
    click.echo("Give it to the deck's author: it is not kept and cannot be shown again.")


@decks.command("remove")
@click.argument("name")
@click.option("--db", "database", metavar="FILE|URL", help=DB_HELP)
def remove(name: str, database: str | None) -> None:
    """Take the deck NAME out of the library; tables made with it keep playing it."""
    from deckforge.referee import deck_store

    with _store(database) as conn:
        if not deck_store.remove_deck(conn, name):
            raise Failure(f"{name}: no such deck in the library (deckforge decks list)", INVALID)
    click.echo(f"{name} is no longer in the library (tables made with it keep their deck).")
