"""Headless Chromium drives the real pages: create a table, lead a short game, watch the projector.

Needs Debian's ``chromium`` and ``chromium-driver``: skipped without them, except
in CI (``CI`` set), where their absence fails the test. Screenshots of both
screens land in ``tests/referee/output/`` (not committed).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, call_api
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


@pytest.fixture
def browsers(chromium: Chromium) -> tuple[Any, Any]:
    return chromium.open(412, 915, mobile=True), chromium.open(1920, 1080)


def _wait(driver: Any, condition: Any, timeout: float = 10) -> Any:
    """Wait for ``condition``; an element replaced by the page's redraw meanwhile is read
    again (a loaded machine let a redraw fall between finding and reading it)."""
    return WebDriverWait(
        driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
    ).until(condition)


def _click(phone: Any, selector: str) -> None:
    """Click the phone's element, found again if the page's redraw replaced it between
    finding and clicking (the phone redraws after its own answer, which may come after
    the projector's)."""

    def click(driver: Any) -> bool:
        driver.find_element(By.CSS_SELECTOR, selector).click()
        return True

    _wait(phone, click)


def _tab(phone: Any, name: str) -> None:
    _click(phone, f'[data-tab="{name}"]')


def _card(phone: Any, kind: str, suit: int, rank: int) -> None:
    _click(phone, f'#{kind} button[value="{suit}:{rank}"]')


def _projector_says(projector: Any, text: str) -> None:
    _wait(
        projector,
        lambda d: (
            text
            in d.execute_script(
                "return document.getElementById('screen').innerText.replace(/[\u00a0\u202f]/g, ' ')"
            )
        ),
    )


def _version(driver: Any) -> int:
    """The table version the projector shows (read in one step: the screen is redrawn live)."""
    script = "return document.querySelector('.screen-inner').dataset.version"
    return int(driver.execute_script(script))


def test_a_leader_plays_a_short_game_on_the_phone_and_the_projector_follows(
    server: Server, browsers: tuple[Any, Any]
) -> None:
    phone, projector = browsers
    OUTPUT.mkdir(exist_ok=True)

    # Create a table with the French festival deck, the leader's default.
    phone.get(server.url + "?lang=fr")  # a French page offers the French deck first
    assert phone.find_element(By.ID, "theme").get_attribute("value") == "interfaith-festival"
    for seat, name in enumerate(["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]):
        phone.find_element(By.NAME, f"player{seat}").send_keys(name)
    phone.find_element(By.CSS_SELECTOR, 'input[name="first"][value="1"]').click()
    phone.find_element(By.CSS_SELECTOR, "button.primary").click()
    _wait(phone, lambda d: "/lead/" in d.current_url)
    projector_url = phone.find_element(By.CSS_SELECTOR, ".welcome a.big-link").text
    phone.save_screenshot(str(OUTPUT / "leader-phone-welcome.png"))

    projector.get(projector_url)
    _projector_says(projector, "Les Aigles")  # the chosen starter plays first
    assert _version(projector) == 0

    # Discarding with every hint token in is forbidden by this theme: the reason, in French.
    _tab(phone, "discard")
    _card(phone, "discard", 0, 1)
    alert = _wait(phone, lambda d: d.find_element(By.ID, "problem"))
    assert "interdit de défausser" in alert.text
    phone.save_screenshot(str(OUTPUT / "leader-phone-refused.png"))

    # A hint, then a card played: the projector follows without a reload.
    _tab(phone, "hint")
    phone.find_element(By.CSS_SELECTOR, '#hint button[value="rank:1"]').click()
    _projector_says(projector, "Les Aigles → Les Dauphins : indice « 1 »")
    _tab(phone, "play")
    _card(phone, "play", 2, 1)
    _wait(projector, lambda d: _version(d) == 2)
    pile = projector.find_elements(By.CSS_SELECTOR, ".pile")[2]
    assert pile.find_element(By.CSS_SELECTOR, ".pile-rank").text == "1"
    lesson = projector.find_element(By.CSS_SELECTOR, ".lesson-title").text
    assert lesson  # the festival played is told on the big screen

    # A card that does not fit: an error token and the discard pile on the projector.
    _tab(phone, "play")
    _card(phone, "play", 3, 4)
    _wait(projector, lambda d: _version(d) == 3)
    assert projector.find_elements(By.CSS_SELECTOR, ".discard-row")
    assert projector.find_element(By.CSS_SELECTOR, ".announce-line.bad")

    # Undo two steps from the history, then play again.
    phone.find_elements(By.CSS_SELECTOR, ".history button")[1].click()
    _wait(projector, lambda d: _version(d) == 4)
    _wait(phone, lambda d: "v4" in d.find_element(By.CLASS_NAME, "remote-title").text)
    assert not projector.find_elements(By.CSS_SELECTOR, ".discard-row")
    _tab(phone, "play")
    _card(phone, "play", 2, 1)
    _wait(projector, lambda d: _version(d) == 5)
    for kind, card in (("play", (0, 1)), ("hint", None), ("play", (2, 2)), ("discard", (4, 1))):
        before = _version(projector)
        _tab(phone, kind)
        if card is None:
            phone.find_element(By.CSS_SELECTOR, '#hint button[value="colour:1"]').click()
        else:
            _card(phone, kind, *card)
        _wait(projector, lambda d, v=before: _version(d) == v + 1)
    # Keyboard shortcuts (a laptop): P, the family's row, the rank; then U undoes it.
    before = _version(projector)
    phone.find_element(By.TAG_NAME, "body").send_keys("p21")
    _wait(projector, lambda d: _version(d) == before + 1)
    assert projector.find_elements(By.CSS_SELECTOR, ".pile-rank")[1].text == "1"
    _wait(phone, lambda d: f"v{before + 1}" in d.find_element(By.CLASS_NAME, "remote-title").text)
    phone.find_element(By.TAG_NAME, "body").send_keys("u")
    _wait(projector, lambda d: _version(d) == before + 2)
    _wait(phone, lambda d: f"v{before + 2}" in d.find_element(By.CLASS_NAME, "remote-title").text)
    _tab(phone, "play")
    phone.save_screenshot(str(OUTPUT / "leader-phone.png"))
    projector.save_screenshot(str(OUTPUT / "projector-1920x1080.png"))
    assert projector.find_element(By.CSS_SELECTOR, ".pile-name").text.split()[0] == "Bouddhisme"


def _dead_card(state: dict[str, Any]) -> dict[str, int]:
    """A card nobody needs any more: already played on its pile, or beyond a lost rank."""
    for suit in state["suits"]:
        for rank in suit["ranks"]:
            if suit["copies_left"][rank - 1] == 0:
                continue
            lost_below = any(
                suit["copies_left"][r - 1] == 0 and r not in suit["stack"] for r in range(1, rank)
            )
            if rank in suit["stack"] or lost_below:
                return {"suit": suit["index"], "rank": rank}
    raise AssertionError("no dead card left")


def test_the_projector_shows_lost_cards_the_final_round_and_the_end_screen(
    server: Server, browsers: tuple[Any, Any]
) -> None:
    phone, projector = browsers
    OUTPUT.mkdir(exist_ok=True)
    created = call_api(
        server,
        "/api/tables",
        {"theme": "interfaith-festival", "players": ["Rouges", "Verts", "Bleus", "Jaunes"]},
    )
    table, token = created["id"], created["leader_token"]
    projector.get(created["urls"]["projector"])
    phone.get(created["urls"]["leader"])
    state = created["state"]

    def send(action: dict[str, Any]) -> None:
        nonlocal state
        state = call_api(
            server,
            f"/api/tables/{table}/actions",
            {"version": state["version"], "action": action},
            token,
        )

    def hint() -> None:
        send(
            {
                "type": "rank-hint",
                "target": (state["current_player"] + 1) % 4,
                "rank": 1,
                "touched": 1,
            }
        )

    for _ in range(2):  # both copies of Bouddhisme 2 are discarded: lost for good
        hint()
        send({"type": "discard", "card": {"suit": 0, "rank": 2}})
    for suit in range(1, 5):
        for rank in range(1, 6):
            send({"type": "play", "card": {"suit": suit, "rank": rank}})
    send({"type": "play", "card": {"suit": 0, "rank": 1}})
    while state["final_turns_left"] is None:
        if state["hint_tokens"]["available"] == state["hint_tokens"]["count"]:
            hint()
        else:
            send({"type": "discard", "card": _dead_card(state)})
    _wait(projector, lambda d: _version(d) == state["version"])
    banner = projector.find_element(By.CSS_SELECTOR, ".banner.final").text
    assert "Dernier tour" in banner and "4" in banner
    assert projector.find_elements(By.CSS_SELECTOR, ".chip.lost")
    projector.save_screenshot(str(OUTPUT / "projector-final-round.png"))

    while not state["is_over"]:
        hint() if state["hint_tokens"]["available"] else send(
            {"type": "discard", "card": _dead_card(state)}
        )
    _wait(projector, lambda d: _version(d) == state["version"])
    end = projector.find_element(By.CSS_SELECTOR, ".endscreen").text
    assert "21" in end and "Fête mémorable" in end
    projector.save_screenshot(str(OUTPUT / "projector-end.png"))
    phone.refresh()
    phone.save_screenshot(str(OUTPUT / "leader-phone-end.png"))


def test_without_event_streams_the_projector_falls_back_to_polling(
    server: Server, browsers: tuple[Any, Any]
) -> None:
    _, projector = browsers
    # Every way to a stream taken away (a shared worker or a leading tab would still open
    # one where the page has no EventSource), so the page can only poll.
    no_streams = (
        "delete window.EventSource; delete window.SharedWorker; delete window.BroadcastChannel;"
    )
    projector.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": no_streams})
    created = call_api(
        server, "/api/tables", {"theme": "hanabi-classic", "players": ["Ann", "Bob"]}
    )
    projector.get(created["urls"]["projector"])
    assert projector.execute_script("return typeof EventSource") == "undefined"
    _wait(
        projector,
        lambda d: d.execute_script("return document.documentElement.dataset.live") == "polling",
    )
    call_api(
        server,
        f"/api/tables/{created['id']}/actions",
        {"version": 0, "action": {"type": "play", "card": {"suit": 1, "rank": 1}}},
        created["leader_token"],
    )
    _wait(projector, lambda d: _version(d) == 1, timeout=10)  # polled every 3 s
    assert "Ann played" in projector.execute_script(
        "return document.getElementById('screen').innerText.replace(/[\u00a0\u202f]/g, ' ')"
    )


# --------------------------------------------------------------------------------------
# The projector from the back of a classroom: the last card's text is never cut off.
#
# Headless Chromium (skipped without it, except in CI). The final-round banner takes
# a row of the 1920x1080 screen and the teams have names as long as allowed; the
# longest festival text with a long announcement must still fit in its box, in
# letters still readable. The screenshot lands in ``tests/referee/output/``.

ISLAM = 3  # the festival deck's suit whose 1 has the longest text (« Nouvel An de l’Hégire »)
TEAMS = [  # as long as a team's name may be (40 characters)
    "Les Éléphants roses de la vallée du Nil",
    "Les Hippopotames de l'équipe numéro deux",
    "Les Ornithorynques qui savent tout faire",
    "Les Loups-garous du troisième étage bis",
]


@pytest.fixture
def projector(chromium: Chromium) -> Any:
    return chromium.open(1920, 1080)


def _overflow(driver: Any, selector: str) -> int:
    """How many pixels of the box's content are hidden below its bottom edge."""
    return int(
        driver.execute_script(
            "const box = document.querySelector(arguments[0]);"
            "return box.scrollHeight - box.clientHeight;",
            selector,
        )
    )


def test_the_last_cards_text_fits_on_the_projector_in_the_final_round_with_long_names(
    server: Server, projector: Any
) -> None:
    created = call_api(server, "/api/tables", {"theme": "interfaith-festival", "players": TEAMS})
    table, token, state = created["id"], created["leader_token"], created["state"]
    projector.get(created["urls"]["projector"])

    def send(action: dict[str, Any]) -> None:
        nonlocal state
        state = call_api(
            server,
            f"/api/tables/{table}/actions",
            {"version": state["version"], "action": action},
            token,
        )

    for suit in range(5):
        for rank in range(1, 6 if suit < 4 else 5):  # 25 cards would end the game at once
            send({"type": "play", "card": {"suit": suit, "rank": rank}})
    # Every card left but the last 5 is dead: hint and discard until the draw pile
    # is empty, a second Islam 1 last (the deck's longest text, a long line too).
    dead = [(suit, 2) for suit in range(5)] + [(suit, 3) for suit in range(4)] + [(ISLAM, 1)]
    for suit, rank in dead:
        send({"type": "rank-hint", "target": (state["current_player"] + 1) % 4, "rank": 5})
        send({"type": "discard", "card": {"suit": suit, "rank": rank}})
    assert state["final_turns_left"] is not None and state["last"]["title"]

    WebDriverWait(projector, 10, poll_frequency=0.05).until(
        lambda d: _version(d) == state["version"]
    )
    OUTPUT.mkdir(exist_ok=True)
    projector.save_screenshot(str(OUTPUT / "projector-final-round-long-text.png"))
    assert projector.find_elements("css selector", ".banner.final")
    assert _overflow(projector, ".announce") <= 1
    assert _overflow(projector, ".discards") <= 1
    assert _overflow(projector, "body") <= 1  # nothing pushed off the bottom of the screen
    size = projector.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('.lesson-text')).fontSize)"
    )
    assert size >= 20  # still readable from the back of the room (1080 px high)

    # A 4:3 projector (1024x768): the width limits the letters; the text uses the height.
    projector.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": False},
    )
    projector.refresh()
    WebDriverWait(projector, 10, poll_frequency=0.05).until(
        lambda d: _version(d) == state["version"]
    )
    projector.save_screenshot(str(OUTPUT / "projector-final-round-long-text-4x3.png"))
    for box in (".announce", ".discards", "body"):
        assert _overflow(projector, box) <= 1
    size = projector.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('.lesson-text')).fontSize)"
    )
    assert size >= 18.5  # without the room taken from the height: 1.65 x 10.96 px = 18.1


