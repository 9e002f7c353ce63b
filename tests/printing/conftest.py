"""Kits built once per test session: building one takes about half a second."""

from __future__ import annotations

import pytest

from deckforge.printing.kit import KitOptions, build_kit
from deckforge.theme.loader import load_theme


@pytest.fixture(scope="session")
def classic_kit() -> dict[str, bytes]:
    return build_kit(load_theme("hanabi-classic"), KitOptions(fold=True))


@pytest.fixture(scope="session")
def festival_kit() -> dict[str, bytes]:
    return build_kit(load_theme("interfaith-festival"))
