"""The studio's page and its JSON API (open, check, edit, save, preview, simulate).

Every route but the page itself needs :func:`access.may_edit`; every POST also
needs the page's token. Texts are checked by :func:`drafts.check_draft` before
anything else reads them.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from deckforge import catalogues
from deckforge.studio import access
from deckforge.studio.hosted import (
    DB_PREFIX,
    HostedLibrary,
    NameTaken,
    TooManyTries,
    WrongKey,
    hosted_library,
)
from deckforge.studio.places import (
    PlaceError,
    Places,
    Source,
    deck_title,
    name_from_title,
    name_problem,
    save_text,
)
from deckforge.studio.plain import plain
from deckforge.studio.preview import FaceCache, deck_faces
from deckforge.studio.simulations import PROFILES, Simulations
from deckforge.studio.words import language_names, languages, page_language, words
from deckforge.theme.loader import (
    BUNDLED_THEMES,
    bundled_theme_names,
    read_theme_text,
    shown_path,
)
from deckforge.theme.model import Rules
from deckforge.theme.validation import SCHEMA_PATH, with_schema_line
from deckforge.theme.yaml_source import MAX_FILE_BYTES, YamlProblems, read_yaml

if TYPE_CHECKING:  # the checks (print preflight) and ruamel.yaml load with the first draft
    from deckforge.studio.drafts import DraftReport, Finding
    from deckforge.studio.round_trip import Edit
    from deckforge.theme.model import Theme

bp = Blueprint(
    "studio",
    __name__,
    url_prefix="/studio",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)

DRAFT_NAME = "draft"  # checks a text saved under no valid name yet as this
WARMED_FACES = 2  # new faces drawn within the edit that changed them (more: on request)


class Refusal(Exception):
    """A request the studio refuses: HTTP status, one English line, and a code the page
    shows in its own language (``error.<code>`` in the catalogues, with ``values``)."""

    def __init__(
        self,
        status: int,
        message: str,
        problems: list[dict[str, Any]] | None = None,
        code: str = "",
        **values: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.problems = problems or []
        self.code = code
        self.values = values
        self.headers: dict[str, str] = {}


def places() -> Places:
    state: Places = current_app.extensions["deckforge.studio.places"]
    return state


def faces() -> FaceCache:
    cache: FaceCache = current_app.extensions["deckforge.studio.faces"]
    return cache


def simulations() -> Simulations:
    runs: Simulations = current_app.extensions["deckforge.studio.simulations"]
    return runs


@bp.errorhandler(Refusal)
def refused(error: Refusal) -> tuple[Response, int, dict[str, str]]:
    body: dict[str, Any] = {"error": error.message, "problems": error.problems}
    if error.code:
        body |= {"code": error.code, "values": error.values}
    return jsonify(body), error.status, error.headers


@bp.errorhandler(413)
def too_large(_error: HTTPException) -> tuple[Response, int]:
    limit = MAX_FILE_BYTES // 1024
    message = f"the theme is larger than {limit} KiB: is it a theme?"
    return jsonify(error=message, code="too-large", values={"limit": limit}), 413


def _guard(post: bool = True) -> None:
    if not access.may_edit():
        raise Refusal(
            403,
            "the studio needs its secret on this computer (see the referee's window)",
            code="locked",
        )
    if post and not access.token_ok():
        raise Refusal(403, "this page is out of date: reload it", code="stale")


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise Refusal(400, "the request must be a JSON object", code="bad-json")
    return data


def _text(data: dict[str, Any]) -> str:
    text = data.get("text")
    if not isinstance(text, str):
        raise Refusal(400, "text: the theme's YAML text is missing", code="no-text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // 1024
        raise Refusal(
            413,
            f"the theme is larger than {limit} KiB: is it a theme?",
            code="too-large",
            limit=limit,
        )
    return text


def _where(data: dict[str, Any]) -> Path:
    """The path the draft is checked at: where it would be saved (or a draft name)."""
    folder = data.get("folder", 0)
    name = data.get("name", "")
    if not isinstance(folder, int) or not isinstance(name, str):
        raise Refusal(400, "folder and name: a number and a text")
    known = places()
    if not known.folders:
        return Path.cwd() / f"{DRAFT_NAME}.yaml"
    try:
        return known.target(folder, name)
    except PlaceError:
        return known.folder(min(max(folder, 0), len(known.folders) - 1)) / f"{DRAFT_NAME}.yaml"


def _allowed() -> list[Path] | None:
    """Folders a network user's draft may read files from (None: any, on this computer)."""
    if access.is_local():
        return None
    return [*places().folders, BUNDLED_THEMES]


