"""The table a schemathesis fuzz aims at, built by a fixture (collecting writes nothing)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from deckforge.referee import create_app


@dataclass
class FuzzTarget:
    """An app on its own database, one real table in it and its secrets."""

    app: Flask
    client: FlaskClient
    table: str
    token: str
    secrets: list[str]  # the seats' (digital tables only)
    turns: Iterator[int] = field(default_factory=itertools.count)


def fuzz_target(folder: Path, **table: Any) -> FuzzTarget:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / "fuzz.sqlite3"),
            "KEEPALIVE_SECONDS": 0.01,
            "STREAM_SECONDS": 0.02,
        }
    )
    client = app.test_client()
    created = client.post(
        "/api/tables", json={"theme": "hanabi-classic", "players": ["A", "B", "C"], **table}
    ).get_json()
    secrets = [row["url"].rsplit("/", 1)[1] for row in created.get("seats", [])]
    return FuzzTarget(app, client, created["id"], created["leader_token"], secrets)
