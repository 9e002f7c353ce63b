"""Numbers sent by the HTML forms: one parser, ASCII digits only, a 400 with a clear
message for anything else (was a 500 for ``²`` or 5,000 digits: ``str.isdigit()``
then ``int()``)."""

from __future__ import annotations

import pytest
from digital_helpers import DigitalTable, create_digital, csrf_of
from flask.testing import FlaskClient

from deckforge.referee.checks import form_number
from deckforge.referee.errors import RefereeError

WRONG = ["²", "٣", "1" * 5000, "-1", "1_000", "0x10", " ", "1e3", "+4", "\x00"]


@pytest.mark.parametrize("raw", WRONG)
def test_form_number_takes_ascii_digits_in_range_and_nothing_else(raw: str) -> None:
    with pytest.raises(RefereeError) as refused:
        form_number(raw, "version", 0, 2**53)
    assert refused.value.status == 400
    assert "version must be a whole number from 0 to" in refused.value.message


def test_form_number_reads_a_plain_number() -> None:
    assert form_number("42", "seed", 0, 100) == 42
    assert form_number(" 7 ", "seed", 0, 100) == 7
    with pytest.raises(RefereeError):
        form_number("101", "seed", 0, 100)


def _new_table_form(client: FlaskClient, seed: str) -> tuple[int, str]:
    home = client.get("/?lang=en").get_data(as_text=True)
    response = client.post(
        "/tables",
        data={
            "csrf": csrf_of(home),
            "theme": "hanabi-classic",
            "player0": "Ann",
            "player1": "Bob",
            "first": "0",
            "kind": "digital",
            "seed": seed,
        },
        headers={"Accept-Language": "en"},
    )
    return response.status_code, response.get_data(as_text=True)


@pytest.mark.parametrize("seed", ["²", "9" * 5000])
def test_a_seed_of_odd_digits_is_refused_by_the_new_table_form(
    client: FlaskClient, seed: str
) -> None:
    status, page = _new_table_form(client, seed)
    assert status == 400
    assert "The deal number must be a whole number from 0 to" in page


def _seat_form(client: FlaskClient, table: DigitalTable, version: str) -> tuple[int, str]:
    page = client.get(table.seat_page(0) + "?lang=en").get_data(as_text=True)
    response = client.post(
        table.seat_page(0) + "/act",
        data={"csrf": csrf_of(page), "version": version, "type": "play", "slot": "0"},
    )
    return response.status_code, response.get_data(as_text=True)


@pytest.mark.parametrize("version", ["²", "1" * 5000, "٠"])
def test_a_seat_form_with_an_odd_version_is_a_400_that_changes_nothing(
    client: FlaskClient, version: str
) -> None:
    table = create_digital(client)
    status, page = _seat_form(client, table, version)
    assert status == 400
    assert "reload it" in page
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


@pytest.mark.parametrize("version", ["²", "1" * 5000])
def test_the_leader_s_pause_form_with_an_odd_version_is_a_400_that_changes_nothing(
    client: FlaskClient, version: str
) -> None:
    table = create_digital(client)
    lead = f"/t/{table.id}/lead/{table.token}"
    page = client.get(lead).get_data(as_text=True)
    response = client.post(
        lead + "/pause", data={"csrf": csrf_of(page), "version": version, "paused": "1"}
    )
    assert response.status_code == 400
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["version"] == 0


@pytest.mark.parametrize("field", ["version", "steps"])
def test_the_leader_s_forms_refuse_odd_digits_with_a_400(client: FlaskClient, field: str) -> None:
    table = create_digital(client)
    lead = f"/t/{table.id}/lead/{table.token}"
    page = client.get(lead).get_data(as_text=True)
    data = {"csrf": csrf_of(page), "version": "0", "steps": "1"}
    data[field] = "²"
    response = client.post(lead + "/undo", data=data)
    assert response.status_code == 400
