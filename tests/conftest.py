"""Fixtures shared by every test folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def write_theme(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """``write_theme(text, name="theme.yaml") -> Path``: a theme file in a fresh folder
    that is also the working directory, as a designer's own folder of themes is."""
    monkeypatch.chdir(tmp_path)

    def write(text: str, name: str = "theme.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
