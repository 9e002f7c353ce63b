"""The OpenAPI 3.0 document of the JSON API, served at ``/api/openapi.json``.

Every route is one :func:`_route` line of :func:`document`: path, method, operation id,
summary, who may call it, the request body, the answer and the refusals it can give.
"""

from __future__ import annotations

from typing import Any

from deckforge import __version__

_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_OBJECT = {"type": "object"}
_NULLABLE_INT = {"type": "integer", "nullable": True}

# Why each status is refused, for the leader's (printed-card) routes and for the seats' ones.
_WHY = {
    400: "Malformed request (not a JSON object, a field of the wrong type or range).",
    401: "No leader token (send `Authorization: Bearer <token>`).",
    403: "Not this table's leader token.",
    404: "No such table.",
    409: "Stale or repeated submission: `version` is not the table's current version.",
    422: "Refused: the rules' code (e.g. `no-hint-tokens`) and the reason in English.",
}
_SEAT_WHY = {
    **_WHY,
    401: "No secret (send `Authorization: Bearer <secret>`).",
    403: "Not this seat's secret (or, for records, a game still running).",
    404: "No such table, seat or game, or a table played with printed cards.",
    422: "Refused by the rules (`not-your-turn`, `no-hint-tokens` ...): code and reason.",
    423: "The leader has paused the table (`paused`).",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


def _object(properties: dict[str, Any], required: str = "", **extra: Any) -> dict[str, Any]:
    """An object schema; ``required`` names the required properties, separated by spaces."""
    return {"type": "object", "required": required.split(), "properties": properties, **extra}


def _content(schema: dict[str, Any], media: str = "application/json") -> dict[str, Any]:
    return {media: {"schema": schema}}


def _answer(schema: dict[str, Any], description: str, media: str = "application/json") -> Any:
    return {"description": description, "content": _content(schema, media)}


def _action(kind: str, fields: dict[str, Any], required: str) -> dict[str, Any]:
    return _object({"type": {"type": "string", "enum": [kind]}, **fields}, f"type {required}")


def _actions(slot: dict[str, Any], touched: dict[str, Any] | None, card: bool) -> list[Any]:
    """The four actions; the leader's name the card, a seat's only the slot."""
    cards = {"card": _ref("Card"), "slot": slot} if card else {"slot": slot}
    extra = {"touched": touched} if touched else {}
    return [
        _action("play", cards, "card" if card else "slot"),
        _action("discard", cards, "card" if card else "slot"),
        _action("colour-hint", {"target": _INT, "colour": _INT, **extra}, "target colour"),
        _action("rank-hint", {"target": _INT, "rank": _INT, **extra}, "target rank"),
    ]


_URLS = "projector leader state events export_json export_csv"
_STATE_REQUIRED = (
    "table kind version game players current_player turn hint_tokens error_tokens suits "
    "colours deck_left discards is_over score max_score"
)

SCHEMAS: dict[str, Any] = {
    "Error": _object({"error": _object({"code": _STR, "message": _STR}, "code message")}, "error"),
    "Card": _object({"suit": _INT, "rank": _INT}, "suit rank"),
    "Action": {
        "description": (
            "An action as the engine writes it. With printed cards, `card` names the card "
            "played or discarded (`slot` is ignored); `colour` indexes the state's `colours`; "
            "`touched` is how many cards the receiver showed (optional)."
        ),
        "oneOf": _actions(_NULLABLE_INT, _NULLABLE_INT, card=True),
    },
    "SeatAction": {
        "description": (
            "A seat's action. Plays and discards name a slot of the seat's hand (0: the oldest "
            "card), never the card: the seat does not know it. The engine works out which "
            "cards a hint touches."
        ),
        "oneOf": _actions(_INT, None, card=False),
    },
    "NewTable": _object(
        {
            "theme": {
                "type": "string",
                "description": "A bundled theme's name, a file of the referee's themes folders "
                "(`GET /api/themes`), or (from the referee's own computer only) any theme "
                "file path.",
            },
            "players": _array(_STR, description="Names of the players or teams, round the table."),
            "first": {"type": "integer", "description": "Index in `players` of who starts."},
            "kind": {"type": "string", "enum": ["printed", "digital"], "default": "printed"},
            "seed": {
                "type": "integer",
                "minimum": 0,
                "maximum": 2**53 - 1,
                "description": "Digital tables: the shuffle's seed (random if absent; recorded "
                "either way).",
            },
        },
        "players",
    ),
    "CreatedTable": _object(
        {
            "id": _STR,
            "version": _INT,
            "leader_token": {
                "type": "string",
                "description": "Keep it secret: it changes the table.",
            },
            "urls": _object({name: _STR for name in _URLS.split()}, _URLS),
            "state": _ref("State"),
            "seed": {"type": "integer", "description": "Digital tables: the recorded seed."},
            "seats": _array(
                _object({"seat": _INT, "name": _STR, "url": _STR}, "seat name url"),
                description="Digital tables: each seat's link, secret included.",
            ),
        },
        "id version leader_token urls state",
    ),
    "State": _object(
        {
            "table": _STR,
            "kind": {"type": "string", "enum": ["printed", "digital"]},
            "version": _INT,
            "game": _INT,
            "theme": _OBJECT,
            "players": _array(_STR),
            "current_player": _INT,
            "turn": _INT,
            "hint_tokens": _OBJECT,
            "error_tokens": _OBJECT,
            "suits": _array(_OBJECT),
            "colours": _array(_INT, description="Suit index of each clue colour, in hint order."),
            "ranks": _array(_INT),
            "deck_left": _INT,
            "discards": _array(_ref("Card")),
            "final_turns_left": _NULLABLE_INT,
            "is_over": _BOOL,
            "end": {
                "type": "string",
                "nullable": True,
                "enum": ["perfect", "deck", "strikeout", None],
            },
            "score": _NULLABLE_INT,
            "max_score": _INT,
            "max_reachable_score": _INT,
            "rating": {"type": "string", "nullable": True},
            "last": {"type": "object", "nullable": True},
        },
        _STATE_REQUIRED,
        description="What everybody in the room may see (no card in any hand).",
    ),
    "Versioned": _object({"version": _INT}, "version"),
    "PostAction": _object({"version": _INT, "action": _ref("Action")}, "version action"),
    "Undo": _object(
        {"version": _INT, "steps": {"type": "integer", "minimum": 1, "default": 1}}, "version"
    ),
    "PostSeatAction": _object({"version": _INT, "action": _ref("SeatAction")}, "version action"),
    "Pause": _object({"version": _INT, "paused": _BOOL}, "version paused"),
    "SeatView": _object(
        {
            "seat": _INT,
            "name": _STR,
            "version": _INT,
            "your_turn": _BOOL,
            "can_act": _BOOL,
            "paused": _BOOL,
            "hands": _array(_OBJECT),
            "state": _ref("State"),
        },
        "seat name version your_turn can_act paused hands state",
        description=(
            "What one seat may see: the public state, every other hand face up with the hints "
            "each card received, and its own hand as hint knowledge only (no card)."
        ),
    ),
    "HanabRecord": _object(
        {"players": _array(_STR), "deck": _array(_OBJECT), "actions": _array(_OBJECT)},
        "players deck actions",
        description="hanab.live's JSON export format: `deckforge replay` reads it.",
    ),
}

_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": _STR}
_SEAT = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
    "description": "The seat's number in the table's `players` (0 starts).",
}
_NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
    "description": "The game's number.",
}
_LEADER: list[dict[str, list[str]]] = [{"leaderToken": []}]
_SEAT_SECRET: list[dict[str, list[str]]] = [{"seatSecret": []}]


