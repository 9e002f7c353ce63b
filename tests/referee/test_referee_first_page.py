"""The referee's first page is fast (issue 26): the studio, the print page and the PDF stack
load on first use, and the decks are listed from summaries kept by content."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from deckforge.referee import create_app, store, theme_summaries
from deckforge.referee.theme_summaries import (
    BUNDLED_SUMMARIES,
    KEY_PREFIX,
    ThemeSummaries,
    bundled_document,
    summary_row,
)
from deckforge.theme import loader
from deckforge.theme.loader import BUNDLED_THEMES, bundled_theme_names, load_theme
from deckforge.theme.model import Theme

HEAVY = ("reportlab", "PIL", "pypdfium2", "uharfbuzz", "ruamel", "jsonschema", "segno", "yaml")

FIRST_PAGE = textwrap.dedent(
    """
    import sys
    from deckforge.web import create_app
    app = create_app({"DATABASE": sys.argv[1]})
    response = app.test_client().get("/")
    assert response.status_code == 200, response.status_code
    assert b"hanabi-classic" in response.data
    print(" ".join(sorted({m.split(".")[0] for m in sys.modules} & set(sys.argv[2:]))))
    """
)


def _first_page_imports(database: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_PAGE, str(database), *HEAVY],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.server  # two child processes, a second or two each
def test_a_restarted_referee_answers_its_home_page_without_the_heavy_libraries(
    tmp_path: Path,
) -> None:
    database = tmp_path / "referee.sqlite3"
    # the very first start too: the bundled decks' lines come checked with deckforge
    assert _first_page_imports(database) == []
    assert _first_page_imports(database) == []


def test_the_bundled_summaries_file_matches_the_bundled_themes_checked_now() -> None:
    """Each bundled theme loaded and checked again (schema and rules) gives the shipped
    line and digests: run ``python -m deckforge.referee.write_summaries`` after changing a
    bundled theme, the schema or the version."""
    assert BUNDLED_SUMMARIES.read_text("utf-8") == bundled_document(), (
        "deckforge/referee/bundled_summaries.json is stale: "
        "python -m deckforge.referee.write_summaries"
    )


def test_a_new_database_lists_the_bundled_decks_without_loading_any(tmp_path: Path) -> None:
    conn = store.connect(tmp_path / "referee.sqlite3")
    store.init_schema(conn)
    calls: list[str] = []
    summaries = ThemeSummaries()
    for name in bundled_theme_names():
        row = summaries.row(conn, name, _counting_loader(calls))  # type: ignore[arg-type]
        assert row == summary_row(load_theme(name))
    assert calls == []


def test_a_bundled_line_is_not_used_for_a_bundled_file_changed_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edited copy (a clone, an installed folder someone changed) is loaded and checked."""
    folder = tmp_path / "themes"
    shutil.copytree(BUNDLED_THEMES, folder)
    monkeypatch.setattr(theme_summaries, "bundled_folder", lambda name: folder)
    monkeypatch.setattr(loader, "BUNDLED_THEMES", folder)
    conn = store.connect(tmp_path / "referee.sqlite3")
    store.init_schema(conn)
    calls: list[str] = []
    load = _counting_loader(calls)
    assert ThemeSummaries().row(conn, "avalanche", load)["title"]  # type: ignore[arg-type]
    assert calls == []  # the same bytes: the shipped line
    parent = folder / "hanabi-classic.yaml"  # what avalanche extends
    parent.write_text(parent.read_text("utf-8") + "\n# edited\n", "utf-8")
    ThemeSummaries().row(conn, "avalanche", load)  # type: ignore[arg-type]
    assert calls == ["avalanche"]


def test_a_shipped_line_from_another_checker_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = json.loads(BUNDLED_SUMMARIES.read_text("utf-8"))
    shipped["checker"] = "0.0.0:" + shipped["checker"].split(":")[1]  # another version's
    other = tmp_path / "bundled_summaries.json"
    other.write_text(json.dumps(shipped), "utf-8")
    monkeypatch.setattr(theme_summaries, "BUNDLED_SUMMARIES", other)
    conn = store.connect(tmp_path / "referee.sqlite3")
    store.init_schema(conn)
    calls: list[str] = []
    ThemeSummaries().row(conn, "hanabi-classic", _counting_loader(calls))  # type: ignore[arg-type]
    assert calls == ["hanabi-classic"]


