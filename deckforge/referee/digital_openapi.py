"""The digital table's part of the OpenAPI document: seats, the pause, hanab.live records."""

from __future__ import annotations

import copy
from typing import Any

_INT = {"type": "integer"}
_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
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


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_WHY = {
    400: "Malformed request (not a JSON object, a field of the wrong type or range).",
    401: "No secret (send `Authorization: Bearer <secret>`).",
    403: "Not this seat's secret (or, for records, a game still running).",
    404: "No such table, seat or game, or a table played with printed cards.",
    409: "Stale or repeated submission: `version` is not the table's current version.",
    422: "Refused by the rules (`not-your-turn`, `no-hint-tokens` ...): code and reason.",
    423: "The leader has paused the table (`paused`).",
}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(s): _json(_ref("Error"), _WHY[s]) for s in statuses}


def _seat_action(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["type", *fields],
        "properties": {"type": {"type": "string", "enum": [kind]}, **fields},
    }


SCHEMAS: dict[str, Any] = {
    "SeatAction": {
        "description": (
            "A seat's action. Plays and discards name a slot of the seat's hand (0: the oldest "
            "card), never the card: the seat does not know it. The engine works out which "
            "cards a hint touches."
        ),
        "oneOf": [
            _seat_action("play", {"slot": _INT}),
            _seat_action("discard", {"slot": _INT}),
            _seat_action("colour-hint", {"target": _INT, "colour": _INT}),
            _seat_action("rank-hint", {"target": _INT, "rank": _INT}),
        ],
    },
    "PostSeatAction": {
        "type": "object",
        "required": ["version", "action"],
        "properties": {"version": _INT, "action": _ref("SeatAction")},
    },
    "Pause": {
        "type": "object",
        "required": ["version", "paused"],
        "properties": {"version": _INT, "paused": {"type": "boolean"}},
    },
    "SeatView": {
        "description": (
            "What one seat may see: the public state, every other hand face up with the hints "
            "each card received, and its own hand as hint knowledge only (no card)."
        ),
        "type": "object",
        "required": ["seat", "name", "version", "your_turn", "can_act", "paused", "hands", "state"],
        "properties": {
            "seat": _INT,
            "name": {"type": "string"},
            "version": _INT,
            "your_turn": {"type": "boolean"},
            "can_act": {"type": "boolean"},
            "paused": {"type": "boolean"},
            "hands": {"type": "array", "items": {"type": "object"}},
            "state": _ref("State"),
        },
    },
    "HanabRecord": {
        "description": "hanab.live's JSON export format: `deckforge replay` reads it.",
        "type": "object",
        "required": ["players", "deck", "actions"],
        "properties": {
            "players": {"type": "array", "items": {"type": "string"}},
            "deck": {"type": "array", "items": {"type": "object"}},
            "actions": {"type": "array", "items": {"type": "object"}},
        },
    },
}


def _body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(schema)}}}


PATHS: dict[str, Any] = {
    "/api/tables/{table_id}/seats/{seat}": {
        "get": {
            "summary": "What this seat may see (digital tables).",
            "operationId": "getSeat",
            "parameters": [_TABLE_ID, _SEAT],
            "security": [{"seatSecret": []}],
            "responses": {
                "200": _json(_ref("SeatView"), "The seat's view."),
                **_errors(401, 403, 404),
            },
        }
    },
    "/api/tables/{table_id}/seats/{seat}/actions": {
        "post": {
            "summary": "The seat's action, on its turn (digital tables).",
            "operationId": "postSeatAction",
            "parameters": [_TABLE_ID, _SEAT],
            "security": [{"seatSecret": []}],
            "requestBody": _body("PostSeatAction"),
            "responses": {
                "200": _json(_ref("SeatView"), "The seat's view after the action."),
                **_errors(400, 401, 403, 404, 409, 422, 423),
            },
        }
    },
    "/api/tables/{table_id}/pause": {
        "post": {
            "summary": "Pause the seats or let them play again (digital tables; leader only).",
            "operationId": "pause",
            "parameters": [_TABLE_ID],
            "security": [{"leaderToken": []}],
            "requestBody": _body("Pause"),
            "responses": {
                "200": _json(_ref("State"), "The public state, with `paused`."),
                **_errors(400, 401, 403, 404, 409),
            },
        }
    },
    "/api/tables/{table_id}/games/{number}/hanab.json": {
        "get": {
            "summary": "A game as a hanab.live record (deck and actions).",
            "description": "Anybody once the game is over (or replaced by a new one); only the "
            "leader while it runs, since the deck names every card in every hand.",
            "operationId": "exportHanab",
            "parameters": [_TABLE_ID, _NUMBER],
            "security": [{}, {"leaderToken": []}],
            "responses": {
                "200": _json(_ref("HanabRecord"), "The record."),
                **_errors(401, 403, 404),
            },
        }
    },
}


def with_digital(document: dict[str, Any]) -> dict[str, Any]:
    """The document with the digital table's paths, schemas and seat secret added."""
    found = copy.deepcopy(document)
    found["paths"].update(copy.deepcopy(PATHS))
    components = found.setdefault("components", {})
    components.setdefault("schemas", {}).update(copy.deepcopy(SCHEMAS))
    components.setdefault("securitySchemes", {})["seatSecret"] = {
        "type": "http",
        "scheme": "bearer",
        "description": "The secret at the end of the seat's link.",
    }
    created = components["schemas"].get("CreatedTable", {}).get("properties", {})
    created["seed"] = {"type": "integer", "description": "Digital tables: the recorded seed."}
    created["seats"] = {
        "type": "array",
        "description": "Digital tables: each seat's link, secret included.",
        "items": {
            "type": "object",
            "required": ["seat", "name", "url"],
            "properties": {"seat": _INT, "name": {"type": "string"}, "url": {"type": "string"}},
        },
    }
    new_table = components["schemas"].get("NewTable", {}).get("properties", {})
    if "kind" in new_table:
        new_table["kind"] = {"type": "string", "enum": ["printed", "digital"], "default": "printed"}
        new_table["seed"] = {
            "type": "integer",
            "minimum": 0,
            "maximum": 2**53 - 1,
            "description": "Digital tables: the shuffle's seed (random if "
            "absent; recorded either way).",
        }
    return found
