"""The print kit's benchmark anchor (bench/print_bare.py) keeps drawing the same pages as
the kit, and finishes: a bare script that drew fewer pages, or looped for ever on a block
taller than a page, would make the kit's ratio meaningless."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from deckforge.printing.kit import build_kit
from deckforge.theme.loader import load_theme

ROOT = Path(__file__).resolve().parents[2]
BARE = ROOT / "bench" / "print_bare.py"


def _pages(pdf: bytes) -> int:
    return pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page ")


def test_the_bare_script_draws_the_kits_pages(tmp_path: Path) -> None:
    content = tmp_path / "content.json"
    out = tmp_path / "bare"
    out.mkdir()
    for arguments in (["--prepare", str(content)], ["--draw", str(content), str(out)]):
        command = [sys.executable, str(BARE), *arguments]
        subprocess.run(command, cwd=ROOT, check=True, timeout=120, capture_output=True)
    kit = build_kit(load_theme("interfaith-festival"))
    bare = {path.name: _pages(path.read_bytes()) for path in out.glob("*.pdf")}
    assert bare == {name: _pages(pdf) for name, pdf in kit.items()}
    assert all(count > 0 for count in bare.values())
