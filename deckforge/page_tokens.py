"""Secrets a browser sends back, compared one way for the referee and the studio.

A page's token (CSRF) is made on first use and kept in the signed session
cookie; a form or a request sends it back. Everything sent is compared in
constant time as UTF-8 bytes, so a secret with any character in it (a forged
``csrf=é``) is simply a wrong secret, never a crash.
"""

from __future__ import annotations

import hmac
import secrets

from flask import session


def same_secret(sent: str | None, expected: str | None) -> bool:
    """Whether ``sent`` is ``expected``, in constant time; any text may be sent."""
    if not isinstance(sent, str) or not isinstance(expected, str) or not expected:
        return False
    return hmac.compare_digest(sent.encode("utf-8", "replace"), expected.encode("utf-8"))


def session_token(name: str) -> str:
    """The session's token ``name``, made on first use; the pages send it back."""
    token = session.get(name)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session[name] = token
    return token


def sent_back(name: str, sent: str | None) -> bool:
    """Whether ``sent`` is the session's token ``name`` (False when it has none)."""
    return same_secret(sent, session.get(name))
