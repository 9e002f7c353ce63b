"""axe-core finds no WCAG 2.2 A or AA violation on any referee page, in French and English.

Every page a room meets: the home page, an error page, the print page, the theme studio, and
the projector, the
leader's page and the seats of a printed and a digital table, in mid-game and
after the end. Screenshots land in ``tests/referee/output/a11y-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import (
    LiveTable,
    describe,
    digital_table,
    end_digital,
    end_printed,
    mid_game_digital,
    mid_game_printed,
    printed_table,
    run_axe,
)
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.support.ui import WebDriverWait

DECKS = {
    "fr": ("interfaith-festival", ["Les Lions", "Équipe Arc-en-ciel", "Les Dauphins", "Les Loups"]),
    "en": ("hanabi-classic", ["Ann", "Bob", "Cy"]),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("a11y") / "referee.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def drivers(module_chromium: Chromium) -> dict[str, Any]:
    return {
        "phone": module_chromium.open(390, 844, mobile=True),
        "screen": module_chromium.open(1920, 1080),
    }


@pytest.fixture(scope="module")
def tables(server: Server) -> dict[tuple[str, str, str], LiveTable]:
    """(language, kind, state) -> a table in that state."""
    made = {}
    for language, (theme, players) in DECKS.items():
        for state in ("mid", "end"):
            printed = printed_table(server, theme, players)
            mid_game_printed(server, printed)
            digital = digital_table(server, theme, players, seed=7)
            mid_game_digital(server, digital)
            if state == "end":
                end_printed(server, printed)
                end_digital(server, digital)
            made[(language, "printed", state)] = printed
            made[(language, "digital", state)] = digital
    return made


def _check(driver: Any, url: str, shot: str) -> None:
    driver.get(url)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"a11y-{shot}.png"))
    violations = run_axe(driver)
    assert not violations, f"{url}\n{describe(violations)}"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_home_error_print_and_studio_pages_have_no_a_or_aa_violation(
    server: Server, drivers: dict[str, Any], language: str
) -> None:
    _check(drivers["phone"], f"{server.url}?lang={language}", f"home-{language}")
    _check(drivers["phone"], f"{server.url}t/no-such-table?lang={language}", f"404-{language}")
    _check(drivers["phone"], f"{server.url}print/?lang={language}", f"print-{language}")
    _check(drivers["screen"], f"{server.url}studio/?lang={language}", f"studio-{language}")


@pytest.mark.parametrize("state", ["mid", "end"])
@pytest.mark.parametrize("kind", ["printed", "digital"])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_table_page_has_no_a_or_aa_violation(
    server: Server,
    drivers: dict[str, Any],
    tables: dict[tuple[str, str, str], LiveTable],
    language: str,
    kind: str,
    state: str,
) -> None:
    table = tables[(language, kind, state)]
    name = f"{language}-{kind}-{state}"
    _check(drivers["screen"], table.projector(server), f"projector-{name}")
    _check(drivers["phone"], table.leader(server), f"leader-{name}")
    for seat, url in enumerate(table.seats[:2]):
        _check(drivers["phone"], url, f"seat{seat}-{name}")
