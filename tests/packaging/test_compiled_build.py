"""The optional compiled build (setup.py: ``DECKFORGE_COMPILE=1 pip install .``): mypyc
turns the simulation's hot modules into C extensions. .ci/run installs that build in
a scratch environment and runs the rules and designer tests against it with
``DECKFORGE_EXPECT_COMPILED=1``, so the pinned games (tests/designer) prove that the
compiled bot plays every action as the pure Python one does."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _compiled_list() -> list[str]:
    spec = importlib.util.spec_from_file_location(
        "deckforge_build", ROOT / "build_support" / "deckforge_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.COMPILED)


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def test_the_build_compiles_modules_of_the_package() -> None:
    paths = _compiled_list()
    assert paths, "nothing to compile"
    for path in paths:
        assert (ROOT / path).is_file(), path
        assert path.startswith("deckforge/"), path


def test_the_modules_run_compiled_exactly_when_the_build_is_compiled() -> None:
    # the pure Python install (the README's) imports the .py files; the compiled one
    # imports the extensions, never a mix of both
    expected = os.environ.get("DECKFORGE_EXPECT_COMPILED") == "1"
    for path in _compiled_list():
        module = importlib.import_module(_module_name(path))
        origin = module.__file__ or ""
        assert origin.endswith(".py") != expected, (origin, sys.path[:3])


def test_the_compiling_switch_reads_the_environment(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "build_support"))
    try:
        import deckforge_build
    finally:
        sys.path.remove(str(ROOT / "build_support"))
    for value, compiling in [
        ("1", True),
        ("yes", True),
        (" TRUE ", True),
        ("0", False),
        ("", False),
    ]:
        monkeypatch.setenv("DECKFORGE_COMPILE", value)
        assert deckforge_build.compiling() is compiling
        if compiling:  # (else setuptools' own hook answers)
            assert deckforge_build.get_requires_for_build_wheel() == [deckforge_build.COMPILER]
    monkeypatch.delenv("DECKFORGE_COMPILE")
    assert deckforge_build.compiling() is False


def test_the_version_says_which_build_this_is() -> None:
    from click.testing import CliRunner

    from deckforge.cli import main

    expected = os.environ.get("DECKFORGE_EXPECT_COMPILED") == "1"
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("deckforge, version ")
    assert result.output.rstrip().endswith(
        "(compiled with mypyc)" if expected else "(pure Python)"
    ), result.output
