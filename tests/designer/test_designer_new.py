"""``deckforge new``: a theme file from a template that passes ``check`` at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.cli.new import TEMPLATES, template_names
from deckforge.theme.loader import ThemeError, load_theme
from deckforge.theme.validation import SCHEMA_PATH


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_both_templates_ship_with_deckforge():
    assert template_names() == ["complete", "minimal"]


@pytest.mark.parametrize("template", ["minimal", "complete"])
def test_the_output_of_new_passes_check(workdir, template):
    result = run("new", "school-trip", "--from", template)
    assert result.exit_code == 0, result.output
    written = workdir / "themes" / "school-trip.yaml"
    checked = run("check", str(written))
    assert checked.exit_code == 0, checked.output
    assert "(school-trip): 50 cards, 5 suits" in checked.output
    assert load_theme(written).id == "school-trip"


def test_new_starts_from_the_minimal_template_by_default(workdir):
    run("new", "garden")
    written = (workdir / "themes" / "garden.yaml").read_text(encoding="utf-8")
    template = (TEMPLATES / "minimal.yaml").read_text(encoding="utf-8")
    expected = re.sub(r"^id: my-garden", "id: garden", template, count=1, flags=re.MULTILINE)
    assert written.splitlines()[1:] == expected.splitlines()[1:]


def test_new_sets_only_the_first_id_line(workdir):
    run("new", "orchestra-two", "--from", "complete")
    text = (workdir / "themes" / "orchestra-two.yaml").read_text(encoding="utf-8")
    assert re.findall(r"^id: (\S+)", text, re.MULTILINE) == ["orchestra-two"]
    assert "  - id: strings" in text


def test_new_prints_the_next_steps_with_the_file_path(workdir):
    result = run("new", "my-deck")
    path = str(Path("themes") / "my-deck.yaml")
    assert f"Created {path} from the minimal template." in result.output
    for command in ("check", "print", "simulate"):
        assert f"deckforge {command} {path}" in result.output


def test_new_writes_into_the_directory_given_and_creates_it(workdir):
    result = run("new", "deck-one", "--dir", "decks/2026")
    assert result.exit_code == 0, result.output
    assert load_theme(workdir / "decks" / "2026" / "deck-one.yaml").id == "deck-one"


def test_the_schema_comment_points_at_the_schema_from_inside_the_project(tmp_path):
    project_themes = SCHEMA_PATH.parent.parent.parent / "themes"
    target = project_themes / "zz-designer-test-schema-path.yaml"
    try:
        assert run("new", target.stem, "--dir", str(project_themes)).exit_code == 0
        first = target.read_text(encoding="utf-8").splitlines()[0]
        reference = first.removeprefix("# yaml-language-server: $schema=")
        assert not reference.startswith("file:")
        assert (project_themes / reference).resolve() == SCHEMA_PATH
    finally:
        target.unlink(missing_ok=True)


def test_the_schema_comment_is_a_file_url_outside_the_project(workdir):
    run("new", "outside")
    first = (workdir / "themes" / "outside.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema={SCHEMA_PATH.as_uri()}"


def test_new_never_overwrites_an_existing_file(workdir):
    existing = workdir / "themes" / "mine.yaml"
    existing.parent.mkdir()
    existing.write_text("my own work\n", encoding="utf-8")
    result = run("new", "mine")
    assert result.exit_code == 1
    assert "already exists" in result.output
    assert existing.read_text(encoding="utf-8") == "my own work\n"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("My Deck", "use lowercase letters, digits and hyphens"),
        ("_deck", "use lowercase letters, digits and hyphens"),
        ("déco", "use lowercase letters, digits and hyphens"),
        ("../escape", "use lowercase letters, digits and hyphens"),
        ("a" * 65, "at most 64 characters"),
        ("deck.yaml", "give the name without its extension, e.g. deckforge new deck"),
        ("hanabi-classic", "a bundled theme already has this name"),
    ],
)
def test_new_refuses_an_unusable_name_in_one_line_and_writes_nothing(workdir, name, reason):
    result = run("new", name)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"Error: {name!r} is not a usable theme name: ")
    assert reason in lines[0]
    assert "Traceback" not in result.output
    assert not (workdir / "themes").exists()


def test_new_refuses_a_directory_that_is_a_file(workdir):
    (workdir / "notes.txt").write_text("x", encoding="utf-8")
    result = run("new", "deck", "--dir", "notes.txt")
    assert result.exit_code == 1
    assert result.output.strip() == "Error: notes.txt: not a directory"


def test_new_refuses_an_unknown_template(workdir):
    result = run("new", "deck", "--from", "huge")
    assert result.exit_code == 2
    assert "'huge' is not one of 'complete', 'minimal'" in result.output
    assert not (workdir / "themes").exists()


# --------------------------------------------------------------------------------------
# After ``deckforge new NAME``, the other commands find the theme by NAME, as the README shows.

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
