"""A hosted referee's library decks (``db:<name>``) in its new-table flow, home page and
print page, and tables that keep their pinned deck when a library deck changes. Hosted mode
is forced on SQLite (``HOSTED`` in test_config): the store's part runs on both backends in
test_referee_deck_store.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from flask import Flask
from referee_helpers import create_table

from deckforge.referee import deck_store, store
from deckforge.referee.db import get_db
from deckforge.theme.library import ThemeLibrary, deck_hash, resolved_text
from deckforge.web import create_app

CLASSIC = ThemeLibrary().deck("hanabi-classic")


def resolved(title: str, counts: list[int] | None = None) -> store.StoredDeck:
    """hanabi-classic's resolved text under another title (and other player counts)."""
    data = orjson.loads(CLASSIC.text) | {"title": title}
    if counts is not None:
        data["players"] = data["players"] | {"counts": counts}
    text = resolved_text(data)
    return store.StoredDeck(deck_hash(text), text)


def save(app: Flask, name: str, deck: store.StoredDeck, key_hash: str = "k" * 64) -> None:
    with app.app_context():
        deck_store.create_deck(
            get_db(), name, title=name, source="# yaml\n", deck=deck, key_hash=key_hash
        )


def change(app: Flask, name: str, deck: store.StoredDeck) -> None:
    with app.app_context():
        deck_store.update_deck(
            get_db(), name, key_hash="k" * 64, title=name, source="# yaml\n", deck=deck
        )


@pytest.fixture
def make_app(tmp_path: Path) -> Any:
    """``make_app(hosted=True)``: a web app on the test's one SQLite store."""

    def make(hosted: bool = True) -> Flask:
        config: dict[str, Any] = {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "DATA_FOLDER": str(tmp_path / "data"),
        }
        if hosted:
            config |= {"HOSTED": True, "ORG_KEY": "organisation-key-1"}
        return create_app(config)

    return make


def test_a_library_deck_is_listed_and_a_table_is_made_from_it(make_app: Any) -> None:
    app = make_app()
    save(app, "fete", resolved("Fête des couleurs"))
    client = app.test_client()
    rows = {row["name"]: row for row in client.get("/api/themes").get_json()["themes"]}
    assert rows["db:fete"]["title"] == "Fête des couleurs"
    home = client.get("/").get_data(as_text=True)
    assert 'value="db:fete"' in home and "Fête des couleurs" in home
    table = create_table(client, "db:fete")
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["theme"]["title"] == "Fête des couleurs"
    with app.app_context():
        record = store.get_table(get_db(), table.id)
        assert record is not None and record.theme_ref == "db:fete"
        assert record.deck == resolved("Fête des couleurs").hash


def test_a_table_keeps_its_deck_when_the_library_deck_changes(make_app: Any) -> None:
    app = make_app()
    save(app, "fete", resolved("Before"))
    client = app.test_client()
    before = create_table(client, "db:fete")
    change(app, "fete", resolved("After", counts=[2, 3]))
    after = create_table(client, "db:fete", players=["Ann", "Bob"])
    assert client.get(f"/api/tables/{before.id}").get_json()["theme"]["title"] == "Before"
    assert client.get(f"/api/tables/{after.id}").get_json()["theme"]["title"] == "After"
    four = client.post("/api/tables", json={"theme": "db:fete", "players": list("ABCD")})
    assert four.status_code == 422 and four.get_json()["error"]["code"] == "player-count"
    rows = {row["name"]: row for row in client.get("/api/themes").get_json()["themes"]}
    assert rows["db:fete"]["title"] == "After" and rows["db:fete"]["players"] == [2, 3]


def test_a_deck_not_in_the_library_is_refused_clearly(make_app: Any) -> None:
    client = make_app().test_client()
    missing = client.post("/api/tables", json={"theme": "db:nobody", "players": ["A", "B"]})
    assert missing.status_code == 422
    error = missing.get_json()["error"]
    assert error["code"] == "bad-theme" and "no such deck in the library" in error["message"]


def test_a_referee_on_sqlite_has_no_library(make_app: Any) -> None:
    """The laptop's referee as before: no db: decks listed, none accepted."""
    hosted = make_app()
    save(hosted, "fete", resolved("Fête"))
    client = make_app(hosted=False).test_client()
    names = [row["name"] for row in client.get("/api/themes").get_json()["themes"]]
    assert not any(name.startswith("db:") for name in names)
    refused = client.post("/api/tables", json={"theme": "db:fete", "players": ["A", "B"]})
    assert refused.status_code in (403, 422)


def test_a_deck_saved_through_one_referee_is_listed_and_played_on_another(
    make_app: Any,
) -> None:
    first, second = make_app(), make_app()  # two processes on one store
    save(first, "fete", resolved("Shared"))
    client = second.test_client()
    assert 'value="db:fete"' in client.get("/").get_data(as_text=True)
    table = create_table(client, "db:fete")
    assert client.get(f"/api/tables/{table.id}").get_json()["theme"]["title"] == "Shared"


def test_the_print_page_lists_library_decks_and_prints_each_its_own_kit(make_app: Any) -> None:
    app = make_app()
    save(app, "red", resolved("Red deck"))
    save(app, "blue", resolved("Blue deck"))
    client = app.test_client()
    page = client.get("/print/").get_data(as_text=True)
    assert 'value="db:red"' in page and "Blue deck" in page
    kits = []
    for name in ("red", "blue"):
        answer = client.get(f"/print/download?theme=db:{name}&file=rules.pdf")
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        assert answer.headers["Content-Disposition"].endswith('rules.pdf"')
        kits.append(answer.data)
    assert kits[0] != kits[1]  # two library decks have no files: each its own kit
    missing = client.get("/print/download?theme=db:nobody&file=rules.pdf")
    assert missing.status_code == 422
