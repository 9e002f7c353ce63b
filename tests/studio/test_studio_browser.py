"""Headless Chromium in the theme studio of a real `deckforge referee`.

A teacher shortens a card of the festival deck in the form and sees the card
change and the warning go; saves it under a new name; the file passes
`deckforge check` and keeps every comment. A designer edits the YAML and the
form follows. Screenshots (desktop and phone) land in tests/studio/output/.
Skipped without Debian's chromium and chromium-driver, except in CI.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "referee"))
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from studio_helpers import (
    LONG_ADDITION,
    festival_comments,
    schema_line_is_valid,
    themes_folder,
)

OUTPUT = Path(__file__).parent / "output"
CARD_TEXT = "suits.0.cards.1.text"
TITLE = "Tous invités à la fête\u00a0!"  # French typography: a non-breaking space before !


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return themes_folder(tmp_path)


@pytest.fixture
def server(tmp_path: Path, folder: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "referee.sqlite3", "--themes", str(folder))
    yield running
    running.stop()


@pytest.fixture
def browser(chromium: Chromium) -> Any:
    return chromium.open(1920, 1080)


def _wait(driver: Any, condition: Any, timeout: float = 30) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _field(driver: Any, key: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-key="{key}"]')


def _loaded(driver: Any, image_id: str) -> str | None:
    """The image's address once the browser has drawn it (None before)."""
    return driver.execute_script(
        "const i = document.getElementById(arguments[0]);"
        "return i.complete && i.naturalWidth > 0 ? i.getAttribute('src') : null;",
        image_id,
    )


def _open(driver: Any, server: Server, source: str) -> None:
    driver.get(server.url + "studio/?lang=fr")
    _wait(driver, lambda d: _loaded(d, "preview-back"))
    if driver.find_element(By.ID, "source").get_attribute("value") != source:
        driver.execute_script("document.getElementById('source').value = arguments[0]", source)
        driver.find_element(By.ID, "open-button").click()
    _wait(driver, lambda d: d.find_element(By.ID, "name").get_attribute("value") == "fete-longue")


def test_a_teacher_shortens_a_card_sees_it_change_and_saves_a_copy(
    server: Server, browser: Any, folder: Path
) -> None:
    OUTPUT.mkdir(exist_ok=True)
    # the home page links to the studio
    browser.get(server.url)
    browser.find_element(By.CSS_SELECTOR, '.home-links a[href="/studio/"]').click()
    _wait(browser, lambda d: _loaded(d, "preview-front"))

    _open(browser, server, "folder:0:fete-longue.yaml")
    warning = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#warnings li"))
    assert "Bouddhisme 1" in warning[0].text
    text = _field(browser, CARD_TEXT)
    assert LONG_ADDITION.strip() in text.get_attribute("value")
    # the warning also stands under the field it is about
    box = text.find_element(By.XPATH, "./..")
    assert "has-warning" in box.get_attribute("class")
    text.click()
    before = _wait(browser, lambda d: _loaded(d, "preview-front"))
    browser.save_screenshot(str(OUTPUT / "studio-1920x1080.png"))

    # shorten the text: select it all and type a short one
    text.clear()
    text.send_keys("À la pleine lune, on fait trois fois le tour du temple, bougie en main.")
    after = _wait(
        browser,
        lambda d: (_loaded(d, "preview-front") or before) != before and _loaded(d, "preview-front"),
    )
    assert after != before
    _wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#warnings li"))
    assert browser.find_element(By.ID, "all-good").is_displayed()
    assert "has-warning" not in box.get_attribute("class")

    # save under a new name
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("fete-courte")
    browser.find_element(By.ID, "save-button").click()
    _wait(browser, lambda d: "fete-courte" in d.find_element(By.ID, "status").text)
    assert "error" not in browser.find_element(By.ID, "status").get_attribute("class")
    saved = folder / "fete-courte.yaml"
    checked = subprocess.run(
        [sys.executable, "-m", "deckforge", "check", str(saved)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""
    written = saved.read_text(encoding="utf-8")
    comments = festival_comments()
    assert comments and all(line in written for line in comments)
    assert schema_line_is_valid(written, folder)
    assert "counts: [4, 5]          # 4 or 5 players, or 4 or 5 teams" in written
    assert (folder / "fete-longue.yaml").read_text("utf-8").count(LONG_ADDITION) == 1

    # print it and play it: links to the print page and the referee's home, theme chosen
    links = browser.find_elements(By.CSS_SELECTOR, "#after-save a")
    targets = [link.get_attribute("href") for link in links]
    assert any("/print/?theme=fete-courte.yaml" in t for t in targets), targets
    play = next(t for t in targets if "/print/" not in t)
    browser.get(play)
    assert browser.find_element(By.ID, "theme").get_attribute("value") == "fete-courte.yaml"
    browser.get(next(t for t in targets if "/print/" in t))
    chosen = browser.find_element(By.CSS_SELECTOR, 'select[name="theme"]')
    assert chosen.get_attribute("value") == "fete-courte.yaml"


def test_editing_the_yaml_view_moves_the_form_and_the_whole_deck_shows_every_face(
    server: Server, browser: Any
) -> None:
    OUTPUT.mkdir(exist_ok=True)
    _open(browser, server, "folder:0:fete-longue.yaml")
    title = _field(browser, "title")
    assert title.get_attribute("value") == TITLE
    browser.find_element(By.ID, "tab-yaml").click()
    area = browser.find_element(By.ID, "yaml")
    text = area.get_attribute("value")
    assert text.startswith("# yaml-language-server")
    # the designer changes two lines of the text (typed as a person would, at the end of the line)
    browser.execute_script(
        "const a = arguments[0]; const line = 'title: ' + arguments[1];"
        "const at = a.value.indexOf(line) + line.length; a.focus(); a.setSelectionRange(at, at);",
        area,
        TITLE,
    )
    area.send_keys(" (CM1)")
    _wait(
        browser,
        lambda d: _field(d, "title").get_attribute("value") == TITLE + " (CM1)",
    )
    assert f"title: {TITLE} (CM1)\n" in area.get_attribute("value")
    # a mistake is shown with its line and column, and the form waits for the fix
    browser.execute_script("const a = arguments[0]; a.focus(); a.setSelectionRange(0, 0);", area)
    area.send_keys("title: [\n")
    problem = _wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#problems li"))
    assert problem[0].find_element(By.CSS_SELECTOR, ".where").text.split(":")[0].isdigit()
    assert browser.find_element(By.ID, "form-blocked").is_displayed() is False  # on the form tab
    browser.find_element(By.ID, "tab-form").click()
    assert browser.find_element(By.ID, "form-blocked").is_displayed()
    browser.find_element(By.ID, "tab-yaml").click()
    browser.execute_script(
        "const a = arguments[0]; a.focus(); a.setSelectionRange(0, arguments[1]);", area, 9
    )
    area.send_keys("\u0008")
    assert area.get_attribute("value").startswith("# yaml-language-server")
    _wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#problems li"))
    browser.find_element(By.ID, "tab-form").click()
    assert not browser.find_element(By.ID, "form-blocked").is_displayed()

    browser.find_element(By.ID, "deck-button").click()
    _wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#deck-grid img")) == 25)
    _wait(
        browser,
        lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll('#deck-grid img'))"
            ".every(i => i.complete && i.naturalWidth > 0)"
        ),
    )
    browser.save_screenshot(str(OUTPUT / "studio-deck-1920x1080.png"))


