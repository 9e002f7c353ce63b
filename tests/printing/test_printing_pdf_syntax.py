"""A second PDF reader (poppler) reads every file of a kit without a complaint.

PDFium, used by the render tests, forgives broken resources that other
readers (and some printers) reject, such as a graphics state a page refers to
but does not define.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

PDFTOPPM = shutil.which("pdftoppm")

pytestmark = pytest.mark.skipif(
    PDFTOPPM is None and not os.environ.get("CI"),
    reason="poppler-utils (pdftoppm) is not installed; CI installs it",
)


@pytest.mark.parametrize("kit", ["classic_kit", "festival_kit"])
def test_poppler_reads_every_file_of_a_kit_without_a_syntax_error(kit, request, tmp_path):
    assert PDFTOPPM is not None, "pdftoppm is missing (apt-get install poppler-utils)"
    files: dict[str, bytes] = request.getfixturevalue(kit)
    for name, data in files.items():
        pdf = tmp_path / name
        pdf.write_bytes(data)
        run = subprocess.run(
            [PDFTOPPM, "-r", "8", "-png", str(pdf), str(tmp_path / "page")],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, f"{name}: {run.stderr}"
        assert run.stderr == "", f"{name}: poppler complains: {run.stderr.splitlines()[0]}"
