"""bench/processes.py leaves nothing behind (issue 25): its PostgreSQL referees keep their
files in the bench's temporary folder, not in the user's data folder, and that folder
goes at the end. A short run of the real bench, with the user's data folder the test's."""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from postgres_server import HOW_TO_RUN, _binaries, in_ci

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "processes.py"


def _three_free_ports() -> int:
    """The first of three free ports in a row, in 5400-5499."""
    for first in random.sample(range(5400, 5497), 97):
        free = True
        for port in range(first, first + 3):
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    free = False
                    break
        if free:
            return first
    raise AssertionError("no three free ports in a row in 5400-5499")


@pytest.mark.server
def test_the_bench_keeps_the_referees_files_out_of_the_users_data_folder(tmp_path: Path) -> None:
    if _binaries() is None:
        if in_ci():
            pytest.fail("CI=true but PostgreSQL is not installed: .ci/run installs it")
        pytest.skip(HOW_TO_RUN)
    user_data = tmp_path / "user-data"  # where a referee keeps its files by default
    env = {**os.environ, "XDG_DATA_HOME": str(user_data), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, str(BENCH), "--streams", "2", "--actions", "2", "--repeat", "1",
               "--posts", "2", "--port", str(_three_free_ports())]  # fmt: skip
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "streams on B" in done.stdout and "actions/s" in done.stdout
    found = re.search(r"referees' files in (\S+) \(removed when done\)", done.stdout)
    assert found is not None, done.stdout
    assert not Path(found.group(1)).exists()
    assert not user_data.exists(), sorted(str(p) for p in user_data.rglob("*"))
