"""Fixtures for the referee: an app on a temporary database, its client, a real server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from referee_helpers import Server, Table, create_table, start_server

from deckforge.referee import create_app


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "KEEPALIVE_SECONDS": 0.05,
            "STREAM_SECONDS": 0.3,
        }
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def table(client: FlaskClient) -> Table:
    return create_table(client)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "referee.sqlite3")
    yield running
    running.stop()
