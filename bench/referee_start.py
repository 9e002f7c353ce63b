"""Referee start-up benchmark: the first 200 of ``deckforge referee`` against a
one-route Flask app served the same way.

Run from the project root:  .venv/bin/python bench/referee_start.py [--rounds N]

Each round starts, one after the other, two child processes on a free
loopback port and times from the start of the process to the first ``200``
answer to ``GET /`` (the client retries a refused connection every
millisecond):

- the anchor: a Flask app with one route (``GET /`` returns "ok"), served by
  uvicorn through a2wsgi, as the referee is: the price of the interpreter,
  Flask, uvicorn and a2wsgi;
- ``deckforge referee --port P --db TMP`` (the installed script, the bundled
  decks), twice: with a new database (the very first start, which loads and
  checks every deck once to keep its summary), then again with that database
  (every later start: the home page lists the decks from their kept
  summaries).

Both wall time and the child's CPU time until that answer are measured (the
CPU time, read from /proc, is less distorted by the shared machine's load).
The ratio is taken within each round and the median of the rounds is reported
(lowest-highest in brackets). Target (issue 26): at most 1.5x. The bytecode
setting (``PYTHONDONTWRITEBYTECODE``, and how many of deckforge's modules have
a ``.pyc`` file: the setting only stops Python writing them) and the load
average are printed. Every module compiled at every start: delete
``deckforge/**/__pycache__`` and run with ``PYTHONDONTWRITEBYTECODE=1``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ("one-route Flask app (anchor)", "referee, new database", "referee, a later start")

ANCHOR = """
import sys
import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

app = Flask(__name__)


@app.get("/")
def home():
    return "ok"


uvicorn.run(WSGIMiddleware(app), host="127.0.0.1", port=int(sys.argv[1]),
            lifespan="off", log_level="warning", access_log=False)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def first_ok(argv: list[str], port: int, limit: float = 60.0) -> tuple[float, float]:
    """Wall seconds from starting ``argv`` to the first 200 on ``GET /``, and the CPU
    seconds (user + system) the process had used then (read from /proc on Linux, else
    its whole life's); the process is then stopped."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL)
    cpu: float | None = None
    try:
        while time.perf_counter() - start < limit:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=limit)
            try:
                connection.request("GET", "/")
                response = connection.getresponse()
                response.read()
                if response.status == 200:
                    wall = time.perf_counter() - start
                    cpu = process_cpu(child.pid)
                    break
            except (ConnectionRefusedError, ConnectionResetError):
                pass
            finally:
                connection.close()
            if child.poll() is not None:
                raise SystemExit(f"{argv[0]} ended with status {child.returncode}")
            time.sleep(0.001)
        else:
            raise SystemExit(f"no 200 from {argv} within {limit} s")
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            _pid, _status, usage = os.wait4(child.pid, 0)
            child.returncode = _status
            if cpu is None:
                cpu = usage.ru_utime + usage.ru_stime
        except ChildProcessError:
            pass
    return wall, cpu if cpu is not None else float("nan")


def process_cpu(pid: int) -> float | None:
    """User + system seconds of a running process (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def referee_script() -> str:
    beside = Path(sys.executable).with_name("deckforge")
    found = str(beside) if beside.exists() else shutil.which("deckforge")
    if found is None:
        raise SystemExit("no deckforge script found: pip install -e . first")
    return found


def own_bytecode() -> str:
    """How many of deckforge's modules have a ``.pyc`` file: PYTHONDONTWRITEBYTECODE=1 only
    stops Python writing them, a process still uses those an earlier one wrote."""
    package = ROOT / "deckforge"
    modules = list(package.rglob("*.py"))
    tag = sys.implementation.cache_tag
    found = sum(1 for m in modules if (m.parent / "__pycache__" / f"{m.stem}.{tag}.pyc").exists())
    return f"{found} of {len(modules)} have a .pyc file"


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    script = referee_script()
    walls: dict[str, list[float]] = {name: [] for name in CASES}
    cpus: dict[str, list[float]] = {name: [] for name in CASES}
    wall_ratios: dict[str, list[float]] = {name: [] for name in CASES[1:]}
    cpu_ratios: dict[str, list[float]] = {name: [] for name in CASES[1:]}
    print(f"load average (1, 5, 15 min) at the start: {load()}")
    with tempfile.TemporaryDirectory(prefix="deckforge-start-") as folder:
        for index in range(args.rounds + 1):  # round 0 warms the disk cache, not counted
            port = free_port()
            found = {CASES[0]: first_ok([sys.executable, "-c", ANCHOR, str(port)], port)}
            database = Path(folder) / f"referee-{index}.sqlite3"
            for name in CASES[1:]:  # the same database: new, then started before
                port = free_port()
                found[name] = first_ok(
                    [script, "referee", "--port", str(port), "--db", str(database)], port
                )
            if not index:
                continue
            for name, (wall, cpu) in found.items():
                walls[name].append(wall)
                cpus[name].append(cpu)
                if name != CASES[0]:
                    wall_ratios[name].append(wall / found[CASES[0]][0])
                    cpu_ratios[name].append(cpu / found[CASES[0]][1])
    setting = os.environ.get("PYTHONDONTWRITEBYTECODE") or "unset (.pyc files used)"
    print(f"python {sys.version.split()[0]}, PYTHONDONTWRITEBYTECODE={setting}")
    print(f"deckforge's own compiled modules: {own_bytecode()}")
    print(f"load average (1, 5, 15 min) at the end: {load()}")
    print(f"{args.rounds} rounds, medians (ms), ratio taken within each round")
    print(f"{'':<34} {'wall ms':>8} {'ratio (lowest-highest)':>23} {'CPU ms':>8} {'ratio':>6}")
    for name in CASES:
        line = f"{name:<34} {statistics.median(walls[name]) * 1000:8.1f}"
        if name in wall_ratios:
            w, c = wall_ratios[name], cpu_ratios[name]
            line += f" {statistics.median(w):8.2f} ({min(w):.2f}-{max(w):.2f})"
            line += f" {statistics.median(cpus[name]) * 1000:8.1f} {statistics.median(c):6.2f}"
        else:
            line += f" {'1':>8} {'':14} {statistics.median(cpus[name]) * 1000:8.1f} {'1':>6}"
        print(line)


if __name__ == "__main__":
    main()
