"""The leader's one-page record of a game (PDF), drawn by the print kit.

It sits in the web app because it needs both the referee (the table's log, the
leader's token) and the print kit, which never import each other. The record is
read from the log like the replay: the game's debrief, its players and the day it
started; the same game gives the same bytes.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request, url_for

from deckforge.referee import store
from deckforge.referee.auth import leader_required
from deckforge.referee.checks import form_number
from deckforge.referee.db import get_db
from deckforge.referee.replay import MAX_GAMES, recorded_game
from deckforge.referee.service import load_table
from deckforge.rules import Game
from deckforge.rules.debrief import debrief

bp = Blueprint("game_record", __name__)


@bp.get("/t/<table_id>/lead/<token>/record.pdf")
@leader_required
def record(table_id: str, token: str) -> Response:
    from deckforge.printing.game_record import GameRecord, record_pdf

    snap = load_table(table_id)
    number = snap.table.game
    if "game" in request.args:
        number = form_number(request.args.get("game"), "game", 1, MAX_GAMES, code="no-such-game")
    recorded = recorded_game(snap, number)
    game = Game.replay(recorded.theme, recorded.players, recorded.deck, recorded.actions)
    started = store.get_game(get_db(), table_id, number)
    record = GameRecord(
        table=table_id,
        game=number,
        date=(started.started_at if started else snap.table.created_at)[:10],
        players=snap.table.players,
        score=game.score,
        rating=game.rating,
        end=None if game.end is None else game.end.value,
        looked_back=debrief(recorded.theme, recorded.players, recorded.deck, recorded.actions),
    )
    response = Response(record_pdf(recorded.theme, record), mimetype="application/pdf")
    name = f"record-{table_id}-game-{number}.pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def record_link(table_id: str, token: str, game: int | None = None) -> str:
    """The record's address, for the leader's page (through the app's context)."""
    return url_for("game_record.record", table_id=table_id, token=token, game=game)


def context() -> dict[str, Any]:
    return {"record_link": record_link}
