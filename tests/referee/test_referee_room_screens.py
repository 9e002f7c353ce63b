"""The room's screens as a leader sees them, in French and English, at the end of a
strikeout and in the final round: on a 1920x1080 and a 1024x768 projector (and 1280x720),
and on the leader's 390x844 phone. Every number and sentence is checked; screenshots land
in ``tests/referee/output/room-*.png`` to be looked at.

- the most still reachable is at most score + turns left in the final round;
- nothing scrolls sideways, with team names as long as a name may be (40 characters);
- at 1920x1080 the score line, the team list, the tokens and the card's text are at least
  32 px high; at 1024x768 the card's text at least 26 px (the 4:3 rule);
- the end screen leaves the last card's text readable (nothing covers it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from browser_helpers import OUTPUT
from chromium_browsers import Chromium
from referee_helpers import Server, call_api, start_server
from selenium.webdriver.support.ui import WebDriverWait

from deckforge.theme.loader import BUNDLED_THEMES

NBSP = "\u00a0"
TEAMS = {
    "fr": [  # as long as a team's name may be (40 characters)
        "Les Éléphants roses de la vallée du Nil",
        "Les Hippopotames de l'équipe numéro deux",
        "Les Ornithorynques qui savent tout faire",
        "Les Loups-garous du troisième étage bis",
    ],
    "en": [
        "The Pink Elephants of the Big Nile Vale",
        "The Hippopotamuses of the Team Number 2",
        "The Platypuses Who Can Do Just Anything!",
        "The Werewolves of the Third Floor Annexe",
    ],
}
THEME = {"fr": "interfaith-festival", "en": "hanabi-classic", "fr-longest": "longest"}
TEAMS["fr-longest"] = TEAMS["fr"]
# the festival deck with every name as long as the theme format allows: a 100-character
# title, 40-character family and token names (long words, which must not be cut)
LONGEST_TITLE = ("Tous invités à la grande fête interreligieuse et interculturelle " * 2)[:99] + "!"
LONGEST_SUITS = [
    "Bouddhismes theravāda, mahāyāna et zen",
    "Christianismes catholique et orthodoxes",
    "Judaïsmes orthodoxe, libéral et massorti",
    "Islams sunnite, chiite et soufi ensemble",
    "Hindouismes vishnouite et shivaïte unis",
]
LONGEST_ERRORS = (
    "œuvre démoniaque absolument détestable",
    "œuvres démoniaques vraiment détestables",
)
LONGEST_HINTS = ("moment de grâce et de vérité partagée", "moments de grâce et de vérité partagée")


def _longest_theme() -> str:
    data = yaml.safe_load((BUNDLED_THEMES / "interfaith-festival.yaml").read_text("utf-8"))
    data.update(id="longest", title=LONGEST_TITLE)
    for suit, name in zip(data["suits"], LONGEST_SUITS, strict=True):
        suit["name"] = name
    for kind, (one, many) in (("error", LONGEST_ERRORS), ("hint", LONGEST_HINTS)):
        data["tokens"][kind].update(name=one, plural=many)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


ISLAM = 3  # the festival's suit whose 1 has the longest text
SCREENS = [(1920, 1080), (1280, 720), (1024, 768)]
BIG_AT_1920 = [".score-line", ".seats li", ".tok-label", ".lesson-text", ".step"]
SIZE_OF = "return parseFloat(getComputedStyle(arguments[0]).fontSize)"
SIDEWAYS = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
COVERED = """
const e = arguments[0], r = e.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 20);
const top = document.elementFromPoint(x, y);
return !(top === e || e.contains(top));
"""


class Room:
    """One table on the running referee, driven through the API as the leader's taps are."""

    def __init__(self, server: Server, language: str) -> None:
        created = call_api(
            server, "/api/tables", {"theme": THEME[language], "players": TEAMS[language]}
        )
        self.server, self.language = server, language
        self.id, self.token = created["id"], created["leader_token"]
        self.state: dict[str, Any] = created["state"]
        self.urls: dict[str, str] = created["urls"]

    def send(self, action: dict[str, Any]) -> None:
        self.state = call_api(
            self.server,
            f"/api/tables/{self.id}/actions",
            {"version": self.state["version"], "action": action},
            self.token,
        )

    def hint(self) -> None:
        self.send(
            {"type": "rank-hint", "target": (self.state["current_player"] + 1) % 4, "rank": 5}
        )

    def to_final_round(self) -> None:
        """15 cards played (1 to 3 of each family), 19 dead ones discarded: the draw pile
        is empty, the last card discarded is the festival's longest text; then one hint in
        the final round. No card is lost, so 25 was promised; 15 + 3 turns is the truth."""
        for suit in range(5):
            for rank in (1, 2, 3):
                self.send({"type": "play", "card": {"suit": suit, "rank": rank}})
        dead = [(s, r) for s in range(5) for r in (1, 1, 2, 3)]
        dead.remove((ISLAM, 1))
        for suit, rank in [*dead[:18], (ISLAM, 1)]:
            self.hint()
            self.send({"type": "discard", "card": {"suit": suit, "rank": rank}})
        self.hint()
        assert self.state["deck_left"] == 0 and self.state["final_turns_left"] == 3

    def to_strikeout(self) -> None:
        for rank in (3, 4, 5):  # three misplays on an empty pile
            self.send({"type": "play", "card": {"suit": ISLAM, "rank": rank}})
        assert self.state["end"] == "strikeout"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("room")
    (folder / "longest.yaml").write_text(_longest_theme(), encoding="utf-8")
    running = start_server(folder / "referee.sqlite3", "--themes", str(folder))
    yield running
    running.stop()


