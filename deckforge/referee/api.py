"""The JSON API, every ``/api`` route: tables, actions, undo, new games, the event stream
(served by :mod:`live` under uvicorn), exports, and a digital table's seats and pause.

Refusals are ``{"error": {"code": ..., "message": ...}}`` (see :mod:`errors`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from deckforge.referee import scores_csv, seats, store
from deckforge.referee.auth import bearer, leader_required, seat_required
from deckforge.referee.checks import (
    action_of,
    bad_field,
    json_object,
    new_table,
    steps_of,
    version_of,
    whole_number,
)
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.i18n import Translator
from deckforge.referee.idempotency import (
    REPLAYED,
    SHORTEST_CREATION_KEY,
    creation_token,
    replayed,
    request_key,
)
from deckforge.referee.notify import KEEPALIVE, event_text
from deckforge.referee.openapi import document
from deckforge.referee.security import token_matches
from deckforge.referee.service import (
    act_for_seat,
    digital_table,
    hanab_record,
    library,
    load_table,
    open_table,
    seat_links,
    service,
    theme_rows,
    this_computer,
)
from deckforge.referee.state import ExportedTable, GameSummary, ThemeList
from deckforge.referee.tables import MAX_SEED, LoadedTable, random_seed

bp = Blueprint("api", __name__, url_prefix="/api")


def _state(snap: LoadedTable, status: int = 200) -> Response:
    """The public state, as already serialized once for the event streams."""
    return Response(snap.state_json, status=status, mimetype="application/json")


def _body() -> dict[str, Any]:
    return json_object(request.get_data(), request.is_json)


def links(table_id: str, token: str | None = None) -> dict[str, str]:
    found = {
        "projector": url_for("pages.projector", table_id=table_id, _external=True),
        "state": url_for("api.state", table_id=table_id, _external=True),
        "events": url_for("api.events", table_id=table_id, _external=True),
        "export_json": url_for("api.export_json", table_id=table_id, _external=True),
        "export_csv": url_for("api.export_csv", table_id=table_id, _external=True),
    }
    if token is not None:
        found["leader"] = url_for("pages.leader", table_id=table_id, token=token, _external=True)
    return found


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())


@bp.get("/health")
def health() -> tuple[Response, int]:
    """For monitoring: 200 while the database answers a query, 503 when it does not (the
    reason stays in the referee's log, not in a public answer)."""
    try:
        get_db().execute("SELECT 1").fetchone()
    except store.database_errors():
        answer, status = {"status": "unavailable", "database": "unreachable"}, 503
    else:
        answer, status = {"status": "ok", "database": "ok"}, 200
    response = jsonify(answer)
    response.headers["Cache-Control"] = "no-store"
    return response, status


@bp.get("/themes")
def themes() -> Response:
    listed: ThemeList = {"themes": theme_rows()}
    return jsonify(listed)


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    data = _body()
    kind = data.get("kind", "printed")
    if kind not in ("printed", "digital"):
        raise RefereeError(422, "bad-kind", "kind must be printed or digital")
    seed = seed_of(data.get("seed")) if kind == "digital" else None
    checked = new_table(
        library(),
        data.get("theme", current_app.config["DEFAULT_THEME"]),
        data.get("players"),
        data.get("first"),
        this_computer(),
    )
    key = request_key(
        "new-table",
        SHORTEST_CREATION_KEY,
        table_kind=kind,
        theme=checked.theme_ref,
        players=checked.players,
        seed=None if data.get("seed") is None else seed,
    )
    again = False
    try:
        snap, token = open_table(checked, kind, seed, key)
    except store.AlreadyCreated as done:  # a retry: the table the first try made, today
        assert key is not None
        snap, token, again = load_table(done.table_id), creation_token(key), True
        first = store.get_game(get_db(), done.table_id, 1)
        seed = None if first is None else first.seed
    body = {
        "id": snap.table.id,
        "version": snap.version,
        "leader_token": token,
        "urls": links(snap.table.id, token),
        "state": snap.state,
    }
    if kind == "digital":
        body["seed"] = seed
        body["seats"] = seat_links(snap.table)
        if data.get("seed") is not None:
            body["seed_warning"] = TYPED_SEED
    response = jsonify(body)
    if again:
        response.headers[REPLAYED] = "true"
    return response, 201


@bp.get("/tables/<table_id>")
def state(table_id: str) -> Response:
    return _state(load_table(table_id))


def _once(change: Callable[[], Response], again: Callable[[], Response]) -> Response:
    """``change()``'s answer; for a retry of a change already recorded (its
    Idempotency-Key found), ``again()`` marked as replayed: same status, today's table."""
    try:
        return change()
    except store.AlreadyRecorded as done:
        return replayed(again(), done)


@bp.post("/tables/<table_id>/actions")
@leader_required
def act(table_id: str) -> Response:
    data = _body()
    version = version_of(data.get("version"))
    action = action_of(data.get("action"))
    key = request_key("action", version=version, action=action.to_dict())
    return _once(
        lambda: _state(service().act(get_db(), table_id, version, action, key)),
        lambda: _state(load_table(table_id)),
    )


@bp.post("/tables/<table_id>/undo")
@leader_required
def undo(table_id: str) -> Response:
    data = _body()
    version = version_of(data.get("version"))
    steps = steps_of(data.get("steps"))
    key = request_key("undo", version=version, steps=steps)

    def change() -> Response:
        try:
            return _state(service().undo(get_db(), table_id, version, steps, key))
        except store.NothingToUndo as problem:
            raise RefereeError(422, "nothing-to-undo", str(problem)) from None

    return _once(change, lambda: _state(load_table(table_id)))


@bp.post("/tables/<table_id>/games")
@leader_required
def next_game(table_id: str) -> Response:
    version = version_of(_body().get("version"))
    key = request_key("new-game", version=version)
    return _once(
        lambda: _state(service().new_game(get_db(), table_id, version, key=key), 201),
        lambda: _state(load_table(table_id), 201),
    )


@bp.get("/tables/<table_id>/events")
def events(table_id: str) -> Response:
    """Server-Sent Events: the public state now, then at each change; comments keep it open."""
    snap = load_table(table_id)
    board = service().board
    board.publish(table_id, snap.version, snap.state_json)
    keepalive = float(current_app.config["KEEPALIVE_SECONDS"])
    duration = float(current_app.config["STREAM_SECONDS"])

    def stream() -> Iterator[str]:
        seen = snap.version
        yield event_text(seen, snap.state_json, opening=True)
        end = time.monotonic() + duration
        while (left := end - time.monotonic()) > 0:
            latest = board.wait(table_id, seen, min(keepalive, left))
            if board.closed:
                return
            if latest is None:
                yield KEEPALIVE
                continue
            seen, state_json = latest
            yield event_text(seen, state_json)

    return Response(
        stream(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def game_summaries(table: store.TableRecord) -> list[GameSummary]:
    conn = get_db()
    summaries: list[GameSummary] = []
    for record in store.list_games(conn, table.id):
        entries = store.active_actions(conn, table.id, record.number)
        game = service().game_of(conn, table, record.number)
        summaries.append(
            {
                "number": record.number,
                "started_at": record.started_at,
                "finished_at": entries[-1].created_at if game.is_over and entries else None,
                "actions": [
                    {"seq": e.seq, "at": e.created_at, "action": e.payload} for e in entries
                ],
                "turns": game.turn,
                "over": game.is_over,
                "end": game.end.value if game.end is not None else None,
                "score": game.score,
                "rating": game.rating,
            }
        )
    return summaries


@bp.get("/tables/<table_id>/export.json")
def export_json(table_id: str) -> Response:
    snap = load_table(table_id)
    table = snap.table
    body: ExportedTable = {
        "table": table.id,
        "kind": table.kind,
        "theme": snap.theme.id,
        "theme_title": snap.theme.title,
        "players": list(table.players),
        "created_at": table.created_at,
        "version": table.version,
        "games": game_summaries(table),
    }
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'attachment; filename="table-{table.id}.json"'
    return response


@bp.get("/tables/<table_id>/actions.json")
def export_actions(table_id: str) -> Response:
    """Each game's active actions as the store keeps them: needs no deck, so it answers for
    an older table whose deck changed since its game began too. The deal of a digital game
    (``seed``, which names every card in every hand) is given to the leader only (Bearer
    token), and only once the game can no longer go on: null otherwise."""
    conn = get_db()
    table = store.get_table(conn, table_id)
    if table is None:
        raise RefereeError(404, "no-such-table", f"there is no table {table_id!r}")
    final = 0  # the games whose deal may be given: up to this number
    if token_matches(bearer(), table.leader_token_hash):
        final = table.game - 1
        if table.kind == "digital" and table.deck is not None:
            final += 1 if load_table(table_id).state["is_over"] else 0
    games = [
        {
            "number": record.number,
            "started_at": record.started_at,
            "seed": record.seed if record.number <= final else None,
            "actions": [
                {"seq": e.seq, "at": e.created_at, "action": e.payload}
                for e in store.active_actions(conn, table.id, record.number)
            ],
        }
        for record in store.list_games(conn, table.id)
    ]
    body = {
        "table": table.id,
        "kind": table.kind,
        "theme_file": table.theme_ref,
        "deck": table.deck,
        "players": list(table.players),
        "created_at": table.created_at,
        "version": table.version,
        "games": games,
    }
    response = jsonify(body)
    name = f"table-{table.id}-actions.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.get("/tables/<table_id>/export.csv")
def export_csv(table_id: str) -> Response:
    """One line per finished game, for the score sheet (see :mod:`scores_csv`)."""
    snap = load_table(table_id)
    t = Translator.for_theme(snap.theme)  # the deck's language, as on the score sheet
    fixed = {
        "table": snap.table.id,
        "theme": snap.theme.id,
        "players": " / ".join(snap.table.players),
        "max_score": snap.theme.max_score,
    }
    rows = [
        [
            {
                **game,
                **fixed,
                "game": game["number"],
                "started_at": scores_csv.local_time(game["started_at"]),
                "finished_at": scores_csv.local_time(game["finished_at"]),
                "end": t(f"csv.end.{game['end']}").unescape(),
            }[column]
            for column in scores_csv.COLUMNS
        ]
        for game in game_summaries(snap.table)
        if game["over"]
    ]
    text = scores_csv.score_lines(snap.theme.language, rows)
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="table-{table_id}.csv"'
    return response


TYPED_SEED = (
    "this deal number was chosen, not drawn: anyone who knows or guesses it (a seat's"
    " script too) can deal the same deck and read every hand; leave seed out to draw"
    " 64 random bits"
)


def seed_of(value: Any) -> int:
    """A new digital table's seed: the one given, or a random one (recorded either way)."""
    return random_seed() if value is None else whole_number(value, "seed", 0, MAX_SEED)


# ---- a digital table: seats, pause, hanab.live records --------------------------------


@bp.get("/tables/<table_id>/seats/<int:seat>")
@seat_required
def seat_state(table_id: str, seat: int) -> Response:
    response = jsonify(seats.seat_view(digital_table(table_id), seat))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/tables/<table_id>/seats/<int:seat>/actions")
@seat_required
def seat_post_action(table_id: str, seat: int) -> Response:
    digital = digital_table(table_id)
    data = _body()
    version = version_of(data.get("version"))
    action = action_of(data.get("action"), seat=True)
    key = request_key("seat-action", seat=seat, version=version, action=action.to_dict())

    def change() -> Response:
        act_for_seat(digital, seat, version, action, key)
        return jsonify(seats.seat_view(load_table(table_id), seat))

    return _once(change, lambda: jsonify(seats.seat_view(load_table(table_id), seat)))


@bp.delete("/tables/<table_id>")
@leader_required
def delete_table(table_id: str) -> Response:
    """The leader deletes the table now: its players' names, games, log and keys (the deck
    stays; other tables may play it). Streams still open end at their time limit."""
    if not service().delete(get_db(), table_id):
        raise RefereeError(404, "not-found", f"no table {table_id}")
    return Response(status=204)


@bp.post("/tables/<table_id>/pause")
@leader_required
def api_pause(table_id: str) -> Response:
    digital_table(table_id)  # a printed table has nothing to pause (404)
    data = _body()
    paused = data.get("paused")
    if not isinstance(paused, bool):
        raise bad_field("paused", "paused must be true or false")
    version = version_of(data.get("version"))
    key = request_key("pause", version=version, paused=paused)
    return _once(
        lambda: jsonify(service().pause(get_db(), table_id, version, paused, key).state),
        lambda: jsonify(load_table(table_id).state),
    )


@bp.get("/tables/<table_id>/games/<int:number>/hanab.json")
@leader_required
def export_hanab(table_id: str, number: int) -> Response:
    """A game as a hanab.live record (deck and actions), since the deck names every card
    in every hand: for the leader (Bearer token) only, and only once the game can no
    longer go on (409 ``game-running`` before)."""
    return hanab_record(digital_table(table_id), number)