def _route(
    paths: dict[str, Any],
    method_path: str,
    operation: str,
    summary: str,
    answer: tuple[int, Any],
    errors: str = "",
    **more: Any,
) -> None:
    """Add one operation: ``more`` holds its parameters, security, body (a schema name)
    and description; ``errors`` the refused statuses, separated by spaces."""
    method, path = method_path.split(" ")
    why = _SEAT_WHY if more.pop("seat", False) else _WHY
    body = more.pop("body", None)
    if body:
        more["requestBody"] = {"required": True, "content": _content(_ref(body))}
    status, response = answer
    refusals = {code: _answer(_ref("Error"), why[int(code)]) for code in errors.split()}
    operation_object = {"summary": summary, "operationId": operation, **more}
    operation_object["responses"] = {str(status): response, **refusals}
    paths.setdefault(path, {})[method] = operation_object


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    paths: dict[str, Any] = {}
    state = _answer(_ref("State"), "The table's public state.")
    table = {"parameters": [_TABLE_ID]}
    leader = {**table, "security": _LEADER}
    seat = {"parameters": [_TABLE_ID, _SEAT], "security": _SEAT_SECRET, "seat": True}
    changes = "400 401 403 404 409"
    _route(
        paths,
        "get /api/themes",
        "listThemes",
        "Bundled themes and those of the themes folders (players allowed).",
        (200, _answer(_OBJECT, "Themes.")),
    )
    _route(
        paths,
        "post /api/tables",
        "createTable",
        "Create a printed-card table.",
        (201, _answer(_ref("CreatedTable"), "The new table.")),
        "400 422",
        body="NewTable",
    )
    paths["/api/tables"]["post"]["responses"]["403"] = _answer(
        _ref("Error"),
        "`theme-not-allowed`: a theme file outside the referee's themes folders, named from "
        "another computer.",
    )
    _route(
        paths,
        "get /api/tables/{table_id}",
        "getState",
        "The public state, with its version.",
        (200, state),
        "404",
        **table,
    )
    _route(
        paths,
        "post /api/tables/{table_id}/actions",
        "postAction",
        "Apply the current player's action.",
        (200, state),
        f"{changes} 422",
        body="PostAction",
        **leader,
    )
    _route(
        paths,
        "post /api/tables/{table_id}/undo",
        "undo",
        "Withdraw the last `steps` actions of the current game.",
        (200, state),
        f"{changes} 422",
        body="Undo",
        **leader,
    )
    _route(
        paths,
        "post /api/tables/{table_id}/games",
        "newGame",
        "Start a new game with the same players.",
        (201, state),
        changes,
        body="Versioned",
        **leader,
    )
    _route(
        paths,
        "get /api/tables/{table_id}/events",
        "events",
        "Server-Sent Events: `state` events carrying the public state as JSON.",
        (200, _answer(_STR, "An event stream.", "text/event-stream")),
        "404",
        description="Comment lines keep the stream open; it closes after a few minutes and "
        "the browser reconnects.",
        **table,
    )
    _route(
        paths,
        "get /api/tables/{table_id}/export.json",
        "exportJson",
        "The table's log: every game's active actions and result.",
        (200, _answer(_OBJECT, "The log.")),
        "404",
        **table,
    )
    _route(
        paths,
        "get /api/tables/{table_id}/export.csv",
        "exportCsv",
        "One CSV line per finished game, for the score sheet.",
        (200, _answer(_STR, "CSV with a header line.", "text/csv")),
        "404",
        description="UTF-8 with a byte order mark; cells separated by ';' for languages with a "
        "decimal comma (fr, de ...), ',' otherwise; a cell that would start a formula is "
        'prefixed with "\'".',
        **table,
    )
    _route(
        paths,
        "get /api/tables/{table_id}/seats/{seat}",
        "getSeat",
        "What this seat may see (digital tables).",
        (200, _answer(_ref("SeatView"), "The seat's view.")),
        "401 403 404",
        **seat,
    )
    _route(
        paths,
        "post /api/tables/{table_id}/seats/{seat}/actions",
        "postSeatAction",
        "The seat's action, on its turn (digital tables).",
        (200, _answer(_ref("SeatView"), "The seat's view after the action.")),
        f"{changes} 422 423",
        body="PostSeatAction",
        **seat,
    )
    _route(
        paths,
        "post /api/tables/{table_id}/pause",
        "pause",
        "Pause the seats or let them play again (digital tables; leader only).",
        (200, _answer(_ref("State"), "The public state, with `paused`.")),
        changes,
        body="Pause",
        **leader,
        seat=True,
    )
    _route(
        paths,
        "get /api/tables/{table_id}/games/{number}/hanab.json",
        "exportHanab",
        "A game as a hanab.live record (deck and actions).",
        (200, _answer(_ref("HanabRecord"), "The record.")),
        "401 403 404",
        description="Anybody once the game is over (or replaced by a new one); only the leader "
        "while it runs, since the deck names every card in every hand.",
        parameters=[_TABLE_ID, _NUMBER],
        security=[{}, {"leaderToken": []}],
        seat=True,
    )
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "deckforge referee",
            "version": __version__,
            "description": (
                "Referee of a classroom cooperative card game. Every change carries the table "
                "version it was made on; the action log is committed before the answer."
            ),
        },
        "paths": paths,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "leaderToken": {"type": "http", "scheme": "bearer"},
                "seatSecret": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The secret at the end of the seat's link.",
                },
            },
        },
    }
