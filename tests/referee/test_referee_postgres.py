"""The referee on PostgreSQL (``--db postgresql://...``): the app, several apps on one
database, a database that goes away and comes back. Server tests: they need a throwaway
PostgreSQL (tests/postgres_server.py), skipped without one except in CI."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from postgres_server import PostgresServer
from referee_helpers import act, create_table, discard, rank_hint

from deckforge.referee import store
from deckforge.web import create_app


@pytest.fixture
def hosted_app(postgres_url: str, tmp_path: Path) -> Iterator[Callable[[str], Flask]]:
    """``hosted_app(name)``: a referee app on the test's database (files in its own
    folder); its listening thread and pool are closed after the test."""
    made: list[Flask] = []

    def make(name: str) -> Flask:
        app = create_app(
            {"TESTING": True, "DATABASE": postgres_url, "DATA_FOLDER": str(tmp_path / name)}
        )
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["deckforge.listener"].listener.close()
        app.extensions["deckforge.db"].close()


@pytest.fixture
def two_apps(hosted_app: Callable[[str], Flask]) -> tuple[Flask, Flask]:
    """Two referees on one database, as two processes would be (each its own pool)."""
    return hosted_app("a"), hosted_app("b")


def test_a_table_made_on_one_referee_is_played_on_the_other(two_apps: tuple[Flask, Flask]) -> None:
    first, second = (app.test_client() for app in two_apps)
    table = create_table(first)
    assert second.get(f"/api/tables/{table.id}").get_json()["version"] == 0
    assert act(second, table, 0, rank_hint(1, 1)).status_code == 200
    assert act(first, table, 1, rank_hint(2, 2)).status_code == 200
    stale = act(second, table, 1, rank_hint(0, 3))  # second's cache was at 1: the store says 2
    assert stale.status_code == 409 and stale.get_json()["error"]["code"] == "stale-version"
    state = first.get(f"/api/tables/{table.id}").get_json()
    assert state["version"] == 2 and state == second.get(f"/api/tables/{table.id}").get_json()
    # the signing key is the database's: a page's session is good on either referee
    assert two_apps[0].config["SECRET_KEY"] == two_apps[1].config["SECRET_KEY"]


def test_a_retry_on_the_other_referee_with_its_key_is_recorded_once(
    two_apps: tuple[Flask, Flask],
) -> None:
    first, second = (app.test_client() for app in two_apps)
    table = create_table(first)

    def send(client: Any) -> Any:
        return client.post(
            f"/api/tables/{table.id}/actions",
            headers={**table.auth, "Idempotency-Key": "burst-1"},
            json={"version": 0, "action": rank_hint(1, 1)},
        )

    assert send(first).status_code == 200
    again = send(second)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    with two_apps[0].app_context():
        from deckforge.referee.db import get_db

        assert len(store.active_actions(get_db(), table.id, 1)) == 1


def test_the_studio_key_and_compiled_templates_stay_out_of_the_url(
    hosted_app: Callable[[str], Flask], tmp_path: Path
) -> None:
    app = hosted_app("data")
    assert Path(app.config["STUDIO_KEY_FILE"]).parent == tmp_path / "data"
    assert app.extensions["deckforge.db"]._pool.max_size == app.config["DB_CONNECTIONS"] == 20
    assert app.config["THEME_FOLDERS"] == (tmp_path / "data" / "themes",)


def test_a_database_restart_answers_503_while_away_then_records_again(
    postgres: PostgresServer, hosted_app: Callable[[str], Flask]
) -> None:
    app = hosted_app("data")
    client = app.test_client()
    table = create_table(client)
    assert act(client, table, 0, rank_hint(1, 1)).status_code == 200
    postgres.stop()
    try:
        away = client.get(f"/api/tables/{table.id}")
        assert away.status_code == 503, away.get_data(as_text=True)
        assert away.get_json()["error"]["code"] == "database-unavailable"
        assert away.headers["Retry-After"]
        page = client.get(f"/t/{table.id}", headers={"Accept-Language": "fr"})
        assert page.status_code == 503 and "se reconnecte" in page.get_data(as_text=True)
    finally:
        postgres.start()
    deadline = time.monotonic() + 15
    while True:  # the pool's connections died with the server: new ones are made
        answer = act(client, table, 1, rank_hint(2, 2))
        if answer.status_code == 200 or time.monotonic() > deadline:
            break
        assert answer.status_code == 503
        time.sleep(0.2)
    assert answer.status_code == 200, answer.get_json()
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 2


def _wait_for(board: Any, table_id: str, version: int, seconds: float) -> float:
    """Seconds until the board has published ``version`` (fails after ``seconds``)."""
    started = time.monotonic()
    while (board.latest(table_id) or (-1,))[0] < version:
        assert time.monotonic() - started < seconds, f"version {version} not published"
        time.sleep(0.005)
    return time.monotonic() - started


def test_a_change_on_one_referee_is_published_on_the_other_and_a_lost_one_caught_up(
    two_apps: tuple[Flask, Flask], postgres_url: str
) -> None:
    first, second = two_apps
    client = first.test_client()
    table = create_table(client)
    updates = second.extensions["deckforge.listener"]
    assert updates.listener.listening.wait(10)
    updates.publish(table.id)  # a stream on the second referee follows the table
    board = second.extensions["deckforge.tables"].board
    assert board.latest(table.id)[0] == 0

    updates.listener.period = 60.0  # no catching up: the notification alone
    assert act(client, table, 0, rank_hint(1, 1)).status_code == 200
    assert _wait_for(board, table.id, 1, 5) < 1.0

    # a notification lost (as while the listening connection is cut): none is sent
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("ALTER TABLE tables DISABLE TRIGGER version_announced")
        assert act(client, table, 1, rank_hint(2, 2)).status_code == 200
        time.sleep(0.5)
        assert board.latest(table.id)[0] == 1  # nobody told the second referee
        updates.listener.period = 0.2  # now it compares versions: it finds version 2
        _wait_for(board, table.id, 2, 5)
        admin.execute("ALTER TABLE tables ENABLE TRIGGER version_announced")
    state = second.test_client().get(f"/api/tables/{table.id}").get_json()
    assert json.loads(board.latest(table.id)[1]) == state


def test_the_other_referee_applies_each_new_action_without_replaying_the_game(
    two_apps: tuple[Flask, Flask],
) -> None:
    """Issue 25: a change another process made costs this one its new actions (caught up
    from the log by version), not a replay of the whole game per notification."""
    first, second = two_apps
    client = first.test_client()
    table = create_table(client)
    updates = second.extensions["deckforge.listener"]
    assert updates.listener.listening.wait(10)
    updates.publish(table.id)  # a stream on the second referee follows the table
    tables = second.extensions["deckforge.tables"]
    replays = tables.replays
    for version in range(12):
        move = rank_hint((version + 1) % 3, 1) if version % 2 == 0 else discard(version // 2 % 5, 3)
        assert act(client, table, version, move).status_code == 200, move
        _wait_for(tables.board, table.id, version + 1, 5)
    assert (tables.replays, tables.caught_up) == (replays, 12)
    state = json.loads(tables.board.latest(table.id)[1])
    assert state == client.get(f"/api/tables/{table.id}").get_json()


def test_the_health_answer_checks_the_database(
    postgres: PostgresServer, hosted_app: Callable[[str], Flask]
) -> None:
    client = hosted_app("data").test_client()
    answer = client.get("/api/health")
    assert (answer.status_code, answer.get_json()) == (200, {"status": "ok", "database": "ok"})
    assert answer.headers["Cache-Control"] == "no-store"
    postgres.stop()
    try:
        away = client.get("/api/health")
        assert away.status_code == 503
        assert away.get_json() == {"status": "unavailable", "database": "unreachable"}
    finally:
        postgres.start()


def test_a_hosted_referee_grants_no_this_computer_rights(
    hosted_app: Callable[[str], Flask], tmp_path: Path
) -> None:
    """Behind a proxy on its own machine, every visitor's request comes from 127.0.0.1:
    a hosted referee gives nobody the studio without its key, nor theme files outside its
    folders (a referee on SQLite still does, for its own computer)."""
    from deckforge.referee import create_app as sqlite_referee
    from deckforge.studio.access import may_edit

    theme = tmp_path / "mine.yaml"
    theme.write_text(
        (Path(__file__).parents[2] / "themes" / "hanabi-classic.yaml").read_text("utf-8"),
        "utf-8",
    )
    body = {"theme": str(theme), "players": ["A", "B"]}
    local = sqlite_referee({"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3")})
    assert local.test_client().post("/api/tables", json=body).status_code == 201
    hosted = hosted_app("data")
    refused = hosted.test_client().post("/api/tables", json=body)
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "theme-not-allowed"
    with hosted.test_request_context("/studio/", environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        assert not may_edit()
