"""Who may edit, where files may go, what texts are accepted, and that theme texts stay text."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import FESTIVAL, Studio, studio_app

from deckforge.bundled import bundled_folder
from deckforge.studio.words import catalogue

CLASSROOM = "192.168.1.23"  # a pupil's phone on the classroom network (the test client only)


def _text() -> str:
    return FESTIVAL.read_text(encoding="utf-8").replace("id: interfaith-festival", "id: ma-fete", 1)


def test_another_computer_without_the_secret_may_not_save_or_even_check(
    app: Flask, folder: Path
) -> None:
    other = Studio(app.test_client(), CLASSROOM)
    assert other.status == 403
    page = other.get("/studio/")
    assert "studio key" in page.get_data(as_text=True)
    for path, body in (
        ("save", {"text": _text(), "name": "ma-fete", "folder": 0}),
        ("check", {"text": _text()}),
        ("open", {"source": "bundled:interfaith-festival"}),
        ("simulate", {"text": _text()}),
    ):
        answer = other.post(path, body)
        assert answer.status_code == 403, path
        assert "secret" in answer.get_json()["error"]
    assert not (folder / "ma-fete.yaml").exists()


def test_the_secret_opens_the_studio_to_another_computer(app: Flask, folder: Path) -> None:
    client = app.test_client()
    wrong = client.get("/studio/?key=guess", environ_base={"REMOTE_ADDR": CLASSROOM})
    assert wrong.status_code == 403
    right = client.get("/studio/?key=open-sesame", environ_base={"REMOTE_ADDR": CLASSROOM})
    assert right.status_code == 302 and "key=" not in right.headers["Location"]
    other = Studio(client, CLASSROOM)
    assert other.status == 200
    answer = other.post("save", {"text": _text(), "name": "ma-fete", "folder": 0})
    assert answer.status_code == 200, answer.get_json()
    assert (folder / "ma-fete.yaml").is_file()


def test_a_loopback_address_under_another_host_name_is_not_trusted(app: Flask) -> None:
    client = app.test_client()
    rebound = client.get(
        "/studio/", base_url="http://evil.example:5000", environ_base={"REMOTE_ADDR": "127.0.0.1"}
    )
    assert rebound.status_code == 403
    local = client.get("/studio/", base_url="http://localhost:5000")
    assert local.status_code == 200


def test_a_change_without_the_pages_token_is_refused(studio: Studio) -> None:
    studio.token = "forged"
    answer = studio.post("save", {"text": _text(), "name": "ma-fete", "folder": 0})
    assert answer.status_code == 403
    assert "reload" in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("../evil", "a name, not a path"),
        ("../../etc/cron.d/evil", "a name, not a path"),
        ("/tmp/evil", "a name, not a path"),
        ("C:\\evil", "a name, not a path"),
        ("interfaith-festival", "is a bundled theme"),
        ("hanabi-classic", "is a bundled theme"),
        ("Ma Fête", "lowercase letters, digits and hyphens"),
        ("ma-fete.yaml", "without .yaml"),
        ("", "give the theme a name"),
    ],
)
def test_bad_names_are_refused_with_a_message(
    studio: Studio, folder: Path, name: str, says: str
) -> None:
    bundled = bundled_folder("themes")
    before = {p: p.read_bytes() for p in bundled.glob("*.yaml")}
    answer = studio.post("save", {"text": _text(), "name": name, "folder": 0})
    assert answer.status_code == 400
    assert says in answer.get_json()["error"]
    code = answer.get_json()["code"]  # the page says it in its language
    assert code.startswith("name-") and f"error.{code}" in catalogue("fr")
    assert {p: p.read_bytes() for p in bundled.glob("*.yaml")} == before
    assert sorted(p.name for p in folder.iterdir()) == ["fete-longue.yaml"]


def test_a_symbolic_link_out_of_the_folder_is_refused(studio: Studio, folder: Path) -> None:
    outside = folder.parent / "outside.yaml"
    outside.write_text("id: outside\n", encoding="utf-8")
    (folder / "linked.yaml").symlink_to(outside)
    answer = studio.post("save", {"text": _text(), "name": "linked", "folder": 0, "replace": True})
    assert answer.status_code == 400 and "outside the themes folder" in answer.get_json()["error"]
    assert outside.read_text(encoding="utf-8") == "id: outside\n"


def test_only_the_folders_themes_can_be_opened(studio: Studio) -> None:
    for source in (
        "folder:0:../../../etc/passwd",
        "folder:0:/etc/passwd.yaml",
        "folder:7:x.yaml",
        "bundled:../../pyproject",
        "file:/etc/passwd",
    ):
        answer = studio.post("open", {"source": source})
        assert answer.status_code == 404, source
        assert answer.get_json()["error"]


def test_a_2_mb_document_is_refused_with_a_message(studio: Studio) -> None:
    huge = "id: huge\n" + "# padding\n" * (2 * 1024 * 1024 // 10)
    for path in ("check", "save", "edit"):
        answer = studio.post(path, {"text": huge, "name": "huge", "folder": 0, "edits": []})
        assert answer.status_code == 413, path
        assert "larger than 1024 KiB" in answer.get_json()["error"]


def test_a_document_just_over_the_limit_is_refused_by_the_loaders_own_check(
    studio: Studio,
) -> None:
    text = "id: big\n" + "#" * (1024 * 1024)
    answer = studio.post("check", {"text": text, "name": "big", "folder": 0})
    assert answer.status_code == 413
    assert "larger than 1024 KiB" in answer.get_json()["error"]


def test_an_alias_bomb_is_refused_with_a_message_and_never_saved(
    studio: Studio, folder: Path
) -> None:
    lines = ["id: bomb", 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in "bcdefghi":
        previous = chr(ord(level) - 1)
        lines.append(f"{level}: &{level} [{', '.join(['*' + previous] * 9)}]")
    bomb = "\n".join(lines) + "\n"
    checked = studio.post("check", {"text": bomb, "name": "bomb", "folder": 0}).get_json()
    assert "once aliases are expanded" in checked["report"]["problems"][-1]["message"]
    saved = studio.post("save", {"text": bomb, "name": "bomb", "folder": 0})
    assert saved.status_code == 422
    edited = studio.post(
        "edit",
        {"text": bomb, "name": "bomb", "folder": 0, "edits": [{"path": ["a"], "value": 1}]},
    )
    assert edited.status_code == 422
    assert not (folder / "bomb.yaml").exists()


def test_deep_nesting_is_refused_with_a_message(studio: Studio) -> None:
    deep = "id: deep\nx: " + "[" * 500 + "]" * 500 + "\n"
    checked = studio.post("check", {"text": deep, "name": "deep", "folder": 0}).get_json()
    assert "nested more than 64 deep" in checked["report"]["problems"][-1]["message"]


def test_another_computer_cannot_make_the_referee_read_other_files(
    app: Flask, folder: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "private.yaml"
    secret.write_text("id: private\ntitle: Private\n", encoding="utf-8")
    client = app.test_client()
    client.get("/studio/?key=open-sesame", environ_base={"REMOTE_ADDR": CLASSROOM})
    other = Studio(client, CLASSROOM)
    text = f"id: mine\nextends: {secret}\n"
    found = other.post("check", {"text": text, "name": "mine", "folder": 0}).get_json()
    messages = [p["message"] for p in found["report"]["problems"]]
    assert any("only files in the themes folders" in m for m in messages), messages
    local = Studio(app.test_client())
    found = local.post("check", {"text": text, "name": "mine", "folder": 0}).get_json()
    messages = [p["message"] for p in found["report"]["problems"]]
    assert not any("only files in the themes folders" in m for m in messages)


PAYLOAD = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_theme_texts_never_reach_the_page_as_markup(studio: Studio, folder: Path) -> None:
    named = folder / "evil<script>alert(1)<img src=x onerror=alert(2)>.yaml"
    named.write_text(_text().replace("title: Tous", f"title: {PAYLOAD} Tous", 1), "utf-8")
    page = studio.get("/studio/").get_data(as_text=True)
    assert "<script>alert" not in page
    assert "evil&lt;script&gt;" in page or "evil\\u003cscript\\u003e" in page
    opened = studio.post("open", {"source": "folder:0:" + named.name}).get_json()
    assert opened["report"]["merged"]["title"].startswith(PAYLOAD)  # data, shown as text
    answer = studio.client.post(
        "/studio/download",
        data={"token": studio.token, "name": '"><script>', "text": PAYLOAD},
        environ_base=studio.environ,
    )
    assert answer.headers["Content-Disposition"] == 'attachment; filename="theme.yaml"'
    assert answer.mimetype == "application/yaml"


def test_in_a_clone_the_bundled_themes_folder_lists_them_once_and_keeps_them_safe(
    tmp_path: Path,
) -> None:
    bundled = bundled_folder("themes")
    before = {p: p.read_bytes() for p in bundled.glob("*.yaml")}
    clone = Studio(studio_app(bundled).test_client())
    page = clone.get("/studio/").get_data(as_text=True)
    assert "folder:0:interfaith-festival.yaml" not in page
    assert "bundled:interfaith-festival" in page
    answer = clone.post(
        "save", {"text": _text(), "name": "interfaith-festival", "folder": 0, "replace": True}
    )
    assert answer.status_code == 400 and "is a bundled theme" in answer.get_json()["error"]
    assert {p: p.read_bytes() for p in bundled.glob("*.yaml")} == before
