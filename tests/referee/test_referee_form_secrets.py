"""A forged secret with any character in it is a refusal in words, never a server error:
every form route (CSRF), a seat's link, and the API's Bearer secrets."""

from __future__ import annotations

import re

import pytest
from digital_helpers import create_digital
from flask.testing import FlaskClient
from referee_helpers import create_table

from deckforge.page_tokens import same_secret

FORGED = ["é", "\u00e9" * 40, "日本", "\U0001f600", "forged", ""]


def form_routes(client: FlaskClient) -> list[str]:
    """Every POST of an HTML form: creation, the leader's four forms, a seat's form."""
    printed = create_table(client)
    lead = f"/t/{printed.id}/lead/{printed.token}"
    digital = create_digital(client)
    digital_lead = f"/t/{digital.id}/lead/{digital.token}"
    return [
        "/tables",
        f"{lead}/act",
        f"{lead}/undo",
        f"{lead}/new-game",
        f"{digital_lead}/pause",
        f"{digital.seat_page(0)}/act",
    ]


@pytest.mark.parametrize("forged", FORGED)
def test_a_forged_csrf_field_gets_400_with_a_message_on_every_form_route(
    client: FlaskClient, forged: str
) -> None:
    client.get("/")  # the session has its token
    for route in form_routes(client):
        answer = client.post(
            f"{route}?lang=en",
            data={"csrf": forged, "version": "0", "type": "play", "card": "0:1", "steps": "1"},
        )
        page = answer.get_data(as_text=True)
        assert answer.status_code == 400, (route, answer.status_code)
        assert answer.mimetype == "text/html"
        assert "This form has expired or did not come from this page" in page, route
        assert "Traceback" not in page


def test_the_right_csrf_token_still_passes(client: FlaskClient) -> None:
    page = client.get("/?lang=en").get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf is not None
    answer = client.post(
        "/tables",
        data={"csrf": csrf.group(1), "theme": "hanabi-classic", "player0": "A", "player1": "B"},
    )
    assert answer.status_code == 303


@pytest.mark.parametrize("forged", ["é", "%C3%A9", "日本"])
def test_a_seat_link_with_a_forged_non_ascii_secret_is_refused(
    client: FlaskClient, forged: str
) -> None:
    digital = create_digital(client)
    page = client.get(f"/t/{digital.id}/seat/0/{forged}?lang=en")
    assert page.status_code == 403
    api = client.get(
        f"/api/tables/{digital.id}/seats/0",
        headers={"Authorization": f"Bearer {forged}".encode().decode("latin-1")},
    )
    assert api.status_code == 403
    assert api.get_json()["error"]["code"] == "wrong-token"


def test_same_secret_compares_any_text_and_refuses_what_is_not_text() -> None:
    assert same_secret("é", "é")
    assert not same_secret("é", "e")
    assert not same_secret(None, "x")
    assert not same_secret("", "")  # no secret is never a match
    assert not same_secret("\ud800", "x")  # a lone surrogate (from a JSON body) too
