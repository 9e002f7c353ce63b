"""Print page fairness: the projector's page while devices ask for print kits.

Run from the project root:  .venv/bin/python bench/print_fairness.py [--seconds S]

Starts a real `deckforge referee` on a free loopback port, creates a table, then
measures the projector page (GET /t/<id>, one request after another from
127.0.0.1) three times: quiet; while 8 devices (sources 127.0.0.2-9, so the
referee sees 8 other addresses) each ask for kits never built before, one after
another, following the page's protocol (202 while in line, asked again every
2 s as the page does, 200 with the file); and, for comparison, while the same 8 clients ask
from 127.0.0.1, this computer's address, whose kits are built in the request.
Reports the projector's p50 and p95 and the kits delivered in each case.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

DEVICES = 8


def start(database: Path) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "deckforge", "referee", "--port", "0", "--db", str(database)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"open http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    raise SystemExit("the referee did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def kits(port: int, source: str, device: int, stop: threading.Event, delivered: list[int]) -> None:
    """Ask for one new kit after another (a new back offset each time) until stopped."""
    number = 0
    while not stop.is_set():
        number += 1
        path = f"/print/download?theme=hanabi-classic&offset_x={device}.{number:02d}&file=cards.pdf"
        while not stop.is_set():
            conn = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=600, source_address=(source, 0)
            )
            conn.request("GET", path)
            answer = conn.getresponse()
            answer.read()
            conn.close()
            if answer.status == 200:
                delivered.append(1)
                break
            assert answer.status == 202, answer.status
            time.sleep(2)  # the page asks again after 2 s (its meta refresh)


def projector(port: int, table: str, seconds: float) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        conn.request("GET", f"/t/{table}")
        answer = conn.getresponse()
        answer.read()
        assert answer.status == 200
        times.append((time.perf_counter() - began) * 1000)
        time.sleep(0.05)
    return times


def measure(port: int, table: str, seconds: float, sources: list[str] | None) -> str:
    stop = threading.Event()
    delivered: list[int] = []
    threads = [
        threading.Thread(target=kits, args=(port, source, i + 1, stop, delivered), daemon=True)
        for i, source in enumerate(sources or [])
    ]
    for thread in threads:
        thread.start()
    time.sleep(1 if threads else 0)
    times = projector(port, table, seconds)
    stop.set()
    for thread in threads:
        thread.join(120)
    return (
        f"p50 {statistics.median(times):5.0f} ms  p95 {percentile(times, 0.95):5.0f} ms  "
        f"({len(times)} requests, {len(delivered)} kits delivered)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        process, port = start(Path(temp) / "referee.sqlite3")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            body = json.dumps({"theme": "hanabi-classic", "players": ["A", "B", "C"]})
            conn.request("POST", "/api/tables", body, {"Content-Type": "application/json"})
            table = json.loads(conn.getresponse().read())["id"]
            others = [f"127.0.0.{2 + i}" for i in range(DEVICES)]
            print(f"projector page, {DEVICES} devices asking for new kits:")
            print("quiet                          ", measure(port, table, args.seconds, None))
            print("8 other addresses (in line)    ", measure(port, table, args.seconds, others))
            print(
                "8 clients from 127.0.0.1       ",
                measure(port, table, args.seconds, ["127.0.0.1"] * DEVICES),
            )
        finally:
            process.terminate()
            process.wait(20)


if __name__ == "__main__":
    main()
