"""Older tables keep their deck too: on the first open of a store made before decks
were kept, each table that only names a file is pinned to the deck its file has now,
if that deck still replays every game of the table's log; otherwise its deck changed
since the game began, and the table is recorded as lost (its log can still be
exported; its pages say what happened instead of replaying it under other rules).
"""

from __future__ import annotations

import sqlite3

from deckforge.referee import store
from deckforge.referee.tables import new_game
from deckforge.rules import action_from_dict
from deckforge.theme.library import ThemeLibrary, theme_from_text
from deckforge.theme.loader import ThemeError

# what a file that no longer fits a table's log can raise while it is replayed
_MISFITS = (ThemeError, ValueError, KeyError, IndexError, TypeError, OSError)


def replays(conn: sqlite3.Connection, table: store.TableRecord, text: str) -> None:
    """Replay every game of ``table`` under the deck ``text``; raises if one does not fit."""
    theme = theme_from_text(text)  # as the table will read it from now on
    for record in store.list_games(conn, table.id):
        game = new_game(theme, len(table.players), table.kind, record.seed)
        for entry in store.active_actions(conn, table.id, record.number):
            game.apply(action_from_dict(entry.payload))


def pin_older_tables(conn: sqlite3.Connection, library: ThemeLibrary) -> tuple[int, int]:
    """Pin (or find lost) every table not yet given a deck: (pinned, lost)."""
    pinned = lost = 0
    for table in store.tables_to_pin(conn):
        try:
            deck = library.deck(table.theme_ref)
            replays(conn, table, deck.text)
        except _MISFITS as problem:
            store.mark_deck_lost(conn, table.id, f"{type(problem).__name__}: {problem}"[:500])
            lost += 1
        else:
            store.pin_deck(conn, table.id, store.StoredDeck(deck.hash, deck.text))
            pinned += 1
    return pinned, lost
