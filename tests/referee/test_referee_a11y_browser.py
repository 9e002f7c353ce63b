"""The referee in headless Chromium for pupils and leaders who read, move and see differently.

- the leader records a hint, a play and a discard by keyboard alone; focus stays on the control
  that acted (or moves to the active tab when that control is gone, or to a refusal);
- at 200 % zoom on a phone (195 CSS px) and at 320 px no page scrolls sideways;
- the projector's key texts reach AAA (7:1, or 4.5:1 for large text), its marks keep their
  contrast under simulated protanopia, deuteranopia and tritanopia, and the "connection lost"
  notice is large and contrasted;
- with the network down, a tap on the leader page keeps the page, says which action is
  not recorded yet, and the action is recorded once when the network is back;
- the finished game's "New game" button is readable (it was white on white at 390x844).

Screenshots land in ``tests/referee/output/a11y-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import (
    LiveTable,
    digital_table,
    end_printed,
    get,
    mid_game_digital,
    mid_game_printed,
    printed_table,
)
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from colour_vision import MACHADO_2009, css_hex, simulate
from referee_helpers import Server, start_server
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from deckforge.contrast import contrast

FESTIVAL = ["Les Lions", "Équipe Arc-en-ciel des Grands", "Les Dauphins", "Les Loups"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("a11y-browser") / "referee.sqlite3")
    yield running
    running.stop()


@pytest.fixture
def browser(chromium: Chromium) -> Any:
    return chromium.open(1280, 900)


def _wait(driver: Any, condition: Any, timeout: float = 10) -> Any:
    """Wait for ``condition``; an element replaced by the page's update meanwhile is read again."""
    return WebDriverWait(
        driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    ).until(condition)


def _focused(driver: Any) -> str:
    return str(driver.execute_script("return document.activeElement.id || ''"))


def _tab_to(driver: Any, element_id: str, backwards: bool = False, limit: int = 120) -> None:
    """Press Tab (or Shift+Tab) until the element with ``element_id`` has the focus."""
    for _ in range(limit):
        if _focused(driver) == element_id:
            return
        chain = ActionChains(driver)
        if backwards:
            chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
        else:
            chain.send_keys(Keys.TAB)
        chain.perform()
    raise AssertionError(f"Tab never reached #{element_id} (focus on #{_focused(driver)})")


def _press(driver: Any, key: str) -> None:
    ActionChains(driver).send_keys(key).perform()


def _live_text(driver: Any) -> str:
    return str(driver.execute_script("return document.getElementById('live').textContent"))


def test_a_leader_records_a_hint_a_play_and_a_discard_by_keyboard_alone(
    server: Server, browser: Any
) -> None:
    table = printed_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"])
    browser.get(table.leader(server))
    browser.execute_script("sessionStorage.clear()")
    browser.get(table.leader(server))
    address = browser.current_url

    # Hint: the first tab, then into its panel to the first colour.
    _tab_to(browser, "tab-hint")
    tab = browser.find_element("id", "tab-hint")
    assert tab.get_attribute("role") == "tab" and tab.get_attribute("aria-selected") == "true"
    _tab_to(browser, "hint-colour-0")
    _press(browser, Keys.ENTER)
    _wait(browser, lambda d: table.version(server) == 1)
    _wait(browser, lambda d: "v1" in d.find_element("css selector", ".remote-title").text)
    assert _focused(browser) == "hint-colour-0"  # stays on the control that acted
    _wait(browser, lambda d: "Ann" in _live_text(d))  # the result, said in the live region
    assert browser.current_url == address  # no reload, no new page
    browser.save_screenshot(str(OUTPUT / "a11y-keyboard-after-hint.png"))

    # Play: back to the tabs, the arrow key picks "Play", Tab into the grid, Space plays.
    _tab_to(browser, "tab-hint", backwards=True)
    _press(browser, Keys.ARROW_RIGHT)
    assert _focused(browser) == "tab-play"
    play = browser.find_element("id", "tab-play")
    assert play.get_attribute("aria-selected") == "true"
    _tab_to(browser, "play-0-1")
    label = browser.find_element("id", "play-0-1").get_attribute("aria-label")
    assert label.startswith("White 1") and "3 left" in label  # suit, rank and copies
    _press(browser, Keys.SPACE)
    _wait(browser, lambda d: table.version(server) == 2)
    _wait(browser, lambda d: "v2" in d.find_element("css selector", ".remote-title").text)
    assert _focused(browser) == "play-0-1"  # two copies left: the button is still there
    assert get(server, f"/api/tables/{table.id}")["suits"][0]["top"] == 1

    # Discard the only green 5: its button is disabled afterwards, focus goes to the tab.
    _tab_to(browser, "tab-play", backwards=True)
    _press(browser, Keys.ARROW_RIGHT)
    assert _focused(browser) == "tab-discard"
    _tab_to(browser, "discard-4-5")
    _press(browser, Keys.ENTER)
    _wait(browser, lambda d: table.version(server) == 3)
    _wait(browser, lambda d: d.find_element("id", "discard-4-5").get_attribute("disabled"))
    assert _focused(browser) == "tab-discard"
    assert "none left" in browser.find_element("id", "discard-4-5").get_attribute("aria-label")
    browser.save_screenshot(str(OUTPUT / "a11y-keyboard-after-discard.png"))

    # Undo by keyboard too, and every control shows a visible focus ring.
    _tab_to(browser, "undo-last")
    ring = browser.execute_script(
        "const s = getComputedStyle(document.activeElement);"
        "return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor];"
    )
    assert ring[0] != "none" and ring[1] >= 2
    assert contrast(css_hex(ring[2]), "#ffffff") >= 3


