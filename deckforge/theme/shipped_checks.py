"""Bundled themes were checked against the schema before they shipped.

``deckforge/referee/bundled_summaries.json`` (written by ``python -m
deckforge.referee.write_summaries``; a test fails when it is out of date) names,
for every bundled theme, the SHA-256 of each file it is made of and what checked
them (deckforge's version and the schema's digest). A bundled theme whose files
and checker still match was checked against the JSON Schema when that file was
written, so loading it need not check it again (nor import jsonschema, about a
tenth of ``deckforge print``'s time). Anything else (an edited copy, a theme of
one's own, another schema or version) is checked as always; the semantic checks
run for every theme.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from deckforge import __version__
from deckforge.bundled import bundled_folder

SUMMARIES = Path(__file__).resolve().parent.parent / "referee" / "bundled_summaries.json"


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def checker() -> str:
    """What checks a theme now: deckforge's version and the schema's content."""
    from deckforge.theme.validation import SCHEMA_PATH

    return f"{__version__}:{_digest(SCHEMA_PATH)}"


@cache
def _shipped() -> tuple[str, frozenset[tuple[tuple[str, str], ...]]]:
    """The checker the bundled themes were checked by, and each theme's (file, digest) set."""
    try:
        shipped = json.loads(SUMMARIES.read_text("utf-8"))
        folder = bundled_folder("themes").resolve()
        themes = frozenset(
            tuple(sorted((str(folder / name), digest) for name, digest in entry["files"].items()))
            for entry in shipped["themes"].values()
        )
        return str(shipped["checker"]), themes
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return "", frozenset()  # no file, or not ours: every theme is checked


def schema_checked_before(files: Iterable[Path]) -> bool:
    """True when ``files`` are exactly a bundled theme's files, unchanged since they were
    checked, by the schema and version in use now."""
    shipped_checker, themes = _shipped()
    if not themes or shipped_checker != checker():
        return False
    resolved = {path.resolve() for path in files}
    wanted = tuple(sorted((str(path), _digest(path) or "") for path in resolved))
    return wanted in themes
