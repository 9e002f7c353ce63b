"""Requests that reach the referee through a reverse proxy: who really sent them.

A proxy (nginx, Caddy) connects to the referee itself, so every request it passes on
comes from the proxy's address; it says whose request it was in a header. Only the
proxies the operator names (``deckforge referee --trusted-proxy``) are believed: from
any other peer the headers are ignored, whatever they say.

- The client is the right-most address of the header that is not itself a trusted
  proxy (the left part is whatever the client wrote; only the hops added by trusted
  proxies are known to be true). That address is what the per-address limits count.
- A request passed on by a trusted proxy is *proxied*: the privileges of "this
  computer" (the studio without its key, any theme file) are never granted to it,
  even when the header names a loopback address.
- The scheme and host of the public address come from the proxy
  (``X-Forwarded-Proto``/``X-Forwarded-Host``, or ``proto=``/``host=`` of ``Forwarded``),
  or from ``--public-url``, which wins: links, QR codes and Secure cookies follow them.

One header family is read, ``X-Forwarded-For`` (nginx's usual one) or ``Forwarded``
(RFC 7239), never both: a proxy that writes one passes the other on as the client
sent it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

PROXIED = "deckforge.proxied"  # WSGI environ key: passed on by a trusted proxy
PEER = "deckforge.peer"  # WSGI environ key: the address that connected (the proxy)
HEADERS = ("x-forwarded-for", "forwarded")
_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
_SCHEMES = ("http", "https")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Header = Callable[[str], str | None]  # a request header's value by its lowercase name


class ProxyError(ValueError):
    """A trusted proxy or public URL that cannot be used (said to the operator)."""


@dataclass(frozen=True)
class Origin:
    """Who sent a request: the address that counts, and what a trusted proxy said."""

    client: str
    proxied: bool
    scheme: str | None = None
    host: str | None = None


def _address(text: str) -> str | None:
    """An address as a header writes it (``1.2.3.4``, ``1.2.3.4:80``, ``"[::1]:80"``,
    ``::1``), in its canonical form; None for anything else (``unknown``, ``_hidden``)."""
    text = text.strip().strip('"').strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def _network(entry: str) -> Network:
    try:
        return ipaddress.ip_network(entry.strip(), strict=False)
    except ValueError:
        raise ProxyError(
            f"{entry}: not an address or network (e.g. 127.0.0.1, 10.0.0.0/8)"
        ) from None


def _forwarded_elements(value: str) -> list[dict[str, str]]:
    """The elements of RFC 7239 ``Forwarded`` (one per hop), each as its pairs."""
    elements = []
    for element in value.split(","):
        pairs = {}
        for pair in element.split(";"):
            name, equals, found = pair.partition("=")
            if equals:
                pairs[name.strip().lower()] = found.strip().strip('"')
        elements.append(pairs)
    return elements


def _last(value: str | None) -> str | None:
    """The right-most entry of a comma list: the one the nearest proxy wrote."""
    if not value:
        return None
    return value.rsplit(",", 1)[-1].strip() or None


class TrustedProxies:
    """The proxies whose forwarding headers are believed, and what a request's say."""

    def __init__(
        self, entries: Iterable[str] = (), header: str = "x-forwarded-for", public_url: str = ""
    ) -> None:
        if header not in HEADERS:
            raise ProxyError(f"{header}: the proxy header is one of {', '.join(HEADERS)}")
        self.networks = tuple(_network(entry) for entry in entries)
        self.header = header
        self.public_scheme, self.public_host = (
            public_address(public_url) if public_url else ("", "")
        )

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str | None) -> bool:
        found = _address(address or "")
        if found is None:
            return False
        parsed = ipaddress.ip_address(found)
        return any(parsed.version == net.version and parsed in net for net in self.networks)

    def origin(self, peer: str, header: Header) -> Origin:
        """Who sent the request that ``peer`` passed on, by its headers (or ``peer``)."""
        if not self.trusts(peer):
            return Origin(peer, proxied=False)
        if self.header == "forwarded":
            elements = _forwarded_elements(header("forwarded") or "")
            hops = [element.get("for", "") for element in elements if element]
            scheme = next((e["proto"] for e in reversed(elements) if "proto" in e), None)
            host = next((e["host"] for e in reversed(elements) if "host" in e), None)
        else:
            hops = [hop for hop in (header("x-forwarded-for") or "").split(",") if hop.strip()]
            scheme = _last(header("x-forwarded-proto"))
            host = _last(header("x-forwarded-host"))
        return Origin(
            self._client(peer, hops),
            proxied=True,
            scheme=self.public_scheme or _scheme(scheme),
            host=self.public_host or _host(host),
        )

    def _client(self, peer: str, hops: list[str]) -> str:
        """The right-most hop that is not a trusted proxy; the left-most when all are."""
        chain = [*hops, peer]
        for hop in reversed(chain):
            found = _address(hop)
            if found is None:  # a name or "unknown": nothing further left can be believed
                return hop.strip().strip('"')[:64].lower() or "unknown"
            if not self.trusts(found):
                return found
        return _address(chain[0]) or peer


def _scheme(value: str | None) -> str | None:
    value = (value or "").strip().lower()
    return value if value in _SCHEMES else None


def _host(value: str | None) -> str | None:
    value = (value or "").strip()
    return value if value and _HOST.fullmatch(value) else None


def public_address(url: str) -> tuple[str, str]:
    """``--public-url``'s scheme and host (``https``, ``games.example.org``)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in _SCHEMES or not parts.netloc or not _host(parts.netloc):
        raise ProxyError(f"{url}: not an http:// or https:// address (https://games.example.org/)")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ProxyError(f"{url}: the referee is served at the root of its address: no path")
    return parts.scheme, parts.netloc


def environ_header(environ: dict[str, Any]) -> Header:
    """A WSGI request's headers by their lowercase names."""

    def value(name: str) -> str | None:
        found = environ.get("HTTP_" + name.upper().replace("-", "_"))
        return found if isinstance(found, str) else None

    return value


def scope_header(headers: Iterable[tuple[bytes, bytes]]) -> Header:
    """An ASGI request's headers by their lowercase names (repeated ones joined by commas)."""
    found: dict[str, list[str]] = {}
    for name, raw in headers:
        found.setdefault(name.decode("latin-1").lower(), []).append(raw.decode("latin-1"))

    def joined(name: str) -> str | None:
        values = found.get(name)
        return ",".join(values) if values else None

    return joined


def proxied(environ: dict[str, Any]) -> bool:
    """Whether a trusted proxy passed this WSGI request on."""
    return environ.get(PROXIED) is True


class ForwardedMiddleware:
    """WSGI: a request from a trusted proxy gets its real client's address, its public
    scheme and host, and the ``PROXIED`` mark; any other request is left as it came."""

    def __init__(self, app: Callable[..., Any], proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        environ.pop(PROXIED, None)
        peer = str(environ.get("REMOTE_ADDR") or "")
        origin = self.proxies.origin(peer, environ_header(environ))
        if origin.proxied:
            environ[PROXIED] = True
            environ[PEER] = peer
            environ["REMOTE_ADDR"] = origin.client
            if origin.scheme:
                environ["wsgi.url_scheme"] = origin.scheme
            if origin.host:
                environ["HTTP_HOST"] = origin.host
        return self.app(environ, start_response)
