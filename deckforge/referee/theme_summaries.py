"""The line each deck gets in the referee's lists, kept so a page needs no theme loaded.

Loading a theme validates it against the JSON Schema (jsonschema and the
checks cost 10-20 ms a deck); the home page only shows each deck's title,
language and player counts. A :class:`ThemeSummaries` keeps that line for
every theme it has loaded once, in the store's ``meta`` table, with the
SHA-256 of every file the theme was read from (the file and what it
``extends``). A line is used again only while those files still have the
same content and the schema and deckforge are the ones that checked them;
otherwise the theme is loaded (and checked) again. A theme that fails to
load gets no line: the lists leave it out, as before.

The bundled themes' lines come with deckforge (``bundled_summaries.json``,
beside this module): written by ``python -m deckforge.referee.write_summaries``
after loading and checking each bundled theme, with the same digests, so even
a new database's very first page loads and checks no theme. A test fails when
that file no longer matches the bundled themes, the schema or this version; a
line whose files differ on disk (an edited copy) is not used, the theme is
loaded and checked as any other.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deckforge import __version__
from deckforge.bundled import bundled_folder
from deckforge.referee import store
from deckforge.referee.state import ThemeSummary
from deckforge.theme.loader import resolve_theme_path
from deckforge.theme.model import Theme

KEY_PREFIX = "theme-summary:"
BUNDLED_SUMMARIES = Path(__file__).with_name("bundled_summaries.json")


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _checker() -> str:
    """What checked a theme: deckforge's version and its schema's content."""
    from deckforge.theme.validation import SCHEMA_PATH

    return f"{__version__}:{_digest(SCHEMA_PATH)}"


def theme_files(theme: Theme) -> list[Path]:
    """Every file ``theme`` was read from: its own and those it extends."""
    files = {Path(position.file).resolve() for position in theme.positions.values()}
    if theme.path is not None:
        files.add(Path(theme.path).resolve())
    return sorted(files)


def summary_row(theme: Theme) -> ThemeSummary:
    """What a list of decks shows of ``theme`` (without its name, which the list gives)."""
    players = theme.players
    return {
        "title": theme.title,
        "language": theme.language,
        "players": list(players.counts),
        "teams": players.teams,
        "first": players.first,
    }


class ThemeSummaries:
    """Summary rows by theme reference, kept in memory and in the store."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, Any]] = {}  # ref -> {"files", "checker", "row"}
        self._bundled: dict[str, dict[str, Any]] = {}  # shipped with deckforge
        self._read = False
        self._lock = threading.Lock()
        self._checker: str | None = None

    def row(self, conn: sqlite3.Connection, ref: str, load: Callable[[str], Theme]) -> ThemeSummary:
        """The summary of the theme ``ref``; ``load(ref)`` when none is kept for its files
        (its errors propagate: a theme that does not load has no summary)."""
        with self._lock:
            if not self._read:
                self._bundled = _bundled()
                self._rows.update(_stored(conn))
                self._read = True
            if self._checker is None:
                self._checker = _checker()
            candidates = (self._rows.get(ref), self._bundled.get(ref))
        for kept in candidates:
            if kept is not None and self._current(ref, kept):
                row: ThemeSummary = kept["row"]
                return row
        theme = load(ref)
        files = {str(path): _digest(path) for path in theme_files(theme)}
        fresh = summary_row(theme)
        entry: dict[str, Any] = {"files": files, "checker": self._checker, "row": fresh}
        with self._lock:
            self._rows[ref] = entry
        _store(conn, ref, entry)
        return fresh

    def _current(self, ref: str, kept: dict[str, Any]) -> bool:
        if kept.get("checker") != self._checker:
            return False
        files: dict[str, str] = kept.get("files") or {}
        try:
            own = str(resolve_theme_path(ref).resolve())
        except Exception:
            return False
        if own not in files:
            return False
        return all(_digest(Path(name)) == digest for name, digest in files.items())


def _bundled() -> dict[str, dict[str, Any]]:
    """The bundled themes' entries shipped in ``bundled_summaries.json`` (its files named
    relative to the bundled themes' folder), as the store keeps entries."""
    try:
        shipped = json.loads(BUNDLED_SUMMARIES.read_text("utf-8"))
        folder = bundled_folder("themes").resolve()
        return {
            ref: {
                "files": {str(folder / name): digest for name, digest in entry["files"].items()},
                "checker": shipped["checker"],
                "row": entry["row"],
            }
            for ref, entry in shipped["themes"].items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}  # no file, or not ours: every bundled theme is loaded and checked


def bundled_document() -> str:
    """The text of ``bundled_summaries.json`` for the bundled themes as they are now: each
    is loaded and checked (an invalid one raises ThemeError, and no file is written)."""
    from deckforge.theme.loader import bundled_theme_names, load_theme

    folder = bundled_folder("themes").resolve()
    themes: dict[str, Any] = {}
    for name in bundled_theme_names():
        theme = load_theme(name)
        themes[name] = {
            "files": {
                path.relative_to(folder).as_posix(): _digest(path) for path in theme_files(theme)
            },
            "row": summary_row(theme),
        }
    document = {"checker": _checker(), "themes": themes}
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _stored(conn: sqlite3.Connection) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    rows = conn.execute(
        "SELECT key, value FROM meta WHERE key >= ? AND key < ?",
        (KEY_PREFIX, KEY_PREFIX[:-1] + chr(ord(KEY_PREFIX[-1]) + 1)),
    ).fetchall()
    for key, value in rows:
        try:
            entry = json.loads(value)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("row"), dict):
            found[key[len(KEY_PREFIX) :]] = entry
    return found


def _store(conn: sqlite3.Connection, ref: str, entry: dict[str, Any]) -> None:
    """Keep ``entry``; a store that cannot be written only costs a load next time."""
    try:
        with store.write(conn) as writer:
            writer.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (KEY_PREFIX + ref, json.dumps(entry, ensure_ascii=False)),
            )
    except store.database_errors():
        pass
