"""Who may use the studio: the referee's own computer, or a browser that knows the secret
(on a hosted referee: the organisation key, see :mod:`deckforge.studio.hosted`).

The secret is kept in the referee's data folder (:mod:`deckforge.studio.key`),
so it stays the same across restarts; the studio's page on this computer shows
it, and a QR code of the address with it for a tablet. A browser that opens
``/studio/?key=SECRET`` once, or types it on the studio's page, keeps it in its
signed session cookie.

Requests from this computer are trusted only under a loopback host name, so a
web page on another site cannot reach the studio through a name that points at
127.0.0.1 (DNS rebinding). Every change also carries the page's token in a
header that other sites cannot set (CSRF).
"""

from __future__ import annotations

import hashlib

from flask import current_app, request, session

from deckforge.forwarded import proxied
from deckforge.page_tokens import same_secret, sent_back, session_token
from deckforge.studio.hosted import WrongKey, hosted_library
from deckforge.theme.library import from_this_computer


def _secret_hash(secret: str) -> str:
    return hashlib.sha256(f"deckforge-studio:{secret}".encode()).hexdigest()


def is_local() -> bool:
    """The request comes from the referee's own computer, under a loopback host name, and
    not through a reverse proxy (a proxied request is never this computer's); never for a
    hosted referee (PostgreSQL: a proxy on its machine makes every request local)."""
    if current_app.config.get("HOSTED"):
        return False
    return not proxied(request.environ) and from_this_computer(request.remote_addr, request.host)


def may_edit() -> bool:
    """This computer, or a session that presented the studio secret (on a hosted referee:
    the organisation key, and nobody when none is configured)."""
    if is_local():
        return True
    remembered = session.get("studio")
    if current_app.config.get("HOSTED"):
        library = hosted_library()
        expected = library.org_key_hash() if library is not None else None
        return bool(expected) and same_secret(remembered, expected)
    secret = current_app.config.get("STUDIO_SECRET") or ""
    return bool(secret) and same_secret(remembered, _secret_hash(secret))


def unlock(key: str) -> bool:
    """Remember the secret in the session if ``key`` is it. On a hosted referee the key is
    the organisation key, and wrong tries are counted per client address: past the limit,
    :class:`hosted.TooManyTries` is raised before the key is compared."""
    if current_app.config.get("HOSTED"):
        library = hosted_library()
        if library is None or library.org_key_hash() is None:
            return False
        try:
            session["studio"] = library.check_org_key(key.strip())
        except WrongKey:
            return False
        return True
    secret = current_app.config.get("STUDIO_SECRET") or ""
    if same_secret(key.strip(), secret):
        session["studio"] = _secret_hash(secret)
        return True
    return False


def page_token() -> str:
    """The token this session's pages send in the X-Studio-Token header."""
    return session_token("studio_token")


def token_ok() -> bool:
    sent = request.headers.get("X-Studio-Token", "") or request.form.get("token", "")
    return sent_back("studio_token", sent)
