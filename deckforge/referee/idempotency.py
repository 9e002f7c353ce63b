"""Idempotency keys: a change sent twice is recorded once.

Every change a client sends (an action, an undo, a new game, a pause) may
carry a key of its own choosing, in the ``Idempotency-Key`` header (the API)
or the ``idempotency_key`` form field (the pages). The store keeps the key
with the change, in the change's own transaction, unique per table. A retry
with the same key and the same request (a reply lost on the way back) is
answered as the first time, with ``Idempotent-Replayed: true``; the same key
with another request is refused (422 ``idempotency-key-reused``).

A key's request is compared by a fingerprint of what it asked, once checked
(the change's kind, the version it was made on, and its action, steps or
pause), so two spellings of the same JSON are the same request.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any, TypeVar

import orjson
from flask import request
from werkzeug.wrappers import Response

from deckforge.referee import store
from deckforge.referee.errors import RefereeError

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
REPLAYED = "Idempotent-Replayed"
MAX_KEY = 128

# printable ASCII without spaces; a Structured Field string ("...") is accepted unquoted
_KEY = re.compile(rf"[\x21-\x7e]{{1,{MAX_KEY}}}")


def new_key() -> str:
    """A fresh key, for a form the server renders (a page without JavaScript)."""
    return secrets.token_urlsafe(16)


def _presented() -> str | None:
    raw = request.headers.get(HEADER)
    if raw is None and request.mimetype != "application/json":
        raw = request.form.get(FIELD)
    if raw is None:
        return None
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        raw = raw[1:-1]
    return raw or None


def request_key(kind: str, **asked: Any) -> store.RequestKey | None:
    """The request's key with the fingerprint of ``kind`` and ``asked`` (None without a
    key); a key that is not 1 to 128 printable ASCII characters is refused (400)."""
    key = _presented()
    if key is None:
        return None
    if not _KEY.fullmatch(key):
        raise RefereeError(
            400,
            "bad-idempotency-key",
            f"the {HEADER} must be 1 to {MAX_KEY} printable ASCII characters without spaces",
            {"field": FIELD, "max": MAX_KEY},
        )
    asked_text = orjson.dumps({"kind": kind, **asked}, option=orjson.OPT_SORT_KEYS)
    return store.RequestKey(key, hashlib.sha256(asked_text).hexdigest())


Answer = TypeVar("Answer", bound=Response)


def replayed(response: Answer, done: store.AlreadyRecorded) -> Answer:
    """``response`` marked as the answer to a change already recorded (``done``)."""
    response.headers[REPLAYED] = "true"
    response.headers["X-Recorded-Version"] = str(done.version)
    return response


def reused(problem: store.KeyReused) -> RefereeError:
    """The refusal of a key already used for another request at the table."""
    return RefereeError(422, "idempotency-key-reused", str(problem), {"key": problem.key})
