"""axe-core finds no WCAG 2.2 A or AA violation on the page of an older table whose deck
changed since its game began (French, and Arabic written right to left)."""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y_helpers import describe, run_axe
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import start_server
from selenium.webdriver.support.ui import WebDriverWait
from test_referee_decks_migration import CLASSIC, _old_store


@pytest.mark.parametrize("language", ["fr", "ar"])
def test_the_deck_changed_page_has_no_a_or_aa_violation(
    tmp_path: Path, chromium: Chromium, language: str
) -> None:
    cut = tmp_path / "cut.yaml"
    cut.write_text(CLASSIC.replace("hint: {count: 8", "hint: {count: 1", 1), "utf-8")
    database = tmp_path / "referee.sqlite3"
    _old_store(database, {"cutfile": str(cut)})
    server = start_server(database)
    try:
        driver = chromium.open(390, 844, mobile=True)
        driver.get(f"{server.url}t/cutfile?lang={language}")
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete"
        )
        assert driver.find_element("css selector", "h1").text
        OUTPUT.mkdir(exist_ok=True)
        driver.save_screenshot(str(OUTPUT / f"a11y-deck-changed-{language}.png"))
        violations = run_axe(driver)
        assert not violations, describe(violations)
    finally:
        server.stop()
