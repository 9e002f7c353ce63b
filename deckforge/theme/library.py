"""The one theme library of the referee, the studio and the print page.

- **Listing**: the bundled themes, then the theme files of the ``--themes``
  folders (subfolders included, symbolic links that lead out left out).
- **Access**: anybody may name those; any other file only a request from this
  computer under a loopback host name (:func:`from_this_computer`). A refusal
  never reads the disk, so it does not tell a foreign page which files exist.
- **A hosted referee's library** (:class:`DatabaseDecks`, given by the referee): the
  decks saved in its database, named ``db:<name>``, offered to anybody after the
  bundled ones; their resolved texts come from the database, never from a file.
- **One cache**, by content: :meth:`ThemeLibrary.deck` gives the theme as its
  files say *now* (a saved edit is seen at once, no restart), and the deck's
  resolved text with its hash, which a referee table stores to keep its deck
  (:func:`resolved_text`); :meth:`ThemeLibrary.stored` rebuilds a theme from
  such a text, without reading any file.
"""

from __future__ import annotations

import hashlib
import ipaddress
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import orjson

from deckforge.theme.loader import (
    THEME_SUFFIXES,
    ThemeError,
    build_theme,
    bundled_theme_names,
    checked_document,
    read_theme_text,
    resolve_theme_path,
)
from deckforge.theme.model import Theme

LOCAL_NAMES = ("localhost", "localhost.localdomain")
DB_PREFIX = "db:"  # the reference of a deck in a hosted referee's database
KEPT_FILES = 256  # decks read from files, kept while their files are unchanged
KEPT_TEXTS = 128  # decks rebuilt from stored texts, the latest used kept


