"""Checks shared by the JSON API and the HTML forms: new tables, actions, versions.

Each refusal is a :class:`RefereeError` with a stable code (translated by the
pages from the catalogues) and a plain-English message (returned by the API).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from deckforge.referee.errors import RefereeError
from deckforge.referee.tables import ThemeCache, theme_reference
from deckforge.rules import Action, Card, ColourHint, Discard, Play, RankHint, action_from_dict
from deckforge.theme.loader import THEME_SUFFIXES, ThemeError, bundled_theme_names
from deckforge.theme.model import Theme

MAX_NAME = 40
MAX_VERSION = 2**53  # JSON numbers stay exact below this
MAX_UNDO = 1000


@dataclass(frozen=True)
class NewTable:
    theme_ref: str
    theme: Theme
    players: list[str]  # seat order, the starter first


def bad_field(name: str, message: str, **values: int) -> RefereeError:
    """The refusal of a malformed field (400 ``bad-field``)."""
    return RefereeError(400, "bad-field", message, {"field": name, **values})


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    """A whole number sent as JSON, from ``low`` to ``high``, else a 400 refusal."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        message = f"{name} must be a whole number from {low} to {high}"
        raise bad_field(name, message, low=low, high=high)
    return value


_DIGITS = re.compile(r"[0-9]{1,16}")


def form_number(raw: str | None, name: str, low: int, high: int, code: str = "bad-number") -> int:
    """A whole number sent by an HTML form: the ASCII digits 0-9 only (no ``²``, no
    other script's digits, no sign or underscore) and from ``low`` to ``high``."""
    text = (raw or "").strip()
    if not _DIGITS.fullmatch(text) or not low <= int(text) <= high:
        raise RefereeError(
            400,
            code,
            f"{name} must be a whole number from {low} to {high}, in the digits 0 to 9",
            {"field": name, "low": low, "high": high},
        )
    return int(text)


# explicit direction changes (embeddings, overrides, isolates): a name with them
# reads differently from what it is, and turns the text around it too
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# letters that draw nothing (Hangul fillers, the blank Braille pattern)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_UNSEEN = ("C", "Z", "M")  # controls and format characters, spaces, combining marks


def check_name(name: str) -> None:
    """Refuse a player's name with control or direction-changing characters, or with
    nothing in it that can be seen."""
    if any(char in _BIDI_CONTROLS for char in name):
        raise RefereeError(
            422,
            "bidi-name",
            "a player's name may not contain characters that turn the text's direction"
            " (U+202A to U+202E, U+2066 to U+2069)",
        )
    if any(unicodedata.category(char) == "Cc" for char in name) or not any(
        not unicodedata.category(char).startswith(_UNSEEN) and char not in _BLANK_LETTERS
        for char in name
    ):
        raise RefereeError(
            422, "invisible-name", "every player needs a name with characters that can be seen"
        )


def json_object(body: bytes, is_json: bool) -> dict[str, Any]:
    """A request's JSON object body (sent as ``application/json``), else a 400 refusal."""
    data = None
    if is_json:
        with suppress(orjson.JSONDecodeError):
            data = orjson.loads(body)
    if not isinstance(data, dict):
        raise RefereeError(400, "bad-json", "the request body must be a JSON object")
    return data


def version_of(value: Any) -> int:
    return whole_number(value, "version", 0, MAX_VERSION)


def steps_of(value: Any) -> int:
    return whole_number(1 if value is None else value, "steps", 1, MAX_UNDO)


@dataclass(frozen=True)
class ThemeAccess:
    """Which themes a request may name for a new table.

    Anybody: the bundled themes and the theme files inside ``folders`` (the
    referee's ``--themes`` folders, subfolders included). Any other theme file
    only when ``any_file`` (the request comes from the referee's own computer):
    otherwise a person on the classroom network could make the server read
    (and report errors about) any YAML file on its disk.
    """

    folders: tuple[Path, ...] = ()
    any_file: bool = False


def is_loopback(address: str | None) -> bool:
    """Whether a request's remote address is this computer."""
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def folder_theme(name: str, folders: tuple[Path, ...]) -> Path | None:
    """The theme file ``name`` names inside one of ``folders`` (with or without suffix).

    Paths are resolved (``..``, symbolic links) before anything is read, and
    only a file that stays inside its folder is returned.
    """
    for folder in folders:
        root = folder.resolve()
        wanted = Path(name)
        candidates = (
            [wanted]
            if wanted.suffix in THEME_SUFFIXES
            else [wanted.with_name(wanted.name + suffix) for suffix in THEME_SUFFIXES]
        )
        for candidate in candidates:
            path = (root / candidate).resolve()
            if _inside(path, root) and path.suffix in THEME_SUFFIXES and path.is_file():
                return path
    return None


def folder_themes(folders: tuple[Path, ...]) -> list[tuple[str, str]]:
    """(name, reference) of each theme file in ``folders``, named relative to its folder."""
    found: list[tuple[str, str]] = []
    for folder in folders:
        root = folder.resolve()
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            resolved = path.resolve()
            if path.suffix in THEME_SUFFIXES and _inside(resolved, root) and resolved.is_file():
                found.append((path.relative_to(root).as_posix(), str(resolved)))
    return found


