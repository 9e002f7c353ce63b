"""Check an unsaved theme text exactly as ``deckforge check`` checks a file.

The draft is read through :func:`deckforge.theme.loader.theme_draft`, so the
loader, its limits (size, nesting, aliases), the validation, the warnings and
the print kit's preflight all run unchanged, as if the text were saved at the
path it will be saved to (``extends`` and pictures resolve from there).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckforge.printing.preflight import legibility_warnings, preflight
from deckforge.theme.advice import warnings
from deckforge.theme.loader import (
    ThemeError,
    load_document,
    load_theme,
    resolve_theme_path,
    shown_path,
    theme_draft,
)
from deckforge.theme.model import Theme
from deckforge.theme.yaml_source import YamlProblems, index_positions, plain, read_yaml

_LOCATED = re.compile(r"^(?P<line>\d+):(?P<column>\d+): (?P<message>.*)$", re.DOTALL)


@dataclass(frozen=True)
class Finding:
    """One problem or warning: where in the draft (0: not in this file) and what."""

    message: str
    line: int = 0
    column: int = 0
    file: str = ""  # another file (a parent theme) when the finding is there

    def as_json(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "file": self.file,
        }


@dataclass
class DraftReport:
    """What the studio shows about a draft."""

    problems: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    theme: Theme | None = None  # None while there are problems
    merged: Any = None  # the merged document as plain data (None: the YAML does not read)
    lines: dict[str, int] = field(default_factory=dict)  # key path -> line, for this file


def key_name(path: tuple[str | int, ...]) -> str:
    """A key path as the page names form fields: ``suits.0.cards.1.text``."""
    return ".".join(str(key) for key in path)


def _finding(line: str, shown: str) -> Finding:
    """``path:line:col: message`` split; lines about other files keep their file name."""
    if line.startswith(shown + ":"):
        located = _LOCATED.match(line[len(shown) + 1 :])
        if located:
            return Finding(
                located["message"].removeprefix("warning: "),
                int(located["line"]),
                int(located["column"]),
            )
        return Finding(line[len(shown) + 1 :].strip())
    return Finding(line.removeprefix("warning: "), file=line.split(":", 1)[0])


def check_draft(text: str, path: Path, allowed: Collection[Path] | None = None) -> DraftReport:
    """Every problem and warning of ``text`` saved as ``path``, and what the form needs.

    With ``allowed``, files the draft names (``extends``, pictures, fonts) must
    lie in one of these folders: a network user may not have the referee read
    other files of its computer.
    """
    report = DraftReport()
    with theme_draft(path, text) as where:
        shown = shown_path(where)
        if allowed is not None:
            outside = _parent_outside(text, where, allowed)
            if outside:
                report.problems = [_finding(outside, shown)]
                return report
        try:
            document, _ = load_document(where)
        except ThemeError as error:
            report.problems = [_finding(p, shown) for p in error.problems]
            return report
        report.merged = plain(document)
        values, _keys = index_positions(document)
        report.lines = {
            key_name(key): pos.line for key, pos in values.items() if pos.file == shown and key
        }
        try:
            theme = load_theme(where)
        except ThemeError as error:
            report.problems = [_finding(p, shown) for p in error.problems]
            return report
        outside_files = _outside(theme, allowed) if allowed is not None else []
        problems = outside_files or preflight(theme)
        if problems:
            report.problems = [_finding(p, shown) for p in problems]
            return report
        report.warnings = [_finding(w, shown) for w in warnings(theme, legibility_warnings(theme))]
        report.theme = theme
    return report


def _parent_outside(text: str, where: Path, allowed: Collection[Path]) -> str | None:
    """The draft's ``extends`` naming a file outside ``allowed``, as a problem line."""
    try:
        root = read_yaml(shown_path(where), text)
    except YamlProblems:
        return None  # the loader reports it
    parent = root.value.get("extends") if isinstance(root.value, dict) else None
    if parent is None or not isinstance(parent.value, str):
        return None
    try:
        path = resolve_theme_path(parent.value, relative_to=where)
    except ThemeError:
        return None  # the loader reports it
    if _inside(path, allowed):
        return None
    return (
        f"{parent.pos}: extends: {path.name}: only files in the themes folders can be used "
        "from another computer"
    )


def merged_draft(text: str, path: Path, allowed: Collection[Path] | None = None) -> Any:
    """The merged document of the draft (parents included) as plain data, or None when
    it cannot be read (the YAML limits included): what a form edit's key paths address.

    ``allowed``: as for :func:`check_draft` (a parent outside them gives None).
    """
    with theme_draft(path, text) as where:
        if allowed is not None and _parent_outside(text, where, allowed):
            return None
        try:
            document, _ = load_document(where)
        except ThemeError:
            return None
    return plain(document)


def _inside(path: Path, folders: Collection[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved == f or f in resolved.parents for f in (f.resolve() for f in folders))


def _outside(theme: Theme, allowed: Collection[Path]) -> list[str]:
    """Files the theme reads that lie outside ``allowed``, as ``path:line:col: message``."""
    problems = []
    named: list[tuple[tuple[str | int, ...], Path]] = []
    for position in {pos.file for pos in theme.positions.values()}:
        named.append(((), Path(position)))
    for i, suit in enumerate(theme.suits):
        for rank, card in suit.cards.items():
            if card.image is not None:
                named.append((("suits", i, "cards", rank, "image"), card.image))
    for role, font in (
        ("title", theme.print_style.title_font),
        ("body", theme.print_style.body_font),
    ):
        if font.lower().endswith(".ttf"):
            named.append((("print", "fonts", role), Path(font)))
    for key, file in named:
        if not _inside(file, allowed):
            where = theme.position(*key) if key else theme.position("extends")
            problems.append(
                f"{where or theme.path}: {file.name}: only files in the themes folders can be "
                "used from another computer"
            )
    return problems