def _report(report: DraftReport) -> dict[str, Any]:
    result: dict[str, Any] = {
        "problems": [_plain(p, report.lines, False) for p in report.problems],
        "warnings": [_plain(w, report.lines, True) for w in report.warnings],
        "merged": report.merged,
        "lines": report.lines,
        "cards": [],
        "back": None,
        "summary": None,
    }
    theme = report.theme
    if theme is None:
        return result
    try:
        drawn = deck_faces(theme)
    except Exception as error:  # the preflight passed; a face that still fails is shown
        from deckforge.studio.drafts import Finding

        result["problems"].append(_plain(Finding(str(error)), {}, False))
        return result
    cache = faces()
    new_faces = []
    for (suit, rank), drawing in sorted(drawn.fronts.items()):
        if not cache.knows(drawing.fingerprint):
            new_faces.append(drawing.fingerprint)
        key = cache.add(drawing)
        result["cards"].append(
            {
                "suit": suit,
                "rank": rank,
                "label": f"{theme.suits[suit].name} {rank}",
                "image": url_for("studio.face", key=key),
            }
        )
    result["back"] = url_for("studio.face", key=cache.add(drawn.back))
    if len(new_faces) <= WARMED_FACES:  # a keystroke changed a card: its picture is drawn
        for key in new_faces:  # now, so the page's request for it is answered at once
            cache.png(key)
    result["summary"] = {
        "cards": theme.deck_size,
        "suits": len(theme.suits),
        "max_score": theme.max_score,
        "counts": list(theme.players.counts),
    }
    return result


def _plain(finding: Finding, lines: dict[str, int], warning: bool) -> dict[str, Any]:
    """A finding as the YAML view shows it (message, line), and as the form view does."""
    return finding.as_json() | {"plain": plain(finding.message, finding.line, lines, warning)}


def _checked(text: str, where: Path) -> DraftReport:
    from deckforge.studio.drafts import check_draft

    return check_draft(text, where, _allowed())


@bp.context_processor
def _hosted_flag() -> dict[str, Any]:
    """The studio's pages word their keys for a hosted referee (the organisation's key)."""
    return {"hosted": hosted_library() is not None}


@bp.get("/")
def page() -> Any:
    language = page_language()
    key = request.args.get("key")
    if key is not None:
        return _unlock_with(key)
    if not access.may_edit():
        return render_template("studio_locked.html", w=words(language), language=language), 403
    known = places()
    return render_template(
        "studio.html",
        w=words(language),
        language=language,
        token=access.page_token(),
        sources=[s.__dict__ for s in _sources(known)],
        folders=[shown_path(f) for f in known.folders],
        links=_links(),
        # /studio/?deck=NAME (the print page's form sends its chosen ?theme=)
        wanted=_wanted(known, request.args.get("deck") or request.args.get("theme") or ""),
        languages=language_names(language),
        rules=rule_switches(),
        tablet=_tablet() if access.is_local() else None,
    )


def rule_switches() -> list[dict[str, Any]]:
    """Each rule switch of a theme in the model's order, read from the model (its choices,
    the default first), so the studio's form repeats no rule."""
    switches: list[dict[str, Any]] = []
    for rule in dataclasses.fields(Rules):
        default = rule.default
        if isinstance(default, Enum):
            others = [choice.value for choice in type(default) if choice is not default]
            choices = [default.value, *others]
            switches.append({"name": rule.name, "kind": "choice", "choices": choices})
            switches[-1]["default"] = default.value
        else:
            switches.append({"name": rule.name, "kind": "bool", "default": default})
    return switches


