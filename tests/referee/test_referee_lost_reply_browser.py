"""The leader's phone never in doubt: a reply lost on the way back, a referee away.

Between headless Chromium and the referee sits a proxy (``lossy_proxy.py``) that
loses replies after the referee has recorded the action, or closes everything
while the referee is "away". The page must send each tap once with its own key,
say which action waits ("Play Red 1 — not recorded yet…"), refuse other taps in
words, say "recorded" when the retry is answered (never "nothing was changed"),
and try again at once when the referee is back.

Screenshots land in ``tests/referee/output/lost-reply-*.png``.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import LiveTable, digital_table, printed_table
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from lossy_proxy import LossyProxy
from referee_helpers import Server, start_server
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("lost-reply") / "referee.sqlite3")
    yield running
    running.stop()


@pytest.fixture
def proxy(server: Server) -> Iterator[LossyProxy]:
    lossy = LossyProxy(server.url)
    yield lossy
    lossy.close()


@pytest.fixture
def phone(chromium: Chromium) -> Any:
    return chromium.open(390, 844, mobile=True)


def _wait(driver: Any, condition: Any, timeout: float = 15) -> Any:
    return WebDriverWait(
        driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    ).until(condition)


def _actions(server: Server, table: LiveTable) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server.url}api/tables/{table.id}/export.json") as response:
        return list(json.loads(response.read())["games"][0]["actions"])


def _band(driver: Any) -> str:
    band = driver.find_element("id", "saving")
    # (WebDriver reads a no-break space as a space)
    return str(band.text).replace("\u00a0", " ") if band.is_displayed() else ""


def _open_play_tab(phone: Any, url: str) -> None:
    phone.get(url)
    phone.find_element("id", "tab-play").click()
    _wait(phone, lambda d: d.find_element("id", "play-1-1").is_displayed())


LEADER_CASES = {
    "en": (
        "hanabi-classic",
        ["Ann", "Bob", "Cy"],
        {
            "waiting": "Play Red 1 — not recorded yet",
            "wait": "Wait: Play Red 1 is not recorded yet",
            "recorded": "Play Red 1 — recorded.",
            "stale": "Nothing was changed",
        },
    ),
    "fr": (
        "interfaith-festival",
        ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"],
        {
            "waiting": "Jouer Christianisme 1 — pas encore enregistré",
            "wait": "Patientez : Jouer Christianisme 1 n’est pas encore enregistré",
            "recorded": "Jouer Christianisme 1 — enregistré.",
            "stale": "Rien n’a changé",
        },
    ),
}


@pytest.mark.parametrize("language", sorted(LEADER_CASES))
def test_a_lost_reply_is_retried_recorded_once_and_said_recorded(
    server: Server, proxy: LossyProxy, phone: Any, language: str
) -> None:
    theme, players, words = LEADER_CASES[language]
    table = printed_table(server, theme, players)
    _open_play_tab(phone, f"{proxy.url}t/{table.id}/lead/{table.token}")
    proxy.drop_replies("/act")
    phone.find_element("id", "play-1-1").click()
    # the referee recorded the play; the phone got no reply, says so and names the action
    _wait(phone, lambda d: proxy.dropped >= 1 and words["waiting"] in _band(d))
    assert len(_actions(server, table)) == 1
    assert _band(phone).startswith(words["waiting"])
    phone.save_screenshot(str(OUTPUT / f"lost-reply-waiting-{language}.png"))
    # another tap meanwhile is refused in words, not silently
    phone.find_element("id", "play-0-1").click()
    _wait(phone, lambda d: words["wait"] in _band(d))
    _wait(phone, lambda d: proxy.dropped >= 2)  # the retries are lost too, for a while
    proxy.drop_replies(None)
    _wait(phone, lambda d: words["recorded"] in _band(d))
    phone.save_screenshot(str(OUTPUT / f"lost-reply-recorded-{language}.png"))
    page = phone.find_element("css selector", "main.remote").text
    assert words["stale"] not in page
    assert "v1" in phone.find_element("css selector", ".remote-title").text
    actions = _actions(server, table)
    assert [a["action"]["card"] for a in actions] == [{"suit": 1, "rank": 1}]  # once
    # the next tap is an action of its own, with a key of its own
    _wait(phone, lambda d: d.find_element("id", "play-0-1").is_displayed())
    phone.find_element("id", "tab-play").click()
    phone.find_element("id", "play-0-1").click()
    _wait(phone, lambda d: len(_actions(server, table)) == 2)


def test_retries_resume_at_once_when_the_referee_answers_again(
    server: Server, proxy: LossyProxy, phone: Any
) -> None:
    table = printed_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"])
    _open_play_tab(phone, f"{proxy.url}t/{table.id}/lead/{table.token}")
    proxy.go_down()
    phone.find_element("id", "play-3-1").click()
    _wait(phone, lambda d: "Play Yellow 1 — not recorded yet" in _band(d))
    # away long enough for a backing-off page to wait several seconds between tries
    _wait(phone, lambda d: proxy.refused >= 5, timeout=30)
    assert _actions(server, table) == []
    back = time.monotonic()
    proxy.come_up()
    _wait(phone, lambda d: len(_actions(server, table)) == 1, timeout=15)
    landed = time.monotonic() - back
    # retries every second (and at once on a sign of life): was up to 10 s of back-off
    assert landed < 4, f"the action landed {landed:.1f} s after the referee was back"
    _wait(phone, lambda d: "Play Yellow 1 — recorded." in _band(d))
    assert len(_actions(server, table)) == 1


def test_a_seat_s_lost_reply_is_retried_recorded_once_and_said_recorded(
    server: Server, proxy: LossyProxy, phone: Any
) -> None:
    table = digital_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"], seed=5)
    seat = table.seats[0].replace(server.url, proxy.url)
    phone.get(seat)
    phone.find_element(By.CSS_SELECTOR, '.hand.own label.dcard[data-slot="0"]').click()
    proxy.drop_replies("/act")
    phone.find_element(By.CSS_SELECTOR, "button.act-btn.play").click()
    _wait(phone, lambda d: proxy.dropped >= 1 and "not recorded yet" in _band(d))
    assert _band(phone).startswith("Play this card — not recorded yet")
    assert len(_actions(server, table)) == 1
    phone.save_screenshot(str(OUTPUT / "lost-reply-seat-waiting.png"))
    proxy.drop_replies(None)
    _wait(phone, lambda d: "Play this card — recorded." in _band(d))
    phone.save_screenshot(str(OUTPUT / "lost-reply-seat-recorded.png"))
    assert "table changed" not in phone.find_element(By.ID, "seat").text
    assert len(_actions(server, table)) == 1
    assert table.version(server) == 1
