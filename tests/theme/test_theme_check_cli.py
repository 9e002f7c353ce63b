"""``deckforge check`` and ``deckforge schema`` as a person at a terminal sees them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.theme.loader import BUNDLED_THEMES, bundled_theme_names, load_theme
from deckforge.theme.validation import SCHEMA_PATH

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def _from_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    # files outside the working directory are named in full in messages
    monkeypatch.chdir(BUNDLED_THEMES.parent)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", bundled_theme_names())
def test_every_bundled_theme_passes_check_with_one_summary_line(name: str) -> None:
    code, out, err = run("check", name)
    theme = load_theme(name)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{theme.title} ({theme.id}): {theme.deck_size} cards, {len(theme.suits)} suits, "
        f"{theme.players.counts[0]}-{theme.players.counts[-1]} "
        f"{'players or teams' if theme.players.teams else 'players'}, "
        f"maximum score {theme.max_score}"
    ]


def test_the_summary_of_the_classic_game_reads_plainly() -> None:
    assert run("check", "hanabi-classic")[1] == (
        "Hanabi (hanabi-classic): 50 cards, 5 suits, 2-5 players, maximum score 25\n"
    )


def test_a_deck_for_teams_says_players_or_teams_like_its_rules_sheet() -> None:
    assert run("check", "interfaith-festival")[1] == (
        "Tous invités à la fête\u00a0! (interfaith-festival): 50 cards, 5 suits, "
        "4-5 players or teams, maximum score 25\n"
    )


def test_a_broken_theme_lists_every_problem_on_stderr_and_exits_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(DATA)
    code, out, err = run("check", "everything-wrong.yaml")
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 6
    assert "everything-wrong.yaml:3:1: titel: unknown key (did you mean 'title'?)" in lines
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argument, message",
    [
        ("missing.yaml", "missing.yaml: no such file"),
        (".", ".: is a directory, not a theme file"),
        (
            "latin1.yaml",
            "latin1.yaml:3:11: the file is not UTF-8 text (byte 0xe9); save it as UTF-8",
        ),
    ],
)
def test_files_that_cannot_be_read_get_one_clean_line(
    argument: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(DATA)
    assert run("check", argument) == (1, "", message + "\n")


def test_an_unreadable_file_gets_one_clean_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked.yaml"
    locked.write_text("id: locked\n", encoding="utf-8")
    locked.chmod(0)
    try:
        if locked.open("rb").readable():  # running as root: permissions do not apply
            pytest.skip("this user can read any file")
    except PermissionError:
        pass
    try:
        code, _, err = run("check", str(locked))
    finally:
        locked.chmod(0o644)
    assert code == 1
    assert err == f"{locked}: cannot read the file (Permission denied)\n"


def test_several_themes_are_checked_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)
    code, out, err = run("check", "hanabi-classic", "unknown-key.yaml")
    assert code == 1
    assert out.startswith("Hanabi (hanabi-classic):")
    assert err == "unknown-key.yaml:3:1: titel: unknown key (did you mean 'title'?)\n"


def test_check_runs_the_print_preflight_after_the_theme_loads(tmp_path: Path) -> None:
    theme = tmp_path / "glyphs.yaml"
    theme.write_text(
        "id: glyphs\nextends: hanabi-classic\nadd_suits:\n"
        '  - id: script\n    name: Script\n    colour: "#1a202c"\n    symbol: "●"\n'
        "    scoring: minus-missing\n    cards:\n      1: {title: \U0001d4d0\U0001d4d1}\n",
        encoding="utf-8",
    )
    code, out, err = run("check", str(theme))
    assert code == 1 and out == ""
    assert err.startswith(f"{theme}:10:")  # the card title's line, reported by the print kit


def test_schema_prints_the_committed_schema_file() -> None:
    code, out, _ = run("schema")
    assert code == 0
    assert out == SCHEMA_PATH.read_text(encoding="utf-8")
    assert json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_command_line_entry_point_reports_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "deckforge", "check", str(DATA / "object-tag.yaml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "the tag !!python/object/apply:os.system is not allowed" in done.stderr


def test_bundled_themes_live_where_the_loader_looks() -> None:
    assert (BUNDLED_THEMES / "hanabi-classic.yaml").is_file()
