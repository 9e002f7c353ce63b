"""Tables in known states on a running referee, and axe-core in headless Chromium.

The accessibility tests visit every referee page of a printed and a digital
table, in French and in English, in mid-game and after the end. axe-core is the
npm package's file vendored under ``vendor/axe-core`` (MPL-2.0), injected into
the page: nothing is fetched at test time.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee_helpers import Server

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2, levels A and AA: what the referee promises on every page.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def post(server: Server, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    request = urllib.request.Request(server.url + path.lstrip("/"), method="POST")
    request.data = json.dumps(body).encode()
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return json.loads(refused.read())


def get(server: Server, path: str) -> Any:
    with urllib.request.urlopen(server.url + path.lstrip("/"), timeout=10) as response:
        return json.loads(response.read())


@dataclass
class LiveTable:
    """A table on the running server and the URLs of its pages."""

    id: str
    token: str
    kind: str
    seats: list[str] = field(default_factory=list)  # seat page URLs (digital tables)

    def projector(self, server: Server) -> str:
        return f"{server.url}t/{self.id}"

    def leader(self, server: Server) -> str:
        return f"{server.url}t/{self.id}/lead/{self.token}"

    def version(self, server: Server) -> int:
        return int(get(server, f"/api/tables/{self.id}")["version"])


def printed_table(server: Server, theme: str, players: list[str]) -> LiveTable:
    body = post(server, "/api/tables", {"theme": theme, "players": players})
    return LiveTable(body["id"], body["leader_token"], "printed")


def digital_table(server: Server, theme: str, players: list[str], seed: int) -> LiveTable:
    body = {"theme": theme, "players": players, "kind": "digital", "seed": seed}
    made = post(server, "/api/tables", body)
    return LiveTable(made["id"], made["leader_token"], "digital", [r["url"] for r in made["seats"]])


def leader_act(server: Server, table: LiveTable, action: dict[str, Any]) -> Any:
    body = {"version": table.version(server), "action": action}
    return post(server, f"/api/tables/{table.id}/actions", body, table.token)


def mid_game_printed(server: Server, table: LiveTable) -> None:
    """A hint, a play, a misplay and the discard of a 5 (no copy left: the lost mark shows)."""
    leader_act(server, table, {"type": "rank-hint", "target": 1, "rank": 1, "touched": 2})
    leader_act(server, table, {"type": "play", "card": {"suit": 0, "rank": 1}})
    leader_act(server, table, {"type": "play", "card": {"suit": 1, "rank": 3}})
    leader_act(server, table, {"type": "discard", "card": {"suit": 2, "rank": 5}})


def end_printed(server: Server, table: LiveTable) -> None:
    """Misplays until the last error token falls."""
    for suit, rank in ((3, 4), (4, 4), (3, 5), (4, 5), (2, 4)):
        if get(server, f"/api/tables/{table.id}")["is_over"]:
            return
        leader_act(server, table, {"type": "play", "card": {"suit": suit, "rank": rank}})
    raise AssertionError("the game did not end")


def seat_secret(url: str) -> str:
    return url.rsplit("/", 1)[1]


def seat_play_slot0(server: Server, table: LiveTable) -> Any:
    state = get(server, f"/api/tables/{table.id}")
    seat = state["current_player"]
    body = {"version": state["version"], "action": {"type": "play", "slot": 0}}
    return post(
        server,
        f"/api/tables/{table.id}/seats/{seat}/actions",
        body,
        seat_secret(table.seats[seat]),
    )


def mid_game_digital(server: Server, table: LiveTable) -> None:
    """A hint from the first seat, then two plays of the oldest card."""
    state = get(server, f"/api/tables/{table.id}")
    seat = state["current_player"]
    target = (seat + 1) % len(table.seats)
    hint = {"type": "rank-hint", "target": target, "rank": 1}
    body = {"version": state["version"], "action": hint}
    answer = post(
        server, f"/api/tables/{table.id}/seats/{seat}/actions", body, seat_secret(table.seats[seat])
    )
    if "version" not in answer:  # no 1 in that hand (an empty hint may be refused): a play
        seat_play_slot0(server, table)
    seat_play_slot0(server, table)
    seat_play_slot0(server, table)


def end_digital(server: Server, table: LiveTable) -> None:
    """Every seat plays its oldest card until the game ends (misplays or the deck runs out)."""
    for _ in range(200):
        if get(server, f"/api/tables/{table.id}")["is_over"]:
            return
        seat_play_slot0(server, table)
    raise AssertionError("the game did not end")


def run_axe(driver: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.x A and AA violations on the page the driver shows."""
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    script = """
        const done = arguments[arguments.length - 1];
        const only = {runOnly: {type: "tag", values: arguments[0]}, resultTypes: ["violations"]};
        axe.run(document, only)
           .then(r => done(r.violations.map(v => ({
               id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.slice(0, 5).map(n => ({target: n.target, summary: n.failureSummary}))
           }))))
           .catch(e => done([{id: "axe-error", help: String(e), nodes: []}]));
    """
    driver.set_script_timeout(60)
    return list(driver.execute_async_script(script, AXE_TAGS))


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v.get('impact')}): {v['help']}")
        for node in v["nodes"]:
            lines.append(f"    {node['target']}: {node.get('summary', '')[:300]}")
    return "\n".join(lines)
