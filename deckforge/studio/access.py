"""Who may use the studio: the referee's own computer, or a browser that knows the secret.

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
import ipaddress

from flask import current_app, request, session

from deckforge.page_tokens import same_secret, sent_back, session_token

LOCAL_NAMES = ("localhost", "localhost.localdomain")


def _is_loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _local_host(host: str) -> bool:
    """Whether the Host header names this computer by a loopback name or address."""
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.endswith("]") else host
    if name.startswith("[") and "]" in name:
        name = name[1 : name.index("]")]
    elif host.startswith("[") and "]" in host:
        name = host[1 : host.index("]")]
    return name.lower() in LOCAL_NAMES or _is_loopback(name)


def _secret_hash(secret: str) -> str:
    return hashlib.sha256(f"deckforge-studio:{secret}".encode()).hexdigest()


def is_local() -> bool:
    """The request comes from the referee's own computer, under a loopback host name."""
    return _is_loopback(request.remote_addr) and _local_host(request.host)


def may_edit() -> bool:
    """This computer, or a session that presented the studio secret."""
    if is_local():
        return True
    remembered = session.get("studio")
    secret = current_app.config.get("STUDIO_SECRET") or ""
    return bool(secret) and same_secret(remembered, _secret_hash(secret))


def unlock(key: str) -> bool:
    """Remember the secret in the session if ``key`` is it."""
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
