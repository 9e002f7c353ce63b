"""The JSON API through Flask's test client: tables, actions, rule errors, tokens, versions."""

from __future__ import annotations

import csv
import io
import re

from flask.testing import FlaskClient
from referee_helpers import (
    Table,
    act,
    colour_hint,
    create_table,
    discard,
    play,
    rank_hint,
)


def test_creating_a_table_returns_its_id_token_and_urls(client: FlaskClient) -> None:
    table = create_table(client, players=["Ann", "Bob", "Cy"], first=1)
    body = table.body
    assert body["version"] == 0 and len(table.token) >= 24
    assert body["urls"]["projector"].endswith(f"/t/{table.id}")
    assert body["urls"]["leader"].endswith(f"/t/{table.id}/lead/{table.token}")
    assert body["state"]["players"] == ["Bob", "Cy", "Ann"]  # the starter sits first
    assert body["state"]["current_player"] == 0


def test_the_public_state_carries_the_version_and_no_hand(
    client: FlaskClient, table: Table
) -> None:
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["version"] == 0
    assert state["deck_left"] == 50 - 3 * 5
    assert state["hint_tokens"]["available"] == 8 and state["error_tokens"]["placed"] == 0
    assert "hands" not in state
    assert [s["name"] for s in state["suits"]] == ["White", "Red", "Blue", "Yellow", "Green"]


def test_an_accepted_action_moves_the_version_and_the_turn(
    client: FlaskClient, table: Table
) -> None:
    response = act(client, table, 0, play(1, 1))
    assert response.status_code == 200
    state = response.get_json()
    assert state["version"] == 1 and state["current_player"] == 1
    assert state["suits"][1]["top"] == 1
    assert state["last"] == {
        "type": "play",
        "player": 0,
        "card": {"suit": 1, "rank": 1},
        "success": True,
        "hint_token_gained": False,
        "title": "",
        "text": "",
    }


def test_a_repeated_submission_is_refused_with_409_and_applied_once(
    client: FlaskClient, table: Table
) -> None:
    assert act(client, table, 0, rank_hint(1, 1)).status_code == 200
    again = act(client, table, 0, rank_hint(1, 1))
    assert again.status_code == 409
    assert again.get_json()["error"]["code"] == "stale-version"
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["hint_tokens"]["available"] == 7 and state["version"] == 1


def test_a_version_from_the_future_is_refused_too(client: FlaskClient, table: Table) -> None:
    assert act(client, table, 5, rank_hint(1, 1)).status_code == 409


def test_an_illegal_action_returns_the_engines_code_and_changes_nothing(
    client: FlaskClient, table: Table
) -> None:
    response = act(client, table, 0, rank_hint(0, 1))
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "hint-to-self"
    assert response.get_json()["error"]["message"]
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_a_hint_without_hint_tokens_is_refused(client: FlaskClient, table: Table) -> None:
    for version in range(8):
        target = (version + 1) % 3
        assert act(client, table, version, colour_hint(target, 0)).status_code == 200
    refused = act(client, table, 8, rank_hint(0, 2))
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "no-hint-tokens"


def test_a_card_with_no_copy_left_cannot_be_discarded(client: FlaskClient, table: Table) -> None:
    assert act(client, table, 0, rank_hint(1, 5)).status_code == 200
    assert act(client, table, 1, discard(0, 5)).status_code == 200
    refused = act(client, table, 2, discard(0, 5))
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "no-copies-left"


def test_discarding_with_every_hint_token_in_is_refused_in_the_festival_deck(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=["A", "B", "C", "D"])
    refused = act(client, table, 0, discard(0, 1))
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "discard-at-max-hints"


