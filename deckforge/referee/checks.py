"""Checks shared by the JSON API and the HTML forms: new tables, actions, versions.

Each refusal is a :class:`RefereeError` with a stable code (translated by the
pages from the catalogues) and a plain-English message (returned by the API).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckforge.referee.tables import ThemeCache, theme_reference
from deckforge.rules import Action, Card, ColourHint, Discard, Play, RankHint, action_from_dict
from deckforge.theme.loader import ThemeError, bundled_theme_names
from deckforge.theme.model import Theme

MAX_NAME = 40
MAX_VERSION = 2**53  # JSON numbers stay exact below this
MAX_UNDO = 1000


@dataclass
class RefereeError(Exception):
    """A request the referee refuses: ``status`` for HTTP, ``code`` stable, ``message`` English."""

    status: int
    code: str
    message: str
    values: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class NewTable:
    theme_ref: str
    theme: Theme
    players: list[str]  # seat order, the starter first


def _integer(value: Any, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RefereeError(
            400, "bad-field", f"{name} must be a whole number from {low} to {high}",
            {"field": name, "low": low, "high": high},
        )
    return value


def version_of(value: Any) -> int:
    return _integer(value, "version", 0, MAX_VERSION)


def steps_of(value: Any) -> int:
    return _integer(1 if value is None else value, "steps", 1, MAX_UNDO)


def new_table(themes: ThemeCache, theme_name: Any, names: Any, first: Any) -> NewTable:
    """Check a new table's theme, seats and starter; the seats come back starter first."""
    if not isinstance(theme_name, str) or not theme_name.strip():
        raise RefereeError(400, "bad-field", "theme must be a theme's name or a theme file path",
                           {"field": "theme"})
    theme_name = theme_name.strip()
    try:
        ref = theme_reference(theme_name)
        theme = themes.get(ref)
    except ThemeError as problem:
        raise RefereeError(422, "bad-theme", problem.problems[0], {"theme": theme_name}) from None
    except (OSError, ValueError, KeyError, TypeError) as problem:
        raise RefereeError(
            422, "bad-theme", f"{theme_name}: cannot be read as a theme ({problem})",
            {"theme": theme_name},
        ) from None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RefereeError(
            400, "bad-field", "players must be a list of names", {"field": "players"}
        )
    players = [" ".join(n.split()) for n in names]
    if any(not n or len(n) > MAX_NAME for n in players):
        raise RefereeError(
            422, "bad-name", f"every player needs a name of 1 to {MAX_NAME} characters",
            {"max": MAX_NAME},
        )
    if len(set(players)) != len(players):
        raise RefereeError(422, "same-name", "two players have the same name")
    counts = theme.players.counts
    if len(players) not in counts:
        allowed = ", ".join(str(n) for n in counts)
        raise RefereeError(
            422, "player-count",
            f"{theme.title} is played by {allowed} players, not {len(players)}",
            {"allowed": allowed, "count": len(players)},
        )
    start = _integer(0 if first is None else first, "first", 0, len(players) - 1)
    return NewTable(ref, theme, players[start:] + players[:start])


def action_of(data: Any) -> Action:
    """An action as the engine writes it (``action.to_dict()``), checked for shape."""
    try:
        action = action_from_dict(data)
    except ValueError as problem:
        raise RefereeError(400, "bad-action", str(problem)) from None
    for number in _numbers(action):
        if abs(number) > MAX_VERSION:
            raise RefereeError(400, "bad-action", f"action number {number} is out of range")
    return action


def _numbers(action: Action) -> list[int]:
    if isinstance(action, Play | Discard):
        card = action.card
        found = [] if action.slot is None else [action.slot]
        return found + ([] if card is None else [card.suit, card.rank])
    if isinstance(action, ColourHint):
        return [action.target, action.colour] + ([] if action.touched is None else [action.touched])
    assert isinstance(action, RankHint)
    return [action.target, action.rank] + ([] if action.touched is None else [action.touched])


def form_action(form: Any) -> Action:
    """An action from the leader's form fields (``type``, ``card`` "s:r", ``target`` ...)."""
    kind = form.get("type", "")
    try:
        if kind in ("play", "discard"):
            suit, rank = (int(x) for x in form.get("card", "").split(":"))
            cls = Play if kind == "play" else Discard
            return cls(card=Card(suit, rank))
        if kind == "hint":
            target = int(form.get("target", ""))
            touched_raw = form.get("touched", "")
            touched = int(touched_raw) if touched_raw not in ("", "?") else None
            what, _, value = form.get("hint", "").partition(":")
            if what == "colour":
                return ColourHint(target, int(value), touched)
            if what == "rank":
                return RankHint(target, int(value), touched)
    except ValueError:
        pass
    raise RefereeError(400, "bad-action", "the form does not describe an action")


def theme_choices() -> list[str]:
    return bundled_theme_names()
