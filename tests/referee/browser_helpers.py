"""Where the referee's browser tests save their screenshots (Chromium itself comes from the
``chromium`` fixture in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

OUTPUT = Path(__file__).parent / "output"  # screenshots (git-ignored)
