"""The four actions a player can take, as small frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckforge.rules.cards import Card


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card: ``slot`` in the hand (0 = oldest) and/or the ``card`` itself."""

    slot: int | None = None
    card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play", "slot": self.slot, "card": _card_dict(self.card)}


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card: ``slot`` in the hand (0 = oldest) and/or the ``card`` itself."""

    slot: int | None = None
    card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": "discard", "slot": self.slot, "card": _card_dict(self.card)}


@dataclass(frozen=True, slots=True)
class ColourHint:
    """Name one clue colour to ``target``; ``colour`` indexes ``theme.clue_colours()``."""

    target: int
    colour: int
    touched: int | None = None  # printed cards: how many cards the receiver showed

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "colour-hint",
            "target": self.target,
            "colour": self.colour,
            "touched": self.touched,
        }


@dataclass(frozen=True, slots=True)
class RankHint:
    """Name one rank to ``target``."""

    target: int
    rank: int
    touched: int | None = None  # printed cards: how many cards the receiver showed

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "rank-hint",
            "target": self.target,
            "rank": self.rank,
            "touched": self.touched,
        }


Action = Play | Discard | ColourHint | RankHint


def _card_dict(card: Card | None) -> dict[str, int] | None:
    return None if card is None else card.to_dict()


def _int(data: dict[str, Any], key: str, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"action field {key!r} must be an integer, not {value!r}")
    return value


def _card(data: dict[str, Any]) -> Card | None:
    raw = data.get("card")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError(f"action field 'card' must be an object, not {raw!r}")
    suit, rank = _int(raw, "suit"), _int(raw, "rank")
    assert suit is not None and rank is not None
    return Card(suit, rank)


def action_from_dict(data: Any) -> Action:
    """Parse what ``Action.to_dict()`` wrote; raises ValueError on a malformed dict."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, not {data!r}")
    kind = data.get("type")
    if kind == "play":
        return Play(_int(data, "slot", optional=True), _card(data))
    if kind == "discard":
        return Discard(_int(data, "slot", optional=True), _card(data))
    if kind == "colour-hint":
        target, colour = _int(data, "target"), _int(data, "colour")
        assert target is not None and colour is not None
        return ColourHint(target, colour, _int(data, "touched", optional=True))
    if kind == "rank-hint":
        target, rank = _int(data, "target"), _int(data, "rank")
        assert target is not None and rank is not None
        return RankHint(target, rank, _int(data, "touched", optional=True))
    raise ValueError(f"unknown action type {kind!r} (play, discard, colour-hint, rank-hint)")
