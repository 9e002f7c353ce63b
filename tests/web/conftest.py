"""Fixtures for the assembled web app (referee + print page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from deckforge.web import create_app


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite3")})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
