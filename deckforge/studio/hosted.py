"""What the studio asks of a hosted referee's library of decks (decks in its database).

The studio never imports the referee (docs/architecture.md): the web app gives it an
object that keeps this protocol (``app.extensions["deckforge.studio.library"]``, see
:mod:`deckforge.web.hosted_decks`) when the referee is hosted. Without one the studio
works on its folders as always.
"""

from __future__ import annotations

from typing import Protocol

from flask import current_app

DB_PREFIX = "db:"  # a library deck's reference: the studio's source key and the referee's ref


class TooManyTries(Exception):
    """Too many wrong keys from this client address; ``retry_after`` seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong keys: try again in {retry_after} s")
        self.retry_after = retry_after


class WrongKey(Exception):
    """The key given is not the right one (the try was counted)."""


class NameTaken(Exception):
    """The library already has a deck of this name."""


class HostedLibrary(Protocol):
    """The library's decks and keys, for the current request's client."""

    def org_key_hash(self) -> str | None:
        """What a session keeps once it presented the organisation key (None: no key is
        configured, so nobody may use the studio)."""

    def check_org_key(self, key: str) -> str:
        """The key's hash if ``key`` is the organisation key; WrongKey (the try counted) or
        TooManyTries otherwise."""

    def decks(self) -> list[tuple[str, str]]:
        """(name, title) of every deck of the library, by title."""

    def source(self, name: str) -> str | None:
        """The YAML text a deck was saved with (None: no such deck)."""

    def check_edit_key(self, name: str, key: str) -> None:
        """Nothing if ``key`` is the deck's edit key; WrongKey, TooManyTries, or KeyError
        (no such deck) otherwise."""

    def create(self, name: str, title: str, source: str, resolved: str) -> str:
        """Add a deck (its YAML and its resolved text); its edit key, said this once.
        NameTaken if the name is taken."""

    def update(self, name: str, key: str, title: str, source: str, resolved: str) -> None:
        """Change a deck with its edit key: WrongKey, TooManyTries or KeyError otherwise."""


def hosted_library() -> HostedLibrary | None:
    """The hosted library of this app, if the referee is hosted."""
    found: HostedLibrary | None = current_app.extensions.get("deckforge.studio.library")
    return found