def _show(driver: Any, url: str, version: int, width: int, height: int) -> None:
    if width:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
    driver.get(url)
    WebDriverWait(driver, 15, poll_frequency=0.05).until(
        lambda d: (
            d.execute_script("return document.readyState") == "complete"
            and d.execute_script(
                "const e = document.querySelector('[data-version]');"
                "return e ? parseInt(e.dataset.version, 10) : -1"
            )
            == version
        )
    )


def _text(driver: Any, selector: str) -> str:
    found: str = driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector
    )
    return found.replace(NBSP, " ").replace("\u202f", " ")


def _projector_checks(driver: Any, width: int, height: int, shot: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUTPUT / f"room-{shot}-{width}x{height}.png"))
    assert driver.execute_script(SIDEWAYS) <= 0, f"{shot} scrolls sideways at {width} px"
    # nothing pushed off the bottom, and the piles keep their cards visible
    bottom = driver.execute_script(
        "return document.querySelector('.lower').getBoundingClientRect().bottom - innerHeight"
    )
    assert bottom <= 1, f"{shot}: the lower row is cut by {bottom} px at {width}x{height}"
    for card in driver.find_elements("css selector", ".pile-card"):
        assert card.size["height"] >= height / 16, f"{shot}: a pile squashed at {width} px"
        rank = card.find_element("css selector", ".pile-rank")
        assert rank.size["height"] <= card.size["height"], f"{shot}: the rank leaves its card"
    if (width, height) == (1920, 1080):
        for selector in BIG_AT_1920:
            for element in driver.find_elements("css selector", selector):
                size = driver.execute_script(SIZE_OF, element)
                assert size >= 32, f"{selector}: {size} px at 1920x1080"
    if (width, height) == (1024, 768):
        for element in driver.find_elements("css selector", ".lower .lesson-text"):
            assert driver.execute_script(SIZE_OF, element) >= 26


@pytest.mark.parametrize("language", ["fr", "en", "fr-longest"])
def test_the_final_round_promises_no_more_than_the_turns_left(
    server: Server, chromium: Chromium, language: str
) -> None:
    room = Room(server, language)
    room.to_final_round()
    state = room.state
    assert state["score"] == 15
    assert state["max_reachable_score"] == 18 == state["score"] + state["final_turns_left"]
    projector = chromium.open(1920, 1080)
    for width, height in SCREENS:
        _show(projector, room.urls["projector"], state["version"], width, height)
        score = _text(projector, ".score-line")
        wanted = {
            "fr": "Score 15 / 25 · au plus 18 points encore possibles",
            "en": "Score 15 / 25 · at most 18 still reachable",
        }[language[:2]]
        assert score == wanted
        banner = _text(projector, ".banner.final")
        assert banner.endswith({"fr": "encore 3 tours", "en": "3 turns left"}[language[:2]])
        _projector_checks(projector, width, height, f"final-{language}")
    phone = chromium.open(390, 844, mobile=True)
    _show(phone, room.urls["leader"], state["version"], 0, 0)
    phone.save_screenshot(str(OUTPUT / f"room-final-{language}-leader-390x844.png"))
    assert phone.execute_script(SIDEWAYS) <= 0


@pytest.mark.parametrize("language", ["fr", "en", "fr-longest"])
def test_the_end_of_a_strikeout_says_it_plainly_and_hides_no_card(
    server: Server, chromium: Chromium, language: str
) -> None:
    room = Room(server, language)
    room.to_strikeout()
    state = room.state
    projector = chromium.open(1920, 1080)
    reason = {
        "fr": "Partie perdue : 3/3 œuvres du démon sur la table.",
        "en": "Game lost: 3/3 error tokens on the table.",
        "fr-longest": f"Partie perdue : 3/3 {LONGEST_ERRORS[1]} sur la table.",
    }[language]
    for width, height in SCREENS:
        _show(projector, room.urls["projector"], state["version"], width, height)
        assert _text(projector, ".end-reason") == reason
        for text in projector.find_elements("css selector", ".lesson-text, .lesson-title"):
            assert not projector.execute_script(COVERED, text), "the end screen hides it"
        clipped = projector.execute_script(
            "const b = document.querySelector('.end-box'); return b.scrollHeight - b.clientHeight"
        )
        assert clipped <= 1, f"the end box cuts {clipped} px at {width}x{height}"
        _projector_checks(projector, width, height, f"strikeout-{language}")
    phone = chromium.open(390, 844, mobile=True)
    _show(phone, room.urls["leader"], state["version"], 0, 0)
    phone.save_screenshot(str(OUTPUT / f"room-strikeout-{language}-leader-390x844.png"))
    assert phone.execute_script(SIDEWAYS) <= 0
    assert reason in _text(phone, "main")


SPLIT_WORDS = """
const split = [];
for (const box of document.querySelectorAll(arguments[0])) {
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (range.getClientRects().length > 1) split.push(m[0]);
    }
  }
}
return split;
"""


@pytest.mark.parametrize("language", ["fr", "fr-longest"])
def test_the_leader_page_keeps_every_family_name_whole(
    server: Server, chromium: Chromium, language: str
) -> None:
    """On a 1920-wide laptop the hint buttons cut 'Christianism|e'; on a phone too."""
    room = Room(server, language)
    for width, height, mobile in ((1920, 1080, False), (390, 844, True)):
        driver = chromium.open(width, height, mobile=mobile)
        _show(driver, room.urls["leader"], 0, 0, 0)
        driver.save_screenshot(str(OUTPUT / f"room-leader-{language}-{width}x{height}.png"))
        assert driver.execute_script(SPLIT_WORDS, ".suit-btn") == []
        assert driver.execute_script(SIDEWAYS) <= 0
