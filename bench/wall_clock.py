"""How long things take that the tests only check happen: the wall-clock targets that left
the test suite (tests assert behaviour; a loaded machine must not fail them).

    nice -n 10 .venv/bin/python bench/wall_clock.py [--repeat 5]

Each figure is the median (and worst) of ``--repeat`` runs, next to its target:

- the YAML reader refuses 200,000 nested brackets (target 2 s) and a billion laughs (1 s);
- ``deckforge referee --host`` with a bad address is a usage error (2 s), ``deckforge check``
  on a 2,000-level path and on a 300-byte file name answers (2 s each);
- ``deckforge print`` of a theme whose notes fill several rules pages (60 s);
- on a real referee (a child process on 127.0.0.1): an action's event reaches an open stream
  (1 s), a stream past the address's share is refused (0.5 s), a closed stream's share is
  free again for the next one (1 s), Ctrl-C stops it with a stream open (3 s).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

from click.testing import CliRunner

from deckforge.cli import main
from deckforge.theme.yaml_source import read_yaml

THEME = "hanabi-classic"
REFEREE = [sys.executable, "-m", "deckforge", "referee", "--host", "127.0.0.1", "--port", "0"]


def _seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _yaml_refused(text: str) -> None:
    try:
        read_yaml("t.yaml", text)
    except Exception:  # the reader's refusal is what is timed
        return
    raise AssertionError("the YAML reader accepted it")


def _cli(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (1, 2), result.output


def _print_long_notes(folder: Path) -> None:
    notes = " ".join(["a long note for the teacher"] * 700)[:20_000]
    path = folder / "long.yaml"
    path.write_text(f"extends: {THEME}\nid: long\nnotes: {notes}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["print", str(path), "-o", str(folder / "kit")])
    assert result.exit_code == 0, result.output


@contextlib.contextmanager
def _referee(database: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = subprocess.Popen(
        [*REFEREE, "--db", str(database), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    url = None
    for line in process.stdout:
        found = re.search(r"open (http://\S+/)", line)
        if found:
            url = found.group(1)
            break
    try:
        assert url, "the referee did not start"
        yield process, url
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _post(url: str, body: dict[str, object], token: str = "") -> dict[str, object]:
    request = urllib.request.Request(url, data=json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, object] = json.loads(response.read())
        return answer


def _stream(url: str, table: str) -> tuple[socket.socket, int]:
    host, port = url[len("http://") : -1].split(":")
    connection = socket.create_connection((host, int(port)), timeout=10)
    connection.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: b\r\n\r\n".encode())
    status = int(connection.recv(64).split()[1])
    return connection, status


def _referee_figures(folder: Path) -> dict[str, float]:
    with _referee(folder / "r.sqlite3", "--streams-per-address", "2") as (process, url):
        table = _post(url + "api/tables", {"theme": THEME, "players": ["Ann", "Bob"]})
        table_id, token = str(table["id"]), str(table["leader_token"])
        first, _ = _stream(url, table_id)
        second, _ = _stream(url, table_id)
        started = time.perf_counter()
        third, status = _stream(url, table_id)
        refused = time.perf_counter() - started
        third.close()
        assert status == 429
        started = time.perf_counter()
        _post(
            url + f"api/tables/{table_id}/actions",
            {"version": 0, "action": {"type": "rank-hint", "target": 1, "rank": 1}},
            token,
        )
        seen = b""
        while b"id: 1\n" not in seen:
            seen += first.recv(65536)
        event = time.perf_counter() - started
        first.close()
        started = time.perf_counter()
        status = 429
        while status != 200:
            again, status = _stream(url, table_id)
            if status != 200:
                again.close()
        freed = time.perf_counter() - started
        started = time.perf_counter()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        stopped = time.perf_counter() - started
        again.close()
        second.close()
    return {"event": event, "refused": refused, "freed": freed, "stopped": stopped}


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    laughs = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        laughs.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    measures: dict[str, tuple[float, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="deckforge-wall-clock-") as name:
        folder = Path(name)
        cases: dict[str, tuple[float, Callable[[], object]]] = {
            "yaml: 200,000 nested brackets refused": (
                2,
                lambda: _yaml_refused("[" * 200_000 + "]" * 200_000),
            ),
            "yaml: a billion laughs refused": (1, lambda: _yaml_refused("\n".join(laughs) + "\n")),
            "cli: referee --host 999.999.999.999": (
                2,
                lambda: _cli("referee", "--host", "999.999.999.999", "--db", str(folder / "x")),
            ),
            "cli: check on a 2,000-level path": (2, lambda: _cli("check", "d/" * 2000 + "t.yaml")),
            "cli: check on a 300-byte file name": (2, lambda: _cli("check", "n" * 300 + ".yaml")),
            "cli: print, notes over several pages": (60, lambda: _print_long_notes(folder)),
        }
        for what, (target, work) in cases.items():
            measures[what] = (target, [_seconds(work) for _ in range(repeat)])
        runs = [_referee_figures(folder) for _ in range(repeat)]
    targets = {"event": 1.0, "refused": 0.5, "freed": 1.0, "stopped": 3.0}
    names = {
        "event": "referee: an action's event on an open stream",
        "refused": "referee: a stream past the share refused (429)",
        "freed": "referee: a closed stream's share taken again",
        "stopped": "referee: Ctrl-C with a stream open, until exit",
    }
    for key, target in targets.items():
        measures[names[key]] = (target, [run[key] for run in runs])
    width = max(len(what) for what in measures)
    print(f"{'what':<{width}}  median    worst   target")
    for what, (target, seconds) in measures.items():
        median, worst = statistics.median(seconds), max(seconds)
        verdict = "ok" if worst < target else "OVER"
        print(f"{what:<{width}}  {median:6.3f} s {worst:6.3f} s  {target:4g} s {verdict}")


if __name__ == "__main__":
    main_()
