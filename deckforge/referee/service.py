"""The table service as every route uses it: the app's :class:`TableService`, a table
at its latest version (404 if there is none), what a request may name as a theme, and
the steps the API and the pages share (open a table, a seat's action, a seat's link,
a game's hanab.live record). No blueprint imports another: they all import this.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

from flask import Response, current_app, jsonify, request, url_for

from deckforge.forwarded import proxied
from deckforge.referee import store
from deckforge.referee.checks import NewTable
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.idempotency import creation_token
from deckforge.referee.seats import seat_secret
from deckforge.referee.security import new_token, token_hash
from deckforge.referee.state import ThemeRow
from deckforge.referee.tables import LoadedTable, TableService
from deckforge.referee.theme_summaries import ThemeSummaries, summary_row
from deckforge.rules import Action
from deckforge.rules.records import to_hanab_live
from deckforge.theme.library import DB_PREFIX, ThemeLibrary, from_this_computer


def service() -> TableService:
    tables: TableService = current_app.extensions["deckforge.tables"]
    return tables


def load_table(table_id: str) -> LoadedTable:
    """The table at its latest version, for every route (404 if there is none): one cache,
    keyed by table and version (:meth:`TableService.load`)."""
    loaded = service().load(get_db(), table_id)
    if loaded is None:
        raise RefereeError(404, "no-such-table", f"there is no table {table_id!r}")
    return loaded


def library() -> ThemeLibrary:
    """The app's theme library: its decks, who may name which, one cache."""
    found: ThemeLibrary = current_app.extensions["deckforge.library"]
    return found


def this_computer() -> bool:
    """Whether the request may name any theme file: from this computer, under a loopback
    host name (a foreign page reaching 127.0.0.1 through its own name may not), and never
    passed on by a proxy (whatever address its headers name). Never for a hosted referee
    (PostgreSQL) either: behind a proxy on the same machine that is not named by
    --trusted-proxy, every visitor's request would come from a loopback address."""
    if current_app.config.get("HOSTED"):
        return False
    return not proxied(request.environ) and from_this_computer(request.remote_addr, request.host)


def theme_summaries() -> ThemeSummaries:
    """Each theme's line in the lists, kept while its files are unchanged."""
    summaries: ThemeSummaries = current_app.extensions["deckforge.summaries"]
    return summaries


def theme_rows() -> list[ThemeRow]:
    """The themes a new table may use; a broken theme file in a themes folder is left out.

    Each row comes from the theme's kept summary while its files are unchanged
    (:mod:`deckforge.referee.theme_summaries`): a page loads no theme to list them.
    """
    found: list[ThemeRow] = []
    summaries = theme_summaries()
    conn = get_db()
    for name, ref in library().choices():
        try:
            if ref.startswith(DB_PREFIX):  # a library deck: its theme is kept by its hash
                row = summary_row(library().load(ref))
            else:
                row = summaries.row(conn, ref, library().load)
        except Exception:
            continue
        found.append({"name": name, **row})
    return found


def open_table(
    checked: NewTable,
    kind: store.TableKind,
    seed: int | None,
    key: store.RequestKey | None = None,
) -> tuple[LoadedTable, str]:
    """Create a checked table: the table and its leader's token (said only this once, or
    to every retry of a ``key``'s request: see :mod:`idempotency`). A key already used
    raises AlreadyCreated (or KeyReused) and makes nothing."""
    token = new_token() if key is None else creation_token(key)
    loaded = service().create(
        get_db(),
        theme_ref=checked.theme_ref,
        deck=checked.deck,
        players=checked.players,
        token_hash=token_hash(token),
        kind=kind,
        seed=seed,
        key=key,
    )
    return loaded, token


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


def seat_links(table: store.TableRecord) -> list[dict[str, Any]]:
    """Each seat's page, with its secret: for the leader (and the table's creator) only; at
    the address the pupils' phones reach, whatever address the leader's page was opened at."""
    return [
        {
            "seat": seat,
            "name": name,
            "url": shareable(
                url_for(
                    "digital.seat_page",
                    table_id=table.id,
                    seat=seat,
                    secret=seat_secret(str(current_app.config["SECRET_KEY"]), table, seat),
                    _external=True,
                )
            ),
        }
        for seat, name in enumerate(table.players)
    ]


PAUSED = RefereeError(423, "paused", "the leader has paused the table: wait until they resume")


def digital_table(table_id: str) -> LoadedTable:
    found = load_table(table_id)
    if found.table.kind != "digital":
        raise RefereeError(404, "not-digital", "this table is played with printed cards")
    return found


def act_for_seat(
    digital: LoadedTable,
    seat: int,
    version: int,
    action: Action,
    key: store.RequestKey | None = None,
) -> None:
    """Apply ``action`` for ``seat``: stale (409), paused (423) and the engine's refusals
    (``not-your-turn`` first) change nothing. A ``key`` already recorded answers first
    (AlreadyRecorded, or KeyReused for another request)."""
    store.recorded_change(get_db(), digital.table.id, key)
    if not digital.table.accepts(version):  # the game changed since (not a replay move)
        raise store.StaleVersion(version, digital.version)
    if digital.paused:
        raise PAUSED
    refusal = digital.game.check(action, seat)
    if refusal is not None:
        raise refusal
    service().act(get_db(), digital.table.id, version, action, key)


def is_final(digital: LoadedTable, number: int) -> bool:
    """Whether game ``number`` of a digital table can no longer go on: an earlier game,
    or the current one once over (the leader's undo cannot reopen a digital game that
    is over, see ``TableService.undo``)."""
    return number < digital.table.game or bool(digital.state["is_over"])


def hanab_record(digital: LoadedTable, number: int) -> Response:
    """Game ``number`` as a hanab.live record, deck included: for the leader's routes only
    (the caller checks), and only once the game can no longer go on (see :func:`is_final`)."""
    conn = get_db()
    table = digital.table
    if not 1 <= number <= table.game or store.get_game(conn, table.id, number) is None:
        raise RefereeError(404, "no-such-game", f"the table has no game {number}")
    if not is_final(digital, number):
        raise RefereeError(
            409,
            "game-running",
            "the deck of a game that can still go on is not exported (it names every card"
            " in every hand): it is, for the leader, once the game is over or a new one began",
        )
    game = service().game_of(conn, table, number)
    response = jsonify(to_hanab_live(game, list(table.players)))
    name = f"table-{table.id}-game-{number}-{digital.theme.id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response
