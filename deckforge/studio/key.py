"""The studio key, kept in the referee's data folder so that it survives a restart.

A tablet that opened the studio once with ``?key=`` keeps working after the
referee is started again: the key is read from ``studio-key`` beside the
database, and made (readable by this user only) the first time. Delete the
file to make a new key (every browser that knew the old one must ask again).
"""

from __future__ import annotations

import secrets
from pathlib import Path

from deckforge.atomic import write_atomic

KEY_FILE = "studio-key"
_MIN_LENGTH = 12  # a shorter text in the file is not trusted as a key


def new_key() -> str:
    return secrets.token_urlsafe(12)


def stored_key(folder: Path) -> str:
    """The key kept in ``folder`` (made and written there if missing or unusable).

    Raises OSError when the folder cannot be written and holds no key.
    """
    path = folder / KEY_FILE
    try:
        kept = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        kept = ""
    if len(kept) >= _MIN_LENGTH and kept.isascii() and kept.isprintable() and " " not in kept:
        return kept
    key = new_key()
    write_atomic(path, f"{key}\n".encode("ascii"), mode=0o600)
    return key
