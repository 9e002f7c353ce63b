"""The studio speaks to a teacher: deck titles, translated templates, languages by name,
a default name from the title, deep links, and a key that survives a restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import Studio, studio_app

from deckforge.cli.referee import _echo_studio
from deckforge.studio.key import KEY_FILE, stored_key
from deckforge.studio.places import Places, name_from_title
from deckforge.studio.words import language_names
from deckforge.web import create_app

CLASSROOM = "192.168.1.23"


def _page(studio: Studio, query: str = "") -> str:
    answer = studio.get(f"/studio/{query}")
    assert answer.status_code == 200
    text: str = answer.get_data(as_text=True)
    return text


def _selected(page: str) -> str:
    found = re.search(r'<option value="([^"]+)" selected>', page)
    assert found is not None
    return found.group(1)


def test_open_lists_deck_titles_and_translated_templates(studio: Studio) -> None:
    page = _page(studio, "?lang=fr")
    assert ">Tous invités à la fête !</option>" in page
    assert ">Modèle court (part du jeu classique)</option>" in page
    assert ">minimal</option>" not in page and ">interfaith-festival</option>" not in page
    # a theme of the folder: its title, its file name beside it
    assert "Tous invités à la fête ! (fete-longue.yaml)</option>" in page


def test_a_deep_link_opens_the_deck_it_names(studio: Studio, folder: Path) -> None:
    assert _selected(_page(studio, "?deck=fete-longue")) == "folder:0:fete-longue.yaml"
    assert _selected(_page(studio, "?deck=hanabi-classic")) == "bundled:hanabi-classic"
    assert _selected(_page(studio, "?deck=minimal")) == "template:minimal"
    # nothing of that name, or not a name: the usual first deck
    for query in ("?deck=nothing-here", "?deck=../etc/passwd", ""):
        assert _selected(_page(studio, query)) == "bundled:interfaith-festival", query
    # a deck saved under a bundled theme's name is not possible: the bundled one opens
    assert Places((folder,)).wanted_source("interfaith-festival") == "bundled:interfaith-festival"


def test_a_copy_is_named_from_its_title() -> None:
    assert name_from_title("Tous invités à la fête !") == "tous-invites-a-la-fete"
    assert name_from_title("Hanabi – Black Powder") == "hanabi-black-powder"
    assert name_from_title("كلمات ملوّنة") == ""  # no Latin letter: the studio's my-NAME


def test_the_language_is_chosen_by_its_name_in_the_page_language() -> None:
    french = dict(language_names("fr"))
    assert french["de"] == "allemand" and french["he"] == "hébreu"
    assert dict(language_names("de"))["fr"] == "Französisch"
    assert dict(language_names("ar"))["en"]  # a name, in Arabic
    names = [name.casefold() for _, name in language_names("en")]
    assert names == sorted(names)


def test_the_studio_key_is_kept_in_the_data_folder_across_restarts(tmp_path: Path) -> None:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite3")}
    first = create_app(config).config["STUDIO_SECRET"]
    second = create_app(config).config["STUDIO_SECRET"]
    assert first == second and len(first) >= 12
    key_file = tmp_path / KEY_FILE
    assert key_file.read_text().strip() == first
    assert key_file.stat().st_mode & 0o077 == 0  # readable by this user only
    key_file.write_text("short\n")  # not a key: a new one is made
    third = stored_key(tmp_path)
    assert third != "short" and key_file.read_text().strip() == third


def test_this_computer_sees_the_key_and_a_qr_code_only_when_serving_the_network(
    folder: Path,
) -> None:
    local = studio_app(folder)
    page = _page(Studio(local.test_client()))
    assert "open-sesame" in page and "<svg" not in page  # listens here only: no address
    network = studio_app(folder, PUBLIC_URL="http://192.168.1.10:5000/")
    page = _page(Studio(network.test_client()))
    assert "http://192.168.1.10:5000/studio/?key=open-sesame" in page and "<svg" in page
    tablet = Studio(network.test_client(), CLASSROOM)
    assert tablet.status == 403 and "open-sesame" not in tablet.get("/studio/").get_data(True)


def _echoed(capsys: pytest.CaptureFixture[str], network: bool, key_file: str = "") -> str:
    config = {"STUDIO_FOLDERS": ("/srv/themes",), "STUDIO_SECRET": "open-sesame"}
    if key_file:
        config["STUDIO_KEY_FILE"] = key_file
    _echo_studio(config, "http://192.168.1.10:5000/studio/", network)
    return capsys.readouterr().out


def test_the_start_up_lines_never_print_the_key(capsys: pytest.CaptureFixture[str]) -> None:
    local = _echoed(capsys, network=False)
    assert local.splitlines() == [
        "Theme studio: http://192.168.1.10:5000/studio/ (saves into /srv/themes)"
    ]
    network = _echoed(capsys, network=True, key_file="/data/studio-key")
    assert "open-sesame" not in network and "key=" not in network
    assert "QR code" in network and "/data/studio-key" in network


def test_the_page_shown_to_another_computer_says_where_the_key_is(app: Flask) -> None:
    page = Studio(app.test_client(), CLASSROOM).get("/studio/?lang=fr").get_data(True)
    assert "Ouvrir l’atelier sur une tablette" in page and "open-sesame" not in page


def test_the_home_page_and_the_print_page_offer_to_adapt_the_chosen_deck(
    tmp_path: Path,
) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite3")})
    client = app.test_client()
    home = client.get("/?lang=fr&theme=hanabi-classic").get_data(True)
    assert 'id="adapt-link"' in home and "/studio/?deck=hanabi-classic" in home
    assert "Adapter ce jeu" in home
    printing = client.get("/print/?lang=fr").get_data(True)
    assert 'formaction="/studio/"' in printing and "Adapter ce jeu" in printing
    # the print page's form sends its theme: the studio opens that deck
    page = client.get("/studio/?theme=hanabi-classic&paper=a4").get_data(True)
    assert _selected(page) == "bundled:hanabi-classic"


def test_a_deep_link_names_a_theme_of_the_folders_as_the_referee_does(folder: Path) -> None:
    known = Places((folder,))
    assert known.wanted_source("fete-longue.yaml") == "folder:0:fete-longue.yaml"
    assert known.wanted_source("../fete-longue.yaml") == ""
    assert known.wanted_source("absent.yaml") == ""
