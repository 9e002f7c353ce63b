"""One theme library for the whole web app: a saved deck is listed, printed and played as it
is now by the referee's home page, the print page and new tables, without a restart."""

from __future__ import annotations

from pathlib import Path

from deckforge.theme.loader import BUNDLED_THEMES
from deckforge.web import create_app

CLASSIC = (BUNDLED_THEMES / "hanabi-classic.yaml").read_text("utf-8")


def test_a_saved_deck_is_listed_printed_and_played_as_it_is_now(tmp_path: Path) -> None:
    folder = tmp_path / "themes"
    folder.mkdir()
    deck = folder / "club.yaml"
    deck.write_text(CLASSIC.replace("title: Hanabi", "title: Club before", 1), "utf-8")
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "THEME_FOLDERS": (folder,)}
    )
    client = app.test_client()
    assert "Club before" in client.get("/").get_data(as_text=True)
    assert "Club before" in client.get("/print/").get_data(as_text=True)
    before = client.post("/api/tables", json={"theme": "club.yaml", "players": ["Ann", "Bob"]})
    printed_before = client.get("/print/download?theme=club.yaml&file=rules.pdf").data
    assert printed_before.startswith(b"%PDF")

    changed = CLASSIC.replace("title: Hanabi", "title: Club after", 1)
    deck.write_text(changed.replace("hint: {count: 8", "hint: {count: 2", 1), "utf-8")
    home = client.get("/").get_data(as_text=True)
    assert "Club after" in home and "Club before" in home  # the list, and the older table
    assert "Club after" in client.get("/print/").get_data(as_text=True)
    rules = client.get("/print/download?theme=club.yaml&file=rules.pdf")
    assert rules.status_code == 200 and rules.data.startswith(b"%PDF")
    assert rules.data != printed_before  # the rules sheet of the saved deck, at once
    after = client.post("/api/tables", json={"theme": "club.yaml", "players": ["Ann", "Bob"]})
    assert after.get_json()["state"]["hint_tokens"]["count"] == 2
    assert after.get_json()["state"]["theme"]["title"] == "Club after"
    old_state = client.get(f"/api/tables/{before.get_json()['id']}").get_json()
    assert old_state["hint_tokens"]["count"] == 8 and old_state["theme"]["title"] == "Club before"


def test_the_referee_the_print_page_and_the_studio_list_the_same_files(tmp_path: Path) -> None:
    import os
    import re

    folder = tmp_path / "themes"
    (folder / "spring").mkdir(parents=True)
    (folder / "club.yaml").write_text(CLASSIC, "utf-8")
    (folder / "spring" / "meadow.yml").write_text(CLASSIC, "utf-8")
    outside = tmp_path / "private.yaml"
    outside.write_text(CLASSIC, "utf-8")
    os.symlink(outside, folder / "escape.yaml")  # a link that leads out is listed nowhere
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "THEME_FOLDERS": (folder,)}
    )
    client = app.test_client()
    referee = {row["name"] for row in client.get("/api/themes").get_json()["themes"]}
    printed = set(re.findall(r'<option value="([^"]+)"', client.get("/print/").get_data(True)))
    studio = {
        source.label
        for source in app.extensions["deckforge.studio.places"].sources()
        if source.kind == "folder"
    }
    files = {"club.yaml", "spring/meadow.yml"}
    assert studio == files and files <= referee and files <= printed
    assert not any("escape" in name for name in referee | printed | studio)
