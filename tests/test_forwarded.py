"""Who sent a request that came through a reverse proxy (deckforge.forwarded): only the
trusted proxies' headers are believed, and the client is the right-most untrusted hop."""

from __future__ import annotations

import pytest

from deckforge.forwarded import Origin, ProxyError, TrustedProxies


def _headers(**values: str):  # type: ignore[no-untyped-def]
    found = {name.replace("_", "-"): value for name, value in values.items()}
    return found.get


PROXY = TrustedProxies(["127.0.0.1", "10.1.0.0/16"])


def test_without_trusted_proxies_the_headers_are_ignored() -> None:
    nobody = TrustedProxies()
    assert not nobody
    found = nobody.origin("127.0.0.1", _headers(x_forwarded_for="203.0.113.9"))
    assert found == Origin("127.0.0.1", proxied=False)


def test_an_untrusted_peer_s_forged_header_is_ignored() -> None:
    found = PROXY.origin("192.168.1.23", _headers(x_forwarded_for="127.0.0.1"))
    assert found == Origin("192.168.1.23", proxied=False)


def test_the_client_is_the_right_most_hop_that_is_not_a_trusted_proxy() -> None:
    # the client wrote "127.0.0.1, 198.51.100.1"; nginx added its peer; a second proxy too
    header = "127.0.0.1, 198.51.100.1, 203.0.113.7, 10.1.2.3"
    found = PROXY.origin("127.0.0.1", _headers(x_forwarded_for=header))
    assert found.client == "203.0.113.7" and found.proxied


def test_a_request_from_a_trusted_proxy_is_proxied_even_without_a_header() -> None:
    assert PROXY.origin("127.0.0.1", _headers()) == Origin("127.0.0.1", proxied=True)


def test_when_every_hop_is_trusted_the_left_most_is_the_client() -> None:
    found = PROXY.origin("127.0.0.1", _headers(x_forwarded_for="10.1.0.9, 127.0.0.1"))
    assert found.client == "10.1.0.9" and found.proxied


def test_a_hop_that_is_no_address_stops_the_walk() -> None:
    found = PROXY.origin("127.0.0.1", _headers(x_forwarded_for="203.0.113.7, unknown"))
    assert found.client == "unknown"


def test_the_public_scheme_and_host_come_from_the_trusted_proxy() -> None:
    found = PROXY.origin(
        "127.0.0.1",
        _headers(
            x_forwarded_for="203.0.113.7",
            x_forwarded_proto="https",
            x_forwarded_host="games.example.org",
        ),
    )
    assert (found.scheme, found.host) == ("https", "games.example.org")
    odd = PROXY.origin(
        "127.0.0.1", _headers(x_forwarded_proto="gopher", x_forwarded_host="a/b@evil")
    )
    assert (odd.scheme, odd.host) == (None, None)


def test_the_public_url_wins_over_the_headers() -> None:
    proxies = TrustedProxies(["127.0.0.1"], public_url="https://games.example.org/")
    found = proxies.origin("127.0.0.1", _headers(x_forwarded_proto="http", x_forwarded_host="x"))
    assert (found.scheme, found.host) == ("https", "games.example.org")


def test_rfc_7239_forwarded_when_asked_for() -> None:
    proxies = TrustedProxies(["127.0.0.1"], header="forwarded")
    header = 'for="127.0.0.1";proto=http, for="[2001:db8::7]:4711";proto=https;host=g.example'
    found = proxies.origin("127.0.0.1", _headers(forwarded=header, x_forwarded_for="10.9.9.9"))
    assert found == Origin("2001:db8::7", proxied=True, scheme="https", host="g.example")
    # the other family is not read: a proxy writing one passes the other on unchanged
    xff = TrustedProxies(["127.0.0.1"])
    assert xff.origin("127.0.0.1", _headers(forwarded="for=10.9.9.9")).client == "127.0.0.1"


@pytest.mark.parametrize("entry", ["localhost", "10.0.0.0/33", ""])
def test_a_trusted_proxy_that_is_no_address_is_refused(entry: str) -> None:
    with pytest.raises(ProxyError, match="not an address or network"):
        TrustedProxies([entry])


@pytest.mark.parametrize("url", ["ftp://x.example/", "https://", "https://x.example/sub/"])
def test_a_public_url_that_cannot_be_served_is_refused(url: str) -> None:
    with pytest.raises(ProxyError):
        TrustedProxies(["127.0.0.1"], public_url=url)
