"""The log is the truth: a referee killed with SIGKILL mid-game restarts with every table intact."""

from __future__ import annotations

from pathlib import Path

import pytest
from referee_helpers import call_api, start_server

pytestmark = pytest.mark.server


def test_a_killed_referee_restarts_with_every_table_exactly_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    server = start_server(database)
    try:
        first = call_api(server, "/api/tables", {"theme": "hanabi-classic", "players": ["A", "B"]})
        second = call_api(
            server, "/api/tables", {"theme": "interfaith-festival", "players": ["W", "X", "Y", "Z"]}
        )
        actions = [
            {"type": "play", "card": {"suit": 0, "rank": 1}},
            {"type": "rank-hint", "target": 0, "rank": 2, "touched": 1},
            {"type": "discard", "card": {"suit": 3, "rank": 4}},
            {"type": "play", "card": {"suit": 1, "rank": 2}},  # does not fit: an error token
        ]
        version = 0
        for action in actions:
            state = call_api(
                server,
                f"/api/tables/{first['id']}/actions",
                {"version": version, "action": action},
                first["leader_token"],
            )
            version = state["version"]
        call_api(
            server, f"/api/tables/{first['id']}/undo", {"version": version}, first["leader_token"]
        )
        call_api(
            server,
            f"/api/tables/{second['id']}/actions",
            {"version": 0, "action": {"type": "colour-hint", "target": 2, "colour": 1}},
            second["leader_token"],
        )
        before = [call_api(server, f"/api/tables/{t['id']}") for t in (first, second)]
        exported = call_api(server, f"/api/tables/{first['id']}/export.json")
    finally:
        server.kill()  # SIGKILL: no chance to flush or close anything

    restarted = start_server(database)
    try:
        after = [call_api(restarted, f"/api/tables/{t['id']}") for t in (first, second)]
        assert after == before
        assert after[0]["version"] == 5 and after[0]["error_tokens"]["placed"] == 0
        assert call_api(restarted, f"/api/tables/{first['id']}/export.json") == exported
        # the restarted referee goes on from there, with the same token
        state = call_api(
            restarted,
            f"/api/tables/{first['id']}/actions",
            {"version": 5, "action": actions[3]},
            first["leader_token"],
        )
        assert state["error_tokens"]["placed"] == 1
    finally:
        restarted.stop()