def _tablet() -> dict[str, Any]:
    """For this computer only: the address a tablet opens (with the key) and its QR code,
    or, when the referee listens only on this computer, no address."""
    public = current_app.config.get("PUBLIC_URL")
    key = current_app.config.get("STUDIO_SECRET") or ""
    if not public:
        return {"url": "", "qr": "", "key": key}
    import segno  # loaded when this computer first opens the studio

    url = f"{public.rstrip('/')}{url_for('studio.page')}?{urlencode({'key': key})}"
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", border=2)
    return {"url": url, "qr": Markup(svg), "key": key}


def _unlock_with(key: str) -> Any:
    """The studio's page once ``key`` unlocked it; else the locked page, saying the key was
    wrong (403), or, past the wrong tries a client address may send (hosted referee), how
    long to wait (429 with Retry-After)."""
    language = page_language()
    try:
        if access.unlock(key):
            return redirect(url_for("studio.page", lang=request.args.get("lang")))
    except TooManyTries as limit:
        page = render_template(
            "studio_locked.html",
            w=words(language),
            language=language,
            wrong=True,
            retry_after=limit.retry_after,
        )
        return page, 429, {"Retry-After": str(limit.retry_after)}
    page = render_template("studio_locked.html", w=words(language), language=language, wrong=True)
    return page, 403


@bp.post("/unlock")
def unlock() -> Any:
    return _unlock_with(request.form.get("key", ""))


def _links() -> dict[str, str]:
    """Pages of the app the studio sends a saved theme to (when they are there)."""
    links = {}
    for name, endpoint in current_app.config.get("STUDIO_LINKS", {}).items():
        if endpoint in current_app.view_functions:
            links[name] = url_for(endpoint)
    return links


@bp.post("/api/open")
def open_theme() -> Any:
    _guard()
    data = _body()
    key = data.get("source")
    if not isinstance(key, str):
        raise Refusal(400, "source: choose a theme to open")
    library = hosted_library()
    if library is not None and key.startswith(DB_PREFIX):
        return jsonify(_open_library_deck(library, key.removeprefix(DB_PREFIX), data))
    if library is not None and not key.startswith(("bundled:", "template:")):
        raise Refusal(
            404, "choose a bundled theme, a template or a deck of the library", code="no-source"
        )
    known = places()
    try:
        path, kind = known.source_path(key)
    except PlaceError as error:
        raise Refusal(404, str(error), code="no-source") from None
    text = read_theme_text(path)
    folder = 0
    if kind == "folder":
        folder = int(key.split(":")[1])
        name = path.stem
    else:  # a copy: a name of its own, written as its id
        base = name_from_title(deck_title(path)) if kind == "bundled" else ""
        base = base or (f"my-{path.stem}" if kind == "bundled" else "my-deck")
        name = _free_name(base)
        text = _named(text, name)
        if known.folders and library is None:  # an editor's schema comment, seen from the folder
            text = with_schema_line(text, known.folders[0])
    where = _where({"folder": folder, "name": name})
    return jsonify(
        text=text,
        name=name,
        folder=folder,
        kind=kind,
        report=_report(_checked(text, where)),
    )


@bp.post("/api/check")
def check() -> Any:
    _guard()
    data = _body()
    text = _text(data)
    return jsonify(report=_report(_checked(text, _where(data))))


def _edits(data: dict[str, Any]) -> list[Edit]:
    from deckforge.studio.round_trip import Edit

    raw = data.get("edits")
    if not isinstance(raw, list):
        raise Refusal(400, "edits: a list of changes")
    edits = []
    for item in raw:
        path = item.get("path") if isinstance(item, dict) else None
        if (
            not isinstance(path, list)
            or not path
            or len(path) > 8
            or not all(isinstance(k, (str, int)) and not isinstance(k, bool) for k in path)
        ):
            raise Refusal(400, "edits: each change needs a key path")
        value = item.get("value")
        if isinstance(value, (dict, list)) and len(str(value)) > MAX_FILE_BYTES:
            raise Refusal(413, "edits: a value is too large")
        edits.append(Edit(tuple(path), value, bool(item.get("remove"))))
    return edits


