"""The package's parts import one another in one direction (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import deckforge

SOURCE = Path(deckforge.__file__).parent
SHARED = {
    "languages",
    "catalogues",
    "contrast",
    "atomic",
    "page_tokens",
    "identity_cache",
    "bundled",
    "forwarded",
}
PACKAGE = {"__version__", "__init__"}  # deckforge/__init__.py
# what each part may import besides the shared modules
ALLOWED: dict[str, set[str]] = {
    **{name: SHARED | PACKAGE for name in SHARED},
    "theme": {"bundled"} | PACKAGE,
    "rules": {"theme"} | SHARED | PACKAGE,
    "printing": {"theme", "rules"} | SHARED | PACKAGE,
    "referee": {"theme", "rules"} | SHARED | PACKAGE,
    "studio": {"theme", "rules", "printing"} | SHARED | PACKAGE,
    "web": {"theme", "rules", "printing", "referee", "studio"} | SHARED | PACKAGE,
    "cli": {"theme", "rules", "printing", "referee", "studio", "web"} | SHARED | PACKAGE,
    "__main__": {"cli"},
    "__init__": set(),
}


def part_of(path: Path) -> str:
    parts = path.relative_to(SOURCE).parts
    return parts[0][:-3] if len(parts) == 1 else parts[0]


def imported_parts(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "deckforge":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("deckforge."):
            found.add((node.module or "").split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("deckforge.")}
    return found


def test_every_import_between_parts_goes_down() -> None:
    wrong = []
    for path in sorted(SOURCE.rglob("*.py")):
        part = part_of(path)
        assert part in ALLOWED, f"{part}: a new part of the package needs its place here"
        for imported in sorted(imported_parts(path) - {part} - ALLOWED[part]):
            wrong.append(f"{path.relative_to(SOURCE)} imports deckforge.{imported}")
    assert wrong == []


def test_the_shared_modules_are_the_ones_the_architecture_names() -> None:
    text = (SOURCE.parent / "docs" / "architecture.md").read_text("utf-8")
    for name in SHARED:
        assert f"`{name}.py`" in text or f" {name} " in text, name
