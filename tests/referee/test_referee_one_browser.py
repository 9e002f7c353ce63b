"""One browser, every page of a 5-seat digital table: the tabs share one live stream.

A leader trying a digital table on one laptop opens the projector, the leader's
page and the five seats (and a stray second projector) in one browser: eight
tabs, where HTTP/1.1 lets a browser keep six connections to a server. The
server here lets one address hold a single stream, so the test also shows that
the tabs share it (live.js: its SharedWorker, or else one tab holding the stream
for the others): any tab left with a stream of its own would be refused and fall
back to polling, with a notice.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TEAMS = ["Ann", "Bob", "Cy", "Dee", "Eve"]
# what each page shows its version on
VERSION_OF = {
    "projector": ".screen-inner",
    "leader": "main.remote",
    "seat": ".seat-inner",
}


@pytest.fixture
def one_stream_server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "r.sqlite3", "--streams-per-address", "1")
    yield running
    running.stop()


@pytest.fixture
def browser(chromium: Chromium) -> Any:
    return chromium.open(1280, 800)


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.load(response)
        return data


def _status(driver: Any) -> str | None:
    """live.js's status on this tab: "live", "polling", "offline" (None before the first)."""
    found: str | None = driver.execute_script("return document.documentElement.dataset.live")
    return found


def _every_tab(
    browser: Any, tabs: list[tuple[str, str]], condition: Any, what: str, seconds: float = 20
) -> None:
    """Visit the tabs in turn until ``condition(kind)`` holds on each (a tab being redrawn
    counts as not yet)."""
    waiting = list(tabs)
    deadline = time.monotonic() + seconds
    while waiting and time.monotonic() < deadline:
        kind, handle = waiting.pop(0)
        browser.switch_to.window(handle)
        try:
            done = condition(kind)
        except Exception:  # the leader's page reloading to show the change
            done = False
        if not done:
            waiting.append((kind, handle))
    assert not waiting, f"tabs not {what}: {[kind for kind, _ in waiting]}"


def _version(driver: Any, kind: str) -> int:
    found = driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.dataset.version : null;",
        VERSION_OF[kind],
    )
    return -1 if found is None else int(found)


@pytest.mark.parametrize("link", ["shared-worker", "leader-tab"])
def test_eight_tabs_of_one_table_in_one_browser_all_follow_a_seat_s_move_by_one_stream(
    one_stream_server: Server, browser: Any, link: str
) -> None:
    table = _post(
        one_stream_server.url + "api/tables",
        {"theme": "hanabi-classic", "players": TEAMS, "kind": "digital", "seed": 7},
    )
    pages = [
        ("projector", table["urls"]["projector"]),
        ("leader", table["urls"]["leader"]),
        *(("seat", row["url"]) for row in table["seats"]),
        ("projector", table["urls"]["projector"]),
    ]
    tabs: list[tuple[str, str]] = []
    for index, (kind, url) in enumerate(pages):
        if index:
            browser.switch_to.new_window("tab")
        if link == "leader-tab":  # a browser without SharedWorker (Chrome on Android)
            browser.execute_cdp_cmd(
                "Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.SharedWorker;"}
            )
        browser.get(url)
        tabs.append((kind, browser.current_window_handle))
    assert len(browser.window_handles) == 8
    for kind, handle in tabs:
        browser.switch_to.window(handle)
        assert _version(browser, kind) == 0, kind  # every tab loaded

    # every tab has joined the shared stream (none polls), then the first seat plays
    _every_tab(browser, tabs, lambda kind: _status(browser) == "live", "live")
    seat_tab = tabs[2][1]
    browser.switch_to.window(seat_tab)
    browser.find_element(By.CSS_SELECTOR, '.hand.own label.dcard[data-slot="0"]').click()
    browser.find_element(By.CSS_SELECTOR, "button.act-btn.play").click()
    _every_tab(browser, tabs, lambda kind: _version(browser, kind) == 1, "at version 1")
    for kind, handle in tabs:
        browser.switch_to.window(handle)
        assert _status(browser) == "live", kind  # the change came by the stream
        notice = browser.find_elements(By.ID, "live-polling")
        assert not notice or not notice[0].is_displayed(), kind


def test_a_refused_stream_says_why_on_the_phone_not_on_the_projector_and_comes_back(
    one_stream_server: Server, browser: Any
) -> None:
    """Another device of this address holds the only stream: the leader's page polls and
    says plainly why; the projector polls without a word; once that stream closes, the pages
    are live again (the retry comes 3 s after a refusal, where it was 30 s)."""
    server = one_stream_server
    table = _post(server.url + "api/tables", {"theme": "hanabi-classic", "players": TEAMS[:3]})
    host, port = server.url[len("http://") : -1].split(":")
    other = socket.create_connection((host, int(port)), timeout=10)
    request = f"GET /api/tables/{table['id']}/events HTTP/1.1\r\nHost: t\r\n\r\n"
    other.sendall(request.encode())
    assert other.recv(64).startswith(b"HTTP/1.1 200")
    try:
        browser.get(table["urls"]["leader"])
        wait = WebDriverWait(browser, 15, poll_frequency=0.1)
        wait.until(lambda d: _status(d) == "polling")
        notice = browser.find_element(By.ID, "live-polling")
        assert notice.is_displayed()
        assert "one network address" in notice.text
        OUTPUT.mkdir(exist_ok=True)
        browser.save_screenshot(str(OUTPUT / "live-polling-leader.png"))
        browser.switch_to.new_window("tab")
        browser.get(table["urls"]["projector"])
        wait.until(lambda d: _status(d) == "polling")
        assert not browser.find_elements(By.ID, "live-polling")  # one page: nothing to say
    finally:
        other.close()
    for handle in browser.window_handles:  # both tabs share the worker's stream again
        browser.switch_to.window(handle)
        wait.until(lambda d: _status(d) == "live")
