"""The referee's public state, typed once: what everybody in the room may see.

``tables.py`` builds it (mypy checks that every key is there, with its type), the
API answers it as JSON and the streams send it, the pages render it, and
``openapi.py`` generates the document's schemas from these types with
:func:`schema_of`. The state is JSON-shaped and built once per version from parts
shared between versions, so its types are ``TypedDict``s: plain dicts at run time,
checked by mypy, and described to clients from the same source.

``legal`` says what the current player may do now, so no page re-derives a rule.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, TypedDict, Union

Kind = Literal["printed", "digital"]
EndName = Literal["perfect", "deck", "strikeout"]
EventKind = Literal["play", "discard", "colour-hint", "rank-hint"]
HintKind = Literal["colour", "rank"]


class CardId(TypedDict):
    """A card: ``suit`` indexes the state's ``suits``."""

    suit: int
    rank: int


class ThemeInfo(TypedDict):
    id: str
    title: str
    language: str


class TokenKind(TypedDict):
    """A kind of token as the theme names it."""

    count: int
    name: str
    plural: str
    colour: str


class HintTokens(TokenKind):
    available: int


class ErrorTokens(TokenKind):
    placed: int


class SuitInfo(TypedDict):
    """A suit as the theme defines it (the same for every game of the theme)."""

    index: int
    id: str
    name: str
    colour: str
    symbol: str
    direction: Literal["up", "down"]
    ranks: list[int]  # in playing order
    copies: list[int]  # copies of rank 1, 2, ...
    clue: Literal["own", "every-colour", "none"]


class Suit(SuitInfo):
    """A suit with its pile and the copies of each rank not yet seen."""

    top: int
    played: int
    stack: list[int]
    complete: bool
    copies_left: list[int]


class Stats(TypedDict):
    """What the game's log counts."""

    played: int
    misplayed: int
    discarded: int
    hints: int


class LogEntry(TypedDict):
    """What one action did, for the announcement on the projector."""

    type: EventKind
    player: int
    card: NotRequired[CardId | None]  # play, discard
    success: NotRequired[bool]  # play
    hint_token_gained: NotRequired[bool]  # play, discard
    title: NotRequired[str]  # play, discard: the card's text
    text: NotRequired[str]
    target: NotRequired[int]  # hints
    touched: NotRequired[int | None]  # hints: how many cards (None: not told)
    rank: NotRequired[int]  # rank hint
    suit: NotRequired[int | None]  # colour hint: the suit whose colour was named


class Legal(TypedDict):
    """What the current player may do now; a page offers only these (the engine decides)."""

    play: bool
    discard: bool  # false while every hint token is in, where the theme forbids it
    hint: bool  # a hint token is left
    hint_kinds: list[HintKind]  # "colour" only when the theme has colours to name
    empty_hints: bool  # whether a hint may touch no card


class State(TypedDict):
    """What everybody in the room may see (no card in any hand)."""

    table: str
    kind: Kind
    version: int
    game: int
    theme: ThemeInfo
    players: list[str]
    current_player: int
    turn: int
    hint_tokens: HintTokens
    error_tokens: ErrorTokens
    suits: list[Suit]
    colours: list[int]  # the suit of each clue colour, in hint order
    ranks: list[int]
    deck_left: int
    discards: list[CardId]
    final_turns_left: int | None
    is_over: bool
    end: EndName | None
    score: int | None
    max_score: int
    max_reachable_score: int
    rating: str | None
    stats: Stats
    legal: Legal
    last: LogEntry | None
    paused: NotRequired[bool]  # digital tables: the leader has paused the seats


# ---- what one seat of a digital table receives ------------------------------------------


class Knowledge(TypedDict):
    """What the hints told about one card (public: every hint is given aloud)."""

    touched: bool
    colour_hinted: int | None  # clue colour of the latest colour hint that touched it
    rank_hinted: int | None
    possible_suits: list[int]
    possible_ranks: list[int]
    suit_known: int | None
    rank_known: int | None
    suits_ruled_out: list[int]
    ranks_ruled_out: list[int]


class SeatCard(Knowledge):
    """A card of a hand; ``card`` only in another player's hand, never in one's own."""

    slot: int  # 0: the oldest card
    card: NotRequired[CardId]


class HintTouches(TypedDict):
    """For another player's hand: the slots each clue colour and each rank would touch."""

    colours: list[list[int]]
    ranks: dict[str, list[int]]  # by rank, "1" to the highest


