"""deckforge's build backend: setuptools' own, except that a build asked to compile
(``DECKFORGE_COMPILE=1``, see setup.py) also asks for mypy, whose mypyc compiles the
modules in ``COMPILED``. Every other build is setuptools', pure Python."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (the backend's other hooks, unchanged)

# The modules mypyc compiles: the simulation's hot path (the conventions bot, what it
# knows of each card, and the view of the table it reads it through). Not the engine
# (game.py): its checks of what a client sends rest on Python's own types.
COMPILED = [
    "deckforge/rules/bots/conventions.py",
    "deckforge/rules/bots/knowledge.py",
    "deckforge/rules/view.py",
]
COMPILER = "mypy>=1.10"
SWITCH = "DECKFORGE_COMPILE"


def compiling() -> bool:
    """Whether this build compiles (``DECKFORGE_COMPILE`` set to 1, true or yes)."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes"}


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        # (setuptools' own hook would run setup.py, which needs mypy already; the
        # project declares no other build requirement there)
        return [COMPILER]
    return build_meta.get_requires_for_build_wheel(config_settings)


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    """The metadata need no compiling (only the wheel does): setup.py runs without it."""
    saved = os.environ.pop(SWITCH, None)
    try:
        return build_meta.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    finally:
        if saved is not None:
            os.environ[SWITCH] = saved


def _editable_refused() -> None:
    if compiling():
        raise SystemExit(
            f"{SWITCH}=1 compiles a regular install (pip install .), not an editable one "
            "(pip install -e .): an editable install runs the source files as you edit "
            f"them. Unset {SWITCH} for -e, or drop -e to compile."
        )


def get_requires_for_build_editable(
    config_settings: dict[str, Any] | None = None,
) -> list[str]:
    _editable_refused()
    return build_meta.get_requires_for_build_editable(config_settings)


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    _editable_refused()
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
