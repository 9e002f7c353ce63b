"""What the room reads agrees with the theme's words: the strikeout sentence, the token
pills by CLDR plural rules, the most still reachable, and names kept whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from referee_helpers import Table, act, create_table, play

from deckforge.referee import create_app

NBSP = "\u00a0"
GERMAN = """\
id: feuerwerk
extends: hanabi-classic
title: Feuerwerk
language: de
tokens:
  hint: {count: 8, name: Uhr, plural: Uhren, colour: "#2b6cb0"}
  error: {count: 3, name: Sicherung, plural: Sicherungen, colour: "#c53030"}
"""
FESTIVAL = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]


@pytest.fixture
def themed_app(tmp_path: Path) -> Flask:
    (tmp_path / "feuerwerk.yaml").write_text(GERMAN, encoding="utf-8")
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "THEME_FOLDERS": (tmp_path,),
        }
    )


def _struck_out(client: FlaskClient, theme: str, players: list[str]) -> Table:
    table = create_table(client, theme=theme, players=players)
    for version, rank in enumerate((3, 4, 5)):  # three misplays: the game is lost
        assert act(client, table, version, play(0, rank)).status_code == 200
    return table


def _pages(client: FlaskClient, table: Table) -> dict[str, str]:
    return {
        "projector": client.get(f"/t/{table.id}").get_data(as_text=True),
        "leader": client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True),
    }


def test_the_strikeout_sentence_needs_no_agreement_in_french(client: FlaskClient) -> None:
    table = _struck_out(client, "interfaith-festival", FESTIVAL)
    for name, page in _pages(client, table).items():
        assert f"Partie perdue{NBSP}: 3/3 œuvres du démon sur la table." in page, name
        assert "sont tous" not in page, name  # "œuvre" is feminine: "tous" was wrong


def test_the_strikeout_sentence_needs_no_agreement_in_german(themed_app: Flask) -> None:
    client = themed_app.test_client()
    table = _struck_out(client, "feuerwerk", ["Anna", "Ben", "Cem"])
    for name, page in _pages(client, table).items():
        assert "Partie verloren: 3/3 Sicherungen auf dem Tisch." in page, name


def test_the_token_pills_follow_the_language_s_plural_rules(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=FESTIVAL)
    leader = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    # French: 0 and 1 take the singular, 2 and more the plural; the count stays with its noun
    assert "<b>0</b>/3&nbsp;œuvre du démon</span>" in leader
    assert "<b>8</b>/8&nbsp;moments de grâce et de vérité</span>" in leader
    act(client, table, 0, play(0, 3))
    act(client, table, 1, play(0, 4))
    leader = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert "<b>2</b>/3&nbsp;œuvres du démon</span>" in leader
    projector = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "<b>2</b>/3&nbsp;œuvres du démon" in projector
    assert "au plus 25 points encore possibles" in projector  # a copy of each is left
    assert f"Partie{NBSP}1" in leader and "Partie 1" not in leader  # never split
