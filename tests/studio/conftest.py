"""Fixtures for the theme studio: a themes folder, an app serving it, a client on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from studio_helpers import Studio, studio_app, themes_folder


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return themes_folder(tmp_path)


@pytest.fixture
def app(folder: Path) -> Flask:
    return studio_app(folder)


@pytest.fixture
def studio(app: Flask) -> Studio:
    return Studio(app.test_client())
