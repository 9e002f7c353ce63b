"""A schema-driven fuzz of the digital table's operations (schemathesis): no server error.

Most generated requests are aimed at a real digital table, at a real seat with
its real secret (or the leader's token) and the current version, so that they
reach the seat checks and the rules engine. Bounded: a few dozen examples each.
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

_FOLDER = tempfile.mkdtemp(prefix="deckforge-digital-fuzz-")
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
    "/api/tables",
    json={
        "theme": "hanabi-classic",
        "players": ["A", "B", "C"],
        "kind": "digital",
        "seed": 5,
    },
).get_json()
TABLE, TOKEN = _created["id"], _created["leader_token"]
SECRETS = [row["url"].rsplit("/", 1)[1] for row in _created["seats"]]
_turn = itertools.count()

OPERATIONS = ["getSeat", "postSeatAction", "pause", "exportHanab"]
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP).include(operation_id=OPERATIONS)


def _aim(case: Any) -> None:
    """Three cases in four: the real table, a real seat (often the one whose turn it is)
    with its secret or the leader's token, and the current version."""
    turn = next(_turn)
    if turn % 4 == 3:
        return
    state = _client.get(f"/api/tables/{TABLE}").get_json()
    params = case.path_parameters or {}
    if "table_id" in params:
        params["table_id"] = TABLE
    seat = state["current_player"] if turn % 2 else turn % 3
    if "seat" in params:
        params["seat"] = seat
    if "number" in params and turn % 3 == 0:
        params["number"] = state["game"]
    token = (
        TOKEN
        if case.operation.definition.raw.get("operationId") in ("pause",) or turn % 5 == 0
        else SECRETS[seat]
    )
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    action = case.body.get("action") if isinstance(case.body, dict) else None
    if isinstance(action, dict) and turn % 2:  # numbers in range: the engine decides
        for key, size in (("slot", 5), ("target", 3), ("colour", 5), ("rank", 5)):
            if isinstance(action.get(key), int) and not isinstance(action[key], bool):
                action[key] = action[key] % size + (key == "rank")
        if state.get("paused") or _paused():
            _client.post(
                f"/api/tables/{TABLE}/pause",
                headers={"Authorization": f"Bearer {TOKEN}"},
                json={"version": state["version"], "paused": False},
            )
            state = _client.get(f"/api/tables/{TABLE}").get_json()
    if isinstance(case.body, dict) and "version" in case.body:
        case.body["version"] = state["version"]


def _paused() -> bool:
    seat = _client.get(
        f"/api/tables/{TABLE}/seats/0", headers={"Authorization": f"Bearer {SECRETS[0]}"}
    ).get_json()
    return bool(seat["paused"])


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_to_a_digital_table_makes_a_server_error(case: Any) -> None:
    _aim(case)
    case.call_and_validate(checks=[not_a_server_error])


def test_the_fuzz_covers_every_operation_of_the_digital_table() -> None:
    found = {op.ok().definition.raw.get("operationId") for op in schema.get_all_operations()}
    assert found == set(OPERATIONS)
