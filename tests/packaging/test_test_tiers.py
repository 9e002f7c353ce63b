"""The test tiers (tests/conftest.py): collecting writes nothing, the fast loop is large.

One ``pytest --collect-only`` of the fast loop, in a child process with its own empty
temporary folder and no bytecode or cache writing: no file appears in the repository or in
that folder, and the loop still holds at least 800 tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAST_LOOP = "not browser and not server and not fuzz"
PYTEST = [
    sys.executable,
    "-m",
    "pytest",
    "-o",
    "addopts=",
    "--strict-markers",
    "-p",
    "no:cacheprovider",
]
SKIPPED = {".git", ".venv", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


def _files(folder: Path) -> set[str]:
    found = set()
    for where, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name not in SKIPPED]
        found.update(os.path.relpath(os.path.join(where, name), folder) for name in names)
    return found


@pytest.mark.server  # a whole pytest collection in a child process: seconds, not the fast loop
def test_collecting_the_fast_loop_writes_nothing_and_finds_at_least_800_tests(
    tmp_path: Path,
) -> None:
    before = _files(ROOT)
    result = subprocess.run(
        [*PYTEST, "--collect-only", "-q", "-m", FAST_LOOP],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "TMPDIR": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    counted = re.search(r"(\d+)/(\d+) tests collected \((\d+) deselected\)", result.stdout)
    assert counted, result.stdout[-500:]
    fast, everything, deselected = (int(n) for n in counted.groups())
    assert fast >= 800 and deselected > 0 and fast + deselected == everything
    assert sorted(_files(ROOT) - before) == []
    assert sorted(_files(tmp_path)) == []
