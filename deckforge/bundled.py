"""Where the bundled themes and starter templates are.

In a clone they are the repository's top-level ``themes/`` and ``templates/``
folders; an installed (non-editable) deckforge carries copies of them as
``deckforge/bundled_themes`` and ``deckforge/bundled_templates`` (see
pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled_folder(name: str) -> Path:
    """The folder of bundled ``name`` ("themes" or "templates")."""
    installed = _PACKAGE / f"bundled_{name}"
    return installed if installed.is_dir() else _PACKAGE.parent / name