def test_a_refused_action_moves_focus_to_the_alert(server: Server, browser: Any) -> None:
    table = printed_table(server, "interfaith-festival", FESTIVAL)
    browser.get(table.leader(server))
    _tab_to(browser, "tab-hint")
    _press(browser, Keys.END)  # the last tab: discard (forbidden with every token in)
    assert _focused(browser) == "tab-discard"
    _tab_to(browser, "discard-0-1")
    _press(browser, Keys.ENTER)
    _wait(browser, lambda d: _focused(d) == "problem")
    alert = browser.find_element("id", "problem")
    assert alert.get_attribute("role") == "alert" and "défausser" in alert.text
    assert table.version(server) == 0


def test_with_the_network_down_a_tap_keeps_the_page_and_is_sent_once_when_back(
    server: Server, browser: Any
) -> None:
    table = printed_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"])
    browser.get(table.leader(server))
    browser.execute_cdp_cmd("Network.enable", {})
    down = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", down)
    browser.find_element("id", "tab-hint").click()
    browser.find_element("id", "hint-rank-1").click()
    saving = _wait(browser, lambda d: d.find_element("id", "saving"))
    _wait(browser, lambda d: saving.is_displayed())
    assert saving.text.startswith("Hint → Bob: 1 — not recorded yet")
    assert "Trying again" in saving.text
    assert browser.find_elements("css selector", "main.remote")  # the page is still there
    browser.save_screenshot(str(OUTPUT / "a11y-leader-not-saved-retrying.png"))
    assert table.version(server) == 0
    up = {**down, "offline": False}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", up)
    _wait(browser, lambda d: table.version(server) == 1, timeout=15)
    _wait(browser, lambda d: "Hint → Bob: 1 — recorded." in d.find_element("id", "saving").text)
    _wait(browser, lambda d: "v1" in d.find_element("css selector", ".remote-title").text)
    assert table.version(server) == 1  # sent once: a repeat would carry version 0 and be refused