def test_an_action_without_a_token_is_401_and_with_a_wrong_one_403(
    client: FlaskClient, table: Table
) -> None:
    body = {"version": 0, "action": play(0, 1)}
    none = client.post(f"/api/tables/{table.id}/actions", json=body)
    assert none.status_code == 401 and none.get_json()["error"]["code"] == "token-required"
    wrong = client.post(
        f"/api/tables/{table.id}/actions",
        json=body,
        headers={"Authorization": "Bearer not-the-token"},
    )
    assert wrong.status_code == 403 and wrong.get_json()["error"]["code"] == "wrong-token"
    other = create_table(client)
    borrowed = client.post(f"/api/tables/{table.id}/actions", json=body, headers=other.auth)
    assert borrowed.status_code == 403
    for path in ("undo", "games"):
        assert client.post(f"/api/tables/{table.id}/{path}", json={"version": 0}).status_code == 401
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_undo_withdraws_any_number_of_steps(client: FlaskClient, table: Table) -> None:
    assert act(client, table, 0, play(1, 1)).status_code == 200
    assert act(client, table, 1, play(1, 2)).status_code == 200
    assert act(client, table, 2, rank_hint(0, 3)).status_code == 200
    undone = client.post(
        f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 3, "steps": 2}
    )
    assert undone.status_code == 200
    state = undone.get_json()
    assert state["version"] == 4 and state["turn"] == 1
    assert state["suits"][1]["stack"] == [1] and state["hint_tokens"]["available"] == 8
    assert state["last"]["card"] == {"suit": 1, "rank": 1}
    too_many = client.post(
        f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 4, "steps": 2}
    )
    assert too_many.status_code == 422
    assert too_many.get_json()["error"]["code"] == "nothing-to-undo"


def test_undo_on_a_stale_version_is_refused(client: FlaskClient, table: Table) -> None:
    assert act(client, table, 0, play(1, 1)).status_code == 200
    stale = client.post(f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 0})
    assert stale.status_code == 409
    assert client.get(f"/api/tables/{table.id}").get_json()["suits"][1]["stack"] == [1]


def test_a_new_game_keeps_the_players_and_starts_afresh(client: FlaskClient, table: Table) -> None:
    assert act(client, table, 0, play(1, 1)).status_code == 200
    response = client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 1})
    assert response.status_code == 201
    state = response.get_json()
    assert state["game"] == 2 and state["turn"] == 0 and state["version"] == 2
    assert state["players"] == ["Ann", "Bob", "Cy"]
    assert all(s["top"] == 0 for s in state["suits"])


def test_malformed_requests_are_400_with_a_code(client: FlaskClient, table: Table) -> None:
    url = f"/api/tables/{table.id}/actions"
    cases = [
        ({"version": "1", "action": play(0, 1)}, "bad-field"),
        ({"version": True, "action": play(0, 1)}, "bad-field"),
        ({"version": 2**80, "action": play(0, 1)}, "bad-field"),
        ({"version": 0, "action": {"type": "jump"}}, "bad-action"),
        (
            {"version": 0, "action": {"type": "play", "card": {"suit": "red", "rank": 1}}},
            "bad-action",
        ),
        ({"version": 0}, "bad-action"),
    ]
    for body, code in cases:
        response = client.post(url, json=body, headers=table.auth)
        assert response.status_code == 400, body
        assert response.get_json()["error"]["code"] == code, body
    raw = client.post(url, data="not json", headers=table.auth)
    assert raw.status_code == 400 and raw.get_json()["error"]["code"] == "bad-json"


def test_a_play_with_printed_cards_needs_the_card(client: FlaskClient, table: Table) -> None:
    refused = act(client, table, 0, {"type": "play", "slot": 0})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "card-required"


