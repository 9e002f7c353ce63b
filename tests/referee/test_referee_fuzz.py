"""A schema-driven fuzz of the OpenAPI document (schemathesis): no request makes a server error,
and every answer (the event stream's states too) matches the document.

Half of the generated requests are aimed at a real table with its real leader
token and current version, so that they reach the rules engine, not only the
first checks. Bounded: a few dozen examples per operation.
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


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> FuzzTarget:
    return fuzz_target(tmp_path_factory.mktemp("fuzz"))


# the document the app serves at /api/openapi.json; the app itself comes from a fixture
schema = schemathesis.openapi.from_dict(document())


def _aim(case: Any, target: FuzzTarget) -> None:
    """Every other case: the real table, its token and its current version (never a
    DELETE: the real table must outlive the run)."""
    if next(target.turns) % 2 or case.method.upper() == "DELETE":
        return
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = target.table
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {target.token}"}
    if isinstance(case.body, dict) and "version" in case.body:
        version = target.client.get(f"/api/tables/{target.table}").get_json()["version"]
        case.body["version"] = version


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_to_the_api_makes_a_server_error(case: Any, target: FuzzTarget) -> None:
    _aim(case, target)
    case.call_and_validate(app=target.app, checks=[not_a_server_error, response_schema_conformance])
