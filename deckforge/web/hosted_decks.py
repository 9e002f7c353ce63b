"""A hosted referee's library of decks as the studio asks for it (:mod:`deckforge.studio.hosted`):
the referee's store (:mod:`deckforge.referee.deck_store`) and keys
(:mod:`deckforge.referee.deck_keys`), for the current request's client address (the
real one: ``deckforge.forwarded`` set it from the trusted proxies' header)."""

from __future__ import annotations

import sqlite3

from flask import request

from deckforge.referee import deck_keys, deck_store, store
from deckforge.referee.db import get_db
from deckforge.studio.hosted import NameTaken, TooManyTries, WrongKey
from deckforge.theme.library import deck_hash


def _client() -> str:
    return request.remote_addr or "unknown"


class DatabaseLibrary:
    """The studio's :class:`~deckforge.studio.hosted.HostedLibrary` on the referee's store."""

    def __init__(self, org_key: str | None) -> None:
        self._org_hash = deck_keys.key_hash("organisation", org_key) if org_key else None

    def org_key_hash(self) -> str | None:
        return self._org_hash

    def _limited(self, conn: sqlite3.Connection) -> None:
        try:
            deck_keys.refuse_if_too_many(conn, _client())
        except deck_keys.TooManyTries as limit:
            raise TooManyTries(limit.retry_after) from None

    def _wrong(self, conn: sqlite3.Connection) -> WrongKey:
        deck_keys.note_wrong(conn, _client())
        return WrongKey()

    def check_org_key(self, key: str) -> str:
        conn = get_db()
        self._limited(conn)
        if self._org_hash is None:
            raise WrongKey()
        if not deck_keys.same_hash(deck_keys.key_hash("organisation", key), self._org_hash):
            raise self._wrong(conn)
        return self._org_hash

    def decks(self) -> list[tuple[str, str]]:
        return [(entry.id, entry.title) for entry in deck_store.list_decks(get_db())]

    def source(self, name: str) -> str | None:
        found = deck_store.get_deck(get_db(), name)
        return None if found is None else found.source

    def check_edit_key(self, name: str, key: str) -> None:
        conn = get_db()
        self._limited(conn)
        found = deck_store.get_deck(conn, name)
        if found is None:
            raise KeyError(name)
        if not deck_keys.same_hash(found.key_hash, deck_keys.edit_key_hash(key)):
            raise self._wrong(conn)

    def create(self, name: str, title: str, source: str, resolved: str) -> str:
        key = deck_keys.new_edit_key()
        deck = store.StoredDeck(deck_hash(resolved), resolved)
        try:
            deck_store.create_deck(
                get_db(),
                name,
                title=title,
                source=source,
                deck=deck,
                key_hash=deck_keys.edit_key_hash(key),
            )
        except deck_store.DeckTaken:
            raise NameTaken(name) from None
        return key

    def update(self, name: str, key: str, title: str, source: str, resolved: str) -> None:
        conn = get_db()
        self._limited(conn)
        deck = store.StoredDeck(deck_hash(resolved), resolved)
        try:
            deck_store.update_deck(
                conn,
                name,
                key_hash=deck_keys.edit_key_hash(key),
                title=title,
                source=source,
                deck=deck,
            )
        except deck_store.WrongEditKey:
            raise self._wrong(conn) from None
