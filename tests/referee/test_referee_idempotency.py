"""Idempotency keys: a change retried with its key is recorded once and answered 2xx.

A reply lost on the way back (a Wi-Fi drop) makes a client send the same change
again. Without a key the retry is stale (409) and the page cannot tell it from
someone else's change; with the same key the referee answers as the first time
(``Idempotent-Replayed: true``), and the same key for another request is refused.
"""

from __future__ import annotations

import sqlite3
import threading
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from digital_helpers import DigitalTable, create_digital, csrf_of
from flask.testing import FlaskClient
from referee_helpers import Table, create_table, play

from deckforge.referee import store
from deckforge.referee.idempotency import REPLAYED
from deckforge.theme.library import ThemeLibrary


def _post(client: FlaskClient, url: str, auth: dict[str, str], key: str | None, body: Any) -> Any:
    headers = dict(auth)
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(url, headers=headers, json=body)


def _actions(client: FlaskClient, table_id: str, game: int = 1) -> list[dict[str, Any]]:
    export = client.get(f"/api/tables/{table_id}/export.json").get_json()
    return export["games"][game - 1]["actions"]


# ---- the API ------------------------------------------------------------------------------


def test_a_retried_action_with_its_key_is_recorded_once_and_answered_2xx(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}/actions"
    body = {"version": 0, "action": play(0, 1)}
    first = _post(client, url, table.auth, "tap-1", body)
    again = _post(client, url, table.auth, "tap-1", body)
    assert first.status_code == again.status_code == 200
    assert REPLAYED not in first.headers
    assert again.headers[REPLAYED] == "true"
    assert again.headers["X-Recorded-Version"] == "1"
    assert again.get_json()["version"] == 1 == first.get_json()["version"]
    assert len(_actions(client, table.id)) == 1
    # the same retry without a key is what it always was: a stale change, refused
    stale = _post(client, url, table.auth, None, body)
    assert stale.status_code == 409
    assert len(_actions(client, table.id)) == 1


def test_a_retry_after_other_changes_still_gets_its_original_answer(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}/actions"
    body = {"version": 0, "action": play(0, 1)}
    assert _post(client, url, table.auth, "first", body).status_code == 200
    assert (
        _post(client, url, table.auth, "second", {"version": 1, "action": play(1, 1)}).status_code
        == 200
    )
    late = _post(client, url, table.auth, "first", body)
    assert late.status_code == 200 and late.headers[REPLAYED] == "true"
    assert late.headers["X-Recorded-Version"] == "1"
    assert late.get_json()["version"] == 2  # the table as it is now
    assert len(_actions(client, table.id)) == 2


def test_the_same_key_for_another_request_is_refused_and_changes_nothing(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}/actions"
    assert (
        _post(client, url, table.auth, "k", {"version": 0, "action": play(0, 1)}).status_code == 200
    )
    other = _post(client, url, table.auth, "k", {"version": 1, "action": play(1, 1)})
    assert other.status_code == 422
    assert other.get_json()["error"]["code"] == "idempotency-key-reused"
    undo = _post(client, f"/api/tables/{table.id}/undo", table.auth, "k", {"version": 1})
    assert undo.status_code == 422
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 1
    assert len(_actions(client, table.id)) == 1


def test_two_spellings_of_the_same_request_are_the_same_request(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}/actions"
    spelled = {"action": {"card": {"rank": 1, "suit": 0}, "type": "play"}, "version": 0}
    assert (
        _post(client, url, table.auth, "k", {"version": 0, "action": play(0, 1)}).status_code == 200
    )
    again = _post(client, url, table.auth, '"k"', spelled)  # a Structured Field string
    assert again.status_code == 200 and again.headers[REPLAYED] == "true"


def test_a_key_belongs_to_its_table(client: FlaskClient) -> None:
    first, second = create_table(client), create_table(client)
    for table in (first, second):
        url = f"/api/tables/{table.id}/actions"
        response = _post(client, url, table.auth, "same", {"version": 0, "action": play(0, 1)})
        assert response.status_code == 200 and REPLAYED not in response.headers
        assert len(_actions(client, table.id)) == 1


@pytest.mark.parametrize("key", ["", "with space", "x" * 129, "é"])
def test_a_malformed_key_is_refused(client: FlaskClient, table: Table, key: str) -> None:
    url = f"/api/tables/{table.id}/actions"
    headers = {**table.auth, "Idempotency-Key": key}
    response = client.post(url, headers=headers, json={"version": 0, "action": play(0, 1)})
    if key == "":  # an empty header is no key: the action is simply recorded
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "bad-idempotency-key"
    assert _actions(client, table.id) == []


