"""The digital table: a page and an API per seat, the leader's pause, hanab.live exports.

A seat is addressed by its number and its secret (in the page's URL, or as
``Authorization: Bearer <secret>`` on the API). Everything a seat receives is
built by :func:`deckforge.referee.seats.seat_view`: never its own cards.
"""

from __future__ import annotations

from typing import Any, TypeGuard

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from deckforge.referee import get_db, load_table, service, store
from deckforge.referee.auth import bearer, check_leader, leader_required, seat_required
from deckforge.referee.checks import (
    MAX_VERSION,
    RefereeError,
    form_number,
    json_object,
    version_of,
)
from deckforge.referee.i18n import Translator
from deckforge.referee.seats import (
    MAX_SEED,
    leader_hands,
    random_seed,
    seat_secret,
    seat_view,
)
from deckforge.referee.security import check_csrf, token_matches
from deckforge.referee.tables import LoadedTable
from deckforge.rules import Action, ColourHint, Discard, IllegalAction, Play, RankHint, hanab_live
from deckforge.rules.records import to_hanab_live

bp = Blueprint("digital", __name__)


def _key() -> str:
    return str(current_app.config["SECRET_KEY"])


def seat_links(table: store.TableRecord) -> list[dict[str, Any]]:
    """Each seat's page, with its secret: for the leader (and the table's creator) only."""
    return [
        {
            "seat": seat,
            "name": name,
            "url": url_for(
                "digital.seat_page",
                table_id=table.id,
                seat=seat,
                secret=seat_secret(_key(), table, seat),
                _external=True,
            ),
        }
        for seat, name in enumerate(table.players)
    ]


def qr_svg(url: str) -> Markup:
    """A QR code drawn here (segno's SVG, no theme text in it): nothing fetched from outside."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", border=2)
    return Markup(svg)


def seed_of(value: Any) -> int:
    """A new digital table's seed: the one given, or a random one (recorded either way)."""
    if value is None:
        return random_seed()
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEED:
        raise RefereeError(
            400,
            "bad-field",
            f"seed must be a whole number from 0 to {MAX_SEED}",
            {"field": "seed", "low": 0, "high": MAX_SEED},
        )
    return value


PAUSED = RefereeError(423, "paused", "the leader has paused the table: wait until they resume")


def _digital(table_id: str) -> LoadedTable:
    found = load_table(table_id)
    if found.table.kind != "digital":
        raise RefereeError(404, "not-digital", "this table is played with printed cards")
    return found


def _seat_page_table(table_id: str) -> LoadedTable:
    digital = _digital(table_id)
    g.t = Translator.for_theme(digital.theme)
    return digital


# ---- a seat's action ----------------------------------------------------------------------


def seat_action(data: Any) -> Action:
    """A seat's action: play or discard by slot, or a hint; never a card named by the seat
    (asking the referee about a card of one's own hand would reveal it)."""
    if not isinstance(data, dict):
        raise RefereeError(400, "bad-action", "the action must be a JSON object")
    kind = data.get("type")
    if kind in ("play", "discard"):
        if data.get("card") is not None:
            raise RefereeError(
                400, "bad-action", "a seat plays or discards by slot, without naming the card"
            )
        slot = data.get("slot")
        if not _small_int(slot):
            raise RefereeError(400, "bad-action", "slot must be a whole number (0: oldest card)")
        return Play(slot) if kind == "play" else Discard(slot)
    if kind in ("colour-hint", "rank-hint"):
        field = "colour" if kind == "colour-hint" else "rank"
        target, value = data.get("target"), data.get(field)
        if not (_small_int(target) and _small_int(value)):
            raise RefereeError(400, "bad-action", f"a hint needs whole numbers target and {field}")
        return ColourHint(target, value) if kind == "colour-hint" else RankHint(target, value)
    raise RefereeError(400, "bad-action", "type must be play, discard, colour-hint or rank-hint")


