"""The projector from the back of a classroom: the last card's text is never cut off.

Headless Chromium (skipped without it, except in CI). The final-round banner takes
a row of the 1920x1080 screen and the teams have names as long as allowed; the
longest festival text with a long announcement must still fit in its box, in
letters still readable. The screenshot lands in ``tests/referee/output/``.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import OUTPUT, open_chromium
from referee_helpers import Server, call_api
from selenium.webdriver.support.ui import WebDriverWait

ISLAM = 3  # the festival deck's suit whose 1 has the longest text (« Nouvel An de l’Hégire »)
TEAMS = [  # as long as a team's name may be (40 characters)
    "Les Éléphants roses de la vallée du Nil",
    "Les Hippopotames de l'équipe numéro deux",
    "Les Ornithorynques qui savent tout faire",
    "Les Loups-garous du troisième étage bis",
]


@pytest.fixture
def projector() -> Iterator[Any]:
    profile = Path(tempfile.mkdtemp(prefix="deckforge-chromium-"))
    driver = open_chromium(1920, 1080, profile)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _version(driver: Any) -> int:
    return int(
        driver.execute_script("return document.querySelector('.screen-inner').dataset.version")
    )


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


def test_a_slip_of_the_finger_on_a_long_undo_can_be_cancelled(server: Server) -> None:
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
    profile = Path(tempfile.mkdtemp(prefix="deckforge-chromium-"))
    phone = open_chromium(390, 844, profile, mobile=True)
    try:
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
    finally:
        phone.quit()
        shutil.rmtree(profile, ignore_errors=True)
