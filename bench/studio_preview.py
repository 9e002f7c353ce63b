"""Theme studio benchmark: how long from a keystroke to the card's new picture.

Run from the project root:  .venv/bin/python bench/studio_preview.py [--runs N]

Starts a real `deckforge referee` (uvicorn, as a teacher runs it) on a free
loopback port and plays the studio's part over HTTP, as the page does:

1. form edit: POST /studio/api/edit with one card's text changed (the text
   written back with its comments, then checked exactly as `deckforge check`
   checks a file: YAML limits, schema, rules, warnings, the print kit's
   preflight and fitting; every face fitted and named);
2. picture: GET the edited card's face (a one-card PDF drawn by the print
   kit's own code, rasterised by PDFium, encoded as PNG);
3. YAML view: POST /studio/api/check with the text typed in the YAML view.

Every run changes the text, so nothing comes from a cache. Reports p50, p95
and the worst run of each step and of edit + picture (a keystroke's whole
round trip). Target: p95 of edit + picture at most 300 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FESTIVAL = ROOT / "themes" / "interfaith-festival.yaml"
CARD_TEXT = ["suits", 0, "cards", "1", "text"]


def start(folder: Path, database: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "deckforge", "referee", "--port", "0", "--db", str(database)]
    process = subprocess.Popen(
        [*command, "--themes", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"open (http://\S+/)", line)
        if found:
            return process, found.group(1)
    raise SystemExit("the referee did not start")


class Page:
    """The studio page's side of the conversation: its cookie and token."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        html = self.opener.open(url + "studio/").read().decode()
        self.token = re.search(r'"token": "([^"]+)"', html).group(1)  # type: ignore[union-attr]

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + "studio/api/" + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-Studio-Token": self.token},
        )
        return json.loads(self.opener.open(request).read())

    def get(self, path: str) -> bytes:
        return self.opener.open(self.url.rstrip("/") + path).read()


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux), to see past a busy machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "themes"
        folder.mkdir()
        (folder / "fete.yaml").write_text(FESTIVAL.read_text("utf-8"), "utf-8")
        process, url = start(folder, Path(temp) / "referee.sqlite3")
        try:
            page = Page(url)
            opened = page.post("open", {"source": "folder:0:fete.yaml"})
            text = opened["text"]
            place = {"name": "fete", "folder": 0}
            times: dict[str, list[float]] = {"edit": [], "picture": [], "check": [], "both": []}
            cpu_before: float | None = None
            for run in range(args.runs + 5):  # the first 5 warm up
                if run == 5:
                    cpu_before = cpu_seconds(process.pid)
                sentence = f"Version {run}: on fait trois fois le tour du temple, bougie en main."
                began = time.perf_counter()
                change = {"path": CARD_TEXT, "value": sentence}
                edited = page.post("edit", {"text": text, "edits": [change]} | place)
                middle = time.perf_counter()
                image = page.get(edited["report"]["cards"][0]["image"])
                ended = time.perf_counter()
                assert image[:4] == b"\x89PNG"
                typed = edited["text"].replace("Version", "Variante", 1)
                checking = time.perf_counter()
                checked = page.post("check", {"text": typed} | place)
                checked_at = time.perf_counter()
                assert checked["report"]["problems"] == []
                if run >= 5:
                    times["edit"].append(middle - began)
                    times["picture"].append(ended - middle)
                    times["both"].append(ended - began)
                    times["check"].append(checked_at - checking)
            cpu_after = cpu_seconds(process.pid)
        finally:
            process.terminate()
            process.wait(10)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.runs} runs, interfaith-festival (25 faces), {url}, load average {load:.1f}")
    print(f"{'step':<34} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    labels = {
        "edit": "form edit (write + check + fit)",
        "picture": "card picture (PDF + PDFium + PNG)",
        "both": "edit + picture (keystroke)",
        "check": "YAML view check",
    }
    for key, label in labels.items():
        values = [t * 1000 for t in times[key]]
        print(
            f"{label:<34} {statistics.median(values):8.1f} {percentile(values, 0.95):8.1f} "
            f"{max(values):8.1f}"
        )
    if cpu_before is not None and cpu_after is not None:
        per_run = (cpu_after - cpu_before) / args.runs * 1000
        print(f"server CPU per run (edit + picture + check): {per_run:.1f} ms")


if __name__ == "__main__":
    main()
