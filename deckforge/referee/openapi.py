"""The OpenAPI 3.0 document of the JSON API, served at ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from deckforge import __version__
from deckforge.referee.digital_openapi import with_digital

_INT = {"type": "integer"}
_NULLABLE_INT = {"type": "integer", "nullable": True}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    why = {
        400: "Malformed request (not a JSON object, a field of the wrong type or range).",
        401: "No leader token (send `Authorization: Bearer <token>`).",
        403: "Not this table's leader token.",
        404: "No such table.",
        409: "Stale or repeated submission: `version` is not the table's current version.",
        422: "Refused: the rules' code (e.g. `no-hint-tokens`) and the reason in English.",
    }
    return {str(s): _json(_ref("Error"), why[s]) for s in statuses}


def _card() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["suit", "rank"],
        "properties": {"suit": _INT, "rank": _INT},
    }


def _action(kind: str, fields: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["type", *required],
        "properties": {"type": {"type": "string", "enum": [kind]}, **fields},
    }


SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            }
        },
    },
    "Card": _card(),
    "Action": {
        "description": (
            "An action as the engine writes it. With printed cards, `card` names the card "
            "played or discarded (`slot` is ignored); `colour` indexes the state's `colours`; "
            "`touched` is how many cards the receiver showed (optional)."
        ),
        "oneOf": [
            _action("play", {"card": _ref("Card"), "slot": _NULLABLE_INT}, ["card"]),
            _action("discard", {"card": _ref("Card"), "slot": _NULLABLE_INT}, ["card"]),
            _action(
                "colour-hint",
                {"target": _INT, "colour": _INT, "touched": _NULLABLE_INT},
                ["target", "colour"],
            ),
            _action(
                "rank-hint",
                {"target": _INT, "rank": _INT, "touched": _NULLABLE_INT},
                ["target", "rank"],
            ),
        ],
    },
    "NewTable": {
        "type": "object",
        "required": ["players"],
        "properties": {
            "theme": {
                "type": "string",
                "description": "A bundled theme's name, a file of the "
                "referee's themes folders (`GET /api/themes`), or (from the referee's "
                "own computer only) any theme file path.",
            },
            "players": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Names of the players or teams, round the table.",
            },
            "first": {"type": "integer", "description": "Index in `players` of who starts."},
            "kind": {"type": "string", "enum": ["printed"]},
        },
    },
    "CreatedTable": {
        "type": "object",
        "required": ["id", "version", "leader_token", "urls", "state"],
        "properties": {
            "id": {"type": "string"},
            "version": _INT,
            "leader_token": {
                "type": "string",
                "description": "Keep it secret: it changes the table.",
            },
            "urls": {
                "type": "object",
                "required": ["projector", "leader", "state", "events", "export_json", "export_csv"],
                "properties": {
                    k: {"type": "string"}
                    for k in ("projector", "leader", "state", "events", "export_json", "export_csv")
                },
            },
            "state": _ref("State"),
        },
    },
    "State": {
        "description": "What everybody in the room may see (no card in any hand).",
        "type": "object",
        "required": [
            "table",
            "kind",
            "version",
            "game",
            "players",
            "current_player",
            "turn",
            "hint_tokens",
            "error_tokens",
            "suits",
            "colours",
            "deck_left",
            "discards",
            "is_over",
            "score",
            "max_score",
        ],
        "properties": {
            "table": {"type": "string"},
            "kind": {"type": "string", "enum": ["printed", "digital"]},
            "version": _INT,
            "game": _INT,
            "theme": {"type": "object"},
            "players": {"type": "array", "items": {"type": "string"}},
            "current_player": _INT,
            "turn": _INT,
            "hint_tokens": {"type": "object"},
            "error_tokens": {"type": "object"},
            "suits": {"type": "array", "items": {"type": "object"}},
            "colours": {
                "type": "array",
                "items": _INT,
                "description": "Suit index of each clue colour, in hint order.",
            },
            "ranks": {"type": "array", "items": _INT},
            "deck_left": _INT,
            "discards": {"type": "array", "items": _ref("Card")},
            "final_turns_left": _NULLABLE_INT,
            "is_over": {"type": "boolean"},
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
    },
    "Versioned": {
        "type": "object",
        "required": ["version"],
        "properties": {"version": _INT},
    },
    "PostAction": {
        "type": "object",
        "required": ["version", "action"],
        "properties": {"version": _INT, "action": _ref("Action")},
    },
    "Undo": {
        "type": "object",
        "required": ["version"],
        "properties": {"version": _INT, "steps": {"type": "integer", "minimum": 1, "default": 1}},
    },
}

_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
_LEADER: list[dict[str, list[str]]] = [{"leaderToken": []}]


def _body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(schema)}}}


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    state = _json(_ref("State"), "The table's public state.")
    return with_digital(
        {
            "openapi": "3.0.3",
            "info": {
                "title": "deckforge referee",
                "version": __version__,
                "description": (
                    "Referee of a classroom cooperative card game. Every change carries the table "
                    "version it was made on; the action log is committed before the answer."
                ),
            },
            "paths": {
                "/api/themes": {
                    "get": {
                        "summary": "Bundled themes and those of the themes folders "
                        "(players allowed).",
                        "operationId": "listThemes",
                        "responses": {"200": _json({"type": "object"}, "Themes.")},
                    }
                },
                "/api/tables": {
                    "post": {
                        "summary": "Create a printed-card table.",
                        "operationId": "createTable",
                        "requestBody": _body("NewTable"),
                        "responses": {
                            "201": _json(_ref("CreatedTable"), "The new table."),
                            **_errors(400, 422),
                            "403": _json(
                                _ref("Error"),
                                "`theme-not-allowed`: a theme file "
                                "outside the referee's themes folders, named from "
                                "another computer.",
                            ),
                        },
                    }
                },
                "/api/tables/{table_id}": {
                    "get": {
                        "summary": "The public state, with its version.",
                        "operationId": "getState",
                        "parameters": [_TABLE_ID],
                        "responses": {"200": state, **_errors(404)},
                    }
                },
                "/api/tables/{table_id}/actions": {
                    "post": {
                        "summary": "Apply the current player's action.",
                        "operationId": "postAction",
                        "parameters": [_TABLE_ID],
                        "security": _LEADER,
                        "requestBody": _body("PostAction"),
                        "responses": {"200": state, **_errors(400, 401, 403, 404, 409, 422)},
                    }
                },
                "/api/tables/{table_id}/undo": {
                    "post": {
                        "summary": "Withdraw the last `steps` actions of the current game.",
                        "operationId": "undo",
                        "parameters": [_TABLE_ID],
                        "security": _LEADER,
                        "requestBody": _body("Undo"),
                        "responses": {"200": state, **_errors(400, 401, 403, 404, 409, 422)},
                    }
                },
                "/api/tables/{table_id}/games": {
                    "post": {
                        "summary": "Start a new game with the same players.",
                        "operationId": "newGame",
                        "parameters": [_TABLE_ID],
                        "security": _LEADER,
                        "requestBody": _body("Versioned"),
                        "responses": {"201": state, **_errors(400, 401, 403, 404, 409)},
                    }
                },
                "/api/tables/{table_id}/events": {
                    "get": {
                        "summary": "Server-Sent Events: `state` events carrying the public "
                        "state as JSON.",
                        "description": "Comment lines keep the stream open; it closes after a few "
                        "minutes and the browser reconnects.",
                        "operationId": "events",
                        "parameters": [_TABLE_ID],
                        "responses": {
                            "200": {
                                "description": "An event stream.",
                                "content": {"text/event-stream": {"schema": {"type": "string"}}},
                            },
                            **_errors(404),
                        },
                    }
                },
                "/api/tables/{table_id}/export.json": {
                    "get": {
                        "summary": "The table's log: every game's active actions and result.",
                        "operationId": "exportJson",
                        "parameters": [_TABLE_ID],
                        "responses": {"200": _json({"type": "object"}, "The log."), **_errors(404)},
                    }
                },
                "/api/tables/{table_id}/export.csv": {
                    "get": {
                        "summary": "One CSV line per finished game, for the score sheet.",
                        "description": "UTF-8 with a byte order mark; cells separated by ';' for "
                        "languages with a decimal comma (fr, de ...), ',' otherwise; "
                        'a cell that would start a formula is prefixed with "\'".',
                        "operationId": "exportCsv",
                        "parameters": [_TABLE_ID],
                        "responses": {
                            "200": {
                                "description": "CSV with a header line.",
                                "content": {"text/csv": {"schema": {"type": "string"}}},
                            },
                            **_errors(404),
                        },
                    }
                },
            },
            "components": {
                "schemas": SCHEMAS,
                "securitySchemes": {"leaderToken": {"type": "http", "scheme": "bearer"}},
            },
        }
    )
