"""The "Print a deck" page: the print kit of a theme, from a browser, without a terminal.

A GET form (nothing changes on the server, so no CSRF token is needed and the
download links can be bookmarked): the page lists the themes the referee
offers, the paper, card size, ink, duplex edge and back offset; a button per
file downloads it, or the whole kit as one ZIP. The PDFs come from
:func:`deckforge.printing.kit.build_kit` with the options ``deckforge print``
would build from the same choices, so they are byte for byte the same.
"""

from __future__ import annotations

import io
import threading
import zipfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, g, render_template, request

from deckforge.forwarded import proxied
from deckforge.printing.geometry import CARD_SIZES, PAPERS
from deckforge.theme.library import Deck, ThemeLibrary
from deckforge.theme.loader import ThemeError
from deckforge.web.i18n import WebTranslator
from deckforge.web.kit_line import THIS_COMPUTER, KitLine

if TYPE_CHECKING:  # the print kit (reportlab, HarfBuzz) loads when the page is first asked for
    from deckforge.printing.kit import KitOptions, PrintError
    from deckforge.printing.options import OptionError
    from deckforge.theme.model import Theme

bp = Blueprint(
    "print_page",
    __name__,
    url_prefix="/print",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)

ZIP_NAME = "kit.zip"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same kit makes the same ZIP
KITS_KEPT = 4  # kits kept in memory: one file after another costs one build


@dataclass(frozen=True)
class ThemeRow:
    name: str
    title: str


class KitCache:
    """The last few kits built, by theme file, its time stamps and the options."""

    def __init__(self, size: int = KITS_KEPT) -> None:
        self._kits: OrderedDict[tuple[Any, ...], dict[str, bytes]] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    @staticmethod
    def key(deck: Deck, options: KitOptions) -> tuple[Any, ...]:
        """A kit's key: its deck's resolved text (a library deck has no file) and files."""
        return (deck.hash, _stamp(deck.theme), options)

    def peek(self, key: tuple[Any, ...]) -> dict[str, bytes] | None:
        with self._lock:
            if key in self._kits:
                self._kits.move_to_end(key)
                return self._kits[key]
        return None

    def put(self, key: tuple[Any, ...], files: dict[str, bytes]) -> None:
        with self._lock:
            self._kits[key] = files
            while len(self._kits) > self._size:
                self._kits.popitem(last=False)

    def get(self, deck: Deck, options: KitOptions) -> dict[str, bytes]:
        key = self.key(deck, options)
        files = self.peek(key)
        if files is None:
            from deckforge.printing.kit import build_kit

            files = build_kit(deck.theme, options)
            self.put(key, files)
        return files


def _stamp(theme: Theme) -> tuple[tuple[str, int], ...]:
    """Every file the theme was read from, with its modification time."""
    files = {Path(p.file) for p in theme.positions.values()}
    if theme.path is not None:
        files.add(Path(theme.path))
    stamps = []
    for file in sorted(files):
        try:
            stamps.append((str(file), file.stat().st_mtime_ns))
        except OSError:
            stamps.append((str(file), -1))
    return tuple(stamps)


_kits = KitCache()


def _translator() -> WebTranslator:
    from deckforge.referee.i18n import page_language

    g.t = WebTranslator(page_language())
    return g.t


def _library() -> ThemeLibrary:
    """The referee's theme library: the same listing and cache as its own pages."""
    found: ThemeLibrary = current_app.extensions["deckforge.library"]
    return found


def _theme_refs() -> list[tuple[str, str]]:
    """(name shown, reference to load) of the themes the referee offers to anybody."""
    return _library().choices()


def _theme_rows() -> list[ThemeRow]:
    rows = []
    for name, ref in _theme_refs():
        try:
            theme = _library().load(ref)
        except ThemeError:
            continue  # a broken theme is left out of the list
        rows.append(ThemeRow(name, theme.title))
    return rows


