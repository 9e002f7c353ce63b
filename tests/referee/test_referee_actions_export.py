"""/api/tables/<id>/actions.json: every game's actions read from the store alone; a digital
game's deal only for the leader, and only once that game can no longer go on."""

from __future__ import annotations

from flask.testing import FlaskClient
from referee_helpers import create_table, rank_hint


def _deals(client: FlaskClient, table_id: str, token: str | None = None) -> list[int | None]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(f"/api/tables/{table_id}/actions.json", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return [game["seed"] for game in answer.get_json()["games"]]


def test_a_digital_deal_is_exported_to_the_leader_once_its_game_cannot_go_on(
    client: FlaskClient,
) -> None:
    table = create_table(client, kind="digital", seed=7)
    hint = client.post(
        f"/api/tables/{table.id}/actions",
        headers=table.auth,
        json={"version": 0, "action": rank_hint(1, 1)},
    )
    assert hint.status_code == 200
    assert _deals(client, table.id) == [None]
    assert _deals(client, table.id, table.token) == [None]  # the game can still go on
    again = client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 1})
    assert again.status_code == 201
    assert _deals(client, table.id) == [None, None]  # anybody: never a deal
    assert _deals(client, table.id, table.token) == [7, None]
    assert _deals(client, table.id, "not-the-token") == [None, None]


def test_the_actions_are_exported_as_recorded(client: FlaskClient) -> None:
    table = create_table(client)
    client.post(
        f"/api/tables/{table.id}/actions",
        headers=table.auth,
        json={"version": 0, "action": rank_hint(1, 1, 2)},
    )
    body = client.get(f"/api/tables/{table.id}/actions.json").get_json()
    assert body["deck"] and body["theme_file"] == "hanabi-classic"
    assert [a["action"]["type"] for a in body["games"][0]["actions"]] == ["rank-hint"]
    assert client.get("/api/tables/nothere/actions.json").status_code == 404