@bp.post("/api/edit")
def edit() -> Any:
    _guard()
    data = _body()
    text = _text(data)
    from deckforge.studio.drafts import merged_draft
    from deckforge.studio.round_trip import EditError, apply_edits

    edits = _edits(data)
    where = _where(data)
    merged = merged_draft(text, where, _allowed())
    if merged is None:
        report = _checked(text, where)
        problems = [_plain(p, report.lines, False) for p in report.problems]
        raise Refusal(422, "fix the YAML first", problems, code="fix-yaml")
    try:
        changed = apply_edits(text, edits, merged)
    except EditError as error:
        raise Refusal(422, str(error), code="cannot-write-text") from None
    _text({"text": changed})
    return jsonify(text=changed, report=_report(_checked(changed, where)))


def _tables_using(target: Path) -> int:
    """How many tables of the referee were started with the file ``target`` (0 when the
    studio runs without a referee: the app gives ``STUDIO_TABLES_USING``)."""
    count = current_app.config.get("STUDIO_TABLES_USING")
    return int(count(target)) if count is not None else 0


def _replace_question(name: str, tables: int, wanted: Any) -> str:
    """ "Replace it?" in the page's language, saying how many tables use the file and that
    they keep the version they started with (the referee keeps every table's deck)."""
    language = wanted if isinstance(wanted, str) and wanted in languages() else page_language()
    said = words(language)
    if tables == 0:
        return said["save.replace"].replace("{name}", name)
    key = catalogues.plural_key(said.__contains__, "save.replace_used", language, tables)
    return said[key].replace("{name}", name).replace("{count}", str(tables))


@bp.post("/api/save")
def save() -> Any:
    from deckforge.studio.round_trip import Edit, EditError, apply_edits

    _guard()
    data = _body()
    text = _text(data)
    name, folder = data.get("name"), data.get("folder", 0)
    if not isinstance(name, str) or not isinstance(folder, int):
        raise Refusal(400, "name: give the theme a name", code="name-empty")
    library = hosted_library()
    if library is not None:
        return jsonify(_save_library_deck(library, text, name, data.get("edit_key")))
    known = places()
    if not known.folders:
        raise Refusal(
            409,
            "the referee has no themes folder to save into (start it with --themes)",
            code="no-folder",
        )
    try:
        target = known.target(folder, name)
    except PlaceError as error:
        raise Refusal(400, str(error), code=error.code, name=name) from None
    if target.exists() and data.get("replace") is not True:
        used = _tables_using(target)
        raise Refusal(
            409,
            f"{name}.yaml already exists: save again to replace it",
            code="exists",
            name=name,
            tables=used,
            question=_replace_question(name, used, data.get("language")),
        )
    text = with_schema_line(text, target.parent)
    report = _checked(text, target)
    if report.merged is not None and report.merged.get("id") != name:
        try:
            text = apply_edits(text, [Edit(("id",), name)])
        except EditError as error:
            raise Refusal(422, str(error), code="cannot-write-text") from None
        report = _checked(text, target)
    if report.theme is None:
        raise Refusal(
            422,
            "the theme has problems: fix them before saving",
            [_plain(p, report.lines, False) for p in report.problems],
            code="has-problems",
        )
    try:
        save_text(target, text)
    except OSError as error:
        where = shown_path(target)
        raise Refusal(
            500, f"{where}: cannot write ({error.strerror})", code="cannot-save", path=where
        ) from None
    return jsonify(
        saved=shown_path(target),
        name=name,
        ref=target.relative_to(known.folder(folder)).as_posix(),  # as the referee lists it
        text=text,
        report=_report(report),
    )


