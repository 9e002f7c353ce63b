"""The OpenAPI 3.0 document of the JSON API, served at ``/api/openapi.json``.

Every route is one :func:`_route` call in :func:`_paths`: method, path, operation id and
statuses, then its summary, answer, request body and who may call it.
"""

from __future__ import annotations

import functools
from typing import Any

from deckforge import __version__
from deckforge.referee.state import ExportedTable, SeatView, State, ThemeList, schemas

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
    409: "Stale or repeated submission: `version` is not the table's current version"
    " (a retry that carries the first try's `Idempotency-Key` is answered as the first"
    " time instead).",
    422: "Refused: the rules' code (e.g. `no-hint-tokens`, `game-final`,"
    " `idempotency-key-reused`) and the reason in English.",
}
_SEAT_WHY = {
    **_WHY,
    401: "No secret (send `Authorization: Bearer <secret>`).",
    403: "Not this seat's secret (or, for records, a game still running).",
    404: "No such table, seat or game, or a table played with printed cards.",
    422: "Refused by the rules (`not-your-turn`, `no-hint-tokens` ...) or a reused"
    " `Idempotency-Key`: code and reason.",
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
    "Versioned": _object({"version": _INT}, "version"),
    "PostAction": _object({"version": _INT, "action": _ref("Action")}, "version action"),
    "Undo": _object(
        {"version": _INT, "steps": {"type": "integer", "minimum": 1, "default": 1}}, "version"
    ),
    "PostSeatAction": _object({"version": _INT, "action": _ref("SeatAction")}, "version action"),
    "Pause": _object({"version": _INT, "paused": _BOOL}, "version paused"),
    "HanabRecord": _object(
        {"players": _array(_STR), "deck": _array(_OBJECT), "actions": _array(_OBJECT)},
        "players deck actions",
        description="hanab.live's JSON export format: `deckforge replay` reads it.",
    ),
    "StateEvent": _object(
        {
            "event": {"type": "string", "enum": ["state"]},
            "id": {"type": "string", "description": "The table's version."},
            "retry": _INT,
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": _ref("State"),
            },
        },
        "event data",
        description="One event of the stream: the public state as JSON in `data`.",
    ),
    **schemas(State, SeatView, ThemeList, ExportedTable),  # generated from their types (state.py)
}


def _path_number(name: str, minimum: int, description: str) -> dict[str, Any]:
    schema = {"type": "integer", "minimum": minimum}
    return {
        "name": name,
        "in": "path",
        "required": True,
        "schema": schema,
        "description": description,
    }


_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": _STR}
_SEAT = _path_number("seat", 0, "The seat's number in the table's `players` (0 starts).")
_NUMBER = _path_number("number", 1, "The game's number.")
_TABLE = {"parameters": [_TABLE_ID]}
_LEADER = {**_TABLE, "security": [{"leaderToken": []}]}
_SEAT_ROUTE = {"parameters": [_TABLE_ID, _SEAT], "security": [{"seatSecret": []}], "seat": True}
_STATE = _answer(_ref("State"), "The table's public state.")
_CHANGES = "400 401 403 404 409"
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "A key of the client's own (1 to 128 printable ASCII characters, a new"
    " one per change). A retry with the same key and request is recorded once and answered"
    " as the first time, with the header `Idempotent-Replayed: true`; the same key with"
    " another request is refused (422 `idempotency-key-reused`).",
    "schema": {"type": "string", "minLength": 1, "maxLength": 128, "pattern": "^[!-~]+$"},
}


_CREATION_KEY = {
    **_IDEMPOTENCY_KEY,
    "description": "A key of the client's own for this new table (16 to 128 printable ASCII"
    " characters: a secret, such as a random UUID, since a retry with it gets the leader's"
    " token again). A retry with the same key and request (the first reply lost) makes no"
    " second table: it is answered with the table the first try made, as it is now, and"
    " the same `leader_token`, with the header `Idempotent-Replayed: true`; the same key"
    " with another request is refused (422 `idempotency-key-reused`).",
    "schema": {"type": "string", "minLength": 16, "maxLength": 128, "pattern": "^[!-~]+$"},
}


def _route(paths: dict[str, Any], spec: str, summary: str, answer: Any, **more: Any) -> None:
    """Add one operation. ``spec`` is "METHOD PATH OPERATION-ID STATUS REFUSALS...": the
    answer's status, then the refused ones; ``more`` holds its parameters, security, body
    (a schema name), description and ``seat`` (the refusals are said for seats)."""
    method, path, operation, status, *errors = spec.split()
    why = {**(_SEAT_WHY if more.pop("seat", False) else _WHY), **more.pop("why", {})}
    body = more.pop("body", None)
    if body:
        more["requestBody"] = {"required": True, "content": _content(_ref(body))}
    refusals = {code: _answer(_ref("Error"), why[int(code)]) for code in errors}
    if method == "post" and "409" in errors:  # a change: it may carry an idempotency key
        more["parameters"] = [*more.get("parameters", []), _IDEMPOTENCY_KEY]
    responses = {status: answer, **refusals}
    operation_object = {"summary": summary, "operationId": operation, **more}
    paths.setdefault(path, {})[method] = {**operation_object, "responses": responses}


