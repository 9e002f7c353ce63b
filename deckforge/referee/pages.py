"""The HTML pages: table creation, the projector screen and the leader's remote.

Every form carries the session's CSRF token; the leader's pages also carry the
table's secret token in their URL, and every change the version it was made on.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)

from deckforge.referee import colours, store
from deckforge.referee.auth import leader_required
from deckforge.referee.checks import (
    MAX_UNDO,
    form_action,
    form_number,
    new_table,
)
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.i18n import Translator, language_for, page_language
from deckforge.referee.idempotency import new_key, request_key
from deckforge.referee.rendering import leader_change, leader_page, no_store, snapshot
from deckforge.referee.security import check_csrf, csrf_token
from deckforge.referee.service import (
    library,
    open_table,
    service,
    theme_rows,
    this_computer,
)
from deckforge.referee.state import ThemeRow
from deckforge.referee.tables import MAX_SEED, random_seed

bp = Blueprint("pages", __name__)

MAX_SEATS = 8


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {
        "t": g.get("t") or Translator(page_language()),
        "csrf_token": csrf_token,
        "request_key": new_key,
    }


bp.add_app_template_filter(colours.ink, "ink")
bp.add_app_template_filter(colours.on_dark, "on_dark")
bp.add_app_template_filter(colours.on_light, "on_light")


BASE_GAME = "hanabi-classic"  # the English deck a page in another language falls back to


def preselected(themes: list[ThemeRow], language: str) -> str:
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


@bp.get("/")
def index(problem: RefereeError | None = None, form: Any = None, status: int = 200) -> Any:
    themes = theme_rows()
    if g.get("t") is None:
        g.t = Translator(language_for(page_language()))
    default = preselected(themes, g.t.language)
    tables = [
        {"record": record, "title": _title_of(record)}
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
        any_theme_file=this_computer(),
    )
    return body, status


def _title_of(record: store.TableRecord) -> str:
    """The title of the deck the table plays with (the one it keeps, not its file's now)."""
    try:
        return service().theme_of(get_db(), record).title
    except (store.DeckLost, KeyError):
        return record.theme_ref.replace("\\", "/").rsplit("/", 1)[-1]


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
            library(), theme_name, [names[i] for i in seats], first, this_computer()
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
    snap = snapshot(table_id)
    return render_template(
        "projector.html", snap=snap, s=snap.state, poll=current_app.config["POLL_SECONDS"]
    )


@bp.get("/t/<table_id>/screen")
def screen(table_id: str) -> Any:
    """The projector's content alone, fetched by the page when the state changes."""
    snap = snapshot(table_id)
    return no_store(render_template("_screen.html", snap=snap, s=snap.state), 200, snap.version)


@bp.get("/t/<table_id>/lead/<token>")
@leader_required
def leader(table_id: str, token: str) -> Any:
    return leader_page(snapshot(table_id), token)


@bp.post("/t/<table_id>/lead/<token>/act")
@leader_required
def act(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        action = form_action(request.form)
        key = request_key("action", version=version, action=action.to_dict())
        service().act(get_db(), table_id, version, action, key)

    return leader_change(table_id, token, change)


@bp.post("/t/<table_id>/lead/<token>/undo")
@leader_required
def undo(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        steps = form_number(request.form.get("steps"), "steps", 1, MAX_UNDO)
        key = request_key("undo", version=version, steps=steps)
        service().undo(get_db(), table_id, version, steps, key)

    return leader_change(table_id, token, change)


@bp.post("/t/<table_id>/lead/<token>/new-game")
@leader_required
def new_game(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        key = request_key("new-game", version=version)
        service().new_game(get_db(), table_id, version, key=key)

    return leader_change(table_id, token, change)


@bp.get("/t/<table_id>/lead/<token>/delete")
@leader_required
def delete_asked(table_id: str, token: str) -> Any:
    """The confirm step of deleting a table: it names the table and says what goes."""
    snap = snapshot(table_id)
    back = url_for("pages.leader", table_id=table_id, token=token)
    return no_store(render_template("delete_table.html", snap=snap, s=snap.state, back=back))


@bp.post("/t/<table_id>/lead/<token>/delete")
@leader_required
def delete(table_id: str, token: str) -> Any:
    """Delete the table now (its names are pupils' data); a second try finds no table: 404."""
    snapshot(table_id)  # the page's language, kept for the page that says it is done
    language = g.t.language
    check_csrf()
    if not service().delete(get_db(), table_id):
        raise RefereeError(404, "no-such-table", f"there is no table {table_id!r}")
    return redirect(url_for("pages.deleted", lang=language), 303)


@bp.get("/deleted")
def deleted() -> Any:
    """Said after a table is deleted, in the language its pages spoke (``?lang=``)."""
    return no_store(render_template("table_deleted.html"))


@bp.get("/favicon.ico")
def favicon() -> Response:
    return Response(status=204)