def test_undo_and_new_game_are_idempotent_too(client: FlaskClient, table: Table) -> None:
    url = f"/api/tables/{table.id}"
    first = _post(client, f"{url}/actions", table.auth, "a", {"version": 0, "action": play(0, 1)})
    assert first.status_code == 200
    for _ in range(2):
        undo = _post(client, f"{url}/undo", table.auth, "u", {"version": 1, "steps": 1})
        assert undo.status_code == 200
    assert client.get(url).get_json()["version"] == 2
    for _ in range(2):
        new = _post(client, f"{url}/games", table.auth, "g", {"version": 2})
        assert new.status_code == 201
    state = client.get(url).get_json()
    assert state["version"] == 3 and state["game"] == 2


def test_a_retry_of_an_action_since_undone_is_not_recorded_again(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}"
    body = {"version": 0, "action": play(0, 1)}
    assert _post(client, f"{url}/actions", table.auth, "a", body).status_code == 200
    assert _post(client, f"{url}/undo", table.auth, "u", {"version": 1}).status_code == 200
    late = _post(client, f"{url}/actions", table.auth, "a", body)
    assert late.status_code == 200 and late.headers[REPLAYED] == "true"
    assert _actions(client, table.id) == []
    assert client.get(url).get_json()["version"] == 2


