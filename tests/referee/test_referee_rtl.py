"""An Arabic deck's referee pages are right to left; names in mixed direction are isolated.

The Arabic and Hebrew themes' pages speak their language (catalogues ar.json,
he.json) with dir="rtl"; on an English page a Hebrew name is isolated. Chromium screenshots
at 1920x1080 (projector) and 390x844 (the leader's phone) land in
tests/referee/output/.
"""

from __future__ import annotations

import re
from typing import Any

from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from flask.testing import FlaskClient
from referee_helpers import Server, act, call_api, create_table, play, rank_hint
from selenium.webdriver.common.by import By

FSI, PDI = "\u2068", "\u2069"
PLAYERS = ["سارة", "Tom", "يوسف"]


def test_an_arabic_table_is_an_arabic_right_to_left_page(client: FlaskClient) -> None:
    table = create_table(client, theme="arabic-words", players=PLAYERS)
    act(client, table, 0, rank_hint(1, 1))
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert re.search(r'<html lang="ar" dir="rtl">', page)
    assert "لعبة جديدة" in page  # "New game", from the Arabic catalogue
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    # every name in a sentence is isolated: "Tom" keeps its place in the Arabic sentence
    assert f"{FSI}سارة{PDI} أخبر {FSI}Tom{PDI}" in screen


def test_a_hebrew_table_is_right_to_left_too(client: FlaskClient) -> None:
    table = create_table(client, theme="hebrew-words", players=["דנה", "Tom", "Eli"])
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert '<html lang="he" dir="rtl">' in page
    assert "עכשיו משחק/ת:" in page  # "Now playing:", from the Hebrew catalogue


def test_a_hebrew_name_is_isolated_in_an_english_page(client: FlaskClient) -> None:
    table = create_table(client, theme="hanabi-classic", players=["דנה", "Tom", "Eli"])
    act(client, table, 0, play(0, 1))
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert '<html lang="en">' in page  # an English page stays left to right
    assert f"{FSI}דנה{PDI} played" in page
    english = create_table(client, theme="hanabi-classic", players=["Ann", "Bob", "Cy"])
    act(client, english, 0, play(0, 1))
    plain = client.get(f"/t/{english.id}").get_data(as_text=True)
    assert "Ann played" in plain and FSI not in plain  # Latin pages are as they were


def _direction(driver: Any) -> str:
    return driver.execute_script("return getComputedStyle(document.documentElement).direction")


def test_the_arabic_projector_and_phone_are_right_to_left_in_chromium(
    server: Server, chromium: Chromium
) -> None:
    OUTPUT.mkdir(exist_ok=True)
    body = call_api(server, "/api/tables", {"theme": "arabic-words", "players": PLAYERS})
    token, table = body["leader_token"], body["id"]
    call_api(
        server, f"/api/tables/{table}/actions", {"version": 0, "action": rank_hint(1, 1)}, token
    )
    call_api(server, f"/api/tables/{table}/actions", {"version": 1, "action": play(0, 1)}, token)
    projector = chromium.open(1920, 1080)
    phone = chromium.open(390, 844, mobile=True)
    projector.get(f"{server.url}t/{table}")
    assert _direction(projector) == "rtl"
    piles = projector.find_elements(By.CSS_SELECTOR, ".pile")
    # the first suit (fruit) is on the right, the last on the left
    assert piles[0].location["x"] > piles[-1].location["x"]
    assert "الفواكه" in piles[0].text
    projector.save_screenshot(str(OUTPUT / "rtl-projector-1920x1080.png"))

    phone.get(f"{server.url}t/{table}/lead/{token}")
    assert _direction(phone) == "rtl"
    width = phone.execute_script("return document.documentElement.clientWidth")
    overflow = phone.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= width  # nothing pushed off the phone's screen
    heading = phone.find_element(By.TAG_NAME, "h1")
    box = heading.rect
    assert box["x"] + box["width"] > width / 2  # the title starts on the right
    phone.save_screenshot(str(OUTPUT / "rtl-leader-390x844.png"))