def test_unknown_tables_are_404_in_json(client: FlaskClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/export.json", "/api/tables/nope/events"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.get_json()["error"]["code"] == "no-such-table"
    assert client.get("/api/nothing-here").get_json()["error"]["code"] == "not-found"


def test_a_new_table_is_checked_before_anything_is_stored(client: FlaskClient) -> None:
    cases = [
        ({"theme": "no-such-theme", "players": ["A", "B"]}, 422, "bad-theme"),
        ({"theme": "hanabi-classic", "players": ["A"]}, 422, "player-count"),
        ({"theme": "interfaith-festival", "players": ["A", "B", "C"]}, 422, "player-count"),
        ({"theme": "hanabi-classic", "players": ["A", "A"]}, 422, "same-name"),
        ({"theme": "hanabi-classic", "players": ["A", " "]}, 422, "bad-name"),
        ({"theme": "hanabi-classic", "players": "A, B"}, 400, "bad-field"),
        ({"theme": "hanabi-classic", "players": ["A", "B"], "first": 2}, 400, "bad-field"),
        ({"theme": "hanabi-classic", "players": ["A", "B"], "kind": "paper"}, 422, "bad-kind"),
    ]
    for body, status, code in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, body
        assert response.get_json()["error"]["code"] == code, body


def test_the_event_stream_sends_the_state_and_keeps_alive(
    client: FlaskClient, table: Table
) -> None:
    act(client, table, 0, rank_hint(1, 2))
    response = client.get(f"/api/tables/{table.id}/events")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    text = response.get_data(as_text=True)  # the test app closes streams after 0.3 s
    assert text.startswith("retry: ")
    assert "id: 1\nevent: state\ndata: {" in text
    assert ": keep-alive\n\n" in text


def test_the_json_export_holds_every_game_and_its_result(client: FlaskClient, table: Table) -> None:
    act(client, table, 0, play(1, 1))
    act(client, table, 1, rank_hint(0, 4))
    client.post(f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 2})
    client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 3})
    exported = client.get(f"/api/tables/{table.id}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    log = exported.get_json()
    assert log["theme"] == "hanabi-classic" and log["players"] == ["Ann", "Bob", "Cy"]
    assert [g["number"] for g in log["games"]] == [1, 2]
    first = log["games"][0]
    assert [a["action"]["type"] for a in first["actions"]] == ["play"]
    assert first["score"] == 1 and first["over"] is False


def _strike_out(client: FlaskClient, table: Table) -> None:
    for version, rank in enumerate((3, 4, 5)):
        assert act(client, table, version, play(0, rank)).status_code == 200


def test_the_csv_export_has_one_line_per_finished_game(client: FlaskClient, table: Table) -> None:
    _strike_out(client, table)
    client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 3})
    response = client.get(f"/api/tables/{table.id}/export.csv")
    assert response.mimetype == "text/csv"
    text = response.get_data().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 1  # the second game is not finished
    assert rows[0]["game"] == "1" and rows[0]["end"] == "lost (error tokens)"
    assert rows[0]["score"] == "0" and rows[0]["rating"] == "Laughable"
    assert rows[0]["players"] == "Ann / Bob / Cy" and rows[0]["max_score"] == "25"


def test_a_finished_game_refuses_further_actions(client: FlaskClient, table: Table) -> None:
    _strike_out(client, table)
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["is_over"] and state["end"] == "strikeout" and state["score"] == 0
    refused = act(client, table, 3, rank_hint(1, 1))
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "game-over"


def test_the_openapi_document_describes_every_route_of_the_api_blueprint(
    client: FlaskClient, app: object
) -> None:
    document = client.get("/api/openapi.json").get_json()
    assert document["openapi"].startswith("3.")
    routes = {
        re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for rule in app.url_map.iter_rules()  # type: ignore[attr-defined]
        if rule.endpoint.startswith("api.") and rule.rule != "/api/openapi.json"
    }
    assert routes <= set(document["paths"]), routes - set(document["paths"])
    post_action = document["paths"]["/api/tables/{table_id}/actions"]["post"]
    assert {"401", "403", "409", "422"} <= set(post_action["responses"])


def test_the_health_answer_says_the_database_answers(client: FlaskClient) -> None:
    answer = client.get("/api/health")
    assert (answer.status_code, answer.get_json()) == (200, {"status": "ok", "database": "ok"})
    assert "/api/health" in client.get("/api/openapi.json").get_json()["paths"]


def test_the_leader_deletes_a_table_now_and_nobody_else_may(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get(url).status_code == 200  # read once: cached
    assert client.delete(url, headers=table.auth).status_code == 204
    assert client.get(url).status_code == 404
    assert client.delete(url, headers=table.auth).status_code == 404
    assert client.get(f"{url}/actions.json", headers=table.auth).status_code == 404