class Hand(TypedDict):
    player: int
    name: str
    own: bool
    cards: list[SeatCard]
    touches: NotRequired[HintTouches]  # another player's hand


class LastHint(TypedDict):
    """The slots the latest hint touched, when the latest action was a hint."""

    target: int
    slots: list[int]


class SeatView(TypedDict):
    """What one seat may see: the public state, every other hand face up with the hints
    each card received, and its own hand as hint knowledge only (no card)."""

    seat: int
    name: str
    version: int
    last_hint: LastHint | None
    your_turn: bool
    can_act: bool
    paused: bool
    hands: list[Hand]
    state: State


# ---- the decks a table may use, and a table's export ----------------------------------


class ThemeSummary(TypedDict):
    """What a list of decks shows of one (without its name, which the list gives)."""

    title: str
    language: str
    players: list[int]  # the player counts it allows
    teams: bool
    first: str  # who starts, in the theme's words


class ThemeRow(ThemeSummary):
    name: str  # what a new table names: a bundled name or a themes folder's file


class ThemeList(TypedDict):
    themes: list[ThemeRow]


class LoggedAction(TypedDict):
    seq: int
    at: str  # when it was recorded (UTC, ISO 8601)
    action: dict[str, Any]  # the engine's action as it wrote it (see Action)


class GameSummary(TypedDict):
    """One game of a table: its active actions and its result."""

    number: int
    started_at: str
    finished_at: str | None
    actions: list[LoggedAction]
    turns: int
    over: bool
    end: EndName | None
    score: int | None
    rating: str | None


class ExportedTable(TypedDict):
    """A table's log (``export.json``): every game's active actions and result."""

    table: str
    kind: Kind
    theme: str
    theme_title: str
    players: list[str]
    created_at: str
    version: int
    games: list[GameSummary]


# ---- OpenAPI schemas from the types ---------------------------------------------------

_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    float: {"type": "number"},
}
_JSON_TYPES = {bool: "boolean", int: "integer", str: "string"}


def _is_typed_dict(value: Any) -> bool:
    return isinstance(value, type) and typing.is_typeddict(value)


def schema_of(annotation: Any, found: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI 3.0 schema of ``annotation``; each ``TypedDict`` met becomes a
    component of ``found`` (its name, its docstring, no key but its own) and a ``$ref``."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is Any:
        return {}
    if origin is NotRequired:
        return schema_of(args[0], found)
    if origin in (Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = schema_of(rest[0] if len(rest) == 1 else Union[tuple(rest)], found)  # noqa: UP007
        if "$ref" in inner:  # OpenAPI 3.0: nullable does not apply beside a $ref
            return {"nullable": True, "allOf": [inner]}
        if "enum" in inner:
            inner = {**inner, "enum": [*inner["enum"], None]}
        return {**inner, "nullable": True}
    if origin is Literal:
        return {"type": _JSON_TYPES[type(args[0])], "enum": list(args)}
    if origin is list:
        return {"type": "array", "items": schema_of(args[0], found)}
    if origin is dict and args[0] is str:
        return {"type": "object", "additionalProperties": schema_of(args[1], found)}
    if _is_typed_dict(annotation):
        name = annotation.__name__
        if name not in found:
            found[name] = {}  # a placeholder while its fields are described
            hints = typing.get_type_hints(annotation, include_extras=True)
            # NotRequired read from the hints: __required_keys__ misses it in a module with
            # postponed annotations before Python 3.12
            optional = {
                key for key, hint in hints.items() if typing.get_origin(hint) is NotRequired
            }
            required = sorted(set(hints) - optional) if annotation.__total__ else []
            described: dict[str, Any] = {
                "type": "object",
                "required": required,
                "properties": {key: schema_of(hint, found) for key, hint in hints.items()},
                "additionalProperties": False,
            }
            if annotation.__doc__:
                described["description"] = " ".join(annotation.__doc__.split())
            found[name] = described
        return {"$ref": f"#/components/schemas/{name}"}
    if annotation in _SCALARS:
        return dict(_SCALARS[annotation])
    raise TypeError(f"no OpenAPI schema for {annotation!r}")


def schemas(*roots: Any) -> dict[str, Any]:
    """The components describing ``roots`` and every type they use."""
    found: dict[str, Any] = {}
    for root in roots:
        schema_of(root, found)
    return found