def test_a_slip_of_the_finger_on_a_long_undo_can_be_cancelled(
    server: Server, chromium: Chromium
) -> None:
    created = call_api(
        server,
        "/api/tables",
        {"theme": "interfaith-festival", "players": ["Lions", "Aigles", "Loups", "Ours"]},
    )
    table, token = created["id"], created["leader_token"]
    for version in range(4):
        call_api(
            server,
            f"/api/tables/{table}/actions",
            {
                "version": version,
                "action": {"type": "rank-hint", "target": (version + 1) % 4, "rank": 1},
            },
            token,
        )
    phone = chromium.open(390, 844, mobile=True)
    phone.get(created["urls"]["leader"])
    wait = WebDriverWait(phone, 10, poll_frequency=0.05)

    def undo_four() -> None:
        phone.find_element(
            "css selector", '.history input[name="steps"][value="4"] + button'
        ).click()
        wait.until(lambda d: d.switch_to.alert)

    undo_four()
    assert "4" in phone.switch_to.alert.text
    phone.switch_to.alert.dismiss()  # "no": nothing is sent, the page still works
    assert call_api(server, f"/api/tables/{table}")["version"] == 4
    undo_four()
    phone.switch_to.alert.accept()
    wait.until(lambda d: "Rien n’a encore été joué." in d.page_source)
    assert call_api(server, f"/api/tables/{table}")["version"] == 5
