"""The public state: one typed source (state.py) for the API's answers and the OpenAPI
document, checked against real answers of printed and digital tables (schemathesis)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from referee_helpers import act, colour_hint, create_table, discard, play, rank_hint

from deckforge.referee.state import Legal, State, schemas

schemathesis = pytest.importorskip("schemathesis")

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def api_schema(client: FlaskClient) -> Any:
    return schemathesis.openapi.from_dict(client.get("/api/openapi.json").get_json())


def undeclared(value: Any, schema: dict[str, Any], components: dict[str, Any]) -> list[str]:
    """The keys of ``value`` (at any depth) its schema does not declare."""
    while "$ref" in schema or "allOf" in schema:
        schema = (
            components[schema["$ref"].rsplit("/", 1)[1]] if "$ref" in schema else schema["allOf"][0]
        )
    if isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        each = schema["additionalProperties"]
        return [k for item in value.values() for k in undeclared(item, each, components)]
    if isinstance(value, dict):
        declared = schema.get("properties", {})
        found = [key for key in value if key not in declared]
        for key, item in value.items():
            if key in declared:
                found += [f"{key}.{k}" for k in undeclared(item, declared[key], components)]
        return found
    if isinstance(value, list) and "items" in schema:
        return [k for item in value for k in undeclared(item, schema["items"], components)]
    return []


def played_printed(client: FlaskClient) -> tuple[Any, list[Any]]:
    """A printed table after a hint, a play, a discard and a misplay: the answers met."""
    table = create_table(client, players=PLAYERS[:3])
    answers = [client.get(f"/api/tables/{table.id}")]
    moves = [rank_hint(1, 1, 2), play(0, 1), discard(1, 3), colour_hint(1, 0, 1), play(2, 5)]
    for version, move in enumerate(moves):
        answers.append(act(client, table, version, move))
    return table, answers


def test_the_served_document_declares_every_key_of_a_printed_table_state(
    client: FlaskClient,
) -> None:
    components = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    _table, answers = played_printed(client)
    for answer in answers:
        assert answer.status_code == 200, answer.get_json()
        state = answer.get_json()
        assert state["last"] is None or state["last"]["type"]
        assert undeclared(state, {"$ref": "#/State"}, components) == []
    assert {"stats", "legal", "last"} <= set(answers[-1].get_json())
    assert components["HintTokens"]["required"] == sorted(
        ["available", "count", "name", "plural", "colour"]
    )


def test_real_printed_answers_match_the_document(client: FlaskClient) -> None:
    schema = api_schema(client)
    table, answers = played_printed(client)
    for answer in answers[1:]:
        schema["/api/tables/{table_id}/actions"]["POST"].validate_response(answer)
    schema["/api/tables/{table_id}"]["GET"].validate_response(answers[0])
    undone = client.post(
        f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": len(answers) - 1}
    )
    schema["/api/tables/{table_id}/undo"]["POST"].validate_response(undone)
    again = client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 6})
    schema["/api/tables/{table_id}/games"]["POST"].validate_response(again)


def test_real_digital_answers_match_the_document_paused_included(client: FlaskClient) -> None:
    schema = api_schema(client)
    created = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": PLAYERS[:3], "kind": "digital"}
    )
    schema["/api/tables"]["POST"].validate_response(created)
    body = created.get_json()
    auth = {"Authorization": f"Bearer {body['leader_token']}"}
    paused = client.post(
        f"/api/tables/{body['id']}/pause", headers=auth, json={"version": 0, "paused": True}
    )
    assert paused.get_json()["paused"] is True
    schema["/api/tables/{table_id}/pause"]["POST"].validate_response(paused)
    state = client.get(f"/api/tables/{body['id']}")
    schema["/api/tables/{table_id}"]["GET"].validate_response(state)
    resumed = client.post(
        f"/api/tables/{body['id']}/pause", headers=auth, json={"version": 1, "paused": False}
    )
    assert resumed.status_code == 200
    secret = body["seats"][0]["url"].rsplit("/", 1)[1]
    seat_auth = {"Authorization": f"Bearer {secret}"}
    seat_api = f"/api/tables/{body['id']}/seats/0"
    seat = client.get(seat_api, headers=seat_auth)
    schema["/api/tables/{table_id}/seats/{seat}"]["GET"].validate_response(seat)
    hint = {"type": "rank-hint", "target": 1, "rank": 1}
    hinted = client.post(
        f"{seat_api}/actions", headers=seat_auth, json={"version": 2, "action": hint}
    )
    assert hinted.status_code == 200, hinted.get_json()
    assert hinted.get_json()["last_hint"]["target"] == 1
    schema["/api/tables/{table_id}/seats/{seat}/actions"]["POST"].validate_response(hinted)
    components = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert undeclared(hinted.get_json(), {"$ref": "#/SeatView"}, components) == []


def test_an_undeclared_key_in_a_state_fails_the_validation(client: FlaskClient) -> None:
    schema = api_schema(client)
    table = create_table(client)
    answer = client.get(f"/api/tables/{table.id}")
    answer.set_data(answer.get_data().replace(b'"turn":', b'"secret":1,"turn":'))
    with pytest.raises(AssertionError):  # schemathesis' failure is an AssertionError
        schema["/api/tables/{table_id}"]["GET"].validate_response(answer)


def legal_of(client: FlaskClient, theme: str, moves: list[dict[str, Any]]) -> Legal:
    table = create_table(client, theme=theme, players=PLAYERS)
    state: State = client.get(f"/api/tables/{table.id}").get_json()
    for version, move in enumerate(moves):
        answer = act(client, table, version, move)
        assert answer.status_code == 200, answer.get_json()
        state = answer.get_json()
    return state["legal"]


def test_the_state_says_no_discard_while_every_hint_token_is_in_where_the_theme_forbids_it(
    client: FlaskClient,
) -> None:
    assert legal_of(client, "interfaith-festival", [])["discard"] is False
    assert legal_of(client, "interfaith-festival", [rank_hint(1, 1, 1)])["discard"] is True
    assert legal_of(client, "hanabi-classic", [])["discard"] is True


def test_the_state_says_which_hints_the_theme_allows(client: FlaskClient) -> None:
    festival = legal_of(client, "interfaith-festival", [])
    assert festival["hint"] and festival["hint_kinds"] == ["colour", "rank"]
    assert festival["empty_hints"] is False
    assert legal_of(client, "hanabi-classic", [])["empty_hints"] is True
    spent = [rank_hint((turn + 1) % 4, 1, 1) for turn in range(8)]
    assert legal_of(client, "hanabi-classic", spent)["hint"] is False


def test_the_generated_schema_marks_only_not_required_keys_optional() -> None:
    found = schemas(State)
    assert "paused" not in found["State"]["required"]
    assert set(found["State"]["required"]) == set(State.__annotations__) - {"paused"}
    assert found["State"]["additionalProperties"] is False
    assert found["LogEntry"]["required"] == ["player", "type"]
    assert found["State"]["properties"]["last"] == {
        "nullable": True,
        "allOf": [{"$ref": "#/components/schemas/LogEntry"}],
    }


def test_a_seat_page_says_before_the_tap_that_discarding_is_refused_now(
    client: FlaskClient,
) -> None:
    from digital_helpers import create_digital

    festival = create_digital(client, theme="interfaith-festival", players=PLAYERS, seed=5)
    now = client.get(f"/api/tables/{festival.id}").get_json()["current_player"]
    page = client.get(festival.seat_page(now)).get_data(as_text=True)
    assert 'id="seat-discard-refused"' in page and "défausser" in page
    classic = create_digital(client, theme="hanabi-classic", players=PLAYERS, seed=5)
    now = client.get(f"/api/tables/{classic.id}").get_json()["current_player"]
    assert 'id="seat-discard-refused"' not in client.get(classic.seat_page(now)).get_data(
        as_text=True
    )


def test_the_event_streams_states_match_the_document(app: Any, client: FlaskClient) -> None:
    app.config["STREAM_SECONDS"] = 0.05
    schema = api_schema(client)
    table = create_table(client)
    events = schema["/api/tables/{table_id}/events"]["GET"]
    stream = client.get(f"/api/tables/{table.id}/events")
    assert b"event: state" in stream.get_data()
    events.validate_response(stream)
    forged = client.get(f"/api/tables/{table.id}/events")
    forged.set_data(forged.get_data().replace(b'"turn":', b'"secret":1,"turn":'))
    with pytest.raises(AssertionError, match="secret"):
        events.validate_response(forged)


def test_the_export_and_the_theme_list_match_the_document(client: FlaskClient) -> None:
    schema = api_schema(client)
    table, _answers = played_printed(client)
    exported = client.get(f"/api/tables/{table.id}/export.json")
    assert exported.get_json()["games"][0]["actions"]
    schema["/api/tables/{table_id}/export.json"]["GET"].validate_response(exported)
    listed = client.get("/api/themes")
    assert {"name", "title", "language", "players", "teams", "first"} == set(
        listed.get_json()["themes"][0]
    )
    schema["/api/themes"]["GET"].validate_response(listed)