def _paths() -> dict[str, Any]:
    """Every route of the API, one :func:`_route` each."""
    paths: dict[str, Any] = {}
    add = functools.partial(_route, paths)
    health = _object(
        {
            "status": {"type": "string", "enum": ["ok", "unavailable"]},
            "database": {"type": "string", "enum": ["ok", "unreachable"]},
        },
        "status database",
        additionalProperties=False,
    )
    add(
        "get /api/health health 200",
        "For monitoring: whether the referee's database answers (503 when it does not).",
        _answer(health, "The database answers."),
    )
    paths["/api/health"]["get"]["responses"]["503"] = _answer(health, "It does not answer.")
    themes = "Bundled themes and those of the themes folders (players allowed)."
    add("get /api/themes listThemes 200", themes, _answer(_ref("ThemeList"), "Themes."))
    created = _answer(_ref("CreatedTable"), "The new table.")
    add(
        "post /api/tables createTable 201 400 422",
        "Create a printed-card table.",
        created,
        body="NewTable",
        parameters=[_CREATION_KEY],
    )
    paths["/api/tables"]["post"]["responses"]["403"] = _answer(
        _ref("Error"),
        "`theme-not-allowed`: a theme file outside the referee's themes folders, named from "
        "another computer.",
    )
    table = "/api/tables/{table_id}"
    add(f"get {table} getState 200 404", "The public state, with its version.", _STATE, **_TABLE)
    act = "Apply the current player's action."
    add(
        f"post {table}/actions postAction 200 {_CHANGES} 422",
        act,
        _STATE,
        body="PostAction",
        **_LEADER,
    )
    add(
        f"delete {table} deleteTable 204 401 403 404",
        "Delete the table now: its players' names, games, log and keys (not its deck).",
        {"description": "Deleted."},
        **_LEADER,
    )
    undo = "Withdraw the last `steps` actions of the current game."
    add(f"post {table}/undo undo 200 {_CHANGES} 422", undo, _STATE, body="Undo", **_LEADER)
    again = "Start a new game with the same players."
    add(
        f"post {table}/games newGame 201 {_CHANGES} 422", again, _STATE, body="Versioned", **_LEADER
    )
    add(
        f"get {table}/events events 200 404",
        "Server-Sent Events: `state` events carrying the public state as JSON.",
        _answer(_ref("StateEvent"), "An event stream.", "text/event-stream"),
        description="Comment lines keep the stream open; it closes after a few minutes and "
        "the browser reconnects.",
        **_TABLE,
    )
    log = "The table's log: every game's active actions and result."
    exported = _answer(_ref("ExportedTable"), "The log.")
    add(f"get {table}/export.json exportJson 200 404", log, exported, **_TABLE)
    add(
        f"get {table}/actions.json exportActions 200 404",
        "Every game's active actions as the store keeps them, read without the deck: it "
        "answers for an older table whose deck changed since its game began (every other "
        "route of such a table answers 409 `deck-changed`).",
        _answer(_OBJECT, "The actions."),
        description="A digital game's deal (`seed`) is given to the leader only (Bearer"
        " token), once the game can no longer go on; it is null otherwise.",
        **_TABLE,
    )
    add(
        f"get {table}/export.csv exportCsv 200 404",
        "One CSV line per finished game, for the score sheet.",
        _answer(_STR, "CSV with a header line.", "text/csv"),
        description="UTF-8 with a byte order mark; cells separated by ';' for languages with a "
        "decimal comma (fr, de ...), ',' otherwise; a cell that would start a formula is "
        'prefixed with "\'".',
        **_TABLE,
    )
    view = _answer(_ref("SeatView"), "The seat's view.")
    seat = f"{table}/seats/{{seat}}"
    add(
        f"get {seat} getSeat 200 401 403 404",
        "What this seat may see (digital tables).",
        view,
        **_SEAT_ROUTE,
    )
    after = _answer(_ref("SeatView"), "The seat's view after the action.")
    act = "The seat's action, on its turn (digital tables)."
    spec = f"post {seat}/actions postSeatAction 200 {_CHANGES} 422 423"
    add(spec, act, after, body="PostSeatAction", **_SEAT_ROUTE)
    pause = "Pause the seats or let them play again (digital tables; leader only)."
    paused = _answer(_ref("State"), "The public state, with `paused`.")
    add(
        f"post {table}/pause pause 200 {_CHANGES} 422",
        pause,
        paused,
        body="Pause",
        **_LEADER,
        seat=True,
    )
    add(
        f"get {table}/games/{{number}}/hanab.json exportHanab 200 401 403 404 409",
        "A game as a hanab.live record (deck and actions).",
        _answer(_ref("HanabRecord"), "The record."),
        description="The leader only, since the deck names every card in every hand, and only"
        " once the game can no longer go on: over (a digital game that is over cannot be"
        " undone) or replaced by a new one; 409 `game-running` before.",
        parameters=[_TABLE_ID, _NUMBER],
        security=[{"leaderToken": []}],
        why={409: "`game-running`: the game can still go on, so its deck is not exported."},
    )
    return paths


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
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
        "paths": _paths(),
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
