"""The hosted studio in a browser (hosted mode forced on SQLite, served on loopback): the
organisation key opens it, a new deck's edit key is shown once and kept for the next
saves, a name already in the library is refused in words, and a library deck opens as a
copy, or in place with its key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_browsers import Chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from studio_helpers import serving

from deckforge.web import create_app

ORG_KEY = "organisation-key-for-browser-tests"


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    app = create_app(
        {
            "HOSTED": True,
            "ORG_KEY": ORG_KEY,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "DATA_FOLDER": str(tmp_path / "data"),
        }
    )
    with serving(app) as base:
        yield base


def _wait(driver: Any, condition: Any, timeout: float = 30) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _status(driver: Any) -> str:
    return str(driver.find_element(By.ID, "status").text)


def _ready(driver: Any) -> bool:
    return bool(
        driver.find_element(By.ID, "name").get_attribute("value")
    ) and not driver.find_element(By.ID, "save-button").get_property("disabled")


def _save(driver: Any, name: str) -> None:
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys(name)
    driver.find_element(By.ID, "save-button").click()


def test_a_teacher_saves_a_deck_keeps_its_key_and_a_colleague_opens_a_copy(
    url: str, chromium: Chromium, tmp_path: Path
) -> None:
    teacher = chromium.open(1280, 900)
    teacher.get(url + "/studio/?lang=en")
    body = teacher.find_element(By.TAG_NAME, "body").text
    assert "organisation key" in body and "studio key" not in body
    key_field = teacher.find_element(By.ID, "key")
    key_field.send_keys("not-the-key")
    key_field.submit()
    _wait(teacher, lambda d: "That is not the organisation key." in d.page_source)
    key_field = teacher.find_element(By.ID, "key")
    key_field.send_keys(ORG_KEY)
    key_field.submit()
    _wait(teacher, lambda d: d.find_elements(By.ID, "save-button") and _ready(d))

    _save(teacher, "our-festival")  # a copy of the bundled festival deck
    _wait(teacher, lambda d: d.find_element(By.ID, "edit-key").is_displayed())
    key = teacher.find_element(By.ID, "edit-key-value").text
    assert len(key) >= 20
    assert not teacher.find_element(By.ID, "key-open").is_displayed()  # not a library deck
    panel = teacher.find_element(By.ID, "edit-key").text
    assert "will not be shown again" in panel
    teacher.save_screenshot(str(tmp_path / "edit-key.png"))
    teacher.find_element(By.ID, "edit-key-done").click()
    assert not teacher.find_element(By.ID, "edit-key").is_displayed()

    _save(teacher, "our-festival")  # again: the page sends the key it was given
    _wait(teacher, lambda d: "Saved" in _status(d))
    assert not teacher.find_element(By.ID, "edit-key").is_displayed()  # said once only

    colleague = chromium.open(1280, 900)
    colleague.get(url + "/studio/?lang=en")
    field = colleague.find_element(By.ID, "key")
    field.send_keys(ORG_KEY)
    field.submit()
    _wait(colleague, lambda d: d.find_elements(By.ID, "save-button") and _ready(d))
    _save(colleague, "our-festival")  # the name is taken: refused in words, never replaced
    _wait(colleague, lambda d: "already a deck of the library" in _status(d))

    Select(colleague.find_element(By.ID, "source")).select_by_value("db:our-festival")
    assert colleague.find_element(By.ID, "key-open").is_displayed()
    colleague.find_element(By.ID, "open-button").click()  # Open: a copy under a free name
    _wait(colleague, lambda d: "A copy is open" in _status(d))
    assert colleague.find_element(By.ID, "name").get_attribute("value") != "our-festival"

    assert colleague.find_element(By.ID, "key-open").is_displayed()  # still offered
    colleague.save_screenshot(str(tmp_path / "key-open.png"))
    typed = colleague.find_element(By.ID, "edit-key-input")
    typed.send_keys("wrong-key-" + "x" * 14)
    colleague.find_element(By.ID, "key-open-button").click()
    _wait(colleague, lambda d: "not the deck's edit key" in _status(d))
    typed.clear()
    typed.send_keys(key)
    colleague.find_element(By.ID, "key-open-button").click()
    _wait(colleague, lambda d: "open for changes" in _status(d))
    assert colleague.find_element(By.ID, "name").get_attribute("value") == "our-festival"
    _wait(colleague, _ready)
    _save(colleague, "our-festival")  # with the key typed, the deck itself is saved
    _wait(colleague, lambda d: "Saved" in _status(d))
