"""Fixtures for the theme studio: a themes folder, an app serving it, a client on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from studio_helpers import studio_app, themes_folder


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return themes_folder(tmp_path)


@pytest.fixture
def app(folder: Path) -> Flask:
    return studio_app(folder)


class Studio:
    """A browser on the studio: loads the page once (for its token), then calls the API."""

    def __init__(self, client: FlaskClient, address: str = "127.0.0.1") -> None:
        self.client = client
        self.environ = {"REMOTE_ADDR": address}
        page = client.get("/studio/", environ_base=self.environ)
        self.status = page.status_code
        text = page.get_data(as_text=True)
        marker = '"token": "'
        self.token = text[text.index(marker) + len(marker) :].split('"', 1)[0] if marker in text else ""

    def post(self, path: str, body: Any) -> Any:
        return self.client.post(
            f"/studio/api/{path}",
            json=body,
            headers={"X-Studio-Token": self.token},
            environ_base=self.environ,
        )

    def get(self, path: str) -> Any:
        return self.client.get(path, environ_base=self.environ)


@pytest.fixture
def studio(app: Flask) -> Studio:
    return Studio(app.test_client())