# ---- a hosted referee's library (decks in its database, see deckforge.studio.hosted) ----


def _sources(known: Places) -> list[Source]:
    """The Open list: a hosted referee's is the bundled decks, the templates and the decks
    of its library (its themes folders are played and printed, never saved into)."""
    library = hosted_library()
    if library is None:
        return known.sources()
    fixed = [source for source in known.sources() if source.kind in ("bundled", "template")]
    saved = [Source(DB_PREFIX + name, name, "database", title) for name, title in library.decks()]
    return fixed[: len(bundled_theme_names())] + saved + fixed[len(bundled_theme_names()) :]


def _wanted(known: Places, deck: str) -> str:
    """The source a link ``/studio/?deck=NAME`` opens (``db:<name>``: a library deck)."""
    library = hosted_library()
    if library is None:
        return known.wanted_source(deck)
    if deck.startswith(DB_PREFIX):
        return deck if library.source(deck.removeprefix(DB_PREFIX)) is not None else ""
    found = known.wanted_source(deck)
    return found if found.startswith(("bundled:", "template:")) else ""


def _free_name(base: str) -> str:
    """``base``, or ``base-2``...: a name neither a bundled deck, a file of the themes
    folder nor (hosted) a deck of the library has yet."""
    library = hosted_library()
    if library is None:
        return places().free_name(base)
    taken = {name for name, _ in library.decks()}
    stem = base[:56]
    for number in range(1, 1000):
        name = stem if number == 1 else f"{stem}-{number}"
        if name not in taken and name_problem(name) is None:
            return name
    raise Refusal(409, f"{base}: every name from it is taken", code="exists", name=base)


def _named(text: str, name: str) -> str:
    """``text`` with ``name`` written as its id (as it was, when it cannot be written)."""
    from deckforge.studio.round_trip import Edit, EditError, apply_edits

    try:
        read_yaml("theme", text)
        return apply_edits(text, [Edit(("id",), name)])
    except (YamlProblems, EditError):
        return text


