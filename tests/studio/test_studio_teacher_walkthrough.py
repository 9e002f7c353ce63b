"""A French teacher in the studio, at 1366x768 and on a 390x844 phone (issue 22).

Opens /studio/?deck=interfaith-festival, types "entre 4 et 5" where numbers go (marked
at the field, nothing saved), fixes it, changes the title (the back follows),
reloads (the change is offered back), simulates while a colleague's browser
simulates (both finish, each with its own verdict), saves, then prints and
starts a table. On the phone: the card opens at a readable size and the bar
that opens it covers no field. Screenshots land in tests/studio/output/.
Browsers from the chromium fixture (skipped without Debian's chromium, except in CI).
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "referee"))
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from studio_helpers import themes_folder

OUTPUT = Path(__file__).parent / "output"
NEW_TITLE = "La fête de la classe"
KEY_PATHS = re.compile(r"suits\[|tokens\.\w|players\.\w|rating\[|print\.\w|\b\d+:\d+\b")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return themes_folder(tmp_path)


@pytest.fixture
def server(tmp_path: Path, folder: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "referee.sqlite3", "--themes", str(folder))
    yield running
    running.stop()


def _wait(driver: Any, condition: Any, timeout: float = 60) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _field(driver: Any, key: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-key="{key}"]')


def _value(driver: Any, key: str) -> Any:
    """A form field's value, read in the page (the form may be rebuilt meanwhile)."""
    return driver.execute_script(
        "const f = document.querySelector('[data-key=\"' + arguments[0] + '\"]');"
        "return f ? f.value : null;",
        key,
    )


def _ready(driver: Any) -> bool:
    return bool(
        driver.execute_script(
            "const i = document.getElementById('preview-front');"
            "return i.complete && i.naturalWidth > 0 && !!document.getElementById('name').value;"
        )
    )


def _open_deck(driver: Any, server: Server) -> None:
    driver.get(server.url + "studio/?deck=interfaith-festival&lang=fr")
    _wait(driver, _ready)
    assert driver.find_element(By.ID, "source").get_attribute("value") == (
        "bundled:interfaith-festival"
    )
    assert driver.find_element(By.ID, "name").get_attribute("value") == "tous-invites-a-la-fete"


def _open_section(driver: Any, name: str) -> None:
    driver.execute_script(
        "document.querySelector('details[data-name=\"' + arguments[0] + '\"]').open = true", name
    )


