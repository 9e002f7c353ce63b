"""After ``deckforge new NAME``, the other commands find the theme by NAME, as the README shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.theme.loader import ThemeError, load_theme

SUMMARY = "Garden Party (my-deck): 50 cards, 5 suits, 2-5 players, maximum score 25\n"


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "my-deck"]).exit_code == 0
    return runner


def test_check_finds_the_new_theme_by_its_name(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "my-deck"])
    assert (result.exit_code, result.stdout) == (0, SUMMARY)


def test_simulate_finds_the_new_theme_by_its_name(runner: CliRunner) -> None:
    result = runner.invoke(main, ["simulate", "my-deck", "--players", "2", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("my-deck: 2 players, 2 games")


def test_the_name_is_found_only_in_the_themes_folder_of_the_working_directory(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path / "themes")
    result = runner.invoke(main, ["check", "my-deck"])
    assert result.exit_code == 1
    assert result.stderr.endswith("; no themes/my-deck.yaml here either)\n")


def test_a_bundled_name_still_means_the_bundled_theme(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "themes" / "hanabi-classic.yaml").write_text("id: broken\n", encoding="utf-8")
    assert load_theme("hanabi-classic").title == "Hanabi"


def test_extends_does_not_look_in_the_working_directory(runner: CliRunner, tmp_path: Path) -> None:
    child = tmp_path / "elsewhere" / "child.yaml"
    child.parent.mkdir()
    child.write_text("id: child\nextends: my-deck\n", encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme(child)
    assert "extends: my-deck: no such theme file or bundled theme" in caught.value.problems[0]
