"""Kits built at the same time never fail and are byte-identical to a kit built alone
(issue #23 point 5): reportlab's fonts are shared by every PDF of a process."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from deckforge.printing.fonts import load_font
from deckforge.printing.pdf import PrintCanvas

ROOT = Path(__file__).resolve().parents[2]
# Latin letters with accents: in DejaVu many are composite glyphs, whose parts
# reportlab's subsetting reads through the font's one shared file position
ACCENTED = "".join(chr(code) for code in range(0xC0, 0x250) if chr(code).isalpha())


def small_pdf() -> bytes:
    canvas = PrintCanvas((100, 100), "parallel", None)
    canvas.setFont(load_font("DejaVuSans").name, 9)
    for line in range(0, len(ACCENTED), 40):
        canvas.drawString(10, 270 - line / 4, ACCENTED[line : line + 40])
    canvas.setFont(load_font("DejaVuSans-Bold").name, 9)
    canvas.drawString(10, 20, ACCENTED[::-1][:40])
    return canvas.pdf_bytes()


def test_pdfs_saved_by_8_threads_at_once_are_the_pdf_saved_alone():
    alone = small_pdf()
    made: list[bytes] = []
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def build() -> None:
        start.wait()
        try:
            made.extend(small_pdf() for _ in range(6))
        except BaseException as error:
            failures.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as Python allows
    try:
        threads = [threading.Thread(target=build) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert sum(pdf != alone for pdf in made) == 0
    assert len(made) == 48


@pytest.mark.server  # a child process building eight kits: several seconds
def test_8_kits_asked_for_at_once_through_the_print_page_are_the_committed_kits():
    result = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).with_name("parallel_kits.py")),
            str(ROOT / "printouts"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["statuses"] == [200] * 8
    assert report["differ"] == []
