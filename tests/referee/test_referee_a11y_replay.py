"""The replay and debrief pages: no WCAG 2.2 A or AA violation (axe-core) and AAA contrast
for what the room reads, in French, English, German, Arabic and Hebrew.

A printed game of each language is played with a hint, a play, a misplay and a discarded
5, then to its end; its replay is checked at step 2 and at the last step (the questions
for the class), on the projector (1920×1080) and on a phone (390×844). Screenshots land
in ``tests/referee/output/a11y-replay-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import describe, end_printed, get, mid_game_printed, printed_table, run_axe
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from colour_vision import css_hex
from referee_helpers import Server, start_server
from selenium.webdriver.support.ui import WebDriverWait

from deckforge.contrast import contrast

GERMAN = """\
id: feuerwerk
extends: hanabi-classic
title: Feuerwerk
language: de
"""
DECKS = {
    "fr": ("interfaith-festival", ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]),
    "en": ("hanabi-classic", ["Ann", "Bob", "Cy"]),
    "de": ("feuerwerk", ["Anna", "Ben", "Cem"]),
    "ar": ("arabic-words", ["سارة", "يوسف", "مريم"]),
    "he": ("hebrew-words", ["נועה", "איתי", "מאיה"]),
}
READ_BY_THE_ROOM = [
    ".replay-title", ".replay-step", ".replay-link", ".replay-keys", ".replay-main h2",
    ".moment a", ".moment-step", ".found-title", ".found-text", ".questions li",
    ".lost-cards li",
]  # fmt: skip
STYLE_OF = """
const e = arguments[0];
const s = getComputedStyle(e);
let bg = null;
for (let n = e; n; n = n.parentElement) {
  const c = getComputedStyle(n).backgroundColor;
  if (c && c !== "rgba(0, 0, 0, 0)" && c !== "transparent") { bg = c; break; }
}
return [s.color, bg || "rgb(255, 255, 255)", parseFloat(s.fontSize), parseInt(s.fontWeight, 10)];
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("replay-a11y")
    (folder / "feuerwerk.yaml").write_text(GERMAN, encoding="utf-8")
    running = start_server(folder / "referee.sqlite3", "--themes", str(folder))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def drivers(module_chromium: Chromium) -> dict[str, Any]:
    return {
        "phone": module_chromium.open(390, 844, mobile=True),
        "screen": module_chromium.open(1920, 1080),
    }


def _aaa(size: float, weight: int) -> float:
    large = size >= 24 or (size >= 18.66 and weight >= 700)
    return 4.5 if large else 7.0


def _open(driver: Any, url: str, shot: str) -> None:
    driver.get(url)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"a11y-replay-{shot}.png"))


@pytest.mark.parametrize("language", sorted(DECKS))
def test_the_replay_has_no_a_or_aa_violation_and_reads_at_aaa(
    server: Server, drivers: dict[str, Any], language: str
) -> None:
    theme, players = DECKS[language]
    table = printed_table(server, theme, players)
    mid_game_printed(server, table)
    end_printed(server, table)
    last = get(server, f"/api/tables/{table.id}")["turn"]
    for step in (2, last):
        url = f"{server.url}t/{table.id}/replay?step={step}"
        for device, driver in drivers.items():
            _open(driver, url, f"{language}-{step}-{device}")
            assert driver.execute_script("return document.documentElement.lang") == language
            rtl = driver.execute_script("return document.documentElement.dir") == "rtl"
            assert rtl == (language in ("ar", "he"))
            violations = run_axe(driver)
            assert not violations, f"{url} ({device})\n{describe(violations)}"
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= driver.execute_script("return innerWidth"), (device, wide)
        screen = drivers["screen"]
        screen.get(url)
        seen = 0
        for selector in READ_BY_THE_ROOM:
            for element in screen.find_elements("css selector", selector):
                fg, bg, size, weight = screen.execute_script(STYLE_OF, element)
                ratio = contrast(css_hex(fg), css_hex(bg))
                assert ratio >= _aaa(size, weight), (selector, element.text, fg, bg, ratio)
                seen += 1
        assert seen >= 15, seen
    final = drivers["screen"].page_source
    assert "questions" in final  # every bundled deck asks the class something at the end
