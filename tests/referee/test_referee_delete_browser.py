"""Deleting a table from the leader's phone in Chromium (issue 25 point 6): the control is
folded away until the leader opens the table settings, a page of its own asks, and every
page on the way (and the projector's 404 after) passes axe, in French and in Arabic.
Screenshots land in ``tests/referee/output/delete-*.png``."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import describe, digital_table, printed_table, run_axe
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

DECKS = {
    "fr": ("interfaith-festival", ["Les Lions", "Les Aigles", "Les Loups", "Les Ours"], "Lions"),
    "ar": ("arabic-words", ["النمور", "الصقور"], "الصقور"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("delete") / "referee.sqlite3")
    yield running
    running.stop()


def _loaded(driver: Any) -> None:
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )


def _checked(driver: Any, shot: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"delete-{shot}.png"))
    violations = run_axe(driver)
    assert not violations, f"{driver.current_url}\n{describe(violations)}"


@pytest.mark.parametrize("language", ["fr", "ar"])
def test_the_leader_deletes_the_table_from_the_phone(
    server: Server, module_chromium: Chromium, language: str
) -> None:
    theme, players, named = DECKS[language]
    table = printed_table(server, theme, players)
    phone = module_chromium.open(390, 844, mobile=True)
    phone.get(table.leader(server))
    _loaded(phone)
    link = phone.find_element(By.ID, "delete-table")
    assert not link.is_displayed()  # folded: a tap on the page cannot reach it
    settings = phone.find_element(By.CSS_SELECTOR, "#table-settings summary")
    phone.execute_script("arguments[0].scrollIntoView()", settings)
    settings.click()
    assert link.is_displayed()
    _checked(phone, f"leader-{language}")
    link.click()
    _loaded(phone)
    assert named in phone.find_element(By.CLASS_NAME, "table-named").text
    assert phone.execute_script("return document.documentElement.dir") == (
        "rtl" if language == "ar" else ""
    )
    _checked(phone, f"confirm-{language}")
    phone.find_element(By.ID, "delete-now").click()
    WebDriverWait(phone, 10).until(lambda d: "/deleted" in d.current_url)
    _loaded(phone)
    _checked(phone, f"done-{language}")
    phone.get(table.projector(server))
    _loaded(phone)
    assert "404" in phone.find_element(By.TAG_NAME, "h1").text
    _checked(phone, f"projector-404-{language}")


def test_the_projector_and_a_seat_say_the_table_is_gone_without_a_reload(
    server: Server, module_chromium: Chromium
) -> None:
    table = digital_table(server, "hanabi-classic", ["Ann", "Bob"], seed=3)
    screens = {"projector": table.projector(server), "seat": table.seats[0]}
    opened = {}
    for name, url in screens.items():
        opened[name] = module_chromium.open(1280, 800)
        opened[name].get(url)
        _loaded(opened[name])
    request = urllib.request.Request(
        f"{server.url}api/tables/{table.id}",
        method="DELETE",
        headers={"Authorization": f"Bearer {table.token}"},
    )
    with urllib.request.urlopen(request) as answer:
        assert answer.status == 204
    for name, driver in opened.items():  # live.js's safety net polls every 15 s
        WebDriverWait(driver, 25).until(lambda d: "404" in d.find_element(By.TAG_NAME, "h1").text)
        assert "it has been deleted" in driver.find_element(By.CLASS_NAME, "alert").text
        driver.save_screenshot(str(OUTPUT / f"delete-gone-{name}.png"))
