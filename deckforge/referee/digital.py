"""The digital table's pages: each seat's page and form, the leader's pause form and
hanab.live link, and what the leader's page shows of the table (its API is in ``api.py``).

A seat is addressed by its number and the secret in its page's URL. Everything a
seat receives is built by :func:`deckforge.referee.seats.seat_view`: never its own cards.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, url_for

from deckforge.referee import seats, store
from deckforge.referee.auth import leader_required, seat_required
from deckforge.referee.checks import MAX_VERSION, form_action, form_number
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.i18n import Translator
from deckforge.referee.idempotency import replayed, request_key
from deckforge.referee.rendering import in_language, leader_change, no_store, qr_svg, refusal_reason
from deckforge.referee.seats import leader_hands
from deckforge.referee.security import check_csrf, token_matches
from deckforge.referee.service import (
    act_for_seat,
    digital_table,
    hanab_record,
    is_final,
    load_table,
    seat_links,
    service,
)
from deckforge.referee.tables import LoadedTable
from deckforge.rules import IllegalAction, hanab_live

bp = Blueprint("digital", __name__)


# ---- seat pages -------------------------------------------------------------------------


def _seat_page(
    digital: LoadedTable,
    seat: int,
    secret: str,
    *,
    problem: str | None = None,
    status: int = 200,
    fragment: bool = False,
) -> Response:
    """The seat's page, or (``fragment``) its content alone, fetched when the table changes."""
    body = render_template(
        "_seat_view.html" if fragment else "seat.html",
        v=seats.seat_view(digital, seat),
        s=digital.state,
        base=url_for("digital.seat_page", table_id=digital.table.id, seat=seat, secret=secret),
        problem=problem,
        poll=current_app.config["POLL_SECONDS"],
    )
    return no_store(body, status, digital.version if fragment else None)


@bp.get("/t/<table_id>/seat/<int:seat>/<secret>")
@seat_required
def seat_page(table_id: str, seat: int, secret: str) -> Response:
    return _seat_page(in_language(digital_table(table_id)), seat, secret)


@bp.get("/t/<table_id>/seat/<int:seat>/<secret>/view")
@seat_required
def seat_fragment(table_id: str, seat: int, secret: str) -> Response:
    return _seat_page(in_language(digital_table(table_id)), seat, secret, fragment=True)


@bp.post("/t/<table_id>/seat/<int:seat>/<secret>/act")
@seat_required
def seat_act(table_id: str, seat: int, secret: str) -> Any:
    digital = in_language(digital_table(table_id))
    check_csrf()
    t: Translator = g.t
    done = url_for("digital.seat_page", table_id=table_id, seat=seat, secret=secret)
    try:
        version = form_number(request.form.get("version"), "version", 0, MAX_VERSION)
        action = form_action(request.form, seat=True)
        key = request_key("seat-action", seat=seat, version=version, action=action.to_dict())
        act_for_seat(digital, seat, version, action, key)
    except store.AlreadyRecorded as recorded:  # a retry: answered as the first time
        return replayed(redirect(done, 303), recorded)
    except store.StaleVersion:
        return _seat_page(load_table(table_id), seat, secret, problem=t("seat.stale"), status=409)
    except (IllegalAction, RefereeError, store.KeyReused) as refusal:
        reason, status = refusal_reason(t, refusal, "seat")
        return _seat_page(load_table(table_id), seat, secret, problem=reason, status=status)
    return redirect(done, 303)


# ---- the leader: pause, exports ------------------------------------------------------------


@bp.post("/t/<table_id>/lead/<token>/pause")
@leader_required
def leader_pause(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        digital_table(table_id)  # a printed table has nothing to pause (404)
        paused = request.form.get("paused") == "1"
        key = request_key("pause", version=version, paused=paused)
        service().pause(get_db(), table_id, version, paused, key)

    return leader_change(table_id, token, change, "#digital")


@bp.get("/t/<table_id>/lead/<token>/games/<int:number>/hanab.json")
@leader_required
def leader_export_hanab(table_id: str, token: str, number: int) -> Any:
    digital = in_language(digital_table(table_id))
    if 1 <= number <= digital.table.game and not is_final(digital, number):
        # said in the page's words (the API's 409 game-running)
        return render_template("error.html", status=409, key="digital.export_later"), 409
    return hanab_record(digital, number)


# ---- what the leader's page shows of a digital table ---------------------------------------


@bp.app_template_global()
def digital_leader(table_id: str, token: str) -> dict[str, Any] | None:
    """For leader.html: the hands, the seed, the pause and each seat's link and QR code."""
    digital = service().load(get_db(), table_id)
    if digital is None or not token_matches(token, digital.table.leader_token_hash):
        return None
    links = seat_links(digital.table)
    for row in links:
        row["qr"] = qr_svg(row["url"])
    return {
        "hands": leader_hands(digital),
        "seed": digital.seed,
        "paused": digital.paused,
        "version": digital.version,
        "seats": links,
        "pause_url": url_for("digital.leader_pause", table_id=table_id, token=token),
        "export_open": is_final(digital, digital.table.game),
        "export_url": url_for(
            "digital.leader_export_hanab", table_id=table_id, token=token, number=digital.table.game
        ),
        # what hanab.live would refuse in this game's record (said next to the link)
        "export_refusals": [
            {"code": r.code, "move": None if r.action is None else r.action + 1}
            for r in hanab_live.refusals(digital.game)
        ],
        "state": digital.state,
    }
