"""A schema-driven fuzz of the digital table's operations (schemathesis): no server error,
and every answer matches the document.

Most generated requests are aimed at a real digital table, at a real seat with
its real secret (or the leader's token) and the current version, so that they
reach the seat checks and the rules engine. Bounded: a few dozen examples each.
"""

from __future__ import annotations

from typing import Any

import pytest
from fuzz_helpers import FuzzTarget, fuzz_target
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import response_schema_conformance  # noqa: E402

from deckforge.referee.openapi import document  # noqa: E402

pytestmark = pytest.mark.fuzz
OPERATIONS = ["getSeat", "postSeatAction", "pause", "exportHanab"]


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> FuzzTarget:
    return fuzz_target(tmp_path_factory.mktemp("fuzz"), kind="digital", seed=5)


# the document the app serves at /api/openapi.json; the app itself comes from a fixture
schema = schemathesis.openapi.from_dict(document()).include(operation_id=OPERATIONS)


def _aim(case: Any, target: FuzzTarget) -> None:
    """Three cases in four: the real table, a real seat (often the one whose turn it is)
    with its secret or the leader's token, and the current version."""
    turn = next(target.turns)
    if turn % 4 == 3:
        return
    state = target.client.get(f"/api/tables/{target.table}").get_json()
    params = case.path_parameters or {}
    if "table_id" in params:
        params["table_id"] = target.table
    seat = state["current_player"] if turn % 2 else turn % 3
    if "seat" in params:
        params["seat"] = seat
    if "number" in params and turn % 3 == 0:
        params["number"] = state["game"]
    token = (
        target.token
        if case.operation.definition.raw.get("operationId") in ("pause",) or turn % 5 == 0
        else target.secrets[seat]
    )
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    action = case.body.get("action") if isinstance(case.body, dict) else None
    if isinstance(action, dict) and turn % 2:  # numbers in range: the engine decides
        for key, size in (("slot", 5), ("target", 3), ("colour", 5), ("rank", 5)):
            if isinstance(action.get(key), int) and not isinstance(action[key], bool):
                action[key] = action[key] % size + (key == "rank")
        if state.get("paused") or _paused(target):
            target.client.post(
                f"/api/tables/{target.table}/pause",
                headers={"Authorization": f"Bearer {target.token}"},
                json={"version": state["version"], "paused": False},
            )
            state = target.client.get(f"/api/tables/{target.table}").get_json()
    if isinstance(case.body, dict) and "version" in case.body:
        case.body["version"] = state["version"]


def _paused(target: FuzzTarget) -> bool:
    seat = target.client.get(
        f"/api/tables/{target.table}/seats/0",
        headers={"Authorization": f"Bearer {target.secrets[0]}"},
    ).get_json()
    return bool(seat["paused"])


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_to_a_digital_table_makes_a_server_error(case: Any, target: FuzzTarget) -> None:
    _aim(case, target)
    case.call_and_validate(app=target.app, checks=[not_a_server_error, response_schema_conformance])


def test_the_fuzz_covers_every_operation_of_the_digital_table() -> None:
    found = {op.ok().definition.raw.get("operationId") for op in schema.get_all_operations()}
    assert found == set(OPERATIONS)
