"""The studio's API on a hosted referee (docs: /work/team contract, docs/hosting.md): decks
saved into the database with an edit key said once, opened as a copy by anybody or in place
with the key, wrong keys refused and limited, every refusal a JSON answer with a code.
Hosted mode is forced on SQLite; the last test runs two referees on one PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import FESTIVAL, Studio

from deckforge.referee import deck_keys, deck_store
from deckforge.referee.db import get_db
from deckforge.web import create_app

ORG_KEY = "organisation-key-for-tests"
PHONE = "192.0.2.20"


def festival(name: str = "ma-fete", title: str | None = None) -> str:
    text = FESTIVAL.read_text(encoding="utf-8").replace("id: interfaith-festival", f"id: {name}", 1)
    if title is not None:
        lines = text.splitlines(keepends=True)
        at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
        lines[at] = f"title: {title}\n"
        text = "".join(lines)
    return text


def unlocked(app: Flask, address: str = PHONE) -> Studio:
    """A browser on another computer that typed the organisation key."""
    client = app.test_client()
    answer = client.post(
        "/studio/unlock", data={"key": ORG_KEY}, environ_base={"REMOTE_ADDR": address}
    )
    assert answer.status_code == 302
    studio = Studio(client, address)
    assert studio.status == 200
    return studio


@pytest.fixture
def hosted(tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "HOSTED": True,
            "ORG_KEY": ORG_KEY,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "DATA_FOLDER": str(tmp_path / "data"),
        }
    )


def test_a_new_deck_is_saved_in_the_database_with_an_edit_key_said_once(hosted: Flask) -> None:
    studio = unlocked(hosted)
    saved = studio.post("save", {"text": festival(), "name": "ma-fete"})
    assert saved.status_code == 200, saved.get_json()
    body = saved.get_json()
    assert (body["saved"], body["name"], body["ref"]) == ("ma-fete", "ma-fete", "db:ma-fete")
    key = body["edit_key"]
    assert len(key) == 24 and body["report"]["problems"] == []
    with hosted.app_context():
        kept = deck_store.get_deck(get_db(), "ma-fete")
    assert kept is not None and kept.source == festival()
    assert kept.key_hash == deck_keys.edit_key_hash(key) and key not in kept.key_hash
    assert not (Path(hosted.config["DATA_FOLDER"]) / "themes" / "ma-fete.yaml").exists()
    again = studio.post("save", {"text": festival(), "name": "ma-fete", "replace": True})
    assert again.status_code == 409 and again.get_json()["code"] == "exists"
    assert "edit_key" not in again.get_json()
    page = studio.get("/studio/").get_data(as_text=True)
    assert '"db:ma-fete"' in page  # the Open list


def test_only_the_edit_key_changes_the_deck_and_tables_keep_theirs(hosted: Flask) -> None:
    studio = unlocked(hosted)
    key = studio.post("save", {"text": festival(), "name": "ma-fete"}).get_json()["edit_key"]
    client = hosted.test_client()
    table = client.post("/api/tables", json={"theme": "db:ma-fete", "players": list("ABCD")})
    assert table.status_code == 201, table.get_json()
    table_id = table.get_json()["id"]
    first_title = client.get(f"/api/tables/{table_id}").get_json()["theme"]["title"]
    changed = festival(title="Fête changée")
    wrong = studio.post("save", {"text": changed, "name": "ma-fete", "edit_key": "not-it"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "wrong-edit-key"
    right = studio.post("save", {"text": changed, "name": "ma-fete", "edit_key": key})
    assert right.status_code == 200, right.get_json()
    assert "edit_key" not in right.get_json()
    rows = {row["name"]: row for row in client.get("/api/themes").get_json()["themes"]}
    assert rows["db:ma-fete"]["title"] == "Fête changée"
    kept = client.get(f"/api/tables/{table_id}").get_json()["theme"]["title"]
    assert kept == first_title != "Fête changée"  # the table plays the deck it was made with


def test_others_open_a_deck_as_a_copy_and_its_author_in_place(hosted: Flask) -> None:
    author = unlocked(hosted)
    key = author.post("save", {"text": festival(), "name": "ma-fete"}).get_json()["edit_key"]
    other = unlocked(hosted, "192.0.2.21")
    copy = other.post("open", {"source": "db:ma-fete"}).get_json()
    assert (copy["kind"], copy["name"]) == ("copy", "ma-fete-2")
    assert "id: ma-fete-2" in copy["text"] and copy["report"]["problems"] == []
    own = author.post("open", {"source": "db:ma-fete", "edit_key": key}).get_json()
    assert (own["kind"], own["name"], own["text"]) == ("database", "ma-fete", festival())
    wrong = other.post("open", {"source": "db:ma-fete", "edit_key": "guess"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "wrong-edit-key"
    missing = other.post("open", {"source": "db:nobody"})
    assert missing.status_code == 404 and missing.get_json()["code"] == "no-source"
    page = other.get("/studio/?deck=db:ma-fete").get_data(as_text=True)
    assert "db:ma-fete" in page


def test_wrong_edit_keys_are_limited_per_address(hosted: Flask) -> None:
    author = unlocked(hosted)
    key = author.post("save", {"text": festival(), "name": "ma-fete"}).get_json()["edit_key"]
    guesser = unlocked(hosted, "192.0.2.30")
    for number in range(deck_keys.WRONG_TRIES):
        guess = {"source": "db:ma-fete", "edit_key": f"guess-{number}"}
        assert guesser.post("open", guess).status_code == 403
    limited = guesser.post("open", {"source": "db:ma-fete", "edit_key": key})
    assert limited.status_code == 429 and limited.get_json()["code"] == "too-many-tries"
    assert 590 <= int(limited.headers["Retry-After"]) <= 600
    save = guesser.post("save", {"text": festival(), "name": "ma-fete", "edit_key": key})
    assert save.status_code == 429
    assert author.post("open", {"source": "db:ma-fete", "edit_key": key}).status_code == 200


def test_bad_saves_and_opens_answer_json_with_a_code(hosted: Flask) -> None:
    studio = unlocked(hosted)
    cases = [
        ("save", {"text": festival(), "name": "Ma Fête"}, 400, "name-pattern"),
        ("save", {"text": festival(), "name": "hanabi-classic"}, 400, "name-bundled"),
        ("save", {"text": "id: x\ntitle: [", "name": "broken"}, 422, "has-problems"),
        ("save", {"text": festival(), "name": "nothing", "edit_key": "k"}, 404, "no-source"),
        ("save", {"text": festival(), "name": "ma-fete", "edit_key": 5}, 400, "wrong-edit-key"),
        ("open", {"source": "folder:0:anything.yaml"}, 404, "no-source"),
    ]
    for path, body, status, code in cases:
        answer = studio.post(path, body)
        assert (answer.status_code, answer.get_json()["code"]) == (status, code), body
    for path, body, code in (("save", ["not", "an object"], "bad-json"), ("save", {}, "no-text")):
        answer = studio.post(path, body)
        assert (answer.status_code, answer.get_json()["code"]) == (400, code)
    with hosted.app_context():
        assert deck_store.list_decks(get_db()) == []
    locked = Studio(hosted.test_client(), "192.0.2.40")
    refused = locked.post("save", {"text": festival(), "name": "ma-fete"})
    assert refused.status_code == 403 and refused.get_json()["code"] == "locked"


@pytest.fixture
def two_hosted(postgres_url: str, tmp_path: Path) -> Iterator[Callable[[str], Flask]]:
    made: list[Flask] = []

    def make(name: str) -> Flask:
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": postgres_url,
                "DATA_FOLDER": str(tmp_path / name),
                "ORG_KEY": ORG_KEY,
            }
        )
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["deckforge.listener"].listener.close()
        app.extensions["deckforge.db"].close()


def test_a_deck_saved_on_one_postgresql_referee_is_listed_opened_and_played_on_another(
    two_hosted: Callable[[str], Flask],
) -> None:
    first, second = two_hosted("a"), two_hosted("b")
    assert first.config["HOSTED"] and second.config["HOSTED"]
    key = unlocked(first).post("save", {"text": festival(), "name": "ma-fete"}).get_json()
    on_b = unlocked(second, "192.0.2.50")
    assert '"db:ma-fete"' in on_b.get("/studio/").get_data(as_text=True)
    opened = on_b.post("open", {"source": "db:ma-fete", "edit_key": key["edit_key"]})
    assert opened.status_code == 200 and opened.get_json()["kind"] == "database"
    client = second.test_client()
    assert 'value="db:ma-fete"' in client.get("/").get_data(as_text=True)
    table = client.post("/api/tables", json={"theme": "db:ma-fete", "players": list("ABCD")})
    assert table.status_code == 201, table.get_json()
    taken = on_b.post("save", {"text": festival(), "name": "ma-fete"})
    assert taken.status_code == 409 and taken.get_json()["code"] == "exists"


def test_a_laptop_studio_saves_files_as_before(tmp_path: Path) -> None:
    """Not hosted: no db: sources, saves go to the themes folder, no edit key."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3"), "DATA_FOLDER": str(tmp_path)}
    )
    studio = Studio(app.test_client())
    assert studio.status == 200
    saved = studio.post("save", {"text": festival(), "name": "ma-fete", "folder": 0}).get_json()
    assert "edit_key" not in saved and not saved["ref"].startswith("db:")
    assert (tmp_path / "themes" / "ma-fete.yaml").is_file()
    assert studio.post("open", {"source": "db:ma-fete"}).status_code == 404