def allowed_theme(theme_name: str, access: ThemeAccess) -> str:
    """The reference a table stores for ``theme_name``, if ``access`` lets it be used."""
    if theme_name in bundled_theme_names():
        return theme_name
    found = folder_theme(theme_name, access.folders)
    if found is not None:
        return str(found)
    if access.any_file:
        return theme_reference(theme_name)
    if Path(theme_name).suffix not in THEME_SUFFIXES and not any(c in theme_name for c in "/\\"):
        raise RefereeError(422, "bad-theme", f"{theme_name}: no such theme", {"theme": theme_name})
    raise RefereeError(
        403,
        "theme-not-allowed",
        f"{theme_name}: over the network, only the bundled themes and those in the referee's"
        " themes folders (deckforge referee --themes DIR) can be chosen",
        {"theme": theme_name},
    )


def new_table(
    themes: ThemeCache, theme_name: Any, names: Any, first: Any, access: ThemeAccess | None = None
) -> NewTable:
    """Check a new table's theme, seats and starter; the seats come back starter first.

    ``access`` says which theme files may be read (every file when omitted).
    """
    if not isinstance(theme_name, str) or not theme_name.strip():
        raise bad_field("theme", "theme must be a theme's name or a theme file path")
    theme_name = theme_name.strip()
    try:
        ref = allowed_theme(theme_name, access or ThemeAccess(any_file=True))
        theme = themes.get(ref)
    except ThemeError as problem:
        raise RefereeError(422, "bad-theme", problem.problems[0], {"theme": theme_name}) from None
    except (OSError, ValueError, KeyError, TypeError) as problem:
        raise RefereeError(
            422,
            "bad-theme",
            f"{theme_name}: cannot be read as a theme ({problem})",
            {"theme": theme_name},
        ) from None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise bad_field("players", "players must be a list of names")
    players = [" ".join(n.split()) for n in names]
    if any(not n or len(n) > MAX_NAME for n in players):
        raise RefereeError(
            422,
            "bad-name",
            f"every player needs a name of 1 to {MAX_NAME} characters",
            {"max": MAX_NAME},
        )
    for name in players:
        check_name(name)
    if len(set(players)) != len(players):
        raise RefereeError(422, "same-name", "two players have the same name")
    counts = theme.players.counts
    if len(players) not in counts:
        allowed = ", ".join(str(n) for n in counts)
        raise RefereeError(
            422,
            "player-count",
            f"{theme.title} is played by {allowed} players, not {len(players)}",
            {"allowed": allowed, "count": len(players)},
        )
    start = whole_number(0 if first is None else first, "first", 0, len(players) - 1)
    return NewTable(ref, theme, players[start:] + players[:start])


def action_of(data: Any, seat: bool = False) -> Action:
    """An action sent as JSON, as the engine writes it (``action.to_dict()``). A seat
    (``seat``) plays and discards by slot only: asking the referee about a card of one's
    own hand would reveal it."""
    try:
        action = action_from_dict(data)
    except ValueError as problem:
        raise RefereeError(400, "bad-action", str(problem)) from None
    for number in _numbers(action.to_dict()):
        if abs(number) > MAX_VERSION:
            raise RefereeError(400, "bad-action", f"action number {number} is out of range")
    if not seat:
        return action
    if isinstance(action, Play | Discard):
        if action.card is not None:
            raise RefereeError(
                400, "bad-action", "a seat plays or discards by slot, without naming the card"
            )
        if action.slot is None:
            raise RefereeError(400, "bad-action", "slot must be a whole number (0: oldest card)")
        return action
    if isinstance(action, ColourHint):
        return ColourHint(action.target, action.colour)  # the engine counts the cards
    assert isinstance(action, RankHint)
    return RankHint(action.target, action.rank)


def _numbers(value: Any) -> list[int]:
    """Every number in an action's dictionary, its card's included."""
    if isinstance(value, dict):
        return [number for item in value.values() for number in _numbers(item)]
    return [value] if isinstance(value, int) else []


def form_action(form: Any, seat: bool = False) -> Action:
    """An action from a page's form: ``type`` play or discard with ``card`` "suit:rank"
    (the leader) or ``slot`` (a seat), or ``hint`` with ``target``, ``hint``
    "colour:N" or "rank:N" and, from the leader, how many cards it ``touched``."""
    code = "pick-first" if seat else "bad-action"

    def number(raw: str | None, name: str) -> int:
        return form_number(raw, name, 0, 1000, code=code)

    kind = form.get("type", "")
    if kind in ("play", "discard"):
        cls = Play if kind == "play" else Discard
        if seat:
            return cls(number(form.get("slot"), "slot"))
        suit, _, rank = form.get("card", "").partition(":")
        return cls(card=Card(number(suit, "suit"), number(rank, "rank")))
    if kind == "hint":
        target = number(form.get("target"), "target")
        told = "" if seat else form.get("touched", "")
        touched = None if told in ("", "?") else number(told, "touched")
        what, _, value = form.get("hint", "").partition(":")
        if what == "colour":
            return ColourHint(target, number(value, "colour"), touched)
        if what == "rank":
            return RankHint(target, number(value, "rank"), touched)
    message = "choose a card or a hint first" if seat else "the form does not describe an action"
    raise RefereeError(400, code, message)


def theme_choices(folders: tuple[Path, ...] = ()) -> list[tuple[str, str]]:
    """(name, reference) of the themes offered: bundled ones, then those in ``folders``."""
    return [(name, name) for name in bundled_theme_names()] + folder_themes(folders)
