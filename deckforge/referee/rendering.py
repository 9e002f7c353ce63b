"""What the HTML pages share: a table's page in its theme's language, answers no cache
may keep, QR codes, a refusal in the page's words, and the leader's page with the
post/redirect/get of its forms (the printed table's forms in ``pages.py``, the digital
table's pause in ``digital.py``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import (
    Response,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from deckforge.referee import store
from deckforge.referee.checks import MAX_VERSION, form_number
from deckforge.referee.errors import RefereeError
from deckforge.referee.i18n import Translator
from deckforge.referee.idempotency import replayed
from deckforge.referee.security import check_csrf
from deckforge.referee.service import LOOPBACK, load_table, shareable
from deckforge.referee.tables import LoadedTable
from deckforge.rules import IllegalAction


def in_language(loaded: LoadedTable) -> LoadedTable:
    """``loaded``, the page's words now in its theme's language."""
    g.t = Translator.for_theme(loaded.theme)
    return loaded


def snapshot(table_id: str) -> LoadedTable:
    return in_language(load_table(table_id))


def no_store(body: str, status: int = 200, version: int | None = None) -> Response:
    """A page or a fragment that no cache may keep (it shows a table's latest version)."""
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    if version is not None:
        response.headers["X-Table-Version"] = str(version)
    return response


def qr_svg(url: str, scale: int = 4) -> Markup:
    """A QR code drawn here (segno's SVG, no theme text in it): nothing fetched from outside."""
    import segno  # loaded with the first leader's page, not with the home page

    svg = segno.make(url, error="m").svg_inline(scale=scale, dark="#111", light="#fff", border=2)
    return Markup(svg)


def leader_page(
    snap: LoadedTable,
    token: str,
    *,
    problem: str | None = None,
    notice: str | None = None,
    status: int = 200,
) -> Any:
    leader_url = shareable(
        url_for("pages.leader", table_id=snap.table.id, token=token, _external=True)
    )
    body = render_template(
        "leader.html",
        snap=snap,
        s=snap.state,
        token=token,
        problem=problem,
        notice=notice,
        log=list(reversed(snap.log)),
        welcome=request.args.get("welcome") == "1",
        leader_url=leader_url,
        hand_size=snap.theme.players.hand_size(len(snap.table.players)),
        projector_url=url_for("pages.projector", table_id=snap.table.id, _external=True),
        loopback=urlsplit(leader_url).hostname in LOOPBACK,
        qr=qr_svg(leader_url, scale=5),
    )
    return no_store(body, status)


def refusal_reason(t: Translator, refusal: Exception, codes: str) -> tuple[str, int]:
    """What a page says of a refused change, in its language (the form's refusals are
    translated under ``codes``), and the answer's status."""
    if isinstance(refusal, store.NothingToUndo):
        return t("leader.nothing_to_undo"), 422
    if isinstance(refusal, store.FinalGame):
        return t("leader.final_game"), 422
    if isinstance(refusal, store.KeyReused):
        return t("form.idempotency-key-reused"), 422
    if isinstance(refusal, IllegalAction):
        key, status, message = f"rule.{refusal.code}", 422, refusal.message
    else:
        assert isinstance(refusal, RefereeError)
        key, status, message = f"{codes}.{refusal.code}", refusal.status, refusal.message
    return (t(key) if t.has(key) else message), status


REFUSALS = (IllegalAction, store.NothingToUndo, store.FinalGame, store.KeyReused, RefereeError)


def leader_change(table_id: str, token: str, change: Any, anchor: str = "") -> Any:
    """Run one change from a leader form (the view checked the token): PRG on success, the
    page with the reason if refused. A retry of a change already recorded (the form's
    ``idempotency_key`` found) gets the success's answer again, marked as replayed."""
    snapshot(table_id)  # the page's language
    check_csrf()
    t: Translator = g.t
    done = url_for("pages.leader", table_id=table_id, token=token) + anchor
    try:
        change(form_number(request.form.get("version"), "version", 0, MAX_VERSION))
    except store.AlreadyRecorded as recorded:
        return replayed(redirect(done, 303), recorded)
    except store.StaleVersion:
        return leader_page(snapshot(table_id), token, notice=t("leader.stale"), status=409)
    except REFUSALS as refusal:
        reason, status = refusal_reason(t, refusal, "form")
        return leader_page(snapshot(table_id), token, problem=reason, status=status)
    return redirect(done, 303)
