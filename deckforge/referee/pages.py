"""The HTML pages: table creation, the projector screen and the leader's remote.

Every form carries the session's CSRF token; the leader's pages also carry the
table's secret token in their URL, and every change the version it was made on.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from deckforge.referee import colours, get_db, load_table, service, store, theme_access
from deckforge.referee.api import open_table, theme_rows
from deckforge.referee.auth import leader_required
from deckforge.referee.checks import (
    MAX_UNDO,
    MAX_VERSION,
    RefereeError,
    form_action,
    form_number,
    new_table,
)
from deckforge.referee.i18n import Translator, available, language_for
from deckforge.referee.seats import MAX_SEED, random_seed
from deckforge.referee.security import check_csrf, csrf_token
from deckforge.referee.tables import LoadedTable
from deckforge.rules import IllegalAction

bp = Blueprint("pages", __name__)

MAX_SEATS = 8


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {"t": g.get("t") or Translator(page_language()), "csrf_token": csrf_token}


bp.add_app_template_filter(colours.ink, "ink")
bp.add_app_template_filter(colours.on_dark, "on_dark")
bp.add_app_template_filter(colours.on_light, "on_light")


def page_language() -> str:
    """Without a table: ``?lang=``, else the browser's choice (Accept-Language), else English."""
    wanted = request.args.get("lang")
    if wanted in available():
        return wanted
    return request.accept_languages.best_match(available()) or "en"


BASE_GAME = "hanabi-classic"  # the English deck a page in another language falls back to


def preselected(themes: list[dict[str, Any]], language: str) -> str:
    """The deck the creation form offers first: ``?theme=``, else one in the page's language
    (the configured default first), else an English one; never a French deck to an English page."""
    names = [row["name"] for row in themes]
    wanted = request.args.get("theme")
    if wanted in names:
        return str(wanted)
    default = current_app.config["DEFAULT_THEME"]
    for speaking in (language, "en"):
        matching = [row["name"] for row in themes if language_for(row["language"]) == speaking]
        for name in (default, BASE_GAME, *matching):
            if name in matching:
                return str(name)
    return default if default in names or not names else names[0]


def in_language(loaded: LoadedTable) -> LoadedTable:
    """``loaded``, the page's words now in its theme's language."""
    g.t = Translator.for_theme(loaded.theme)
    return loaded


def _snapshot(table_id: str) -> LoadedTable:
    return in_language(load_table(table_id))


@bp.get("/")
def index(problem: RefereeError | None = None, form: Any = None, status: int = 200) -> Any:
    themes = theme_rows()
    if g.get("t") is None:
        g.t = Translator(language_for(page_language()))
    default = preselected(themes, g.t.language)
    tables = [
        {"record": record, "title": _title_of(record.theme_ref)}
        for record in store.list_tables(get_db())[:50]
    ]
    body = render_template(
        "index.html",
        themes=themes,
        default_theme=default,
        tables=tables,
        problem=problem,
        form=form or {},
        seats=MAX_SEATS,
        any_theme_file=theme_access().any_file,
    )
    return body, status


def _title_of(ref: str) -> str:
    try:
        return service().themes.get(ref).title
    except Exception:
        return ref


@bp.post("/tables")
def create() -> Any:
    check_csrf()
    form = request.form
    theme_name = form.get("theme_file", "").strip() or form.get("theme", "")
    names = [form.get(f"player{i}", "").strip() for i in range(MAX_SEATS)]
    seats = [i for i, name in enumerate(names) if name]
    kind: store.TableKind = "digital" if form.get("kind") == "digital" else "printed"
    seed_raw = form.get("seed", "").strip()
    try:
        first_seat = form_number(form.get("first", "0"), "first", 0, MAX_SEATS - 1)
        first = seats.index(first_seat) if first_seat in seats else 0
        checked = new_table(
            service().themes, theme_name, [names[i] for i in seats], first, theme_access()
        )
        seed = None
        if kind == "digital" and seed_raw:
            seed = form_number(seed_raw, "seed", 0, MAX_SEED, code="bad-seed")
        elif kind == "digital":
            seed = random_seed()
    except RefereeError as problem:
        return index(problem=problem, form=form, status=problem.status)
    snap, token = open_table(checked, kind, seed)
    return redirect(url_for("pages.leader", table_id=snap.table.id, token=token, welcome=1), 303)


