"""The studio's JSON API: open, check as `deckforge check` does, edit, preview, save, simulate."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import (
    FESTIVAL,
    LONG_ADDITION,
    Studio,
    festival_comments,
    schema_line_is_valid,
)

import deckforge

TEXT_KEY = ["suits", 0, "cards", "1", "text"]


def _open(studio: Studio, source: str) -> dict:
    answer = studio.post("open", {"source": source})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_a_bundled_theme_opens_as_a_copy_named_from_its_title_written_as_its_id(
    studio: Studio,
) -> None:
    opened = _open(studio, "bundled:interfaith-festival")  # "Tous invités à la fête !"
    assert opened["kind"] == "bundled"
    assert opened["name"] == "tous-invites-a-la-fete"
    original = FESTIVAL.read_text(encoding="utf-8")
    schema = (Path(deckforge.__file__).parent / "theme" / "schema.json").as_uri()
    assert opened["text"] == original.replace(
        "id: interfaith-festival", "id: tous-invites-a-la-fete", 1
    ).replace("$schema=../deckforge/theme/schema.json", f"$schema={schema}", 1)
    report = opened["report"]
    assert report["problems"] == [] and report["warnings"] == []
    assert len(report["cards"]) == 25 and report["back"]
    assert report["summary"] == {"cards": 50, "suits": 5, "max_score": 25, "counts": [4, 5]}


def test_a_folder_theme_opens_itself_and_shows_its_warning_at_the_card_text(
    studio: Studio,
) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    assert opened["name"] == "fete-longue" and opened["kind"] == "folder"
    warnings = opened["report"]["warnings"]
    assert len(warnings) == 1
    line = opened["report"]["lines"]["suits.0.cards.1.text"]
    assert warnings[0]["line"] == line and warnings[0]["column"] > 1
    assert "Bouddhisme 1" in warnings[0]["message"] and "shorten it" in warnings[0]["message"]


def test_templates_open_and_check(studio: Studio) -> None:
    for name in ("minimal", "complete"):
        opened = _open(studio, f"template:{name}")
        assert opened["report"]["problems"] == [], name
        assert opened["name"] == "my-deck"


def test_a_form_edit_changes_one_value_and_keeps_every_comment(studio: Studio) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    answer = studio.post(
        "edit",
        {
            "text": opened["text"],
            "name": "fete-longue",
            "folder": 0,
            "edits": [{"path": TEXT_KEY, "value": "Une fête de la pleine lune."}],
        },
    ).get_json()
    before = opened["text"].splitlines()
    after = answer["text"].splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1
    assert changed[0][1] == '        text: "Une fête de la pleine lune."'
    assert answer["report"]["warnings"] == []
    old_front = opened["report"]["cards"][0]["image"]
    new_front = answer["report"]["cards"][0]["image"]
    assert old_front != new_front
    assert opened["report"]["cards"][1]["image"] == answer["report"]["cards"][1]["image"]


def test_the_edited_cards_picture_is_drawn_within_the_edit(app: Flask, studio: Studio) -> None:
    """The page asks for it right after: it is ready (a keystroke waits for one request's
    work, not two); opening a deck (25 new faces) leaves them to be drawn on request."""
    cache = app.extensions["deckforge.studio.faces"]
    opened = _open(studio, "folder:0:fete-longue.yaml")
    key = opened["report"]["cards"][1]["image"].rsplit("/", 1)[1].removesuffix(".png")
    assert not cache.has_image(key)
    edit = {"path": TEXT_KEY, "value": "Une fête de la pleine lune."}
    body = {"text": opened["text"], "name": "fete-longue", "folder": 0, "edits": [edit]}
    answer = studio.post("edit", body).get_json()
    front = answer["report"]["cards"][0]["image"].rsplit("/", 1)[1].removesuffix(".png")
    assert cache.has_image(front)


def test_an_edit_of_an_inherited_suit_copies_the_parents_suits_in_before_add_suits(
    studio: Studio,
) -> None:
    opened = _open(studio, "bundled:avalanche")
    edits = [
        {"path": ["suits", 5, "name"], "value": "Arc-en-ciel"},
        {"path": ["suits", 1, "name"], "value": "Crimson"},
    ]
    answer = studio.post(
        "edit", {"text": opened["text"], "name": opened["name"], "folder": 0, "edits": edits}
    ).get_json()
    text = answer["text"]
    assert text.index("suits:\n") < text.index("add_suits:")
    assert "    name: Arc-en-ciel\n" in text and "    name: Crimson\n" in text
    merged = answer["report"]["merged"]
    assert [s["name"] for s in merged["suits"]][:2] == ["White", "Crimson"]
    assert merged["suits"][5]["name"] == "Arc-en-ciel"
    assert answer["report"]["problems"] == []


def test_a_yaml_mistake_is_shown_with_its_line_and_column_and_blocks_the_form(
    studio: Studio,
) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    broken = opened["text"].replace("language: fr", "language: fr\n  bad: [", 1)
    report = studio.post("check", {"text": broken, "name": "fete-longue", "folder": 0})
    problems = report.get_json()["report"]["problems"]
    assert problems and problems[0]["line"] >= 18 and problems[0]["column"] >= 1
    assert report.get_json()["report"]["merged"] is None
    edit = studio.post(
        "edit",
        {"text": broken, "name": "x", "folder": 0, "edits": [{"path": ["title"], "value": "T"}]},
    )
    assert edit.status_code == 422 and edit.get_json()["error"] == "fix the YAML first"


def test_a_check_problem_names_the_same_place_as_deckforge_check(
    studio: Studio, folder: Path
) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    wrong = opened["text"].replace("count: 8", "count: 80", 1)
    wrong = wrong.replace("strikeout_score: zero", "strikeout_score: never", 1)
    problems = studio.post("check", {"text": wrong, "name": "fete-longue", "folder": 0})
    found = problems.get_json()["report"]["problems"]
    (folder / "wrong.yaml").write_text(wrong, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "deckforge", "check", str(folder / "wrong.yaml")],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 1
    expected = [line.split(": ", 1)[1] for line in checked.stderr.splitlines()]
    assert [p["message"] for p in found] == expected
    located = [line.split(": ", 1)[0].rsplit(":", 2)[1:] for line in checked.stderr.splitlines()]
    assert [[str(p["line"]), str(p["column"])] for p in found] == located
    assert len(found) == 2


def test_a_preview_is_a_png_of_the_card(studio: Studio) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    image = studio.get(opened["report"]["cards"][0]["image"])
    assert image.status_code == 200 and image.mimetype == "image/png"
    assert image.data[:8] == b"\x89PNG\r\n\x1a\n"
    back = studio.get(opened["report"]["back"])
    assert back.status_code == 200 and back.data != image.data
    assert studio.get("/studio/face/" + "0" * 32 + ".png").status_code == 404


def test_saving_under_a_new_name_writes_a_file_that_passes_check_with_its_comments(
    studio: Studio, folder: Path
) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    short = opened["text"].replace(LONG_ADDITION, "")
    answer = studio.post("save", {"text": short, "name": "fete-courte", "folder": 0})
    assert answer.status_code == 200, answer.get_json()
    saved = folder / "fete-courte.yaml"
    text = saved.read_text(encoding="utf-8")
    assert answer.get_json()["text"] == text
    assert "id: fete-courte\n" in text  # the file's name is its id
    assert all(line in text for line in festival_comments())
    assert schema_line_is_valid(text, folder)
    checked = subprocess.run(
        [sys.executable, "-m", "deckforge", "check", str(saved)], capture_output=True, text=True
    )
    assert checked.returncode == 0 and checked.stderr == ""
    again = studio.post("save", {"text": text, "name": "fete-courte", "folder": 0})
    assert again.status_code == 409 and "already exists" in again.get_json()["error"]
    replaced = studio.post(
        "save", {"text": text, "name": "fete-courte", "folder": 0, "replace": True}
    )
    assert replaced.status_code == 200


def test_a_theme_with_problems_is_not_saved(studio: Studio, folder: Path) -> None:
    opened = _open(studio, "folder:0:fete-longue.yaml")
    wrong = opened["text"].replace("count: 8", "count: 80", 1)
    answer = studio.post("save", {"text": wrong, "name": "faux", "folder": 0})
    assert answer.status_code == 422
    assert answer.get_json()["problems"][0]["message"].startswith("tokens.hint.count")
    assert not (folder / "faux.yaml").exists()


def test_download_returns_the_text_as_a_yaml_attachment(studio: Studio) -> None:
    answer = studio.client.post(
        "/studio/download",
        data={"token": studio.token, "name": "ma-fete", "text": "id: ma-fete\n"},
        environ_base=studio.environ,
    )
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"] == 'attachment; filename="ma-fete.yaml"'
    assert answer.get_data(as_text=True) == "id: ma-fete\n"


@pytest.mark.server  # the run plays in a worker process
def test_a_simulation_runs_in_the_background_with_progress(studio: Studio) -> None:
    opened = _open(studio, "bundled:hanabi-classic")
    text = opened["text"].replace("counts: [2, 3, 4, 5]", "counts: [2, 3]", 1)
    started = studio.post("simulate", {"text": text, "name": opened["name"], "games": 10})
    assert started.status_code == 200
    status_url = started.get_json()["status"]
    deadline = time.monotonic() + 60
    while True:
        run = studio.get(status_url).get_json()
        assert 0 <= run["done"] <= run["total"] == 20
        if run["finished"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert run["finished"] and run["error"] == ""
    assert [r["players"] for r in run["results"]] == [2, 3]
    first = run["results"][0]
    assert first["games"] == 10 and first["max_score"] == 25
    assert 0 <= first["mean"] <= 25 and 0 <= first["perfect"] <= 1
    assert sum(count for _score, count in first["histogram"]) == 10
