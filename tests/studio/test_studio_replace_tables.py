"""The studio's "replace?" question says how many of the referee's tables use the deck, and
that they keep the version they started with; a replaced deck is played by new tables at
once while the older tables keep theirs."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import Studio

from deckforge.theme.loader import BUNDLED_THEMES
from deckforge.web import create_app

CLASSIC = (BUNDLED_THEMES / "hanabi-classic.yaml").read_text("utf-8")
CLUB = CLASSIC.replace("id: hanabi-classic", "id: club", 1)


@pytest.fixture
def web(tmp_path: Path) -> Flask:
    folder = tmp_path / "themes"
    folder.mkdir()
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "THEME_FOLDERS": (folder,),
            "STUDIO_SECRET": "open-sesame",
        }
    )


def _tables(web: Flask, count: int, theme: str = "club") -> list[str]:
    client = web.test_client()
    made = []
    for _ in range(count):
        answer = client.post("/api/tables", json={"theme": theme, "players": ["Ann", "Bob"]})
        assert answer.status_code == 201, answer.get_json()
        made.append(answer.get_json()["id"])
    return made


def _save_again(studio: Studio, language: str, text: str = CLUB) -> dict:
    again = studio.post("save", {"text": text, "name": "club", "folder": 0, "language": language})
    assert again.status_code == 409 and again.get_json()["code"] == "exists"
    values: dict = again.get_json()["values"]
    return values


@pytest.mark.parametrize(
    ("language", "three", "one"),
    [
        ("en", "3 tables of the referee were started", "1 table of the referee was started"),
        ("fr", "3 tables de l’arbitre ont commencé", "1 table de l’arbitre a commencé"),
        ("de", "3 Tische des Schiedsrichters haben", "1 Tisch des Schiedsrichters hat"),
    ],
)
def test_the_replace_question_counts_the_tables_that_keep_their_version(
    web: Flask, language: str, three: str, one: str
) -> None:
    studio = Studio(web.test_client())
    assert studio.post("save", {"text": CLUB, "name": "club", "folder": 0}).status_code == 200
    assert _save_again(studio, language)["tables"] == 0
    _tables(web, 1)
    values = _save_again(studio, language)
    assert values["tables"] == 1 and one in values["question"]
    _tables(web, 2)
    values = _save_again(studio, language)
    assert values["tables"] == 3 and three in values["question"]
    assert "club.yaml" in values["question"]


def test_a_replaced_deck_is_played_by_new_tables_and_not_by_older_ones(web: Flask) -> None:
    studio = Studio(web.test_client())
    assert studio.post("save", {"text": CLUB, "name": "club", "folder": 0}).status_code == 200
    older = _tables(web, 3)
    cut = CLUB.replace("hint: {count: 8", "hint: {count: 1", 1)
    replaced = studio.post("save", {"text": cut, "name": "club", "folder": 0, "replace": True})
    assert replaced.status_code == 200, replaced.get_json()
    client = web.test_client()
    for table in older:
        assert client.get(f"/api/tables/{table}").get_json()["hint_tokens"]["count"] == 8
    (newer,) = _tables(web, 1)
    assert client.get(f"/api/tables/{newer}").get_json()["hint_tokens"]["count"] == 1