@bp.get("/t/<table_id>")
def projector(table_id: str) -> Any:
    snap = _snapshot(table_id)
    return render_template(
        "projector.html", snap=snap, s=snap.state, poll=current_app.config["POLL_SECONDS"]
    )


@bp.get("/t/<table_id>/screen")
def screen(table_id: str) -> Any:
    """The projector's content alone, fetched by the page when the state changes."""
    snap = _snapshot(table_id)
    return no_store(render_template("_screen.html", snap=snap, s=snap.state), 200, snap.version)


def no_store(body: str, status: int = 200, version: int | None = None) -> Response:
    """A page or a fragment that no cache may keep (it shows a table's latest version)."""
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    if version is not None:
        response.headers["X-Table-Version"] = str(version)
    return response


LOOPBACK = ("127.0.0.1", "localhost", "[::1]", "::1")


def shareable(url: str) -> str:
    """``url`` as another device can open it: the server's network address, not loopback.

    The CLI sets ``PUBLIC_URL`` when it serves the network (``--host 0.0.0.0``);
    a page opened as http://localhost/ then still gives the phone a usable link.
    """
    public = current_app.config.get("PUBLIC_URL")
    parts = urlsplit(url)
    if not public or parts.hostname not in LOOPBACK:
        return url
    base = urlsplit(public)
    return urlunsplit((base.scheme, base.netloc, parts.path, parts.query, parts.fragment))


def qr_svg(url: str, scale: int = 4) -> Markup:
    """A QR code drawn here (segno's SVG, no theme text in it): nothing fetched from outside."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, dark="#111", light="#fff", border=2)
    return Markup(svg)


def _leader_page(
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


@bp.get("/t/<table_id>/lead/<token>")
@leader_required
def leader(table_id: str, token: str) -> Any:
    return _leader_page(_snapshot(table_id), token)


def refusal_reason(t: Translator, refusal: Exception, codes: str) -> tuple[str, int]:
    """What a page says of a refused change, in its language (the form's refusals are
    translated under ``codes``), and the answer's status."""
    if isinstance(refusal, store.NothingToUndo):
        return t("leader.nothing_to_undo"), 422
    if isinstance(refusal, IllegalAction):
        key, status, message = f"rule.{refusal.code}", 422, refusal.message
    else:
        assert isinstance(refusal, RefereeError)
        key, status, message = f"{codes}.{refusal.code}", refusal.status, refusal.message
    return (t(key) if t.has(key) else message), status


def leader_change(table_id: str, token: str, change: Any, anchor: str = "") -> Any:
    """Run one change from a leader form (the view checked the token): PRG on success, the
    page with the reason if refused."""
    _snapshot(table_id)  # the page's language
    check_csrf()
    t: Translator = g.t
    try:
        change(form_number(request.form.get("version"), "version", 0, MAX_VERSION))
    except store.StaleVersion:
        return _leader_page(_snapshot(table_id), token, notice=t("leader.stale"), status=409)
    except (IllegalAction, store.NothingToUndo, RefereeError) as refusal:
        reason, status = refusal_reason(t, refusal, "form")
        return _leader_page(_snapshot(table_id), token, problem=reason, status=status)
    return redirect(url_for("pages.leader", table_id=table_id, token=token) + anchor, 303)


@bp.post("/t/<table_id>/lead/<token>/act")
@leader_required
def act(table_id: str, token: str) -> Any:
    return leader_change(
        table_id,
        token,
        lambda version: service().act(get_db(), table_id, version, form_action(request.form)),
    )


@bp.post("/t/<table_id>/lead/<token>/undo")
@leader_required
def undo(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        steps = form_number(request.form.get("steps"), "steps", 1, MAX_UNDO)
        service().undo(get_db(), table_id, version, steps)

    return leader_change(table_id, token, change)


@bp.post("/t/<table_id>/lead/<token>/new-game")
@leader_required
def new_game(table_id: str, token: str) -> Any:
    return leader_change(
        table_id, token, lambda version: service().new_game(get_db(), table_id, version)
    )


@bp.get("/favicon.ico")
def favicon() -> Response:
    return Response(status=204)
