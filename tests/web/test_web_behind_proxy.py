"""The web app behind a reverse proxy (``--trusted-proxy``), through Flask's test client:
a proxied request never gets this computer's rights, whatever its headers say; the
real client's address is the one the print line counts; links and cookies follow the
public https address. The real nginx in front of a real referee:
tests/referee/test_referee_behind_nginx.py."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from deckforge.web import create_app
from deckforge.web.print_page import print_line

PROXY = "127.0.0.1"  # nginx on the referee's own computer
OUTSIDE_THEME = Path(__file__).parents[1] / "referee" / "data" / "script-theme.yaml"
# what a pupil's browser sends to nginx, and nginx passes on ($proxy_add_x_forwarded_for)
CLAIMS_THIS_COMPUTER = {
    "REMOTE_ADDR": PROXY,
    "HTTP_X_FORWARDED_FOR": "127.0.0.1, 203.0.113.5",
    "HTTP_HOST": "localhost",
}


def _app(tmp_path: Path, **config: Any) -> Flask:
    settings = {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3"), "SECRET_KEY": "t"}
    return create_app({**settings, "STUDIO_SECRET": "open-sesame", **config})


@pytest.fixture
def proxied_app(tmp_path: Path) -> Flask:
    return _app(tmp_path, TRUSTED_PROXIES=(PROXY,))


def _create(client: FlaskClient, theme: str, environ: dict[str, str]) -> Any:
    body = {"theme": theme, "players": ["Ann", "Bob"]}
    return client.post("/api/tables", json=body, environ_base=environ)


def test_a_proxied_request_never_gets_this_computer_s_rights(proxied_app: Flask) -> None:
    client = proxied_app.test_client()
    assert client.get("/studio/", environ_base=CLAIMS_THIS_COMPUTER).status_code == 403
    refused = _create(client, str(OUTSIDE_THEME), CLAIMS_THIS_COMPUTER)
    assert refused.status_code == 403, refused.get_json()
    assert refused.get_json()["error"]["code"] == "theme-not-allowed"
    home = client.get("/", environ_base=CLAIMS_THIS_COMPUTER).get_data(as_text=True)
    assert 'name="theme_file"' not in home
    # even a header that names only trusted hops: still passed on by the proxy
    only_loopback = {**CLAIMS_THIS_COMPUTER, "HTTP_X_FORWARDED_FOR": "127.0.0.1"}
    assert client.get("/studio/", environ_base=only_loopback).status_code == 403


def test_the_same_request_without_a_trusted_proxy_is_this_computer_s(tmp_path: Path) -> None:
    """Without --trusted-proxy the header is ignored: 127.0.0.1 under localhost is this
    computer (the referee on a teacher's laptop, as before)."""
    client = _app(tmp_path).test_client()
    assert client.get("/studio/", environ_base=CLAIMS_THIS_COMPUTER).status_code == 200
    assert _create(client, str(OUTSIDE_THEME), CLAIMS_THIS_COMPUTER).status_code == 201


def test_an_untrusted_peer_claiming_this_computer_is_a_phone(proxied_app: Flask) -> None:
    phone = {"REMOTE_ADDR": "192.168.1.23", "HTTP_X_FORWARDED_FOR": "127.0.0.1"}
    client = proxied_app.test_client()
    assert client.get("/studio/", environ_base=phone).status_code == 403
    assert _create(client, str(OUTSIDE_THEME), phone).status_code == 403


def test_the_studio_key_still_opens_the_studio_through_the_proxy(proxied_app: Flask) -> None:
    client = proxied_app.test_client()
    https = {**CLAIMS_THIS_COMPUTER, "HTTP_X_FORWARDED_PROTO": "https"}
    opened = client.get("/studio/?key=open-sesame", environ_base=https)
    assert opened.status_code == 302
    cookie = opened.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    assert client.get("/studio/", environ_base=https).status_code == 200


def test_a_plain_http_session_cookie_is_not_secure(tmp_path: Path) -> None:
    client = _app(tmp_path).test_client()
    opened = client.get("/studio/?key=open-sesame", environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert opened.status_code == 302 and "Secure" not in opened.headers["Set-Cookie"]


def test_links_follow_the_public_https_address(proxied_app: Flask) -> None:
    environ = {
        **CLAIMS_THIS_COMPUTER,
        "HTTP_X_FORWARDED_PROTO": "https",
        "HTTP_X_FORWARDED_HOST": "games.example.org",
    }
    created = _create(proxied_app.test_client(), "hanabi-classic", environ)
    assert created.status_code == 201
    links = created.get_json()["urls"]
    assert links["projector"].startswith("https://games.example.org/t/")
    assert links["leader"].startswith("https://games.example.org/")
    body = {"theme": "hanabi-classic", "players": ["Ann", "Bob"], "kind": "digital"}
    digital = proxied_app.test_client().post("/api/tables", json=body, environ_base=environ)
    seats = [seat["url"] for seat in digital.get_json()["seats"]]
    assert len(seats) == 2 and all(url.startswith("https://games.example.org/") for url in seats)


def test_the_public_url_gives_the_links_when_the_proxy_says_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path, TRUSTED_PROXIES=(PROXY,), PUBLIC_URL="https://games.example.org/")
    environ = {"REMOTE_ADDR": PROXY, "HTTP_HOST": "127.0.0.1:6001"}
    created = _create(app.test_client(), "hanabi-classic", environ)
    assert created.get_json()["urls"]["projector"].startswith("https://games.example.org/")


@pytest.mark.server  # the kits are built in worker processes
def test_the_print_line_counts_the_real_clients_and_never_the_proxy_as_unlimited(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path, TRUSTED_PROXIES=(PROXY,), PRINT_WORKERS=2)
    client = app.test_client()
    url = "/print/download?theme=hanabi-classic&lang=fr&offset_x={}&file=rules.pdf"
    pupils = [
        ("0.61", {**CLAIMS_THIS_COMPUTER, "HTTP_X_FORWARDED_FOR": "127.0.0.1, 203.0.113.5"}),
        ("0.62", {**CLAIMS_THIS_COMPUTER, "HTTP_X_FORWARDED_FOR": "203.0.113.6"}),
    ]
    with app.app_context():
        line = print_line()
    with line.held():  # neither kit finishes before the line is read
        for offset, environ in pupils:
            # in line (202), not built at once as this computer's kits are
            assert client.get(url.format(offset), environ_base=environ).status_code == 202
        building = line.building()
    assert sorted(address for address, _ in building) == ["203.0.113.5", "203.0.113.6"]
    deadline = time.monotonic() + 180
    for offset, environ in pupils:
        while client.get(url.format(offset), environ_base=environ).status_code == 202:
            assert time.monotonic() < deadline, "the kit was never ready"
            time.sleep(0.1)
