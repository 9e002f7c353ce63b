"""A store made before tables kept their deck is migrated on its first open: each table is
pinned to its file's deck when that deck still replays its log; otherwise its pages say,
in the page's language, that the deck changed since the game began, and offer its actions."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from referee_helpers import DATA

from deckforge.referee import create_app, store
from deckforge.theme.loader import BUNDLED_THEMES

CLASSIC = (BUNDLED_THEMES / "hanabi-classic.yaml").read_text("utf-8")
TOKEN = "an-old-leader-token"
HINTS = [
    {"type": "rank-hint", "target": 1, "rank": 1, "touched": 2},
    {"type": "rank-hint", "target": 0, "rank": 2, "touched": 1},
]


def _old_store(path: Path, tables: dict[str, str]) -> None:
    """A store of the old shape with one table per (id, theme_ref), each given two hints."""
    conn = sqlite3.connect(path)
    conn.executescript((DATA / "store-before-decks.sql").read_text("utf-8"))
    token_hash = hashlib.sha256(TOKEN.encode()).hexdigest()
    stamp = "2026-12-01T10:00:00.000+00:00"
    for table_id, ref in tables.items():
        conn.execute(
            "INSERT INTO tables VALUES (?, 'printed', ?, ?, ?, 0, 1, ?)",
            (table_id, ref, json.dumps(["Ann", "Bob"]), token_hash, stamp),
        )
        conn.execute("INSERT INTO games VALUES (?, 1, NULL, ?)", (table_id, stamp))
        for seq, action in enumerate(HINTS, start=1):
            conn.execute(
                "INSERT INTO actions (table_id, game, seq, payload, version, created_at)"
                " VALUES (?, 1, ?, ?, ?, ?)",
                (table_id, seq, json.dumps(action), seq, stamp),
            )
    conn.commit()
    conn.close()


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    same = tmp_path / "same.yaml"
    same.write_text(CLASSIC, "utf-8")
    cut = tmp_path / "cut.yaml"  # saved after the games began: one hint token
    cut.write_text(CLASSIC.replace("hint: {count: 8", "hint: {count: 1", 1), "utf-8")
    return {"same": same, "cut": cut, "gone": tmp_path / "deleted.yaml"}


@pytest.fixture
def old_app(tmp_path: Path, files: dict[str, Path]) -> Flask:
    database = tmp_path / "referee.sqlite3"
    _old_store(
        database,
        {
            "bundled": "hanabi-classic",
            "samefile": str(files["same"]),
            "cutfile": str(files["cut"]),
            "gonefile": str(files["gone"]),
        },
    )
    return create_app({"TESTING": True, "DATABASE": str(database)})


def test_the_first_open_pins_the_tables_whose_file_still_replays(
    old_app: Flask, files: dict[str, Path], tmp_path: Path
) -> None:
    conn = store.connect(old_app.config["DATABASE"])
    assert store.schema_version(conn) == store.SCHEMA_VERSION
    decks = {r.id: r.deck for r in store.list_tables(conn)}
    assert decks["bundled"] is not None and decks["bundled"] == decks["samefile"]
    assert decks["cutfile"] is None and decks["gonefile"] is None
    assert store.deck_is_lost(conn, "cutfile") and store.deck_is_lost(conn, "gonefile")
    assert conn.execute("SELECT COUNT(*) FROM decks").fetchone()[0] == 1  # stored once

    files["same"].unlink()  # a pinned table no longer needs its file
    again = create_app({"TESTING": True, "DATABASE": old_app.config["DATABASE"]}).test_client()
    state = again.get("/api/tables/samefile").get_json()
    assert state["hint_tokens"]["available"] == 6 and state["version"] == 2


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "a changé après le début de sa partie"),
        ("de", "hat sich nach Beginn des Spiels geändert"),
        ("en", "changed after its game began"),
        ("ar", "تغيّر موضوع هذه الطاولة"),
        ("he", "השתנה אחרי שהמשחק התחיל"),
    ],
)
@pytest.mark.parametrize("table", ["cutfile", "gonefile"])
def test_a_table_whose_deck_changed_says_so_on_its_pages(
    old_app: Flask, language: str, words: str, table: str
) -> None:
    client = old_app.test_client()
    for path in (f"/t/{table}", f"/t/{table}/lead/{TOKEN}", f"/t/{table}/screen"):
        page = client.get(path, headers={"Accept-Language": language})
        assert page.status_code == 409
        assert page.mimetype == "text/html"
        text = page.get_data(as_text=True)
        assert words in text and f"/api/tables/{table}/actions.json" in text
        assert '{"error"' not in text


def test_the_api_of_a_table_whose_deck_changed_answers_json(old_app: Flask) -> None:
    client = old_app.test_client()
    for path in ("", "/export.json", "/export.csv"):
        answer = client.get(f"/api/tables/cutfile{path}")
        assert answer.status_code == 409 and answer.is_json
        assert answer.get_json()["error"]["code"] == "deck-changed"
    refused = client.post(
        "/api/tables/cutfile/actions",
        headers={"Authorization": f"Bearer {TOKEN}"},
        json={"version": 2, "action": {"type": "discard", "card": {"suit": 0, "rank": 1}}},
    )
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "deck-changed"


def test_the_actions_of_a_table_whose_deck_changed_can_be_exported(old_app: Flask) -> None:
    answer = old_app.test_client().get("/api/tables/cutfile/actions.json")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["deck"] is None and body["theme_file"].endswith("cut.yaml")
    assert [a["action"] for a in body["games"][0]["actions"]] == HINTS


def test_the_home_page_lists_every_table_after_the_migration(old_app: Flask) -> None:
    page = old_app.test_client().get("/")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "/t/cutfile" in text and "/t/bundled" in text and "cut.yaml" in text


def test_the_migration_runs_once(old_app: Flask, files: dict[str, Path]) -> None:
    files["cut"].write_text(CLASSIC, "utf-8")  # the teacher puts the file back afterwards
    create_app({"TESTING": True, "DATABASE": old_app.config["DATABASE"]})
    conn = store.connect(old_app.config["DATABASE"])
    assert store.deck_is_lost(conn, "cutfile")  # found lost once: its log is what it was
    store.migrate(conn)  # nothing left to do
    assert store.schema_version(conn) == store.SCHEMA_VERSION


def test_a_new_store_starts_at_the_latest_version(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "new.sqlite3")
    store.init_schema(conn)
    assert store.schema_version(conn) == store.SCHEMA_VERSION
    columns = {row["name"] for row in conn.execute("PRAGMA table_info(tables)")}
    assert "deck" in columns


def test_a_refusal_of_the_rules_on_a_page_route_is_a_page_not_json(tmp_path: Path) -> None:
    from deckforge.rules import IllegalAction

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})

    @app.get("/t/<table_id>/refused")
    def refused(table_id: str) -> str:
        raise IllegalAction("no-hint-tokens", "no hint token left")

    @app.get("/t/<table_id>/stale")
    def stale(table_id: str) -> str:
        raise store.StaleVersion(1, 2)

    client = app.test_client()
    for path, status, words in (
        ("/t/x/refused", 422, "les règles ne le permettent pas"),
        ("/t/x/stale", 409, "la table a changé sur un autre écran"),
    ):
        page = client.get(path, headers={"Accept-Language": "fr"})
        assert page.status_code == status and page.mimetype == "text/html"
        text = page.get_data(as_text=True)
        assert words in text and '{"error"' not in text


def test_tables_of_one_deck_store_it_once(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})
    client = app.test_client()
    for theme in ("hanabi-classic", "hanabi-classic", "avalanche", "hanabi-classic"):
        created = client.post("/api/tables", json={"theme": theme, "players": ["Ann", "Bob"]})
        assert created.status_code == 201
    conn = store.connect(app.config["DATABASE"])
    assert conn.execute("SELECT COUNT(*) FROM decks").fetchone()[0] == 2
    kept = {r.deck for r in store.list_tables(conn)}
    assert len(kept) == 2 and all(len(h or "") == 64 for h in kept)
    assert store.tables_of_ref(conn, "hanabi-classic") == 3
