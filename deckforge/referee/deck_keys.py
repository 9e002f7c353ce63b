"""The keys of a hosted referee's library: the organisation key, each deck's edit key, and
the limit on wrong tries.

- The **organisation key** is the operator's: read from a file (``--org-key-file``) or the
  environment (``DECKFORGE_ORG_KEY``), never from the command line, which ``ps`` shows to
  every user of the machine. A browser that presents it may create decks.
- A deck's **edit key** is made when the deck is first saved (:func:`new_edit_key`), said
  once to its author, and kept only as a hash (:func:`key_hash`): the key is random and
  long, so one SHA-256 is enough; hashes are compared with ``hmac.compare_digest``.
- **Wrong tries** of either key are counted per client address (the real one, through the
  trusted proxies) in the database, so every process counts the same: past
  :data:`WRONG_TRIES` within :data:`WINDOW`, :func:`refuse_if_too_many` raises
  :class:`TooManyTries` with the seconds until the oldest of them no longer counts.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

from deckforge.referee import deck_store

ORG_KEY_ENV = "DECKFORGE_ORG_KEY"
MIN_KEY_LENGTH = 12  # an organisation key shorter than this is refused at start
MAX_KEY_LENGTH = 1000
WRONG_TRIES = 10  # wrong keys a client address may send within WINDOW
WINDOW = timedelta(minutes=10)


class KeyProblem(ValueError):
    """The organisation key cannot be used: the message says where and why."""


class TooManyTries(Exception):
    """Too many wrong keys from one client address: ``retry_after`` seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong keys from this address: try again in {retry_after} s")
        self.retry_after = retry_after


def _checked(key: str, where: str) -> str:
    key = key.strip()
    if len(key) < MIN_KEY_LENGTH or len(key) > MAX_KEY_LENGTH:
        raise KeyProblem(
            f"{where}: the organisation key must be {MIN_KEY_LENGTH} to {MAX_KEY_LENGTH}"
            f" characters (it has {len(key)})"
        )
    if not key.isprintable():
        raise KeyProblem(f"{where}: the organisation key must be one line of text")
    return key


def organisation_key(key_file: str | Path | None, environ: Mapping[str, str]) -> str | None:
    """The organisation key from ``key_file`` (its first line, spaces around it dropped),
    else from ``DECKFORGE_ORG_KEY``; None when neither is given (the studio stays closed
    on a hosted referee). Raises KeyProblem for a file that cannot be read or a key too
    short to be a secret."""
    if key_file:
        try:
            text = Path(key_file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not UTF-8 text"
            raise KeyProblem(f"{key_file}: cannot read the organisation key ({reason})") from None
        return _checked(text.strip().split("\n", 1)[0], str(key_file))
    value = environ.get(ORG_KEY_ENV, "")
    return _checked(value, ORG_KEY_ENV) if value.strip() else None


def key_hash(kind: str, key: str) -> str:
    """What is kept of a key (``kind``: "edit" or "organisation"), never the key itself."""
    return hashlib.sha256(f"deckforge-{kind}-key:{key}".encode()).hexdigest()


def edit_key_hash(key: str) -> str:
    return key_hash("edit", key)


def new_edit_key() -> str:
    """A deck's edit key: 144 random bits, as 24 URL-safe characters."""
    return secrets.token_urlsafe(18)


def same_hash(found: str | None, expected: str) -> bool:
    """Whether two key hashes are equal, in a time that does not tell how much of them is."""
    return found is not None and hmac.compare_digest(found.encode(), expected.encode())


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")  # as store.now() writes times


def refuse_if_too_many(conn: sqlite3.Connection, client: str, now: datetime | None = None) -> None:
    """Raise TooManyTries if ``client`` sent :data:`WRONG_TRIES` wrong keys within the
    last :data:`WINDOW`: checked before a key is compared, so a right key does not help."""
    moment = now or datetime.now(UTC)
    tries = deck_store.wrong_tries(conn, client, _stamp(moment - WINDOW))
    if len(tries) < WRONG_TRIES:
        return
    freed = datetime.fromisoformat(tries[-WRONG_TRIES]) + WINDOW  # when one try stops counting
    raise TooManyTries(max(1, math.ceil((freed - moment).total_seconds())))


def note_wrong(conn: sqlite3.Connection, client: str, now: datetime | None = None) -> None:
    """Count a wrong key from ``client`` (tries older than the window are dropped)."""
    moment = now or datetime.now(UTC)
    deck_store.note_wrong_try(conn, client, _stamp(moment), _stamp(moment - WINDOW))
