"""The command line's boundary: any failure is one line and a documented status, no traceback."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from deckforge.cli import COMMANDS, main
from deckforge.cli.boundary import (
    DEBUG_VARIABLE,
    INTERNAL,
    USAGE,
    Failure,
    elided,
    failure_for,
    guarded,
)


def _raise(error: BaseException) -> None:
    raise error


@pytest.mark.parametrize(
    ("error", "status", "words"),
    [
        (OSError(errno.ENAMETOOLONG, "File name too long", "x" * 300), USAGE, "at most 255 bytes"),
        (OSError(errno.ELOOP, "Too many levels of symbolic links", "a/b"), USAGE, "points back"),
        (PermissionError(errno.EACCES, "Permission denied", "kit"), USAGE, "kit: Permission"),
        (RecursionError("maximum recursion depth exceeded"), USAGE, "nested too deeply"),
        (RuntimeError("Symlink loop from '/tmp/a'"), USAGE, "/tmp/a: a symbolic link"),
        (MemoryError(), USAGE, "out of memory"),
        (ValueError("Invalid host/port specified."), USAGE, "Invalid host/port"),
        (KeyError("oops"), INTERNAL, "internal error: KeyError"),
    ],
)
def test_every_failure_becomes_one_line_and_its_status(
    error: Exception, status: int, words: str
) -> None:
    failure = failure_for(error)
    assert isinstance(failure, Failure)
    assert failure.exit_code == status
    assert words in failure.message
    assert "\n" not in failure.message


def test_interrupts_and_exits_are_left_to_click() -> None:
    assert failure_for(KeyboardInterrupt()) is None
    assert failure_for(SystemExit(1)) is None


def test_a_long_file_name_is_shown_by_its_ends() -> None:
    shown = elided("a" * 100 + "z" * 200 + ".yaml")
    assert shown.startswith("aaa") and shown.endswith("zz.yaml") and len(shown) <= 80


def test_a_message_on_several_lines_is_joined() -> None:
    with pytest.raises(Failure) as caught:
        guarded(lambda: _raise(ValueError("first\nsecond")))
    assert caught.value.message == "first second"


def test_debug_switch_lets_the_traceback_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DEBUG_VARIABLE, "1")
    with pytest.raises(ValueError):
        guarded(lambda: _raise(ValueError("boom")))
    monkeypatch.setenv(DEBUG_VARIABLE, "0")
    with pytest.raises(Failure):
        guarded(lambda: _raise(ValueError("boom")))


def test_a_command_added_later_is_inside_the_boundary(monkeypatch: pytest.MonkeyPatch) -> None:
    @click.command()
    def broken() -> None:
        raise OSError(errno.EACCES, "Permission denied", "somewhere")

    monkeypatch.setitem(COMMANDS, "broken", f"{__name__}:_BROKEN")
    monkeypatch.setattr(sys.modules[__name__], "_BROKEN", broken, raising=False)
    result = CliRunner().invoke(main, ["broken"])
    assert result.exit_code == USAGE
    assert result.stderr == "Error: somewhere: Permission denied\n"


def test_the_real_command_prints_no_traceback_and_debug_shows_one(tmp_path: Path) -> None:
    long_dir = "d" * 300
    command = [sys.executable, "-m", "deckforge", "new", "x-theme", "--dir", long_dir]
    quiet = subprocess.run(command, capture_output=True, text=True, timeout=30, cwd=tmp_path)
    assert quiet.returncode == USAGE
    assert "Traceback" not in quiet.stderr
    assert len(quiet.stderr.splitlines()) == 1
    loud = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        env={**os.environ, DEBUG_VARIABLE: "1"},
    )
    assert "Traceback" in loud.stderr
