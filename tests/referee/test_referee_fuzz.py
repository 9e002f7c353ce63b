"""A schema-driven fuzz of the OpenAPI document (schemathesis): no request makes a server error.

Half of the generated requests are aimed at a real table with its real leader
token and current version, so that they reach the rules engine, not only the
first checks. Bounded: a few dozen examples per operation.
"""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402

from deckforge.referee import create_app  # noqa: E402

_FOLDER = tempfile.mkdtemp(prefix="deckforge-fuzz-")
APP = create_app(
    {
        "TESTING": True,
        "DATABASE": str(Path(_FOLDER) / "fuzz.sqlite3"),
        "KEEPALIVE_SECONDS": 0.01,
        "STREAM_SECONDS": 0.02,
    }
)
_client = APP.test_client()
_created = _client.post(
    "/api/tables", json={"theme": "hanabi-classic", "players": ["A", "B", "C"]}
).get_json()
TABLE, TOKEN = _created["id"], _created["leader_token"]
_turn = itertools.count()

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


def _aim(case: Any) -> None:
    """Every other case: the real table, its token and its current version."""
    if next(_turn) % 2:
        return
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = TABLE
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {TOKEN}"}
    if isinstance(case.body, dict) and "version" in case.body:
        version = _client.get(f"/api/tables/{TABLE}").get_json()["version"]
        case.body["version"] = version


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_to_the_api_makes_a_server_error(case: Any) -> None:
    _aim(case)
    case.call_and_validate(checks=[not_a_server_error])
