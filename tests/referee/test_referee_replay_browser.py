"""A leader walks the class back through a festival game, as the issue's "Done when" asks.

Four teams play a printed festival game with a misplay and a discarded 5. From the
phone (390×844), the leader puts the replay on the projector (1920×1080), goes to the
first step, jumps to the misplay with "next key moment", shows what the class
discovered and the chart, steps on with the laptop's arrow key, downloads the record
and returns the projector to the game. Screenshots of both screens (and the record's
page as a picture) land in tests/referee/output/debrief-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from a11y_helpers import leader_act, printed_table
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from deckforge.theme.loader import load_theme

FESTIVAL = load_theme("interfaith-festival")
SUIT = {s.id: i for i, s in enumerate(FESTIVAL.suits)}
TEAMS = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]


def play(suit: str, rank: int) -> dict[str, Any]:
    return {"type": "play", "card": {"suit": SUIT[suit], "rank": rank}}


GAME = [
    {"type": "rank-hint", "target": 1, "rank": 1, "touched": 2},  # 1
    play("bouddhisme", 2),  # 2: Vesak before Magha Puja, a misplay
    play("hindouisme", 1),  # 3: Pongal
    {"type": "rank-hint", "target": 0, "rank": 5, "touched": 1},  # 4
    {"type": "discard", "card": {"suit": SUIT["hindouisme"], "rank": 5}},  # 5: the only Diwali
    play("bouddhisme", 1),  # 6
    play("christianisme", 1),  # 7
    play("hindouisme", 2),  # 8
    play("judaisme", 1),  # 9
    play("islam", 1),  # 10
    play("bouddhisme", 2),  # 11
    play("christianisme", 2),  # 12
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = start_server(tmp_path / "referee.sqlite3")
    yield running
    running.stop()


def _wait(driver: Any, condition: Any, timeout: float = 20) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def _tap(phone: Any, element_id: str) -> None:
    button = _wait(phone, lambda d: d.find_element(By.ID, element_id))
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def _words(text: str) -> str:
    """Text as read aloud: the chips' own lines joined."""
    return " ".join(text.split())


def _shot(driver: Any, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"debrief-{name}.png"))


def test_a_leader_walks_the_class_back_through_a_festival_game_from_the_phone(
    server: Server, chromium: Chromium, tmp_path: Path
) -> None:
    table = printed_table(server, "interfaith-festival", TEAMS)
    for action in GAME:
        leader_act(server, table, action)
    projector = chromium.open(1920, 1080)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    phone = chromium.open(390, 844, mobile=True, downloads=downloads)
    projector.get(table.projector(server))
    phone.get(table.leader(server))
    _wait(projector, lambda d: d.find_element(By.ID, "screen"))

    # the phone puts the replay on the projector, at the game's last step
    _tap(phone, "remote-show")
    replay = f"/t/{table.id}/replay?game=1&step="
    _wait(projector, lambda d: replay + str(len(GAME)) in d.current_url)
    _tap(phone, "remote-first")
    _wait(projector, lambda d: d.current_url.endswith(replay + "0"))
    assert "Pas encore de moment clé" in projector.page_source

    # "next key moment": the misplay, in words, with what it cost
    _tap(phone, "remote-next-moment")
    _wait(projector, lambda d: d.current_url.endswith(replay + "2"))
    announce = _words(projector.find_element(By.CSS_SELECTOR, ".announce-line").text)
    assert "Les Aigles" in announce and "Bouddhisme 2" in announce
    assert "étape 2 sur 12" in projector.find_element(By.CSS_SELECTOR, ".replay-title").text
    _shot(projector, "1920x1080-misplay")
    where = _wait(phone, lambda d: d.find_element(By.ID, "replay-remote-where"))
    assert "étape 2 sur 12" in where.text
    _shot(phone, "390x844-remote")

    # the next key moment is the last Diwali: the family's best from then on
    _tap(phone, "remote-next-moment")
    _wait(projector, lambda d: d.current_url.endswith(replay + "5"))
    moments = _words(projector.find_element(By.ID, "moments").text)
    assert "Hindouisme ne peut plus dépasser 4" in moments

    # what we discovered, then the chart, each scrolled into view on the projector
    _tap(phone, "remote-last")
    _wait(projector, lambda d: d.current_url.endswith(replay + "12"))
    _tap(phone, "remote-section-discovered")
    _wait(projector, lambda d: d.current_url.endswith("#discovered"))
    _wait(projector, lambda d: d.execute_script("return window.scrollY") > 500)
    found = _words(projector.find_element(By.ID, "discovered").text)
    assert "Pongal" in found and "Magha Puja" in found and "Noël" in found
    assert "Diwali" in found  # among the cards lost
    _shot(projector, "1920x1080-discovered")
    _tap(phone, "remote-section-chart")
    _wait(projector, lambda d: d.current_url.endswith("#chart"))
    chart = projector.find_element(By.CSS_SELECTOR, "svg.game-chart")
    assert chart.get_attribute("role") == "img"
    assert len(chart.find_elements(By.CSS_SELECTOR, "polyline")) == 4
    _shot(projector, "1920x1080-chart")

    # on the laptop, the arrow keys step through the game too
    _tap(phone, "remote-first")
    _wait(projector, lambda d: d.current_url.endswith(replay + "0"))
    projector.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    _wait(projector, lambda d: d.current_url.endswith(replay + "1"))

    # the record, downloaded on the phone: one page, the deck's language, its moments
    _tap(phone, "record-link")
    record = _wait(phone, lambda d: next(iter(downloads.glob("*.pdf")), None), 30)
    _wait(
        phone, lambda d: record.stat().st_size > 1000 and not list(downloads.glob("*.crdownload"))
    )
    document = pdfium.PdfDocument(record.read_bytes())
    assert len(document) == 1
    text = " ".join(document[0].get_textpage().get_text_range().split())
    assert "compte rendu de partie" in text and "Les Aigles" in text and "Étape 2" in text
    document[0].render(scale=1).to_pil().save(OUTPUT / "debrief-record.png")

    # back to the live game
    _tap(phone, "remote-stop")
    _wait(projector, lambda d: d.current_url.rstrip("/").endswith(f"/t/{table.id}"))
    _shot(phone, "390x844-after")
