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

A new table (``POST /api/tables``) may carry a key too: a retry finds the
table the first try made. Its answer holds the leader's token, which the store
keeps only hashed, so the token of a keyed creation is derived from the key and
the request by the app's secret (:func:`creation_token`): every retry gives it
again. Whoever sends the same key and request gets that token, so such a key
must be a secret of the client: at least :data:`SHORTEST_CREATION_KEY`
characters (a UUID, say), and it is stored hashed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Any, TypeVar

import orjson
from flask import current_app, request
from werkzeug.wrappers import Response

from deckforge.referee import store
from deckforge.referee.errors import RefereeError

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
REPLAYED = "Idempotent-Replayed"
MAX_KEY = 128
SHORTEST_CREATION_KEY = 16  # a key that also gives back a leader's token: a secret

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


def request_key(kind: str, shortest: int = 1, **asked: Any) -> store.RequestKey | None:
    """The request's key with the fingerprint of ``kind`` and ``asked`` (None without a
    key); a key that is not ``shortest`` to 128 printable ASCII characters is refused
    (400)."""
    key = _presented()
    if key is None:
        return None
    if not _KEY.fullmatch(key) or len(key) < shortest:
        raise RefereeError(
            400,
            "bad-idempotency-key",
            f"the {HEADER} must be {shortest} to {MAX_KEY} printable ASCII characters"
            " without spaces",
            {"field": FIELD, "min": shortest, "max": MAX_KEY},
        )
    asked_text = orjson.dumps({"kind": kind, **asked}, option=orjson.OPT_SORT_KEYS)
    return store.RequestKey(key, hashlib.sha256(asked_text).hexdigest())


def creation_token(key: store.RequestKey) -> str:
    """The leader's token of the table created with ``key``: the same for every retry of
    that request (an HMAC of the key and the request's fingerprint by the app's secret),
    and as long as :func:`security.new_token`'s."""
    secret = current_app.config["SECRET_KEY"]
    secret_bytes = secret if isinstance(secret, bytes) else str(secret).encode("utf-8")
    said = f"leader-token\0{key.key}\0{key.fingerprint}".encode()
    digest = hmac.new(secret_bytes, said, hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(digest).decode("ascii")


Answer = TypeVar("Answer", bound=Response)


def replayed(response: Answer, done: store.AlreadyRecorded) -> Answer:
    """``response`` marked as the answer to a change already recorded (``done``)."""
    response.headers[REPLAYED] = "true"
    response.headers["X-Recorded-Version"] = str(done.version)
    return response


def reused(problem: store.KeyReused) -> RefereeError:
    """The refusal of a key already used for another request at the table."""
    return RefereeError(422, "idempotency-key-reused", str(problem), {"key": problem.key})
