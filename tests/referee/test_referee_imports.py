"""The referee's files import one another in one direction (flaskr's shape).

The graph is read from the source with ``ast``: every ``import`` of a
``deckforge.referee`` module, at the top of a file or inside a function (a lazy
import still ties two files together). A module may import only modules of a lower
layer, so there is no circle of files and nothing reaches back up; a blueprint
imports no other blueprint. A new module must be given its layer here.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import deckforge.referee

PACKAGE = "deckforge.referee"
FOLDER = Path(deckforge.referee.__file__).parent

# highest first; a module imports only from the layers below its own
LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(names.split())
    for names in (
        "__init__ live",  # the app factory; the streams in front of it
        "api pages digital replay",  # the blueprints
        # what pages share; who may do what; other processes' changes (PostgreSQL); retention;
        # the bundled decks' summaries written again (a tool)
        "rendering auth listener retention write_summaries",
        "service",  # the table service as routes use it
        # what a request may say; what a seat may see; retries; older tables' decks; the
        # library's keys and its decks as the theme library reads them
        "checks seats idempotency decks deck_keys library_source",
        # refusals; the connection; loaded tables; a chart; the decks' kept summaries; the
        # hosted library's decks
        "errors db tables game_chart openapi theme_summaries deck_store",
        "i18n store notify security colours scores_csv state lazy_routes",
        "postgres",  # the PostgreSQL connections the store runs on in hosted mode
    )
)


def module_names() -> set[str]:
    return {path.stem for path in FOLDER.glob("*.py")}


@cache
def imports_of(module: str) -> frozenset[str]:
    """The referee modules that ``module`` imports (anywhere in the file)."""
    names = module_names()
    tree = ast.parse((FOLDER / f"{module}.py").read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{module}.py: a relative import; write {PACKAGE}.…")
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {a.name if a.name in names else "__init__" for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add((node.module or "").split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith(PACKAGE + ".")}
    found.discard(module)
    return frozenset(found)


def layer_of(module: str) -> int:
    for depth, layer in enumerate(LAYERS):
        if module in layer:
            return depth
    raise AssertionError(f"{module}.py has no layer in {__name__}.LAYERS")


def blueprints() -> set[str]:
    return {name for name in module_names() if "Blueprint(" in (FOLDER / f"{name}.py").read_text()}


def circles() -> list[list[str]]:
    """Every circle of imports found by a depth-first walk (empty when there is none)."""
    found, done = [], set()

    def walk(module: str, path: list[str]) -> None:
        if module in path:
            found.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for imported in sorted(imports_of(module)):
            walk(imported, [*path, module])
        done.add(module)

    for module in sorted(module_names()):
        walk(module, [])
    return found


def test_every_referee_module_has_a_layer() -> None:
    placed = set().union(*LAYERS)
    assert sorted(module_names() - placed) == [], "modules without a layer"
    assert sorted(placed - module_names()) == [], "a layer names a module that is gone"


def test_no_referee_module_imports_one_of_its_own_layer_or_a_higher_one() -> None:
    upward = [
        f"{module} (layer {layer_of(module)}) imports {imported} (layer {layer_of(imported)})"
        for module in sorted(module_names())
        for imported in sorted(imports_of(module))
        if layer_of(imported) <= layer_of(module)
    ]
    assert upward == []


def test_the_referee_files_import_one_another_in_no_circle() -> None:
    assert circles() == []


def test_no_blueprint_imports_another_blueprint() -> None:
    found = blueprints()
    assert found == {"api", "pages", "digital", "replay"}
    assert [
        (bp, sorted(imports_of(bp) & found)) for bp in sorted(found) if imports_of(bp) & found
    ] == []


def test_the_graph_sees_lazy_imports_inside_functions() -> None:
    # live.py reads the table service only when a stream opens (it is imported early)
    assert {"db", "service"} <= imports_of("live")
