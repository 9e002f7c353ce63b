"""A digital table's replay shows nothing a seat could not see while the game can go on.

A seeded festival game of four teams is played to its end by the conventions bot
through the seats' API. At checkpoints, every step of the replay (and the routes that
follow it) is fetched and searched, with the seat pages' leak finder, for each seat's
own cards. Once a later game has begun, the first game is over for good: its replay
shows the hands, and the leak finder sees them (the negative control).
"""

from __future__ import annotations

import html
import re

import pytest
from digital_helpers import create_digital, leaks, seat_act, seat_payload, secrets_of
from flask.testing import FlaskClient

from deckforge.rules import Game
from deckforge.rules.bots import BOTS
from deckforge.theme.loader import load_theme

THEME = "interfaith-festival"
TEAMS = ["Lions", "Aigles", "Dauphins", "Loups"]
SEED = 8_675_309_777


QUESTIONS = re.compile(r'<ul class="questions"[^>]*>(.*?)</ul>', re.S)


def without_questions(body: str, theme) -> str:
    """The page without the theme's questions for the class: they are the theme's words,
    the same whatever the deal (checked here), so naming a festival there tells no seat
    what it holds."""
    asked = {q for s in theme.suits for q in theme.debrief.for_suit(s.id)}
    asked |= set(theme.debrief.questions)
    for block in QUESTIONS.findall(body):
        shown = {html.unescape(q) for q in re.findall(r"<li>(.*?)</li>", block)}
        assert shown <= asked, shown - asked
    return QUESTIONS.sub("", body)


def replay_responses(client: FlaskClient, table_id: str, game: int, steps: int) -> list:
    found = []
    for step in range(steps + 1):
        url = f"/t/{table_id}/replay?game={game}&step={step}"
        response = client.get(url)
        assert response.status_code == 200, url
        found.append((url, response.get_data(as_text=True), response.content_type))
    for url in (f"/t/{table_id}/replay", f"/t/{table_id}/replay/follow"):
        response = client.get(url)
        found.append((url, response.get_data(as_text=True) + str(response.headers), "text/html"))
    return found


@pytest.mark.fuzz  # a whole bot-played game, every step searched: not in the fast loop
def test_no_replay_response_shows_a_seat_its_own_cards_while_the_game_can_go_on(
    client: FlaskClient,
) -> None:
    theme = load_theme(THEME)
    table = create_digital(client, THEME, TEAMS, seed=SEED)
    game = Game.deal(theme, len(TEAMS), SEED)
    bots = [BOTS["conventions"](seat, 7) for seat in range(len(TEAMS))]
    checked = 0
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        response = seat_act(client, table, seat, game.turn, seat_payload(action))
        assert response.status_code == 200, response.get_json()
        event = game.apply(action, seat)
        for other, bot in enumerate(bots):
            bot.observe(game.view(other), action, event)
        if game.turn % 9 == 0 or game.is_over:
            responses = replay_responses(client, table.id, 1, game.turn)
            for seat_now in range(len(TEAMS)):
                secrets = secrets_of(game, seat_now, SEED)
                for url, body, kind in responses:
                    found = leaks(without_questions(body, theme), secrets, theme, kind)
                    assert not found, f"seat {seat_now} sees its own cards in {url}: {found}"
                    checked += 1
    assert game.turn > 40 and checked > 1000
    # the game is over, but an undo could still bring it back: no hand yet
    final = client.get(f"/t/{table.id}/replay").get_data(as_text=True)
    assert 'data-owner="' not in final


def test_once_a_later_game_has_begun_the_hands_show_and_the_finder_sees_them(
    client: FlaskClient,
) -> None:
    theme = load_theme(THEME)
    table = create_digital(client, THEME, TEAMS, seed=SEED)
    game = Game.deal(theme, len(TEAMS), SEED)
    bots = [BOTS["conventions"](seat, 11) for seat in range(len(TEAMS))]
    for _ in range(12):
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        assert seat_act(client, table, seat, game.turn, seat_payload(action)).status_code == 200
        event = game.apply(action, seat)
        for other, bot in enumerate(bots):
            bot.observe(game.view(other), action, event)
    started = client.post(
        f"/api/tables/{table.id}/games", headers=table.auth, json={"version": game.turn}
    )
    assert started.status_code in (200, 201), started.get_json()
    earlier = client.get(f"/t/{table.id}/replay?game=1&step=12").get_data(as_text=True)
    assert earlier.count('data-owner="') == sum(len(hand) for hand in game.hands)
    secrets = secrets_of(game, 0, SEED)
    assert secrets.hidden and leaks(earlier, secrets, theme, "text/html")  # the control
    # the new game is hidden again
    current = client.get(f"/t/{table.id}/replay?game=2").get_data(as_text=True)
    assert 'data-owner="' not in current
