"""Checks shared by the JSON API and the HTML forms: new tables, actions, versions.

Each refusal is a :class:`RefereeError` with a stable code (translated by the
pages from the catalogues) and a plain-English message (returned by the API).
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import orjson

from deckforge.referee.errors import RefereeError
from deckforge.rules import Action, Card, ColourHint, Discard, Play, RankHint, action_from_dict
from deckforge.theme.library import Deck, DeckRefused, ThemeLibrary
from deckforge.theme.loader import ThemeError
from deckforge.theme.model import Theme

MAX_NAME = 40
MAX_VERSION = 2**53  # JSON numbers stay exact below this
MAX_UNDO = 1000


@dataclass(frozen=True)
class NewTable:
    theme_ref: str
    deck: Deck  # the deck as its file is now: the table keeps it
    players: list[str]  # seat order, the starter first

    @property
    def theme(self) -> Theme:
        return self.deck.theme


def bad_field(name: str, message: str, **values: int) -> RefereeError:
    """The refusal of a malformed field (400 ``bad-field``)."""
    return RefereeError(400, "bad-field", message, {"field": name, **values})


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    """A whole number sent as JSON, from ``low`` to ``high``, else a 400 refusal."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        message = f"{name} must be a whole number from {low} to {high}"
        raise bad_field(name, message, low=low, high=high)
    return value


_DIGITS = re.compile(r"[0-9]{1,20}")


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


def new_table(
    library: ThemeLibrary, theme_name: Any, names: Any, first: Any, this_computer: bool = True
) -> NewTable:
    """Check a new table's theme, seats and starter; the seats come back starter first.

    A request from ``this_computer`` may name any theme file; others only the
    library's (:meth:`ThemeLibrary.find`).
    """
    if not isinstance(theme_name, str) or not theme_name.strip():
        raise bad_field("theme", "theme must be a theme's name or a theme file path")
    theme_name = theme_name.strip()
    try:
        ref = library.find(theme_name, this_computer)
        deck = library.deck(ref)
    except DeckRefused as refused:
        unknown = refused.code == "no-such-theme"
        status, code = (422, "bad-theme") if unknown else (403, refused.code)
        raise RefereeError(status, code, refused.message, {"theme": theme_name}) from None
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
    theme = deck.theme
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
    return NewTable(ref, deck, players[start:] + players[:start])


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
