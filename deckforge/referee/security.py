"""Secrets: the leader's token (stored hashed) and the CSRF token of HTML forms."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import abort, request, session


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Constant-time check of a presented token against the stored hash."""
    if not token:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def csrf_token() -> str:
    """The session's CSRF token, made on first use; forms carry it in a hidden field."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def check_csrf() -> None:
    """Refuse (400) a form POST whose CSRF field does not match the session's token."""
    sent = request.form.get("csrf", "")
    expected = session.get("csrf")
    if not isinstance(expected, str) or not hmac.compare_digest(sent, expected):
        abort(400, description="csrf")