def test_a_seat_s_action_and_the_pause_are_idempotent(client: FlaskClient) -> None:
    table: DigitalTable = create_digital(client, seed=3)
    hint = {"version": 0, "action": {"type": "rank-hint", "target": 1, "rank": 1}}
    url = f"{table.seat_api(0)}/actions"
    answers = [_post(client, url, table.seat_auth(0), "seat-tap", hint) for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[1].headers[REPLAYED] == "true"
    assert answers[1].get_json()["version"] == 1
    assert len(_actions(client, table.id)) == 1
    pause = f"/api/tables/{table.id}/pause"
    for _ in range(2):
        assert (
            _post(client, pause, table.auth, "p", {"version": 1, "paused": True}).status_code == 200
        )
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 2


# ---- the forms ----------------------------------------------------------------------------


def test_a_leader_form_sent_twice_with_its_key_is_recorded_once(
    client: FlaskClient, table: Table
) -> None:
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'name="idempotency_key"' in page  # a key per form, for a page without script
    form = {
        "csrf": csrf_of(page),
        "version": "0",
        "type": "play",
        "card": "0:1",
        "idempotency_key": "form-tap",
    }
    url = f"/t/{table.id}/lead/{table.token}/act"
    first, again = client.post(url, data=form), client.post(url, data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers[REPLAYED] == "true"
    assert len(_actions(client, table.id)) == 1
    reused = client.post(url, data={**form, "version": "1", "card": "1:1"})
    assert reused.status_code == 422
    assert "same request key" in reused.get_data(as_text=True)
    # without its key, the same form is a stale change, as before
    assert client.post(url, data={**form, "idempotency_key": ""}).status_code == 409


def test_a_seat_form_sent_twice_with_its_key_is_recorded_once(client: FlaskClient) -> None:
    table = create_digital(client, seed=3)
    page = client.get(table.seat_page(0)).get_data(as_text=True)
    form = {
        "csrf": csrf_of(page),
        "version": "0",
        "type": "hint",
        "target": "1",
        "hint": "rank:1",
        "idempotency_key": "seat-form-tap",
    }
    url = f"{table.seat_page(0)}/act"
    assert [client.post(url, data=form).status_code for _ in range(2)] == [303, 303]
    assert len(_actions(client, table.id)) == 1


# ---- the store ----------------------------------------------------------------------------


def test_the_store_keeps_the_key_with_the_change_or_not_at_all(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "s.sqlite3")
    store.init_schema(conn)
    classic = ThemeLibrary().deck("hanabi-classic")
    table = store.create_table(
        conn,
        kind="printed",
        theme_ref="hanabi-classic",
        deck=store.StoredDeck(classic.hash, classic.text),
        players=["A", "B"],
        leader_token_hash="",
    )
    key = store.RequestKey("k", "f")
    assert store.append_action(conn, table.id, 0, {"type": "play"}, key) == 1
    with pytest.raises(store.AlreadyRecorded) as found:
        store.append_action(conn, table.id, 1, {"type": "play"}, key)
    assert found.value.version == 1
    with pytest.raises(store.KeyReused):
        store.undo(conn, table.id, 1, 1, store.RequestKey("k", "other"))
    # a stale change with a new key leaves no key behind
    with pytest.raises(store.StaleVersion):
        store.append_action(conn, table.id, 0, {"type": "play"}, store.RequestKey("n", "f"))
    rows = conn.execute("SELECT key, version, game, seq FROM request_keys").fetchall()
    assert [tuple(row) for row in rows] == [("k", 1, 1, 1)]


def test_an_older_store_gains_the_keys_table_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    schema = resources.files("deckforge.referee").joinpath("schema.sql").read_text("utf-8")
    before_keys = schema[: schema.index("-- Idempotency keys")]
    old = sqlite3.connect(path)
    old.executescript(before_keys)
    old.close()
    conn = store.connect(path)
    store.init_schema(conn)
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert "request_keys" in names


def test_the_leader_page_names_each_tap_in_its_language(client: FlaskClient) -> None:
    teams = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]
    table = create_table(client, theme="interfaith-festival", players=teams)
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'data-pending="{action} — pas encore enregistré\u00a0: l’arbitre' in page
    assert 'data-recorded="{action} — enregistré."' in page
    assert 'id="play-1-1" class="card-btn"' in page
    assert 'data-doing="Jouer Christianisme 1"' in page
    assert 'data-doing="Défausser Christianisme 1"' in page
    assert 'data-doing="Indice → {player}\u00a0: Christianisme"' in page
    assert 'data-name="Les Aigles"' in page  # the hint's target, named in the band


def test_the_same_key_sent_at_once_from_many_threads_is_recorded_once(
    client: FlaskClient, table: Table
) -> None:
    url = f"/api/tables/{table.id}/actions"
    body = {"version": 0, "action": play(0, 1)}
    start = threading.Barrier(8)
    answers: list[int] = []

    def tap() -> None:
        start.wait()
        answers.append(_post(client, url, table.auth, "one-tap", body).status_code)

    threads = [threading.Thread(target=tap) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * 8
    assert len(_actions(client, table.id)) == 1


# ---- a new table ----------------------------------------------------------------------

CREATION_KEY = "9f1c2e4a-7b3d-4c5e-8f60-123456789abc"


def _tables_in(client: FlaskClient) -> int:
    conn = store.connect(client.application.config["DATABASE"])
    try:
        return int(conn.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
    finally:
        conn.close()


def test_a_retried_new_table_with_its_key_makes_one_table_and_gives_the_same_token(
    client: FlaskClient,
) -> None:
    body = {"theme": "hanabi-classic", "players": ["Ann", "Bob", "Cy"]}
    first = _post(client, "/api/tables", {}, CREATION_KEY, body)
    again = _post(client, "/api/tables", {}, f'"{CREATION_KEY}"', body)  # a quoted key too
    assert first.status_code == again.status_code == 201
    assert REPLAYED not in first.headers and again.headers[REPLAYED] == "true"
    made, retried = first.get_json(), again.get_json()
    assert retried["id"] == made["id"] and retried["urls"] == made["urls"]
    assert retried["leader_token"] == made["leader_token"]
    assert _tables_in(client) == 1
    auth = {"Authorization": f"Bearer {retried['leader_token']}"}  # the token works
    acted = _post(client, f"/api/tables/{made['id']}/actions", auth, None, {
        "version": 0, "action": play(0, 1)})  # fmt: skip
    assert acted.status_code == 200
    later = _post(client, "/api/tables", {}, CREATION_KEY, body).get_json()
    assert later["id"] == made["id"] and later["version"] == 1  # the table as it is now
    # without a key, a second request is a second table, as before
    assert _post(client, "/api/tables", {}, None, body).get_json()["id"] != made["id"]
    assert _tables_in(client) == 2


def test_a_retried_digital_table_gives_the_same_deal_and_seat_links(client: FlaskClient) -> None:
    body = {"theme": "hanabi-classic", "players": ["Ann", "Bob"], "kind": "digital"}
    first = _post(client, "/api/tables", {}, CREATION_KEY, body).get_json()
    again = _post(client, "/api/tables", {}, CREATION_KEY, body).get_json()
    assert again["id"] == first["id"] and again["seed"] == first["seed"]
    assert again["seats"] == first["seats"] and "seed_warning" not in again


def test_a_new_table_key_reused_for_another_request_or_too_short_is_refused(
    client: FlaskClient,
) -> None:
    body = {"theme": "hanabi-classic", "players": ["Ann", "Bob", "Cy"]}
    assert _post(client, "/api/tables", {}, CREATION_KEY, body).status_code == 201
    other = _post(client, "/api/tables", {}, CREATION_KEY, {**body, "players": ["Ann", "Bob"]})
    assert other.status_code == 422
    assert other.get_json()["error"]["code"] == "idempotency-key-reused"
    short = _post(client, "/api/tables", {}, "tap-1", body)  # a key that gives a token back
    assert short.status_code == 400
    assert short.get_json()["error"]["code"] == "bad-idempotency-key"
    assert _tables_in(client) == 1


def test_the_document_offers_the_key_on_new_tables(client: FlaskClient) -> None:
    operation = client.get("/api/openapi.json").get_json()["paths"]["/api/tables"]["post"]
    header = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert header and header[0]["in"] == "header" and header[0]["schema"]["minLength"] == 16
