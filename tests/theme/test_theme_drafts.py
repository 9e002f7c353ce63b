"""An unsaved text read as a theme file (the studio's drafts): same checks, nothing written."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from deckforge.bundled import bundled_folder
from deckforge.theme.advice import warnings
from deckforge.theme.loader import ThemeError, draft_text, load_theme, theme_draft

FESTIVAL = (bundled_folder("themes") / "interfaith-festival.yaml").read_text("utf-8")


def test_a_draft_loads_where_it_would_be_saved_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "ma-fete.yaml"
    text = FESTIVAL.replace("title: Tous", "title: Toutes et tous", 1)
    with theme_draft(path, text) as where:
        theme = load_theme(where)
        assert theme.title.startswith("Toutes et tous")
        assert theme.path == where
    assert not path.exists()
    assert draft_text(path) is None


def test_a_draft_hides_the_saved_file_and_its_problems_point_into_the_draft(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ma-fete.yaml"
    path.write_text(FESTIVAL, "utf-8")
    wrong = FESTIVAL.replace("count: 8", "count: 80", 1)
    with theme_draft(path, wrong), pytest.raises(ThemeError) as error:
        load_theme(path)
    line = wrong.splitlines().index("    count: 80") + 1
    assert error.value.problems[0].startswith(f"{path}:{line}:")
    assert load_theme(path).tokens.hint.count == 8  # the file itself is unchanged


def test_warnings_read_the_draft_not_the_saved_file(tmp_path: Path) -> None:
    path = tmp_path / "ma-fete.yaml"
    path.write_text(FESTIVAL, "utf-8")
    untitled = FESTIVAL.replace("        title: Magha Puja\n", "", 1)
    assert untitled != FESTIVAL
    with theme_draft(path, untitled):
        found = warnings(load_theme(path))
    assert len(found) == 1 and "Bouddhisme 1 has a text but no title" in found[0]
    assert found[0].startswith(f"{path}:")
    assert warnings(load_theme(path)) == []


def test_a_draft_over_the_size_limit_is_refused_like_a_file(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with theme_draft(big, "#" * (1024 * 1024 + 1)), pytest.raises(ThemeError, match="1024 KiB"):
        load_theme(big)


def test_a_draft_is_seen_by_its_own_thread_only(tmp_path: Path) -> None:
    path = tmp_path / "ma-fete.yaml"
    seen: list[str | None] = []
    with theme_draft(path, FESTIVAL):
        thread = threading.Thread(target=lambda: seen.append(draft_text(path)))
        thread.start()
        thread.join()
        assert draft_text(path) == FESTIVAL
    assert seen == [None]
