"""A short fuzz run in CI: mutated bundled themes and records end in exit 0, 1 or 2 with
one message and no traceback (the long run is bench/fuzz_cli.py)."""

from __future__ import annotations

import contextlib
import random
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from deckforge.cli import COMMANDS, main
from deckforge.cli.numbers import FiniteFloatRange

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from fuzz_inputs import (
    CHECK_SPECIAL_ARGUMENTS,
    base_records,
    judge,
    make_files,
    record_input,
    theme_input,
)

pytestmark = pytest.mark.fuzz

FAST = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("fuzz")
    make_files(made)
    return made


@pytest.fixture(scope="module")
def records() -> list[tuple[str, dict[str, Any]]]:
    return base_records()


def invoke(folder: Path, args: list[str]) -> list[str]:
    with contextlib.chdir(folder):
        result = CliRunner().invoke(main, args)
    wrong = judge(result.exit_code, result.stdout, result.stderr, result.exception)
    return [*wrong, f"exit {result.exit_code}: {result.stderr[:1000]}"] if wrong else []


@FAST
@given(rng=st.randoms(use_true_random=False))
def test_check_on_mutated_themes(folder: Path, rng: random.Random) -> None:
    path = theme_input(rng, folder)
    note(path.read_bytes()[:3000].decode("utf-8", "replace"))
    assert invoke(folder, ["check", str(path)]) == []


@pytest.mark.parametrize("argument", CHECK_SPECIAL_ARGUMENTS)
def test_check_on_hostile_arguments(folder: Path, argument: str) -> None:
    assert invoke(folder, ["check", argument]) == []


@FAST
@given(rng=st.randoms(use_true_random=False))
def test_replay_on_mutated_records(
    folder: Path, records: list[tuple[str, dict[str, Any]]], rng: random.Random
) -> None:
    path, theme = record_input(rng, folder, records)
    assert invoke(folder, ["replay", str(path), "--theme", theme]) == []


def _number_options() -> list[tuple[str, str]]:
    found = []
    for name in sorted(COMMANDS):
        command = main.get_command(click.Context(main), name)
        assert command is not None
        for param in command.params:
            if isinstance(param.type, (click.FloatRange, type(click.FLOAT))):
                found.append((name, param.opts[-1]))
    return found


@pytest.mark.parametrize(("command", "option"), _number_options())
def test_every_number_option_refuses_nan_and_inf(command: str, option: str) -> None:
    param = next(
        p
        for p in main.get_command(click.Context(main), command).params  # type: ignore[union-attr]
        if option in p.opts
    )
    assert isinstance(param.type, FiniteFloatRange), f"{command} {option}: use FiniteFloatRange"
    for value in ("nan", "inf", "-inf"):
        result = CliRunner().invoke(main, [command, "hanabi-classic", option, value])
        assert result.exit_code == 2, (command, option, value, result.output)
        assert "is not a finite number" in result.stderr