def _too_many(limit: TooManyTries) -> Refusal:
    minutes = max(1, -(-limit.retry_after // 60))
    refusal = Refusal(
        429,
        f"too many wrong keys from this address: try again in {minutes} min",
        code="too-many-tries",
        retry_after=limit.retry_after,
        minutes=minutes,
    )
    refusal.headers = {"Retry-After": str(limit.retry_after)}
    return refusal


def _check_edit_key(library: HostedLibrary, name: str, key: Any) -> None:
    if not isinstance(key, str) or not key:
        raise Refusal(400, "edit_key: the deck's edit key, as text", code="wrong-edit-key")
    try:
        library.check_edit_key(name, key)
    except KeyError:
        raise Refusal(404, f"{name}: no such deck in the library", code="no-source") from None
    except WrongKey:
        raise Refusal(
            403, f"{name}: this is not the deck's edit key", code="wrong-edit-key"
        ) from None
    except TooManyTries as limit:
        raise _too_many(limit) from None


def _open_library_deck(library: HostedLibrary, name: str, data: dict[str, Any]) -> dict[str, Any]:
    """A library deck: a copy under a free name, or itself with its edit key (editable)."""
    text = library.source(name)
    if text is None:
        raise Refusal(404, f"{name}: no such deck in the library", code="no-source")
    if "edit_key" in data:
        _check_edit_key(library, name, data["edit_key"])
        kind = "database"
    else:
        kind, name = "copy", _free_name(name_from_title(name) or "my-deck")
        text = _named(text, name)
    where = _where({"folder": 0, "name": name})
    report = _report(_checked(text, where))
    return {"text": text, "name": name, "folder": 0, "kind": kind, "report": report}


def _save_library_deck(
    library: HostedLibrary, text: str, name: str, edit_key: Any
) -> dict[str, Any]:
    """Save into the library: a new deck (its edit key said this once), or, with its edit
    key, a change of the deck (the tables made from it keep their version)."""
    from deckforge.theme.library import resolved_text

    problem = name_problem(name)
    if problem is not None:
        raise Refusal(400, problem[1], code=problem[0], name=name)
    text = _named(text, name)
    report = _checked(text, _where({"folder": 0, "name": name}))
    if report.theme is None:
        raise Refusal(
            422,
            "the theme has problems: fix them before saving",
            [_plain(p, report.lines, False) for p in report.problems],
            code="has-problems",
        )
    title, resolved = report.theme.title, resolved_text(report.merged)
    answer: dict[str, Any] = {"saved": name, "name": name, "ref": DB_PREFIX + name}
    if edit_key is None:
        try:
            answer["edit_key"] = library.create(name, title, text, resolved)
        except NameTaken:
            raise Refusal(
                409,
                f"{name}: the library already has a deck of this name: choose another name",
                code="exists",
                name=name,
            ) from None
    else:
        _check_edit_key(library, name, edit_key)
        try:
            library.update(name, edit_key, title, text, resolved)
        except WrongKey:
            raise Refusal(
                403, f"{name}: this is not the deck's edit key", code="wrong-edit-key"
            ) from None
        except TooManyTries as limit:
            raise _too_many(limit) from None
    return answer | {"text": text, "report": _report(report)}


@bp.post("/download")
def download() -> Any:
    _guard()
    text = request.form.get("text", "")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        abort(413)
    name = request.form.get("name", "")
    if name_problem(name):
        name = "theme"
    return Response(
        text,
        mimetype="application/yaml",
        headers={"Content-Disposition": f'attachment; filename="{name}.yaml"'},
    )


def _simulation_request() -> tuple[Theme, int, str]:
    """The checked theme, the games per player count and the profile of a simulation."""
    data = _body()
    text = _text(data)
    games = data.get("games", 200)
    if not isinstance(games, int) or isinstance(games, bool):
        raise Refusal(400, "games: a whole number")
    profile = data.get("profile", "class")
    if profile not in PROFILES:
        raise Refusal(400, f"profile: one of {', '.join(PROFILES)}")
    report = _checked(text, _where(data))
    if report.theme is None:
        raise Refusal(
            422, "the theme has problems: fix them before simulating", code="simulate-problems"
        )
    return report.theme, games, profile


@bp.post("/api/simulate/estimate")
def estimate_simulation() -> Any:
    """How long a run would play, and wait, before the teacher starts it."""
    _guard()
    theme, games, profile = _simulation_request()
    return jsonify(simulations().estimate(theme, games, profile))


@bp.post("/api/simulate")
def start_simulation() -> Any:
    _guard()
    theme, games, profile = _simulation_request()
    key = simulations().start(access.page_token(), theme, games, profile)
    return jsonify(
        run=key,
        status=url_for("studio.simulation", key=key),
        cancel=url_for("studio.cancel_simulation", key=key),
    )


@bp.get("/api/simulate/<key>")
def simulation(key: str) -> Any:
    """A run of this browser's (another browser's runs are not found)."""
    _guard(post=False)
    run = simulations().get(access.page_token(), key)
    if run is None:
        raise Refusal(404, "no such simulation")
    return jsonify(run)


@bp.post("/api/simulate/<key>/cancel")
def cancel_simulation(key: str) -> Any:
    _guard()
    if not simulations().cancel(access.page_token(), key):
        raise Refusal(404, "no such simulation")
    return jsonify(cancelled=True)


@bp.get("/schema.json")
def schema() -> Any:
    """The theme format's JSON Schema: the YAML view's help for the key under the cursor."""
    _guard(post=False)
    return Response(SCHEMA_PATH.read_bytes(), mimetype="application/schema+json")


@bp.get("/face/<key>.png")
def face(key: str) -> Any:
    _guard(post=False)
    if len(key) != 32 or not all(c in "0123456789abcdef" for c in key):
        abort(404)
    image = faces().png(key)
    if image is None:
        abort(404)
    response = Response(image, mimetype="image/png")
    response.headers["Cache-Control"] = "private, max-age=86400, immutable"
    return response