def _small_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and -1000 <= value <= 1000


def act_for_seat(digital: LoadedTable, seat: int, version: int, action: Action) -> None:
    """Apply ``action`` for ``seat``: stale (409), paused (423) and the engine's refusals
    (``not-your-turn`` first) change nothing."""
    if digital.version != version:
        raise store.StaleVersion(version, digital.version)
    if digital.paused:
        raise PAUSED
    refusal = digital.game.check(action, seat)
    if refusal is not None:
        raise refusal
    service().act(get_db(), digital.table.id, version, action)


def _form_action(form: Any) -> Action:
    """A seat's action from its page's form: a slot, or a target and a hint."""

    def number(name: str, raw: str | None) -> int:
        return form_number(raw, name, 0, 1000, code="pick-first")

    kind = form.get("type", "")
    if kind in ("play", "discard"):
        slot = number("slot", form.get("slot"))
        return Play(slot) if kind == "play" else Discard(slot)
    if kind == "hint":
        target = number("target", form.get("target"))
        what, _, value = form.get("hint", "").partition(":")
        if what == "colour":
            return ColourHint(target, number("colour", value))
        if what == "rank":
            return RankHint(target, number("rank", value))
    raise RefereeError(400, "pick-first", "choose a card or a hint first")


# ---- seat pages -------------------------------------------------------------------------


def _seat_page(
    digital: LoadedTable, seat: int, secret: str, *, problem: str | None = None, status: int = 200
) -> Response:
    base = url_for("digital.seat_page", table_id=digital.table.id, seat=seat, secret=secret)
    body = render_template(
        "seat.html",
        v=seat_view(digital, seat),
        s=digital.state,
        base=base,
        problem=problem,
        poll=current_app.config["POLL_SECONDS"],
    )
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<table_id>/seat/<int:seat>/<secret>")
@seat_required
def seat_page(table_id: str, seat: int, secret: str) -> Response:
    return _seat_page(_seat_page_table(table_id), seat, secret)


@bp.get("/t/<table_id>/seat/<int:seat>/<secret>/view")
@seat_required
def seat_fragment(table_id: str, seat: int, secret: str) -> Response:
    """The seat page's content alone, fetched by the page when the table changes."""
    digital = _seat_page_table(table_id)
    base = url_for("digital.seat_page", table_id=table_id, seat=seat, secret=secret)
    response = make_response(
        render_template(
            "_seat_view.html",
            v=seat_view(digital, seat),
            s=digital.state,
            base=base,
            problem=None,
        )
    )
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Version"] = str(digital.version)
    return response


@bp.post("/t/<table_id>/seat/<int:seat>/<secret>/act")
@seat_required
def seat_act(table_id: str, seat: int, secret: str) -> Any:
    digital = _seat_page_table(table_id)
    check_csrf()
    t: Translator = g.t
    try:
        version = form_number(request.form.get("version"), "version", 0, MAX_VERSION)
        act_for_seat(digital, seat, version, _form_action(request.form))
    except IllegalAction as refusal:
        key = f"rule.{refusal.code}"
        reason = t(key) if t.has(key) else refusal.message
        return _seat_page(load_table(table_id), seat, secret, problem=reason, status=422)
    except store.StaleVersion:
        return _seat_page(
            load_table(table_id),
            seat,
            secret,
            problem=t("seat.stale"),
            status=409,
        )
    except RefereeError as problem:
        key = f"seat.{problem.code}"
        reason = t(key) if t.has(key) else problem.message
        return _seat_page(
            load_table(table_id),
            seat,
            secret,
            problem=reason,
            status=problem.status,
        )
    return redirect(url_for("digital.seat_page", table_id=table_id, seat=seat, secret=secret), 303)


# ---- seat API -----------------------------------------------------------------------------


