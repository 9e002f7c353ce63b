"""``deckforge print``: files written, clean one-line errors, --watch."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.cli import print_kit as command

DATA = Path(__file__).parent / "data"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_print_writes_the_kit_into_the_output_folder(runner, tmp_path):
    result = runner.invoke(main, ["print", "hanabi-classic", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "kit").iterdir())
    assert names == sorted(
        [
            "cards.pdf",
            "cards-fronts.pdf",
            "cards-backs.pdf",
            "tokens.pdf",
            "rules.pdf",
            "scoresheet.pdf",
            "calibration.pdf",
        ]
    )
    assert "cards.pdf" in result.output


@pytest.mark.parametrize("edge", ["long", "short"])
def test_after_the_files_it_says_how_to_print_them_on_stderr(tmp_path, edge):
    result = CliRunner().invoke(
        main, ["print", "hanabi-classic", "-o", str(tmp_path / "kit"), "--duplex", edge]
    )
    assert result.exit_code == 0, result.stderr
    assert "Print at 100 %" in result.stderr
    assert f"double-sided, flipping on the {edge} edge" in result.stderr
    assert "Print at 100 %" not in result.stdout  # stdout stays the list of files


def test_print_shows_the_warnings_of_check_and_still_prints(tmp_path):
    deck = tmp_path / "half-written.yaml"
    suits = "".join(
        f"  - {{id: s{i}, name: S{i}, colour: '{colour}', symbol: '{i}'}}\n"
        for i, colour in enumerate(("#2e86c1", "#17a589", "#b7950b", "#d68910"), start=1)
    )
    deck.write_text(
        "id: half-written\nextends: hanabi-classic\nsuits:\n"
        "  - {id: red, name: Red, colour: '#c0392b', symbol: R,\n"
        "     cards: {3: {title: Orbit}}}\n" + suits,
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["print", str(deck), "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.stderr
    assert "half-written.yaml:5:13: warning: suits[0].cards: Red 1" in result.stderr
    assert (tmp_path / "kit" / "cards.pdf").is_file()


def test_the_default_folder_is_printouts_and_the_theme_id(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["print", "hanabi-classic", "--fold"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "printouts/hanabi-classic/cards-fold.pdf").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--card", "huge"], "Invalid value for '--card': card size 'huge'"),
        (["--card", "5x5"], "cards must be at least 20 mm"),
        (["--paper", "a0"], "Invalid value for '--paper'"),
        (["--bleed", "-1"], "Invalid value for '--bleed'"),
        (["--duplex", "sideways"], "Invalid value for '--duplex'"),
        (["--back-offset", "2"], "Invalid value for '--back-offset'"),
        (["--back-offset", "a,b"], "is not a number of millimetres"),
        (["--card", "200x250", "--bleed", "3"], "does not fit on 210x297 mm paper"),
        (["--card", "250x250"], "at most 200 mm wide and 269 mm tall"),
    ],
)
def test_bad_options_give_one_clear_line_and_no_files(runner, tmp_path, args, message):
    out = tmp_path / "kit"
    result = runner.invoke(main, ["print", "hanabi-classic", "-o", str(out), *args])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_an_unknown_theme_is_refused_without_a_traceback(runner, tmp_path):
    result = runner.invoke(main, ["print", "no-such-theme", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 1
    assert "no-such-theme: no such theme file or bundled theme" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_theme_with_printing_problems_is_refused_with_each_problem(runner, tmp_path):
    result = runner.invoke(
        main, ["print", str(DATA / "missing-glyphs.yaml"), "-o", str(tmp_path / "kit")]
    )
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 2  # the missing characters (one group), the long text
    assert all("missing-glyphs.yaml:" in line for line in lines)
    assert not (tmp_path / "kit").exists()


def test_an_unwritable_output_folder_is_one_line(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = runner.invoke(main, ["print", "hanabi-classic", "-o", str(blocker / "kit")])
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot write to")


def edit_then_stop(monkeypatch, file: Path, old: str, new: str) -> None:
    """While watching: edit ``file`` at the first look, press Ctrl-C at the third."""
    polls = {"n": 0}

    def fake_sleep(seconds: float) -> None:
        polls["n"] += 1
        if polls["n"] == 1:
            file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
            stamp = file.stat().st_mtime_ns + 5_000_000_000
            os.utime(file, ns=(stamp, stamp))
        elif polls["n"] == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(command, "pause", fake_sleep)


def test_watch_rebuilds_when_the_theme_file_changes_and_stops_on_ctrl_c(
    runner, tmp_path, monkeypatch
):
    theme = tmp_path / "deck.yaml"
    shutil.copy(DATA / "small-deck.yaml", theme)
    out = tmp_path / "kit"
    edit_then_stop(monkeypatch, theme, "Small deck", "Renamed deck")
    result = runner.invoke(main, ["print", str(theme), "-o", str(out), "--watch"])
    assert result.exit_code == 0, result.output
    assert "changed: rebuilding" in result.output
    assert "Stopped watching." in result.output
    assert result.output.count("cards.pdf (") == 2
    assert "Renamed deck" in _rules_text(out)


def _rules_text(folder: Path) -> str:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(folder / "rules.pdf")
    return "".join(page.get_textpage().get_text_range() for page in document)


def test_watch_keeps_going_after_a_broken_save(runner, tmp_path, monkeypatch):
    theme = tmp_path / "deck.yaml"
    shutil.copy(DATA / "small-deck.yaml", theme)
    polls = {"n": 0}

    def fake_sleep(seconds: float) -> None:
        polls["n"] += 1
        if polls["n"] == 1:
            theme.write_text("id: [unclosed", encoding="utf-8")
            stamp = theme.stat().st_mtime_ns + 5_000_000_000
            os.utime(theme, ns=(stamp, stamp))
        elif polls["n"] == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(command, "pause", fake_sleep)
    result = runner.invoke(main, ["print", str(theme), "-o", str(tmp_path / "kit"), "--watch"])
    assert result.exit_code == 0
    assert "deck.yaml:" in result.output  # the theme's problem, then still watching
    assert "Stopped watching." in result.output


def test_a_large_deck_shows_a_progress_bar_on_a_terminal(runner, tmp_path, monkeypatch):
    theme = tmp_path / "big.yaml"
    theme.write_text(
        (DATA / "small-deck.yaml")
        .read_text(encoding="utf-8")
        .replace("[2, 1, 1]", "[10, 10, 10, 10, 10, 10, 10]")
        .replace("to: 9,", "to: 21,"),
        encoding="utf-8",
    )
    monkeypatch.setattr(command, "on_terminal", lambda: True)
    result = runner.invoke(main, ["print", str(theme), "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert "Drawing cards" in result.stderr


def test_a_small_deck_or_a_pipe_shows_no_progress_bar(runner, tmp_path):
    result = runner.invoke(main, ["print", "hanabi-classic", "-o", str(tmp_path / "kit")])
    assert result.exit_code == 0
    assert "Drawing cards" not in result.output


def test_printing_never_imports_flask_or_the_referee():
    import subprocess
    import sys

    code = (
        "import sys, deckforge.cli.print_kit, deckforge.printing.kit; "
        "print(sorted(m for m in sys.modules if m.startswith(('flask', 'deckforge.referee'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_check_reports_the_same_printing_problems_that_print_refuses(runner):
    theme = str(DATA / "missing-glyphs.yaml")
    checked = runner.invoke(main, ["check", theme])
    printed = runner.invoke(main, ["print", theme, "-o", "/nonexistent/never-written"])
    assert checked.exit_code == printed.exit_code == 1
    assert checked.stderr.splitlines() == printed.stderr.splitlines()
    assert len(checked.stderr.splitlines()) == 2


def test_watch_also_rebuilds_when_the_theme_it_extends_changes(runner, tmp_path, monkeypatch):
    parent = tmp_path / "deck.yaml"
    shutil.copy(DATA / "small-deck.yaml", parent)
    child = tmp_path / "child.yaml"
    child.write_text("id: child-deck\nextends: deck.yaml\ntitle: Child deck\n", encoding="utf-8")
    out = tmp_path / "kit"
    edit_then_stop(monkeypatch, parent, "Keep trying", "Try again")
    result = runner.invoke(main, ["print", str(child), "-o", str(out), "--watch"])
    assert result.exit_code == 0, result.output
    assert "deck.yaml changed: rebuilding" in result.output
    assert result.output.count("cards.pdf (") == 2
    assert "Try again" in _rules_text(out)
