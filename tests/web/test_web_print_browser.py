"""The "Print a deck" page in a real browser, from a laptop and from a phone.

A teacher opens the referee's home page, follows "Print a deck", chooses a
theme, Letter paper, the short edge and a back offset typed with a decimal
comma, and downloads cards.pdf: it must be byte for byte what
``deckforge print`` writes with the same options.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

sys.path.append(str(Path(__file__).resolve().parents[1] / "referee"))
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from deckforge.cli import main

OUTPUT = Path(__file__).parent / "output"
THEME = "interfaith-festival"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as folder:
        running = start_server(Path(folder) / "referee.sqlite3")
        try:
            yield running
        finally:
            running.stop()


def _size(mobile: bool) -> tuple[int, int]:
    return (390, 844) if mobile else (1280, 900)


def _downloaded(driver: Any, folder: Path, name: str, seconds: float = 60) -> bytes:
    """The file once the browser has finished writing it."""
    target = folder / name
    WebDriverWait(driver, seconds, poll_frequency=0.1).until(
        lambda _: target.is_file() and not list(folder.glob("*.crdownload")),
        f"{name} was not downloaded",
    )
    return target.read_bytes()


def _fill_the_form(driver: Any) -> None:
    Select(driver.find_element(By.ID, "theme")).select_by_value(THEME)
    Select(driver.find_element(By.ID, "paper")).select_by_value("letter")
    driver.find_element(By.CSS_SELECTOR, "input[name=duplex][value=short]").click()
    for field, value in (("offset_x", "1,5"), ("offset_y", "-0.5")):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)


@pytest.mark.parametrize("mobile", [False, True], ids=["laptop", "phone"])
def test_a_letter_kit_with_an_offset_downloads_byte_identical_to_the_command(
    server: Server, chromium: Chromium, tmp_path: Path, mobile: bool
) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = chromium.open(*_size(mobile), mobile=mobile, downloads=downloads)
    driver.get(server.url + "?lang=en")
    driver.find_element(By.LINK_TEXT, "Print a deck").click()
    assert driver.find_element(By.TAG_NAME, "h1").text == "Print a deck"
    # nothing wider than the phone's screen, nothing fetched from elsewhere
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert driver.execute_script(
        "return [...document.querySelectorAll('[src],[href]')].every("
        "e => !(e.src || e.href) || (e.src || e.href).startsWith(location.origin))"
    )
    _fill_the_form(driver)
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"print-page-{'phone' if mobile else 'laptop'}.png"))
    driver.find_element(By.CSS_SELECTOR, "button[value='cards.pdf']").click()
    received = _downloaded(driver, downloads, f"{THEME}-cards.pdf")
    folder = tmp_path / "cli"
    result = CliRunner().invoke(
        main,
        [
            "print",
            THEME,
            "--paper",
            "letter",
            "--duplex",
            "short",
            "--back-offset",
            "1.5,-0.5",
            "-o",
            str(folder),
        ],
    )
    assert result.exit_code == 0, result.output
    assert received == (folder / "cards.pdf").read_bytes()


def test_a_bad_offset_is_refused_on_the_page_with_the_fields_kept(
    server: Server, chromium: Chromium, tmp_path: Path
) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = chromium.open(*_size(True), mobile=True, downloads=downloads)
    driver.get(server.url + "print/?lang=fr")
    _fill_the_form(driver)
    box = driver.find_element(By.ID, "offset_x")
    box.clear()
    box.send_keys("25")
    driver.find_element(By.ID, "download-zip").click()
    # the refusal is a new page: wait for it (a busy machine loads it slowly)
    alert = WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[role=alert]")
    )
    assert "Décalage des dos" in alert.text
    assert driver.find_element(By.ID, "offset_x").get_attribute("value") == "25"
    assert driver.find_element(By.ID, "offset_x").get_attribute("aria-invalid") == "true"
    selected = Select(driver.find_element(By.ID, "paper")).first_selected_option
    assert selected.get_attribute("value") == "letter"
    assert not list(downloads.iterdir())
