"""Which theme files a new table may name: bundled and --themes folders for anybody, any file
only from the referee's own computer."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from referee_helpers import DATA

from deckforge.referee import create_app
from deckforge.theme.library import is_loopback

PHONE = {"REMOTE_ADDR": "192.168.1.23"}  # a device on the classroom network
THEME = DATA / "script-theme.yaml"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    themes = tmp_path / "club-themes"
    (themes / "spring").mkdir(parents=True)
    shutil.copy(THEME, themes / "club.yaml")
    shutil.copy(THEME, themes / "spring" / "meadow.yml")
    return themes


@pytest.fixture
def app(tmp_path: Path, folder: Path) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite3"), "THEME_FOLDERS": (folder,)}
    )


def _create(client: FlaskClient, theme: str, environ: dict[str, str] | None = None) -> Any:
    return client.post(
        "/api/tables", json={"theme": theme, "players": ["Ann", "Bob"]}, environ_base=environ or {}
    )


def test_a_phone_may_choose_a_bundled_theme(client: FlaskClient) -> None:
    assert _create(client, "hanabi-classic", PHONE).status_code == 201


@pytest.mark.parametrize("name", ["club", "club.yaml", "spring/meadow", "spring/meadow.yml"])
def test_a_phone_may_choose_a_theme_of_the_themes_folder(
    client: FlaskClient, folder: Path, name: str
) -> None:
    response = _create(client, name, PHONE)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["theme"]["id"] == "script-theme"


def test_the_themes_folder_is_listed_for_everybody(client: FlaskClient) -> None:
    listed = [
        row["name"] for row in client.get("/api/themes", environ_base=PHONE).get_json()["themes"]
    ]
    assert {"hanabi-classic", "club.yaml", "spring/meadow.yml"} <= set(listed)
    page = client.get("/", environ_base=PHONE).get_data(as_text=True)
    assert '<option value="spring/meadow.yml"' in page


@pytest.mark.parametrize(
    "name",
    [
        str(THEME),  # a real theme file outside the folders
        str(THEME.parent / "no-such-file.yaml"),  # same answer: the disk is not probed
        "../club-themes/club.yaml/../../../" + THEME.name,
        "/etc/hostname.yaml",
        "spring/../../referee.sqlite3",
    ],
)
def test_a_phone_cannot_make_the_server_read_another_file(client: FlaskClient, name: str) -> None:
    response = _create(client, name, PHONE)
    assert response.status_code == 403
    assert response.get_json()["error"]["code"] == "theme-not-allowed"
    assert "--themes" in response.get_json()["error"]["message"]


def test_a_link_in_the_themes_folder_cannot_lead_outside(client: FlaskClient, folder: Path) -> None:
    os.symlink(THEME, folder / "escape.yaml")
    assert _create(client, "escape.yaml", PHONE).status_code == 403
    assert "escape.yaml" not in str(client.get("/api/themes").get_json())


def test_an_unknown_theme_name_from_a_phone_is_422(client: FlaskClient) -> None:
    response = _create(client, "no-such-theme", PHONE)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "bad-theme"


def test_the_referee_s_own_computer_may_name_any_theme_file(client: FlaskClient) -> None:
    response = _create(client, str(THEME), {"REMOTE_ADDR": "::1"})
    assert response.status_code == 201
    assert response.get_json()["state"]["theme"]["id"] == "script-theme"


def test_the_form_offers_a_theme_file_only_on_the_referee_s_computer(
    client: FlaskClient,
) -> None:
    assert 'name="theme_file"' in client.get("/").get_data(as_text=True)
    page = client.get("/", environ_base=PHONE).get_data(as_text=True)
    assert 'name="theme_file"' not in page
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    response = client.post(
        "/tables",
        environ_base={**PHONE, "HTTP_ACCEPT_LANGUAGE": "fr"},
        data={
            "csrf": csrf.group(1),
            "theme_file": str(THEME),
            "player0": "Ann",
            "player1": "Bob",
            "first": "0",
        },
    )
    assert response.status_code == 403
    assert "seuls les thèmes fournis" in response.get_data(as_text=True)


def test_loopback_addresses_are_recognised() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("127.8.0.1")
    assert not is_loopback("192.168.1.23") and not is_loopback(None)
    assert not is_loopback("localhost")  # a name is not an address


def test_a_theme_named_from_the_working_folder_survives_a_restart_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `deckforge new my-deck` writes themes/my-deck.yaml; the name alone then finds it
    workshop = tmp_path / "workshop"
    (workshop / "themes").mkdir(parents=True)
    shutil.copy(THEME, workshop / "themes" / "my-deck.yaml")
    database = str(tmp_path / "referee.sqlite3")
    monkeypatch.chdir(workshop)
    created = _create(create_app({"TESTING": True, "DATABASE": database}).test_client(), "my-deck")
    assert created.status_code == 201, created.get_json()
    table_id = created.get_json()["id"]

    monkeypatch.chdir(tmp_path)  # the referee is started again from another folder
    again = create_app({"TESTING": True, "DATABASE": database}).test_client()
    state = again.get(f"/api/tables/{table_id}")
    assert state.status_code == 200
    assert state.get_json()["theme"]["id"] == "script-theme"


REBINDING = {"REMOTE_ADDR": "127.0.0.1"}
FOREIGN = "http://attacker.example:5100/"  # a name that points at 127.0.0.1


def _create_from(client: FlaskClient, theme: str) -> Any:
    return client.post(
        "/api/tables",
        json={"theme": theme, "players": ["Ann", "Bob"]},
        environ_base=REBINDING,
        base_url=FOREIGN,
    )


def test_a_foreign_host_name_cannot_name_a_file_outside_the_themes_folders(
    client: FlaskClient,
) -> None:
    """A page of another site that reaches 127.0.0.1 through its own name (DNS rebinding)
    is answered as a phone is, with the same words whether the file exists or not."""
    assert _create(client, str(THEME), REBINDING).status_code == 201  # under localhost: yes
    real = _create_from(client, str(THEME))
    missing = _create_from(client, str(THEME.parent / "no-such-file.yaml"))
    assert real.status_code == missing.status_code == 403
    assert real.get_json()["error"]["code"] == missing.get_json()["error"]["code"]
    assert real.get_json()["error"]["code"] == "theme-not-allowed"
    words = {r.get_json()["error"]["message"].split(":", 1)[1] for r in (real, missing)}
    assert len(words) == 1


def test_a_foreign_host_name_is_not_offered_a_theme_file_field(client: FlaskClient) -> None:
    page = client.get("/", environ_base=REBINDING, base_url=FOREIGN).get_data(as_text=True)
    assert 'name="theme_file"' not in page
    assert _create_from(client, "club").status_code == 201