@bp.get("/api/tables/<table_id>/seats/<int:seat>")
@seat_required
def seat_state(table_id: str, seat: int) -> Response:
    response = jsonify(seat_view(_digital(table_id), seat))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/tables/<table_id>/seats/<int:seat>/actions")
@seat_required
def seat_post_action(table_id: str, seat: int) -> Response:
    digital = _digital(table_id)
    data = json_object(request.get_data(), request.is_json)
    version = version_of(data.get("version"))
    act_for_seat(digital, seat, version, seat_action(data.get("action")))
    return jsonify(seat_view(load_table(table_id), seat))


# ---- the leader: pause, exports ------------------------------------------------------------


def _pause(table_id: str, version: int, paused: bool) -> LoadedTable:
    return service().pause(get_db(), table_id, version, paused)


@bp.post("/api/tables/<table_id>/pause")
@leader_required
def api_pause(table_id: str) -> Response:
    _digital(table_id)  # a printed table has nothing to pause (404)
    data = json_object(request.get_data(), request.is_json)
    paused = data.get("paused")
    if not isinstance(paused, bool):
        raise RefereeError(400, "bad-field", "paused must be true or false", {"field": "paused"})
    return jsonify(_pause(table_id, version_of(data.get("version")), paused).state)


@bp.post("/t/<table_id>/lead/<token>/pause")
@leader_required
def leader_pause(table_id: str, token: str) -> Any:
    from deckforge.referee.pages import leader_change

    def change(version: int) -> None:
        _digital(table_id)  # a printed table has nothing to pause (404)
        _pause(table_id, version, request.form.get("paused") == "1")

    return leader_change(table_id, token, change, "#digital")


def _record(digital: LoadedTable, number: int) -> Response:
    conn = get_db()
    table = digital.table
    if not 1 <= number <= table.game or store.get_game(conn, table.id, number) is None:
        raise RefereeError(404, "no-such-game", f"the table has no game {number}")
    game = service().game_of(conn, table, number)
    response = jsonify(to_hanab_live(game, list(table.players)))
    name = f"table-{table.id}-game-{number}-{digital.theme.id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _running(digital: LoadedTable, number: int) -> bool:
    return number == digital.table.game and not digital.game.is_over


@bp.get("/api/tables/<table_id>/games/<int:number>/hanab.json")
def export_hanab(table_id: str, number: int) -> Response:
    """A game as a hanab.live record (deck and actions): anyone once it is over, the leader
    (Bearer token) while it runs, since the deck names every card in every hand."""
    digital = _digital(table_id)
    if _running(digital, number):
        token = bearer()
        if token is None:
            raise RefereeError(
                403,
                "game-running",
                "the deck of a game in progress is only "
                "exported for the leader (Authorization: Bearer <token>)",
            )
        check_leader(digital.table, token)
    return _record(digital, number)


@bp.get("/t/<table_id>/lead/<token>/games/<int:number>/hanab.json")
@leader_required
def leader_export_hanab(table_id: str, token: str, number: int) -> Response:
    return _record(_digital(table_id), number)


# ---- what the leader's page shows of a digital table ---------------------------------------


@bp.app_template_global()
def table_paused(table_id: str) -> bool:
    """For the projector: whether the leader has paused this digital table."""
    return store.is_paused(get_db(), table_id)


@bp.app_template_global()
def digital_leader(table_id: str, token: str) -> dict[str, Any] | None:
    """For leader.html: the hands, the seed, the pause and each seat's link and QR code."""
    digital = service().load(get_db(), table_id)
    if digital is None or not token_matches(token, digital.table.leader_token_hash):
        return None
    seats = seat_links(digital.table)
    for row in seats:
        row["qr"] = qr_svg(row["url"])
    return {
        "hands": leader_hands(digital),
        "seed": digital.seed,
        "paused": digital.paused,
        "version": digital.version,
        "seats": seats,
        "pause_url": url_for("digital.leader_pause", table_id=table_id, token=token),
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
