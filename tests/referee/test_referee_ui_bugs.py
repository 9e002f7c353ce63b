"""Leader and projector bugs found by trying the referee (issue 12, point 5), on the server side.

Each test failed before its fix; the browser-side ones (white-on-white button, retry while the
server is down, what the back of the room can see) are in test_referee_a11y_browser.py.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from digital_helpers import create_digital, seat_act
from flask.testing import FlaskClient
from referee_helpers import act, create_table, discard, play, rank_hint

from deckforge.referee.i18n import catalogue
from deckforge.theme.loader import BUNDLED_THEMES


def _touched_choices(page: str) -> list[str]:
    return re.findall(r'name="touched" value="([^"]+)"', page)


def test_the_leader_page_offers_no_empty_hint_where_the_deck_forbids_them(
    client: FlaskClient,
) -> None:
    festival = create_table(client, theme="interfaith-festival", players=["A", "B", "C", "D"])
    page = client.get(f"/t/{festival.id}/lead/{festival.token}").get_data(as_text=True)
    assert "0" not in _touched_choices(page) and "1" in _touched_choices(page)
    classic = create_table(client, theme="hanabi-classic")  # empty hints allowed
    page = client.get(f"/t/{classic.id}/lead/{classic.token}").get_data(as_text=True)
    assert _touched_choices(page)[:2] == ["?", "0"]


def test_a_digital_table_s_leader_page_has_no_printed_card_grid(client: FlaskClient) -> None:
    table = create_digital(client, "interfaith-festival", ["A", "B", "C", "D"], seed=3)
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'id="digital"' in page  # the hands, the seats' links, the pause
    assert 'data-panel="play"' not in page and 'data-panel="discard"' not in page
    assert 'name="card"' not in page and 'class="card-grid"' not in page


def test_the_projector_shows_the_running_score_and_the_most_still_reachable(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="hanabi-classic")
    act(client, table, 0, rank_hint(1, 1))
    act(client, table, 1, play(0, 1))
    act(client, table, 2, discard(1, 5))  # the only red 5: 24 at most
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    line = re.search(r'<div class="score-line">(.*?)</div>', screen, re.S)
    assert line, "no score line while playing"
    text = re.sub(r"<[^>]+>", "", line.group(1))
    assert "Score 1 / 25" in text and "at most 24 still reachable" in text


def test_the_finished_game_s_new_game_button_is_styled_as_the_primary_action(
    client: FlaskClient,
) -> None:
    table = create_table(client)
    for version, rank in enumerate((3, 4, 5)):
        act(client, table, version, play(0, rank))
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'class="primary" id="new-game-now"' in page
    css = client.get("/static/referee.css").get_data(as_text=True)
    rule = re.search(r"\.new-game button\.primary \{([^}]*)\}", css)
    assert rule and "background: var(--accent)" in rule.group(1) and "color: #fff" in rule.group(1)


def _turn_banner(page: str) -> str:
    found = re.search(r'<div class="turn-banner mine">([^<]*)</div>', page)
    assert found, "no 'your turn' banner"
    pick = re.search(r'<p class="pick muted">([^<]*)</p>', page)
    assert pick, "no help under the seat's cards"
    return found.group(1) + " | " + pick.group(1)


@pytest.mark.parametrize("language", ["fr", "en", "de", "ar", "he"])
def test_the_seat_s_your_turn_prompt_names_only_the_actions_allowed_now(
    client: FlaskClient, tmp_path: Path, language: str
) -> None:
    """Discarding refused (every hint token in, where the deck forbids it): "play or give a
    hint", and the help under the seat's cards says "play it"; no hint token left: "play
    or discard"; otherwise all three."""
    deck = tmp_path / f"classic-{language}.yaml"
    deck.write_text(
        f"extends: {BUNDLED_THEMES / 'hanabi-classic.yaml'}\nid: c-{language}\n"
        f"language: {language}\nrules: {{discard_at_max_hints: forbidden}}\n",
        "utf-8",
    )
    words = catalogue(language)
    table = create_digital(client, str(deck), ["A", "B", "C"], seed=7)

    def banner() -> str:
        state = client.get(f"/api/tables/{table.id}").get_json()
        page = client.get(table.seat_page(state["current_player"])).get_data(as_text=True)
        return html.unescape(_turn_banner(page))

    no_discard = words["seat.pick_card_no_discard"]
    assert banner() == words["seat.your_turn_no_discard"] + " | " + no_discard
    for version in range(8):  # every hint token spent (empty hints are allowed here)
        if version == 1:
            assert banner() == words["seat.your_turn"] + " | " + words["seat.pick_card"]
        seat = client.get(f"/api/tables/{table.id}").get_json()["current_player"]
        answer = seat_act(client, table, seat, version, rank_hint((seat + 1) % 3, 5))
        assert answer.status_code == 200, answer.get_json()
    assert banner() == words["seat.your_turn_no_hint"] + " | " + words["seat.pick_card"]