def _overflow(driver: Any) -> int:
    return int(
        driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def _pages(server: Server) -> list[tuple[str, str]]:
    printed = printed_table(server, "interfaith-festival", FESTIVAL)
    mid_game_printed(server, printed)
    ended = printed_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"])
    mid_game_printed(server, ended)
    end_printed(server, ended)
    digital = digital_table(server, "interfaith-festival", FESTIVAL, seed=11)
    mid_game_digital(server, digital)
    return [
        ("home", f"{server.url}?lang=fr"),
        ("error", f"{server.url}t/none?lang=fr"),
        ("print", f"{server.url}print/?lang=fr"),
        ("studio", f"{server.url}studio/?lang=fr"),
        ("leader", printed.leader(server) + "?welcome=1"),
        ("leader-end", ended.leader(server)),
        ("leader-digital", digital.leader(server)),
        ("seat", digital.seats[0]),
        ("projector", printed.projector(server)),
    ]


@pytest.mark.parametrize("width", [195, 320])
def test_no_page_scrolls_sideways_at_200_percent_zoom_or_320_px(
    server: Server, chromium: Chromium, width: int
) -> None:
    driver = chromium.open(width, 700)
    for name, url in _pages(server):
        driver.get(url)
        _wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        if name == "leader":  # open the discard tab: the widest panel
            driver.execute_script("document.getElementById('tab-discard').click()")
        driver.save_screenshot(str(OUTPUT / f"a11y-{width}px-{name}.png"))
        assert _overflow(driver) <= 0, f"{name} scrolls sideways at {width} px"


# Text colour, effective background and size of one element, as the browser computes them.
STYLE_OF = """
const e = arguments[0];
const s = getComputedStyle(e);
let bg = null;
for (let n = e; n; n = n.parentElement) {
  const c = getComputedStyle(n).backgroundColor;
  if (c && c !== "rgba(0, 0, 0, 0)" && c !== "transparent") { bg = c; break; }
}
return [s.color, bg || "rgb(255, 255, 255)", parseFloat(s.fontSize), parseInt(s.fontWeight, 10),
        s.borderTopColor, s.borderTopStyle];
"""


def _aaa(size: float, weight: int) -> float:
    large = size >= 24 or (size >= 18.66 and weight >= 700)
    return 4.5 if large else 7.0


def _projector(server: Server, driver: Any) -> LiveTable:
    table = printed_table(server, "interfaith-festival", FESTIVAL)
    mid_game_printed(server, table)
    driver.get(table.projector(server))
    _wait(driver, lambda d: d.find_elements("css selector", ".chip.lost"))
    return table


def test_what_the_room_reads_on_the_projector_reaches_aaa(server: Server, browser: Any) -> None:
    _projector(server, browser)
    browser.execute_script("document.getElementById('offline').hidden = false")
    browser.save_screenshot(str(OUTPUT / "a11y-projector-offline-notice.png"))
    selectors = [
        ".theme-title", ".game-no", ".score-line", ".turn-label", ".turn-name", ".seats li",
        ".tok-label", ".deck-count", ".pile-name", ".step", ".step.done", ".announce-line",
        ".discards-title", ".legend", ".offline",
    ]  # fmt: skip
    for selector in selectors:
        elements = browser.find_elements("css selector", selector)
        assert elements, selector
        for element in elements:
            fg, bg, size, weight, *_ = browser.execute_script(STYLE_OF, element)
            ratio = contrast(css_hex(fg), css_hex(bg))
            assert ratio >= _aaa(size, weight), (selector, element.text, fg, bg, size, ratio)
    notice = browser.find_element("css selector", ".offline")
    fg, bg, size, *_ = browser.execute_script(STYLE_OF, notice)
    assert size >= 28 and notice.get_attribute("role") == "alert"  # seen from the back
    assert notice.size["width"] >= 0.9 * browser.execute_script("return innerWidth")


@pytest.mark.parametrize("deficiency", sorted(MACHADO_2009))
def test_the_projector_s_marks_survive_colour_blindness(
    server: Server, browser: Any, deficiency: str
) -> None:
    _projector(server, browser)
    ground = simulate("#10131b", deficiency)

    def seen(css: str) -> str:
        return simulate(css_hex(css), deficiency)

    # Empty token places: a dashed ring, 3:1 or more on the ground; placed ones: a solid ring.
    empty = browser.find_elements("css selector", ".dot:not(.on)")
    placed = browser.find_elements("css selector", ".dot.on")
    assert empty and placed
    for dot in empty:
        *_, border, style = browser.execute_script(STYLE_OF, dot)
        assert style == "dashed" and contrast(seen(border), ground) >= 3
    for dot in placed:
        assert browser.execute_script(STYLE_OF, dot)[5] == "solid"
    # Ranks still to play: a dashed outline and a number that reads (large text).
    for step in browser.find_elements("css selector", ".step:not(.done)"):
        fg, _, _, _, border, style = browser.execute_script(STYLE_OF, step)
        assert style == "dashed" and contrast(seen(fg), ground) >= 4.5
    # No copy left: stripes and a black-and-white badge, whatever the chip's colour looks like.
    for chip in browser.find_elements("css selector", ".chip.lost"):
        pattern = browser.execute_script(
            "return getComputedStyle(arguments[0]).backgroundImage", chip
        )
        assert "repeating-linear-gradient" in pattern
        badge = browser.execute_script(
            "const s = getComputedStyle(arguments[0], '::after');"
            "return [s.content, s.backgroundColor, s.borderTopColor];",
            chip,
        )
        fill = seen(
            browser.execute_script("return getComputedStyle(arguments[0]).backgroundColor", chip)
        )
        assert "✕" in badge[0]
        assert max(contrast(seen(badge[1]), fill), contrast(seen(badge[2]), fill)) >= 3


def test_the_finished_game_s_new_game_button_reads_on_a_phone(
    server: Server, chromium: Chromium
) -> None:
    table = printed_table(server, "hanabi-classic", ["Ann", "Bob", "Cy"])
    end_printed(server, table)
    phone = chromium.open(390, 844, mobile=True)
    phone.get(table.leader(server))
    button = phone.find_element("id", "new-game-now")
    fg, bg, *_ = phone.execute_script(STYLE_OF, button)
    phone.save_screenshot(str(OUTPUT / "a11y-leader-end-new-game.png"))
    assert contrast(css_hex(fg), css_hex(bg)) >= 4.5, (fg, bg)  # was #fff on #fff


def test_a_seat_s_refused_action_takes_the_focus_to_the_reason(
    server: Server, browser: Any
) -> None:
    table = digital_table(server, "interfaith-festival", FESTIVAL, seed=5)
    seat = get(server, f"/api/tables/{table.id}")["current_player"]
    browser.get(table.seats[seat])
    browser.find_element("css selector", ".hand.own .dcard").click()  # the oldest card
    browser.find_element("id", "seat-discard").click()  # every token is in: refused
    _wait(browser, lambda d: d.find_elements("id", "problem"))
    _wait(browser, lambda d: _focused(d) == "problem")
    assert "défausser" in browser.find_element("id", "problem").text
    assert table.version(server) == 0
