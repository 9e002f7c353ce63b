"""What an installed deckforge carries: every package, the bundled themes and templates."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from deckforge import bundled

ROOT = Path(__file__).resolve().parents[2]


def declared_packages() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def test_pyproject_names_every_package_of_the_source_tree():
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "deckforge").rglob("__init__.py")
    }
    assert on_disk <= declared_packages(), f"add to pyproject.toml: {on_disk - declared_packages()}"


def test_the_bundled_themes_and_templates_are_installed_from_the_top_level_folders():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapping = config["tool"]["setuptools"]["package-dir"]
    assert mapping == {
        "deckforge.bundled_themes": "themes",
        "deckforge.bundled_templates": "templates",
    }
    assert set(mapping) <= declared_packages()
    assert list((ROOT / "themes").glob("*.yaml")) and list((ROOT / "templates").glob("*.yaml"))


def test_a_clone_reads_the_repository_folders():
    assert bundled.bundled_folder("themes") == ROOT / "themes"
    assert bundled.bundled_folder("templates") == ROOT / "templates"


def test_an_installed_copy_is_preferred(tmp_path, monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "site-packages" / "deckforge"
    (package / "bundled_themes").mkdir(parents=True)
    monkeypatch.setattr(bundled, "_PACKAGE", package)
    assert bundled.bundled_folder("themes") == package / "bundled_themes"
    assert bundled.bundled_folder("templates") == tmp_path / "site-packages" / "templates"


def test_pyproject_names_every_folder_of_data_files_in_the_package():
    data_folders = {
        ".".join(folder.relative_to(ROOT).parts)
        for folder in (ROOT / "deckforge").rglob("*")
        if folder.is_dir()
        and folder.name != "__pycache__"
        and not (folder / "__init__.py").exists()
    }
    missing = data_folders - declared_packages()
    assert not missing, f"add to pyproject.toml's packages: {sorted(missing)}"