def is_loopback(address: str | None) -> bool:
    """Whether ``address`` (an IP address, not a name) is this computer."""
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def loopback_host(host: str) -> bool:
    """Whether a Host header names this computer by a loopback name or address."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.endswith("]") else host
    if name.startswith("[") and "]" in name:
        name = name[1 : name.index("]")]
    elif host.startswith("[") and "]" in host:
        name = host[1 : host.index("]")]
    return name.lower() in LOCAL_NAMES or is_loopback(name)


def from_this_computer(remote_address: str | None, host: str) -> bool:
    """A request from this computer under a loopback host name: a page of another site
    that reaches 127.0.0.1 through a name of its own (DNS rebinding) is not."""
    return is_loopback(remote_address) and loopback_host(host)


class DeckRefused(Exception):
    """A request named a deck it may not use, or none; ``code`` says which."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _canonical(value: Any) -> Any:
    """``value`` with every mapping key as text (YAML ranks and player counts are numbers)."""
    if isinstance(value, dict):
        return {str(key): _canonical(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_canonical(item) for item in value]
    return value


def resolved_text(data: dict[str, Any]) -> str:
    """A theme's merged document (``extends`` and ``add_suits`` applied) as canonical JSON:
    the same deck always gives the same text, whatever its files' layout or comments."""
    return orjson.dumps(_canonical(data), option=orjson.OPT_SORT_KEYS).decode()


def deck_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def theme_from_text(text: str) -> Theme:
    """The theme a resolved text describes (checked when it was resolved; no file read)."""
    return build_theme(orjson.loads(text))


@dataclass(frozen=True)
class Deck:
    """A theme with its resolved text and that text's hash (its name in a store)."""

    theme: Theme
    text: str
    hash: str


def read_deck(path: Path) -> Deck:
    """Load and check the theme file ``path`` (and what it extends), as ``load_theme`` does."""
    data, values = checked_document(path)
    text = resolved_text(data)
    return Deck(build_theme(data, path=path, positions=values), text, deck_hash(text))


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _files(theme: Theme) -> tuple[Path, ...]:
    """Every file ``theme`` was read from: its own and those it extends."""
    files = {Path(position.file) for position in theme.positions.values()}
    if theme.path is not None:
        files.add(Path(theme.path))
    return tuple(sorted(files))


def _contents(files: tuple[Path, ...]) -> tuple[str | None, ...]:
    found: list[str | None] = []
    for path in files:
        try:
            found.append(read_theme_text(path))
        except ThemeError:
            found.append(None)
    return tuple(found)


class _Kept:
    """A small cache that forgets the entry used longest ago."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return None

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


class DatabaseDecks(Protocol):
    """The decks of a hosted referee's database, for the current request."""

    def entries(self) -> list[tuple[str, str]]:
        """(name, resolved text's hash) of every deck, in the order lists show them."""

    def resolved(self, name: str) -> tuple[str, str] | None:
        """(hash, resolved text) of the deck ``name`` now, or None if there is none."""


class ThemeLibrary:
    """The decks a referee, its studio and its print page offer, who may name which, and
    the decks as loaded (by content: an edited file is read again, an unchanged one not)."""

    def __init__(
        self, folders: tuple[Path, ...] = (), database: DatabaseDecks | None = None
    ) -> None:
        self.folders = folders
        self.database = database  # a hosted referee's decks (db:<name>), or None
        self._from_files = _Kept(KEPT_FILES)  # ref -> (its files, their texts, Deck)
        self._from_texts = _Kept(KEPT_TEXTS)  # hash -> Theme

    @property
    def roots(self) -> tuple[Path, ...]:
        return tuple(Path(folder).resolve() for folder in self.folders)

    # ---- listing ----------------------------------------------------------------------

    def folder_entries(self) -> list[tuple[int, str, Path]]:
        """(folder's index, name relative to it, resolved path) of each theme file in the
        folders, in order; a link that leads out of its folder is left out."""
        found: list[tuple[int, str, Path]] = []
        for index, root in enumerate(self.roots):
            if not root.is_dir():
                continue
            for path in sorted(root.rglob("*")):
                resolved = path.resolve()
                if path.suffix in THEME_SUFFIXES and _inside(resolved, root) and resolved.is_file():
                    found.append((index, path.relative_to(root).as_posix(), resolved))
        return found

    def folder_files(self) -> list[tuple[str, Path]]:
        """(name relative to its folder, resolved path) of each theme file in the folders."""
        return [(name, path) for _, name, path in self.folder_entries()]

    def choices(self) -> list[tuple[str, str]]:
        """(name, reference) of the decks offered to anybody: bundled, then the folders'."""
        bundled = [(name, name) for name in bundled_theme_names()]
        return (
            bundled
            + self.database_choices()
            + [(name, str(path)) for name, path in self.folder_files()]
        )

    def database_choices(self) -> list[tuple[str, str]]:
        """(reference, reference) of the decks in a hosted referee's database: ``db:<name>``."""
        if self.database is None:
            return []
        return [(DB_PREFIX + name, DB_PREFIX + name) for name, _ in self.database.entries()]

    # ---- access -----------------------------------------------------------------------

    def folder_theme(self, name: str) -> Path | None:
        """The theme file ``name`` names inside a folder (with or without suffix); paths are
        resolved (``..``, links) first, and only a file that stays inside is returned."""
        wanted = Path(name)
        candidates = (
            [wanted]
            if wanted.suffix in THEME_SUFFIXES
            else [wanted.with_name(wanted.name + suffix) for suffix in THEME_SUFFIXES]
        )
        for root in self.roots:
            for candidate in candidates:
                path = (root / candidate).resolve()
                if _inside(path, root) and path.suffix in THEME_SUFFIXES and path.is_file():
                    return path
        return None

    def find(self, name: str, this_computer: bool) -> str:
        """The reference of the deck ``name`` (a bundled name as is, a file as its absolute
        path), if the request may use it: raises :class:`DeckRefused` (``no-such-theme``
        for a plain name, ``theme-not-allowed`` for a path) or ThemeError (this computer).
        A hosted referee's library deck is named ``db:<name>``."""
        if self.database is not None and name.startswith(DB_PREFIX):
            if self.database.resolved(name.removeprefix(DB_PREFIX)) is None:
                raise DeckRefused("no-such-theme", f"{name}: no such deck in the library")
            return name
        if name in bundled_theme_names():
            return name
        found = self.folder_theme(name)
        if found is not None:
            return str(found)
        if this_computer:
            return str(resolve_theme_path(name).resolve())
        if Path(name).suffix not in THEME_SUFFIXES and not any(c in name for c in "/\\"):
            raise DeckRefused("no-such-theme", f"{name}: no such theme")
        raise DeckRefused(
            "theme-not-allowed",
            f"{name}: over the network, only the bundled themes and those in the referee's"
            " themes folders (deckforge referee --themes DIR) can be chosen",
        )

    # ---- decks ------------------------------------------------------------------------

    def deck(self, ref: str) -> Deck:
        """The deck ``ref`` as its files are now: read again when one of them changed (a
        library deck, ``db:<name>``: as the database has it now)."""
        if self.database is not None and ref.startswith(DB_PREFIX):
            return self._database_deck(ref)
        kept = self._from_files.get(ref)
        if kept is not None:
            files, texts, deck = kept
            if _contents(files) == texts:
                return deck  # type: ignore[no-any-return]
        deck = read_deck(resolve_theme_path(ref))
        files = _files(deck.theme)
        texts = _contents(files)
        if None not in texts:
            self._from_files.put(ref, (files, texts, deck))
        return deck

    def _database_deck(self, ref: str) -> Deck:
        assert self.database is not None
        found = self.database.resolved(ref.removeprefix(DB_PREFIX))
        if found is None:
            raise ThemeError([f"{ref}: no such deck in the library"])
        digest, text = found
        return Deck(self.stored(text, digest), text, digest)

    def load(self, ref: str) -> Theme:
        return self.deck(ref).theme

    def kept(self, digest: str) -> Theme | None:
        """The theme of the stored text with hash ``digest``, if it is in the cache."""
        found: Theme | None = self._from_texts.get(digest)
        return found

    def stored(self, text: str, digest: str | None = None) -> Theme:
        """The theme of a stored resolved text (the same object while it is kept): always
        built from the text, never from a file, so a table reads the same before and after
        a restart."""
        key = digest or deck_hash(text)
        found = self._from_texts.get(key)
        if found is None:
            found = theme_from_text(text)
            self._from_texts.put(key, found)
        theme: Theme = found
        return theme
