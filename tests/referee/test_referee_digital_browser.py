"""Headless Chromium plays a digital table: two seat pages on phones and the projector.

Needs Debian's ``chromium`` and ``chromium-driver``: skipped without them, except
in CI (``CI`` set), where their absence fails the test. Screenshots of the seat
pages (phone-sized) and of the projector land in ``tests/referee/output/``
(not committed).
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from digital_helpers import leaks, secrets_of
from referee_helpers import Server
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from deckforge.rules import Game, Play, RankHint
from deckforge.theme.loader import load_theme

THEME = "interfaith-festival"
TEAMS = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]
SEED = 20261130


@pytest.fixture
def browsers(chromium: Chromium) -> tuple[Any, Any, Any]:
    """Two phones (seats 0 and 1) and a projector, each with a fresh profile."""
    return (
        chromium.open(390, 844, mobile=True),
        chromium.open(390, 844, mobile=True),
        chromium.open(1920, 1080),
    )


def _post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.load(response)
        return data


def _wait(driver: Any, condition: Any, timeout: float = 10) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _version(driver: Any, selector: str) -> int:
    """The version the page shows, read in one go (the page redraws itself meanwhile)."""
    found = driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.dataset.version : null;",
        selector,
    )
    return -1 if found is None else int(found)


def _seat_version(driver: Any) -> int:
    return _version(driver, ".seat-inner")


def _projector_version(driver: Any) -> int:
    return _version(driver, ".screen-inner")


def _full_page(driver: Any, path: Path) -> None:
    """A screenshot of the whole seat page at the phone's width."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": int(height), "deviceScaleFactor": 1, "mobile": True},
    )
    driver.save_screenshot(str(path))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )


def _no_own_cards(driver: Any, game: Game, seat: int) -> None:
    theme = game.theme
    found = leaks(driver.page_source, secrets_of(game, seat, SEED), theme, "text/html")
    assert not found, found


