"""A hosted referee's library decks as the theme library reads them
(:class:`deckforge.theme.library.DatabaseDecks`): from the store, through the current
request's connection, so every process offers the decks of the one database."""

from __future__ import annotations

from deckforge.referee import deck_store
from deckforge.referee.db import get_db


class StoreDecks:
    """The library's decks (``db:<name>``) as the store has them now."""

    def entries(self) -> list[tuple[str, str]]:
        return [(entry.id, entry.hash) for entry in deck_store.list_decks(get_db())]

    def resolved(self, name: str) -> tuple[str, str] | None:
        found = deck_store.resolved_deck(get_db(), name)
        return None if found is None else (found.hash, found.text)
