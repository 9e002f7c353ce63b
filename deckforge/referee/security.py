"""Secrets: the leader's token (stored hashed) and the CSRF token of HTML forms
(made and compared by :mod:`deckforge.page_tokens`, as the studio's are)."""

from __future__ import annotations

import hashlib
import secrets

from flask import abort, request

from deckforge.page_tokens import same_secret, sent_back, session_token


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Constant-time check of a presented token against the stored hash."""
    if not token:
        return False
    return same_secret(token_hash(token), stored_hash)


def csrf_token() -> str:
    """The session's CSRF token, made on first use; forms carry it in a hidden field."""
    return session_token("csrf")


def check_csrf() -> None:
    """Refuse (400, the error page says why) a form POST whose CSRF field is not the
    session's token: missing, forged, or any text at all."""
    if not sent_back("csrf", request.form.get("csrf", "")):
        abort(400, description="csrf")