def _chosen_deck(name: str) -> Deck:
    from deckforge.printing.options import OptionError

    refs = dict(_theme_refs())
    if name not in refs:
        raise OptionError("theme", f"{name}: no such theme on this referee")
    try:
        return _library().deck(refs[name])
    except ThemeError as error:
        raise OptionError("theme", error.problems[0]) from None


def _form_options(form: Any) -> KitOptions:
    from deckforge.printing.options import kit_options

    return kit_options(
        paper=form.get("paper", "a4"),
        card=form.get("card_custom", "").strip() or form.get("card", "") or None,
        duplex=form.get("duplex", "long"),
        ink=form.get("ink", "full"),
        offset_x=form.get("offset_x", "0"),
        offset_y=form.get("offset_y", "0"),
    )


def print_line() -> KitLine:
    """This app's line of kits asked from the network (made on first use)."""
    line = current_app.extensions.get("deckforge.print.line")
    if line is None:
        line = current_app.extensions.setdefault(
            "deckforge.print.line", KitLine(current_app.config.get("PRINT_WORKERS"))
        )
    return line  # type: ignore[no-any-return]


def _page(problem: OptionError | None = None, status: int = 200, waiting: int = 0) -> Any:
    from deckforge.printing.kit import KitOptions, kit_files

    t = _translator()
    themes = _theme_rows()
    form = request.args
    default = current_app.config.get("DEFAULT_THEME")
    if not any(row.name == default for row in themes) and themes:
        default = themes[0].name
    message = None
    if problem is not None:
        message = t(f"print.bad.{problem.field}", problem=problem.message)
    body = render_template(
        "print.html",
        themes=themes,
        chosen=form.get("theme") or default,
        papers=list(PAPERS),
        cards=list(CARD_SIZES),
        form=form,
        files=kit_files(KitOptions()),
        zip_name=ZIP_NAME,
        problem=message,
        problem_field=problem.field if problem else None,
        waiting=waiting,  # place in the line of kits (the page reloads itself)
        again=request.full_path if waiting else "",
    )
    return body, status


@bp.get("/")
def form() -> Any:
    return _page()


@bp.get("/download")
def download() -> Any:
    from deckforge.printing.kit import PrintError, kit_files
    from deckforge.printing.options import OptionError

    wanted = request.args.get("file", ZIP_NAME)
    try:
        deck = _chosen_deck(request.args.get("theme", ""))
        theme = deck.theme
        options = _form_options(request.args)
        names = kit_files(options)
        if wanted != ZIP_NAME and wanted not in names:
            raise OptionError("file", f"{wanted}: not a file of the kit")
        files = _kits.peek(_kits.key(deck, options))
        from_here = request.remote_addr in THIS_COMPUTER and not proxied(request.environ)
        if files is None and not from_here:
            state, answer = print_line().ask(
                request.remote_addr or "", _kits.key(deck, options), theme, options
            )
            if state == "waiting":
                return _page(waiting=answer, status=202)
            if state == "problems":
                raise OptionError("print", _summary(PrintError("", answer)))
            files = answer
            _kits.put(_kits.key(deck, options), files)
        if files is None:  # this computer: built now, not in line
            try:
                files = _kits.get(deck, options)
            except PrintError as error:
                raise OptionError("print", _summary(error)) from None
    except OptionError as problem:
        return _page(problem, 422)
    if wanted == ZIP_NAME:
        return _attachment(_zip(theme.id, files), f"{theme.id}-kit.zip", "application/zip")
    return _attachment(files[wanted], f"{theme.id}-{wanted}", "application/pdf")


PROBLEMS_SHOWN = 3


def _summary(error: PrintError) -> str:
    """The first few of the theme's problems (as deckforge check words them)."""
    problems = error.problems or [str(error)]
    shown = "; ".join(problems[:PROBLEMS_SHOWN])
    more = len(problems) - PROBLEMS_SHOWN
    return f"{shown}; … (+{more})" if more > 0 else shown


def _zip(folder: str, files: dict[str, bytes]) -> bytes:
    """The kit as one ZIP with a folder named after the theme (the same bytes every time)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(f"{folder}/{name}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def _attachment(data: bytes, name: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


__all__ = ["bp"]