def test_two_seats_play_a_few_turns_on_their_phones_and_the_projector_follows(
    server: Server, browsers: tuple[Any, Any, Any]
) -> None:
    ann, bob, projector = browsers
    OUTPUT.mkdir(exist_ok=True)
    table = _post(
        server.url + "api/tables",
        {"theme": THEME, "players": TEAMS, "kind": "digital", "seed": SEED},
    )
    seats = [row["url"] for row in table["seats"]]
    secrets = [url.rsplit("/", 1)[1] for url in seats]
    game = Game.deal(load_theme(THEME), len(TEAMS), SEED)

    projector.get(table["urls"]["projector"])
    ann.get(seats[0])
    bob.get(seats[1])
    assert "À vous" in ann.find_element(By.CSS_SELECTOR, ".turn-banner").text
    assert "À jouer : Les Lions" in bob.find_element(By.CSS_SELECTOR, ".turn-banner").text
    assert not bob.find_elements(By.CSS_SELECTOR, "input[name=slot]")  # not its turn
    _no_own_cards(ann, game, 0)
    _no_own_cards(bob, game, 1)

    # Ann tells Les Aigles about a number: the touched cards light up before she sends it.
    rank = game.hand(1)[0].card.rank
    touched = [i for i, h in enumerate(game.hand(1)) if h.card.rank == rank]
    ann.find_element(By.CSS_SELECTOR, f'label.hint-choice input[value="rank:{rank}"]').find_element(
        By.XPATH, ".."
    ).click()
    lit = ann.find_elements(By.CSS_SELECTOR, '.hand.other[data-player="1"] .dcard.lit')
    assert [int(card.get_attribute("data-slot")) for card in lit] == touched
    button = ann.find_element(By.CSS_SELECTOR, "button.hint")
    assert "Les Aigles" in button.text and str(len(touched)) in button.text
    ann.save_screenshot(str(OUTPUT / "seat-phone-hint-preview.png"))
    button.click()
    game.apply(RankHint(1, rank), 0)

    # Everybody follows without a reload: the projector, and Bob, who learns his cards' number.
    _wait(projector, lambda d: _projector_version(d) == 1)
    assert "Les Aigles" in projector.find_element(By.CSS_SELECTOR, ".announce-line").text
    _wait(bob, lambda d: _seat_version(d) == 1)
    assert "À vous" in bob.find_element(By.CSS_SELECTOR, ".turn-banner").text
    ranks = [c.text for c in bob.find_elements(By.CSS_SELECTOR, ".hand.own .d-rank")]
    assert [i for i, r in enumerate(ranks) if r == str(rank)] == touched
    _no_own_cards(bob, game, 1)
    _full_page(bob, OUTPUT / "seat-phone-after-hint.png")

    # Bob plays the card he was told about.
    bob.find_element(By.CSS_SELECTOR, f'.hand.own label.dcard[data-slot="{touched[0]}"]').click()
    bob.find_element(By.CSS_SELECTOR, "button.act-btn.play").click()
    event = game.apply(Play(touched[0]), 1)
    assert event.kind == "play" and event.slot == touched[0]
    _wait(projector, lambda d: _projector_version(d) == 2)
    _wait(ann, lambda d: _seat_version(d) == 2)
    if event.success:
        assert projector.find_element(By.CSS_SELECTOR, ".lesson-title").text
    _no_own_cards(ann, game, 0)
    _no_own_cards(bob, game, 1)

    # The two other teams act from their own devices (here: the API).
    for seat in (2, 3):
        hint = {
            "type": "rank-hint",
            "target": (seat + 1) % 4,
            "rank": game.hand((seat + 1) % 4)[0].card.rank,
        }
        _post(
            f"{server.url}api/tables/{table['id']}/seats/{seat}/actions",
            {"version": game.turn, "action": hint},
            secrets[seat],
        )
        game.apply(RankHint(hint["target"], hint["rank"]), seat)
    _wait(ann, lambda d: _seat_version(d) == 4)
    assert "À vous" in ann.find_element(By.CSS_SELECTOR, ".turn-banner").text
    _no_own_cards(ann, game, 0)
    _full_page(ann, OUTPUT / "seat-phone-your-turn.png")

    # The leader pauses: Ann's page says so and offers no action; then play resumes.
    _post(
        f"{server.url}api/tables/{table['id']}/pause",
        {"version": 4, "paused": True},
        table["leader_token"],
    )
    _wait(ann, lambda d: _seat_version(d) == 5)
    assert ann.find_elements(By.CSS_SELECTOR, ".turn-banner.paused")
    assert not ann.find_elements(By.CSS_SELECTOR, "button.act-btn")
    ann.save_screenshot(str(OUTPUT / "seat-phone-paused.png"))
    _wait(projector, lambda d: _projector_version(d) == 5)
    assert projector.find_elements(By.CSS_SELECTOR, ".banner.paused")
    _post(
        f"{server.url}api/tables/{table['id']}/pause",
        {"version": 5, "paused": False},
        table["leader_token"],
    )
    _wait(ann, lambda d: _seat_version(d) == 6)

    # Ann discards her oldest card; the discard pile shows it on the projector and on Bob's page.
    ann.find_element(By.CSS_SELECTOR, '.hand.own label.dcard[data-slot="0"]').click()
    ann.find_element(By.CSS_SELECTOR, "button.act-btn.discard").click()
    discarded = game.hand(0)[0].card
    _wait(projector, lambda d: _projector_version(d) == 7)
    _wait(bob, lambda d: _seat_version(d) == 7)
    assert f"{discarded.suit}:{discarded.rank}" in [
        chip.get_attribute("data-card")
        for chip in bob.find_elements(By.CSS_SELECTOR, ".discards-mini .chip")
    ]
    assert projector.find_elements(By.CSS_SELECTOR, ".discard-row")
    assert "dcard" not in projector.page_source  # the projector never shows a hand
    bob.save_screenshot(str(OUTPUT / "seat-phone.png"))
    projector.save_screenshot(str(OUTPUT / "digital-projector-1920x1080.png"))
