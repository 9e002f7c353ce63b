"""Who may do what: the table's leader (its token) and each seat of a digital table
(its secret). Pages carry the secret in their URL (``token``, ``secret``); the API
in ``Authorization: Bearer <secret>``. Refusals: 401 without a secret, 403 with a
wrong one, 404 for a table or seat that does not exist.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request

from deckforge.referee import store
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.seats import seat_matches
from deckforge.referee.security import token_matches
from deckforge.referee.service import service

View = TypeVar("View", bound=Callable[..., Any])


def bearer() -> str | None:
    """The secret of an ``Authorization: Bearer <secret>`` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def table_record(table_id: str) -> store.TableRecord:
    """The table's fixed facts (token, seats, kind), or a 404."""
    table = service().record(get_db(), table_id)
    if table is None:
        raise RefereeError(404, "no-such-table", f"there is no table {table_id!r}")
    return table


def check_leader(table: store.TableRecord, token: str | None) -> None:
    if token is None:
        raise RefereeError(
            401,
            "token-required",
            "this needs the table's leader token (Authorization: Bearer <token>)",
        )
    if not token_matches(token, table.leader_token_hash):
        raise RefereeError(403, "wrong-token", "this is not the table's leader token")


def leader_required(view: View) -> View:
    """The view runs only for the leader of ``table_id`` (token in the URL or the header)."""

    @functools.wraps(view)
    def checked(table_id: str, **kwargs: Any) -> Any:
        check_leader(table_record(table_id), kwargs.get("token") or bearer())
        return view(table_id, **kwargs)

    return checked  # type: ignore[return-value]


def seat_required(view: View) -> View:
    """The view runs only for ``seat`` of the digital table ``table_id`` (its secret in the
    URL or the header)."""

    @functools.wraps(view)
    def checked(table_id: str, seat: int, **kwargs: Any) -> Any:
        table = table_record(table_id)
        if table.kind != "digital":
            raise RefereeError(404, "not-digital", "this table is played with printed cards")
        if not 0 <= seat < len(table.players):
            raise RefereeError(404, "no-such-seat", f"the table has no seat {seat}")
        secret = kwargs.get("secret") or bearer()
        if secret is None:
            raise RefereeError(
                401,
                "token-required",
                "this needs the seat's secret (Authorization: Bearer <secret>)",
            )
        if not seat_matches(str(current_app.config["SECRET_KEY"]), table, seat, secret):
            raise RefereeError(403, "wrong-token", "this is not this seat's secret")
        return view(table_id, seat, **kwargs)

    return checked  # type: ignore[return-value]
