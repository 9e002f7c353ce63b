"""Player and team names: refused when nothing of them can be seen, or when they
carry characters that turn the text's direction around (a name that reads
differently from what it is)."""

from __future__ import annotations

import pytest
from digital_helpers import csrf_of
from flask.testing import FlaskClient

INVISIBLE = ["\x00", "\u200b", "\u200b\u200b\u200b", "\x00\u200b", "\u2800", "\u3164", "\u2060"]
BIDI = ["Ann\u202e", "\u202eAnn", "B\u202dob", "\u2066Cy\u2069", "D\u202ae"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_of_invisible_characters_is_refused_by_the_api(
    client: FlaskClient, name: str
) -> None:
    response = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": ["Ann", name]}
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "invisible-name"
    assert "can be seen" in error["message"]


@pytest.mark.parametrize("name", BIDI)
def test_a_name_with_a_direction_override_is_refused_by_the_api(
    client: FlaskClient, name: str
) -> None:
    response = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": [name, "Zoe"]}
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "bidi-name"


def test_a_name_with_a_control_character_among_letters_is_refused(client: FlaskClient) -> None:
    response = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": ["An\x00n", "Bob"]}
    )
    assert response.status_code == 422


@pytest.mark.parametrize(
    "name",
    ["Les Lions", "אריות", "الأسود", "👩\u200d👩\u200d👧", "Zoë", "गणेश", "Ann\u200fB"],
)
def test_names_in_any_script_are_accepted(client: FlaskClient, name: str) -> None:
    response = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": [name, "Bob"]}
    )
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u200b", "Every player needs a name that can be seen"),
        ("X\u202e", "may not contain characters that turn the text"),
    ],
)
def test_the_home_page_form_says_why_a_name_is_refused(
    client: FlaskClient, name: str, message: str
) -> None:
    home = client.get("/?lang=en").get_data(as_text=True)
    response = client.post(
        "/tables",
        data={
            "csrf": csrf_of(home),
            "theme": "hanabi-classic",
            "player0": "Ann",
            "player1": name,
            "first": "0",
        },
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