def test_the_form_is_usable_on_a_phone(server: Server, chromium: Chromium) -> None:
    OUTPUT.mkdir(exist_ok=True)
    phone = chromium.open(390, 844, mobile=True)
    _open(phone, server, "folder:0:fete-longue.yaml")
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390  # nothing runs off the side of the screen
    text = _field(phone, CARD_TEXT)
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", text)
    size = text.size
    assert size["width"] >= 300 and size["height"] >= 40
    font = phone.execute_script("return getComputedStyle(arguments[0]).fontSize", text)
    assert float(font.removesuffix("px")) >= 16  # no zoom when the field is touched
    for button in ("save-button", "open-button", "simulate-button"):
        height = phone.find_element(By.ID, button).size["height"]
        assert height >= 40, button
    before = _loaded(phone, "preview-front")
    text.clear()
    text.send_keys("Une fête courte.")
    _wait(phone, lambda d: (_loaded(d, "preview-front") or before) != before)
    # the card being typed stays in view: a small copy of its picture in a corner
    mini = phone.find_element(By.CSS_SELECTOR, "#mini-preview img")
    assert mini.is_displayed()
    assert mini.get_attribute("src") == phone.find_element(By.ID, "preview-front").get_attribute(
        "src"
    )
    phone.save_screenshot(str(OUTPUT / "studio-390x844-typing.png"))
    phone.execute_script("window.scrollTo(0, 0)")
    phone.save_screenshot(str(OUTPUT / "studio-390x844.png"))


def test_ctrl_space_completes_a_key_of_the_theme_format(server: Server, browser: Any) -> None:
    _open(browser, server, "folder:0:fete-longue.yaml")
    browser.find_element(By.ID, "tab-yaml").click()
    area = browser.find_element(By.ID, "yaml")
    browser.execute_script(
        "const a = arguments[0]; a.focus(); a.setSelectionRange(a.value.length, a.value.length);",
        area,
    )
    area.send_keys("\ndiscard_at")
    ActionChains(browser).key_down(Keys.CONTROL).send_keys(" ").key_up(Keys.CONTROL).perform()
    _wait(
        browser,
        lambda d: (
            d.find_element(By.ID, "yaml")
            .get_attribute("value")
            .endswith("\ndiscard_at_max_hints: ")
        ),
    )
    assert "discard_at_max_hints" in browser.find_element(By.ID, "key-help").text


def test_the_debrief_questions_are_edited_one_a_line_in_the_form(
    server: Server, browser: Any
) -> None:
    _open(browser, server, "folder:0:fete-longue.yaml")
    browser.find_element(By.CSS_SELECTOR, 'details[data-name="debrief"] summary').click()
    buddhism = _field(browser, "debrief.suits.bouddhisme")
    assert len(buddhism.get_attribute("value").splitlines()) == 2
    assert buddhism.get_attribute("value").startswith("Vesak rappelle")
    deck = _field(browser, "debrief.questions")
    deck.send_keys("\nQuelle famille avons-nous complétée en premier\u00a0?")
    browser.find_element(By.ID, "tab-yaml").click()
    _wait(
        browser,
        lambda d: (
            "    - Quelle famille avons-nous complétée en premier\u00a0?\n"
            in d.find_element(By.ID, "yaml").get_attribute("value")
        ),
    )
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert text.count("Quel indice a le plus aidé l’équipe") == 1  # the list kept, one added
    assert not browser.find_elements(By.CSS_SELECTOR, "#problems li")
