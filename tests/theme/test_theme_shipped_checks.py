"""A bundled theme, unchanged since bundled_summaries.json was written, is not checked
against the JSON Schema again; anything else is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckforge.bundled import bundled_folder
from deckforge.theme import shipped_checks, validation
from deckforge.theme.loader import ThemeError, load_theme

THEMES = bundled_folder("themes")


@pytest.fixture
def schema_calls(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every call of the schema check, recorded (it still runs)."""
    calls: list[object] = []
    check = validation.schema_problems

    def recorded(data: object, report: validation.Report) -> set[object]:
        calls.append(data)
        return check(data, report)

    monkeypatch.setattr(validation, "schema_problems", recorded)
    return calls


@pytest.mark.parametrize("name", sorted(path.stem for path in THEMES.glob("*.yaml")))
def test_every_bundled_theme_was_checked_before_it_shipped(
    name: str, schema_calls: list[object]
) -> None:
    load_theme(name)
    assert schema_calls == []


def test_a_copy_of_a_bundled_theme_is_checked(tmp_path: Path, schema_calls: list[object]) -> None:
    copy = tmp_path / "festival.yaml"
    shutil.copy(THEMES / "interfaith-festival.yaml", copy)
    load_theme(copy)
    assert len(schema_calls) == 1


def test_a_bundled_theme_is_checked_under_another_schema_or_version(
    monkeypatch: pytest.MonkeyPatch, schema_calls: list[object]
) -> None:
    monkeypatch.setattr(shipped_checks, "checker", lambda: "9.9.9:another-schema")
    load_theme("interfaith-festival")
    assert len(schema_calls) == 1


def test_a_bundled_file_that_changed_since_it_was_checked_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, schema_calls: list[object]
) -> None:
    shipped = json.loads(shipped_checks.SUMMARIES.read_text("utf-8"))
    for entry in shipped["themes"].values():
        entry["files"] = {name: "0" * 64 for name in entry["files"]}
    summaries = tmp_path / "bundled_summaries.json"
    summaries.write_text(json.dumps(shipped), "utf-8")
    monkeypatch.setattr(shipped_checks, "SUMMARIES", summaries)
    shipped_checks._shipped.cache_clear()
    try:
        load_theme("interfaith-festival")
    finally:
        shipped_checks._shipped.cache_clear()
    assert len(schema_calls) == 1


def test_a_schema_mistake_in_a_copy_is_still_reported(tmp_path: Path) -> None:
    copy = tmp_path / "festival.yaml"
    text = (THEMES / "interfaith-festival.yaml").read_text("utf-8")
    copy.write_text(text.replace("\nid: ", "\nunknown_key: 1\nid: ", 1), "utf-8")
    with pytest.raises(ThemeError, match="unknown_key"):
        load_theme(copy)
