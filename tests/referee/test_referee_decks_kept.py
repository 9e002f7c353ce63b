"""Every table keeps its deck: tried as a teacher would, on a real referee restarted on the
same database file.

Three tables play a deck of the themes folder (a file that ``extends`` another). The
teacher then saves a changed deck over it (hint tokens cut from 8 to 1, a suit removed,
a smaller hand), restarts the referee, deletes the files, restarts again: every old
table's projector, leader page, state and exports answer as before, byte for byte, and a
table created right after the save plays the new deck without a restart.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from referee_helpers import Server, colour_hint, discard, play, rank_hint, start_server

from deckforge.theme.loader import BUNDLED_THEMES

pytestmark = pytest.mark.server

PORT = 5131  # decks' own range (5100-5199): pages name their address, so it stays the same

CHANGED = """\
id: club
extends: parent.yaml
title: Club deck, short version
players: {hand_size: 3}
tokens: {hint: {count: 1}}
rating:
  - {from: 0, to: 10, label: Fine}
  - {from: 11, to: 20, label: Great}
suits:
  - {id: white, name: White, colour: "#e2e8f0", symbol: "✿"}
  - {id: red, name: Red, colour: "#e53e3e", symbol: "♥"}
  - {id: blue, name: Blue, colour: "#3182ce", symbol: "◆"}
  - {id: yellow, name: Yellow, colour: "#ecc94b", symbol: "★"}
"""


# each rendering of the leader's page carries a new idempotency key for its forms (one per
# tap): the only bytes that differ from one fetch to the next, restart or not
FRESH_KEY = re.compile(rb'(name="idempotency_key" value=")[^"]*')


class Browser:
    """One browser (its cookies kept across restarts) talking to the referee."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.url = f"http://127.0.0.1:{PORT}/"

    def fetch(self, path: str, token: str | None = None) -> tuple[int, str, bytes]:
        request = urllib.request.Request(self.url + path.lstrip("/"))
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status, response.headers["Content-Type"], response.read()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.headers["Content-Type"], refused.read()

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        request = urllib.request.Request(
            self.url + path.lstrip("/"), data=json.dumps(body).encode(), method="POST"
        )
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with self.opener.open(request, timeout=20) as response:
            return json.loads(response.read())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    themes = tmp_path / "themes"
    themes.mkdir()
    (themes / "parent.yaml").write_text(
        (BUNDLED_THEMES / "hanabi-classic.yaml").read_text("utf-8"), "utf-8"
    )
    (themes / "club.yaml").write_text("id: club\nextends: parent.yaml\ntitle: Club deck\n")
    return themes


@pytest.fixture
def referee(tmp_path: Path, folder: Path) -> Iterator[list[Server]]:
    """The running referee (the list's last); stopped at the end whatever happened."""
    servers: list[Server] = []
    yield servers
    for server in servers:
        server.stop()


def _start(servers: list[Server], database: Path, folder: Path) -> None:
    if servers:
        servers[-1].stop()
    servers.append(start_server(database, "--themes", str(folder), port=PORT))


def _act(browser: Browser, table: dict[str, Any], *actions: dict[str, Any]) -> None:
    for action in actions:
        version = json.loads(browser.fetch(f"/api/tables/{table['id']}")[2])["version"]
        state = browser.post(
            f"/api/tables/{table['id']}/actions",
            {"version": version, "action": action},
            table["leader_token"],
        )
        assert state["version"] == version + 1