def _type(driver: Any, element: Any, text: str) -> None:
    """Replace a field's text as a teacher does: select it all and type over it.

    WebDriver's clear() blurs the field once it is empty, and the form then shows the
    deck's value again (it skips only the field in focus), so the keys sent next landed
    after it ("8" + "0" gave "80")."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(text)


def _form_messages(driver: Any) -> list[str]:
    texts: list[str] = driver.execute_script(
        "return Array.from(document.querySelectorAll("
        "'#problems .plain, #warnings .plain, .field-message')).map(e => e.textContent)"
    )
    return texts


def _counts_are_refused(driver: Any) -> Any:
    _open_section(driver, "players")
    counts = _field(driver, "players.counts")
    # (wrong from its first letter: "4 et 5" is a valid "4" for a moment while it is
    # typed, which the studio rightly applies when a slow machine pauses there)
    _type(driver, counts, "entre 4 et 5")
    _wait(driver, lambda d: counts.get_attribute("aria-invalid") == "true")
    described = counts.get_attribute("aria-describedby")
    message = driver.find_element(By.ID, described).text
    assert "nombres entiers" in message and "4, 5" in message
    assert not driver.find_element(By.ID, "save-button").is_enabled()
    assert not driver.find_element(By.ID, "simulate-button").is_enabled()
    assert not driver.find_element(By.ID, "all-good").is_displayed()
    assert driver.find_element(By.ID, "not-ready").is_displayed()
    # nothing half-applied: the text still says 4 or 5 players, the field what was typed
    text = driver.execute_script("return document.getElementById('yaml').value")
    assert "counts: [4, 5]" in text
    assert counts.get_attribute("value") == "entre 4 et 5"
    return counts


def test_a_french_teacher_on_a_laptop(server: Server, chromium: Chromium) -> None:
    OUTPUT.mkdir(exist_ok=True)
    laptop = chromium.open(1366, 768)
    _open_deck(laptop, server)
    counts = _counts_are_refused(laptop)
    laptop.save_screenshot(str(OUTPUT / "studio-teacher-1366x768-refused.png"))
    # the preview stays in view beside the field being edited
    box = laptop.find_element(By.ID, "preview-front").rect
    assert box["y"] >= 0 and box["y"] + box["height"] / 2 <= 768
    _type(laptop, counts, "4, 5")
    _wait(laptop, lambda d: counts.get_attribute("aria-invalid") is None)
    _wait(laptop, lambda d: d.find_element(By.ID, "save-button").is_enabled())
    assert not laptop.find_elements(By.CSS_SELECTOR, ".invalid-message")

    # a problem typed in the form is told at its field, in French, without a key path
    _open_section(laptop, "tokens")
    hints = _field(laptop, "tokens.hint.count")
    _type(laptop, hints, "0")
    _wait(laptop, lambda d: d.find_elements(By.CSS_SELECTOR, "#problems li"))
    said = _form_messages(laptop)
    assert any("au moins 1" in text for text in said), said
    assert not any(KEY_PATHS.search(text) for text in said), said
    laptop.find_element(By.CSS_SELECTOR, "#problems .plain").click()
    assert laptop.switch_to.active_element == hints  # the click went to the field
    laptop.save_screenshot(str(OUTPUT / "studio-teacher-1366x768-problem.png"))
    _type(laptop, hints, "8")
    _wait(laptop, lambda d: not d.find_elements(By.CSS_SELECTOR, "#problems li"))

    # the title changes, and the back of the cards follows it
    title = _field(laptop, "title")
    _type(laptop, title, NEW_TITLE)
    _wait(
        laptop,
        lambda d: f"title: {NEW_TITLE}" in d.find_element(By.ID, "yaml").get_attribute("value"),
    )
    assert _value(laptop, "print.back.title") == NEW_TITLE

    # opening another deck with unsaved changes asks first; "no" keeps everything
    laptop.execute_script("document.getElementById('source').value = 'bundled:hanabi-classic'")
    laptop.find_element(By.ID, "open-button").click()
    asked = _wait(laptop, lambda d: d.switch_to.alert)
    assert "non enregistrées" in asked.text
    asked.dismiss()
    source = laptop.find_element(By.ID, "source").get_attribute("value")
    assert source == "bundled:interfaith-festival" and _value(laptop, "title") == NEW_TITLE

    # reload: the unsaved change is offered back (the page asks before leaving)
    laptop.get(server.url + "studio/?deck=interfaith-festival&lang=fr")
    with contextlib.suppress(Exception):  # "leave the page?" when Chromium asks
        laptop.switch_to.alert.accept()
    _wait(laptop, _ready)
    restore = _wait(
        laptop,
        lambda d: (
            d.find_element(By.ID, "restore").is_displayed() and d.find_element(By.ID, "restore")
        ),
    )
    assert "non enregistrées" in restore.text
    laptop.find_element(By.ID, "restore-button").click()
    _wait(laptop, lambda d: _value(d, "title") == NEW_TITLE)

    # a 3 MB paste in the YAML view is refused; once the text is back, the message goes
    laptop.find_element(By.ID, "tab-yaml").click()
    laptop.execute_script(
        "const a = document.getElementById('yaml'); window.kept = a.value;"
        "a.value = a.value + '#' + 'x'.repeat(3000000); a.dispatchEvent(new Event('input'));"
    )
    _wait(laptop, lambda d: "Kio" in d.find_element(By.ID, "status").text)
    laptop.execute_script(
        "const a = document.getElementById('yaml'); a.value = window.kept;"
        "a.dispatchEvent(new Event('input'));"
    )
    _wait(laptop, lambda d: d.find_element(By.ID, "status").text == "")
    laptop.find_element(By.ID, "tab-form").click()

    # simulate while a colleague's browser simulates: both finish, each its own verdict
    colleague = chromium.open(1366, 768)
    _open_deck(colleague, server)
    for driver in (laptop, colleague):
        driver.execute_script("document.getElementById('simulate-games').value = '50'")
        _wait(driver, lambda d: "Durée" in d.find_element(By.ID, "simulate-estimate").text)
    laptop.find_element(By.ID, "simulate-button").click()
    colleague.execute_script("document.getElementById('simulate-profile').value = 'experts'")
    colleague.find_element(By.ID, "simulate-button").click()
    assert laptop.find_element(By.ID, "simulate-cancel").is_displayed()
    for driver in (laptop, colleague):
        _wait(
            driver,
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#simulate-results .run")) == 2,
            180,
        )
    verdicts = [e.text for e in laptop.find_elements(By.CSS_SELECTOR, ".verdict")]
    assert len(verdicts) == 2 and all("débutants" in v for v in verdicts), verdicts
    assert not colleague.find_elements(By.CSS_SELECTOR, ".verdict")  # experts: figures only
    assert "nettement moins" in colleague.find_element(By.ID, "simulate-results").text
    results = laptop.find_element(By.ID, "simulate-results")
    laptop.execute_script("arguments[0].scrollIntoView()", results)
    shown = laptop.execute_script("return arguments[0].textContent", results)
    assert re.search("\\d[\u202f\u00a0]%", shown) and not re.search(r"\d %", shown)
    laptop.save_screenshot(str(OUTPUT / "studio-teacher-1366x768-simulated.png"))

    # save: the message names the deck, not a file path
    name = laptop.find_element(By.ID, "name")
    _type(laptop, name, "fete-de-la-classe")
    laptop.find_element(By.ID, "save-button").click()
    _wait(laptop, lambda d: "Enregistré" in d.find_element(By.ID, "status").text)
    status = laptop.find_element(By.ID, "status").text
    assert NEW_TITLE in status and "/" not in status
    assert not laptop.find_element(By.ID, "restore").is_displayed()

    # print, and start a table: two buttons, two pages, the deck chosen in both
    links = {
        a.text: a.get_attribute("href")
        for a in laptop.find_elements(By.CSS_SELECTOR, "#after-save a")
    }
    assert set(links) == {"Imprimer ce jeu", "Lancer une table avec ce jeu"}, links
    assert len(set(links.values())) == 2
    laptop.get(links["Imprimer ce jeu"])
    chosen = laptop.find_element(By.CSS_SELECTOR, 'select[name="theme"]')
    assert chosen.get_attribute("value") == "fete-de-la-classe.yaml"
    laptop.get(links["Lancer une table avec ce jeu"])
    assert laptop.find_element(By.ID, "theme").get_attribute("value") == "fete-de-la-classe.yaml"
    adapt = laptop.find_element(By.ID, "adapt-link").get_attribute("href")
    assert adapt.endswith("/studio/?deck=fete-de-la-classe.yaml")


def test_a_french_teacher_on_a_phone(server: Server, chromium: Chromium) -> None:
    OUTPUT.mkdir(exist_ok=True)
    phone = chromium.open(390, 844, mobile=True)
    _open_deck(phone, server)
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    _counts_are_refused(phone)
    phone.save_screenshot(str(OUTPUT / "studio-teacher-390x844-refused.png"))
    # a card's text being typed: the bar at the bottom never covers the field
    _open_section(phone, "suit-0")
    text = _field(phone, "suits.0.cards.1.text")
    for block in ("center", "end"):
        phone.execute_script(f"arguments[0].scrollIntoView({{block: '{block}'}})", text)
        bar = phone.find_element(By.ID, "mini-preview").rect
        field = text.rect
        scrolled = phone.execute_script("return window.scrollY")
        assert field["y"] + field["height"] - scrolled <= bar["y"] - scrolled + 1 or (
            field["y"] + field["height"] <= bar["y"]
        ), (field, bar)
    # the very last field of the form can be brought above the bar
    last = phone.find_elements(By.CSS_SELECTOR, "#theme-form [data-key]")[-1]
    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    bottom = phone.execute_script(
        "const r = arguments[0].closest('details').getBoundingClientRect(); return r.bottom",
        last,
    )
    top_of_bar = phone.execute_script(
        "return document.getElementById('mini-preview').getBoundingClientRect().top"
    )
    assert bottom <= top_of_bar + 1
    phone.save_screenshot(str(OUTPUT / "studio-teacher-390x844-typing.png"))
    # the card opens at a readable size, and closes
    text.click()
    phone.find_element(By.ID, "mini-preview").click()
    image = _wait(phone, lambda d: d.find_element(By.ID, "card-dialog-image"))
    _wait(phone, lambda d: d.execute_script("return arguments[0].naturalWidth", image) > 0)
    assert image.size["width"] >= 300
    assert "Bouddhisme 1" in phone.find_element(By.ID, "card-dialog-name").text
    phone.save_screenshot(str(OUTPUT / "studio-teacher-390x844-card.png"))
    phone.find_element(By.CSS_SELECTOR, "#card-dialog button").click()
    _wait(phone, lambda d: not d.find_element(By.ID, "card-dialog").is_displayed())
