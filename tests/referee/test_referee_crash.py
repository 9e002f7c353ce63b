"""The log is the truth: a referee killed with SIGKILL mid-game restarts with every table intact."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from referee_helpers import Server, start_server


def _call(server: Server, path: str, body: dict[str, Any] | None = None,
          token: str | None = None) -> Any:
    request = urllib.request.Request(server.url + path.lstrip("/"))
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_killed_referee_restarts_with_every_table_exactly_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "referee.sqlite3"
    server = start_server(database)
    try:
        first = _call(server, "/api/tables", {"theme": "hanabi-classic", "players": ["A", "B"]})
        second = _call(server, "/api/tables", {"theme": "interfaith-festival",
                                               "players": ["W", "X", "Y", "Z"]})
        actions = [
            {"type": "play", "card": {"suit": 0, "rank": 1}},
            {"type": "rank-hint", "target": 0, "rank": 2, "touched": 1},
            {"type": "discard", "card": {"suit": 3, "rank": 4}},
            {"type": "play", "card": {"suit": 1, "rank": 2}},  # does not fit: an error token
        ]
        version = 0
        for action in actions:
            state = _call(server, f"/api/tables/{first['id']}/actions",
                          {"version": version, "action": action}, first["leader_token"])
            version = state["version"]
        _call(server, f"/api/tables/{first['id']}/undo", {"version": version},
              first["leader_token"])
        _call(server, f"/api/tables/{second['id']}/actions",
              {"version": 0, "action": {"type": "colour-hint", "target": 2, "colour": 1}},
              second["leader_token"])
        before = [_call(server, f"/api/tables/{t['id']}") for t in (first, second)]
        exported = _call(server, f"/api/tables/{first['id']}/export.json")
    finally:
        server.kill()  # SIGKILL: no chance to flush or close anything

    restarted = start_server(database)
    try:
        after = [_call(restarted, f"/api/tables/{t['id']}") for t in (first, second)]
        assert after == before
        assert after[0]["version"] == 5 and after[0]["error_tokens"]["placed"] == 0
        assert _call(restarted, f"/api/tables/{first['id']}/export.json") == exported
        # the restarted referee goes on from there, with the same token
        state = _call(restarted, f"/api/tables/{first['id']}/actions",
                      {"version": 5, "action": actions[3]}, first["leader_token"])
        assert state["error_tokens"]["placed"] == 1
    finally:
        restarted.stop()