def _new_table(browser: Browser, players: list[str], **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = browser.post(
        "/api/tables", {"theme": "club", "players": players, **extra}
    )
    return body


def _answers(browser: Browser, table: dict[str, Any]) -> dict[str, tuple[int, str, bytes]]:
    """Everything a class sees of a table: the projector, the leader's page, the state and
    the exports (a digital table's hanab.live record too)."""
    table_id, token = table["id"], table["leader_token"]
    paths = {
        "projector": f"/t/{table_id}",
        "leader": f"/t/{table_id}/lead/{token}",
        "state": f"/api/tables/{table_id}",
        "export.json": f"/api/tables/{table_id}/export.json",
        "export.csv": f"/api/tables/{table_id}/export.csv",
        "actions.json": f"/api/tables/{table_id}/actions.json",
    }
    found = {name: browser.fetch(path) for name, path in paths.items()}
    status, kind, page = found["leader"]
    found["leader"] = (status, kind, FRESH_KEY.sub(b"\\1", page))
    found["actions.json (leader)"] = browser.fetch(f"/api/tables/{table_id}/actions.json", token)
    if table["state"]["kind"] == "digital":
        found["hanab.json"] = browser.fetch(f"/api/tables/{table_id}/games/1/hanab.json", token)
    return found


def _differences(
    before: dict[str, dict[str, tuple[int, str, bytes]]], browser: Browser, tables: list[Any]
) -> list[str]:
    """What differs now from ``before``: (table, answer) with the first differing line."""
    found = []
    for table in tables:
        now = _answers(browser, table)
        for name, answer in before[table["id"]].items():
            if now[name] != answer:
                old, new = answer[2].splitlines(), now[name][2].splitlines()
                line = next(
                    (f"{a!r} -> {b!r}" for a, b in zip(old, new, strict=False) if a != b), ""
                )
                found.append(f"{table['id']} {name} {answer[0]}->{now[name][0]}: {line[:300]}")
    return found


def test_old_tables_keep_their_deck_through_a_save_restarts_and_a_deletion(
    tmp_path: Path, folder: Path, referee: list[Server]
) -> None:
    database = tmp_path / "referee.sqlite3"
    browser = Browser()
    _start(referee, database, folder)

    printed = _new_table(browser, ["Ann", "Bob", "Cy"])
    # two hints in a row (one token under the new deck), a hint and a play of the fifth suit
    _act(
        browser,
        printed,
        rank_hint(1, 1, 2),
        colour_hint(2, 4, 1),
        play(4, 1),
        discard(0, 1),
    )
    struck = _new_table(browser, ["Dee", "Eve"])
    _act(browser, struck, play(0, 3), play(1, 4), play(2, 5))  # three misplays: over
    version = json.loads(browser.fetch(f"/api/tables/{struck['id']}")[2])["version"]
    browser.post(f"/api/tables/{struck['id']}/games", {"version": version}, struck["leader_token"])
    _act(browser, struck, rank_hint(1, 5, 1))
    digital = _new_table(browser, ["Fay", "Gus", "Hal"], kind="digital", seed=7)
    _act(browser, digital, rank_hint(1, 1), rank_hint(2, 2), {"type": "discard", "slot": 0})
    # a new game: the first one's deck may now be exported to the leader (hanab.live)
    browser.post(f"/api/tables/{digital['id']}/games", {"version": 3}, digital["leader_token"])
    _act(browser, digital, rank_hint(1, 3))

    tables = [printed, struck, digital]
    before = {t["id"]: _answers(browser, t) for t in tables}
    for answers in before.values():
        assert {name: answer[0] for name, answer in answers.items()} == dict.fromkeys(answers, 200)
    assert json.loads(before[digital["id"]]["hanab.json"][2])["deck"]  # the whole first deal
    assert json.loads(before[printed["id"]]["state"][2])["hint_tokens"]["count"] == 8

    (folder / "club.yaml").write_text(CHANGED, "utf-8")  # the teacher saves a changed deck
    fresh = _new_table(browser, ["Ivy", "Jo"])  # right after the save, no restart
    assert fresh["state"]["hint_tokens"]["count"] == 1
    assert len(fresh["state"]["suits"]) == 4
    assert fresh["state"]["max_score"] == 20
    assert fresh["state"]["theme"]["title"] == "Club deck, short version"
    assert _differences(before, browser, tables) == []

    _start(referee, database, folder)  # a restart on the same database file
    assert _differences(before, browser, tables) == []

    (folder / "club.yaml").unlink()
    (folder / "parent.yaml").unlink()
    _start(referee, database, folder)  # the files are gone
    assert _differences(before, browser, tables) == []
    assert json.loads(browser.fetch(f"/api/tables/{fresh['id']}")[2])["hint_tokens"]["count"] == 1
    home = browser.fetch("/")
    assert home[0] == 200
    assert b"Club deck, short version" in home[2] and b"Club deck<" in home[2]
