"""Refusals, one way for the whole referee.

Under ``/api`` every refusal is ``{"error": {"code": ..., "message": ...}}``:
400 malformed, 401 no token, 403 wrong token, 404 no such thing, 409 stale
version or a deck that changed since an older table's game began (``deck-changed``),
422 refused by the rules (the engine's code and message), 423 paused,
429 too many streams (``live.py``), 503 the database cannot be reached now (a hosted
referee reconnects by itself; ``Retry-After``). A page gets the error page in its language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, g, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException

from deckforge.referee import store
from deckforge.referee.i18n import Translator, page_language
from deckforge.rules import IllegalAction

# the code of a plain HTTP refusal under /api
_HTTP_CODES = {
    400: "bad-request",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
    500: "internal-error",
}


@dataclass
class RefereeError(Exception):
    """A request the referee refuses: ``status`` for HTTP, ``code`` stable, ``message`` English."""

    status: int
    code: str
    message: str
    values: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


def json_error(status: int, code: str, message: str) -> tuple[Response, int]:
    return jsonify({"error": {"code": code, "message": message}}), status


def _page(status: int, key: str) -> tuple[str, int]:
    if g.get("t") is None:
        g.t = Translator(page_language())
    return render_template("error.html", status=status, key=key), status


def _api() -> bool:
    return request.path.startswith("/api/")


def refused(problem: RefereeError) -> Any:
    if _api():
        return json_error(problem.status, problem.code, problem.message)
    status = 403 if problem.status == 401 else problem.status  # a page's secret is in its URL
    if g.get("t") is None:
        g.t = Translator(page_language())
    said = f"error.code.{problem.code}"  # e.g. a deleted table, said in so many words
    return _page(status, said if g.t.has(said) else f"error.http.{status}")


def illegal(problem: IllegalAction) -> Any:
    if not _api():
        return _page(422, "error.http.422")
    return json_error(422, problem.code, problem.message)


def stale(problem: store.StaleVersion) -> Any:
    if not _api():
        return _page(409, "error.http.409")
    message = f"the table is at version {problem.current}; this was made on version "
    return json_error(409, "stale-version", f"{message}{problem.expected}")


def final_game(problem: store.FinalGame) -> Any:
    return refused(RefereeError(422, "game-final", str(problem)))


def key_reused(problem: store.KeyReused) -> Any:
    return refused(RefereeError(422, "idempotency-key-reused", str(problem), {"key": problem.key}))


def deck_lost(problem: store.DeckLost) -> Any:
    """An older table whose deck changed since its game began: its log can be exported,
    its game can no longer be shown (a page says so in its language)."""
    if _api():
        return json_error(
            409,
            "deck-changed",
            f"{problem}: the referee had not kept the deck the game started with, so it can"
            f" no longer be replayed; its actions: /api/tables/{problem.table_id}/actions.json",
        )
    if g.get("t") is None:
        g.t = Translator(page_language())
    page = render_template("deck_changed.html", status=409, table_id=problem.table_id)
    return page, 409


def database_away(_problem: Exception) -> Any:
    """The database cannot be reached (PostgreSQL restarting, the network): 503, to retry."""
    answer: tuple[Any, int]
    if _api():
        answer = json_error(
            503,
            "database-unavailable",
            "the referee cannot reach its database now and reconnects by itself:"
            " send the same request again in a moment (with its Idempotency-Key)",
        )
    else:
        answer = _page(503, "error.http.503")
    response = make_response(answer)
    response.headers["Retry-After"] = "2"
    return response


def http_error(problem: HTTPException) -> Any:
    status = problem.code or 500
    if _api():
        return json_error(status, _HTTP_CODES.get(status, "error"), problem.description or "")
    key = "error.csrf" if problem.description == "csrf" else f"error.http.{status}"
    return _page(status, key)


def register(app: Flask) -> None:
    app.register_error_handler(RefereeError, refused)
    app.register_error_handler(IllegalAction, illegal)
    app.register_error_handler(store.StaleVersion, stale)
    app.register_error_handler(store.KeyReused, key_reused)
    app.register_error_handler(store.FinalGame, final_game)
    app.register_error_handler(store.DeckLost, deck_lost)
    for status in _HTTP_CODES:
        app.register_error_handler(status, http_error)
    if store.is_postgres(app.config["DATABASE"]):
        import psycopg

        # a lost connection or a pool that waited in vain (PoolTimeout is one of these)
        app.register_error_handler(psycopg.OperationalError, database_away)