def _counting_loader(calls: list[str]) -> object:
    def load(ref: str) -> Theme:
        calls.append(ref)
        return load_theme(ref)

    return load


def test_a_kept_summary_is_used_until_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    original = load_theme("hanabi-classic")
    text = Path(original.path or "").read_text("utf-8")
    path.write_text(text, "utf-8")
    conn = store.connect(tmp_path / "referee.sqlite3")
    store.init_schema(conn)
    calls: list[str] = []
    load = _counting_loader(calls)
    summaries = ThemeSummaries()
    row = summaries.row(conn, str(path), load)  # type: ignore[arg-type]
    assert row["title"] == original.title
    assert row["players"] == list(original.players.counts)
    assert calls == [str(path)]
    assert summaries.row(conn, str(path), load) == row  # type: ignore[arg-type]
    again = ThemeSummaries()  # a restarted referee reads it from the store
    assert again.row(conn, str(path), load) == row  # type: ignore[arg-type]
    assert calls == [str(path)]

    path.write_text(text.replace(original.title, "Renamed deck", 1), "utf-8")
    assert again.row(conn, str(path), load)["title"] == "Renamed deck"  # type: ignore[arg-type]
    assert calls == [str(path), str(path)]
    kept = conn.execute("SELECT value FROM meta WHERE key = ?", (KEY_PREFIX + str(path),))
    assert "Renamed deck" in kept.fetchone()[0]


def test_a_file_that_extends_another_is_checked_again_when_its_parent_changes(
    tmp_path: Path,
) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text(Path(load_theme("hanabi-classic").path or "").read_text("utf-8"), "utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent.yaml\nid: child\n", "utf-8")
    conn = store.connect(tmp_path / "referee.sqlite3")
    store.init_schema(conn)
    calls: list[str] = []
    load = _counting_loader(calls)
    summaries = ThemeSummaries()
    summaries.row(conn, str(child), load)  # type: ignore[arg-type]
    summaries.row(conn, str(child), load)  # type: ignore[arg-type]
    assert len(calls) == 1
    parent.write_text(parent.read_text("utf-8") + "\n# edited\n", "utf-8")
    summaries.row(conn, str(child), load)  # type: ignore[arg-type]
    assert len(calls) == 2


def test_a_theme_broken_since_the_last_start_is_left_out(tmp_path: Path) -> None:
    folder = tmp_path / "themes"
    folder.mkdir()
    path = folder / "mine.yaml"
    path.write_text(Path(load_theme("hanabi-classic").path or "").read_text("utf-8"), "utf-8")
    config = {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3"), "THEME_FOLDERS": (folder,)}
    rows = create_app(config).test_client().get("/api/themes").json["themes"]
    assert any(row["name"] == "mine.yaml" for row in rows)
    path.write_text("suits: [\n", "utf-8")
    rows = create_app(config).test_client().get("/api/themes").json["themes"]
    names = [row["name"] for row in rows]
    assert "mine.yaml" not in names
    assert "hanabi-classic" in names


@pytest.mark.parametrize("page", ["/print/", "/studio/"])
def test_the_pages_that_load_later_still_answer(tmp_path: Path, page: str) -> None:
    from deckforge.web import create_app as web_app

    app = web_app({"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3")})
    assert app.test_client().get(page).status_code == 200


def test_routes_compile_their_url_builders_on_first_use_and_build_the_same_urls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flask import Flask, url_for
    from werkzeug.routing import Rule

    from deckforge.web import create_app as web_app

    compiled: list[str] = []
    eager_compile = Rule._compile_builder

    def counting(rule: Rule, append_unknown: bool = True) -> object:
        compiled.append(rule.rule)
        return eager_compile(rule, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", counting)
    app = web_app({"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3")})
    assert compiled == []  # none while the app is made
    eager = Flask("eager")  # werkzeug's own rules, built as they are added
    for rule in app.url_map.iter_rules():
        eager.add_url_rule(rule.rule, rule.endpoint, methods=rule.methods)
    for rule in app.url_map.iter_rules():
        values = {name: "7" if name != "filename" else "a b/é.js" for name in rule.arguments}
        with app.test_request_context():
            lazy_url = url_for(rule.endpoint, **values, extra="1 2&")
        with eager.test_request_context():
            eager_url = url_for(rule.endpoint, **values, extra="1 2&")
        assert lazy_url == eager_url, rule.rule
    assert compiled  # built when url_for first needed them
