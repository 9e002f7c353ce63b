"""Fixtures shared by every test folder, and the test tiers.

Tiers (markers registered in pyproject.toml):

- ``browser``: drives headless Chromium. Every such test gets its browsers from the
  ``chromium`` (or ``module_chromium``) fixture below, which marks it.
- ``server``: starts a real ``deckforge referee`` process (a test asking for a fixture named
  ``server`` or ``*_server`` is marked; ``referee_helpers.start_server`` refuses to start one
  for a test without this or the browser marker), or another child
  process that runs for seconds (a whole ``pytest --collect-only``).
- ``fuzz``: generated inputs by the hundred: schemathesis, hypothesis with a hundred
  examples or more, whole random games on every theme.

``pytest -m "not browser and not server and not fuzz"`` is the fast loop; plain ``pytest``
runs everything, as CI does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from chromium_browsers import Chromium
from postgres_server import PostgresServer, start_postgres

CHROMIUM_FIXTURES = ("chromium", "module_chromium")
POSTGRES_FIXTURES = ("postgres", "postgres_url")
TIERS = ("browser", "server", "fuzz")
MARKERS_VARIABLE = "DECKFORGE_TEST_MARKERS"  # read by referee_helpers.start_server


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for Chromium is a browser test, and one that asks for a fixture named
    ``server`` or ``*_server`` (a real referee process) or for PostgreSQL a server test,
    whatever its file says."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        if any(name in names for name in CHROMIUM_FIXTURES):
            item.add_marker(pytest.mark.browser)
        if any(name == "server" or name.endswith("_server") for name in names) or any(
            name in names for name in POSTGRES_FIXTURES
        ):
            item.add_marker(pytest.mark.server)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Tell the helpers which tiers the test about to run belongs to (before its fixtures)."""
    os.environ[MARKERS_VARIABLE] = ",".join(
        sorted({mark.name for mark in item.iter_markers()} & set(TIERS))
    )


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


@pytest.fixture
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    """Browsers for one test: ``chromium.open(1920, 1080)``, ``chromium.open(390, 844,
    mobile=True)``; each on a fresh profile, all closed after the test."""
    launcher = Chromium(tmp_path_factory.mktemp("chromium"))
    yield launcher
    launcher.close()


@pytest.fixture(scope="module")
def module_chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    """The same, shared by the tests of one module (closed after its last test)."""
    launcher = Chromium(tmp_path_factory.mktemp("chromium"))
    yield launcher
    launcher.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the session (tests/postgres_server.py): skipped
    where PostgreSQL is not installed, except with CI=true, where that fails."""
    yield from start_postgres()


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> str:
    """The URL of a new, empty database on that server."""
    return postgres.database()
