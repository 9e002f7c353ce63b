"""The code's style is part of the test suite, so that CI checks it (issue 15): ruff's
lint and format, mypy on the package, and radon's complexity grades."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "deckforge"


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_finds_nothing_to_report() -> None:
    result = _run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_file_is_as_ruff_format_writes_it() -> None:
    result = _run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_passes_on_the_package() -> None:
    result = _run("mypy", "deckforge")
    assert result.returncode == 0, result.stdout + result.stderr


def _grades(path: Path) -> list[tuple[str, str, int]]:
    """(grade, function, line) of every function and method in one file."""
    blocks = cc_visit(path.read_text(encoding="utf-8"))
    found = []
    for block in blocks:
        for item in [block, *getattr(block, "methods", [])]:
            found.append((cc_rank(item.complexity), item.fullname, item.lineno))
    return found


def test_no_function_of_the_engine_is_graded_worse_than_c() -> None:
    worse = [g for g in _grades(PACKAGE / "rules" / "game.py") if g[0] not in "ABC"]
    assert worse == []


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_function_is_graded_e_or_f(path: Path) -> None:
    assert [g for g in _grades(path) if g[0] in "EF"] == []


def test_the_grades_are_read_from_the_code() -> None:
    tangled = "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(45))
    ((grade, name, _),) = [(cc_rank(b.complexity), b.fullname, b.lineno) for b in cc_visit(tangled)]
    assert (grade, name) == ("F", "f")
