"""The replay page: the table after k actions, rendered on the server, nothing later."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from referee_helpers import Table, act, create_table, discard, play, rank_hint

from deckforge.theme.loader import load_theme

FESTIVAL = load_theme("interfaith-festival")
HINDU = next(i for i, s in enumerate(FESTIVAL.suits) if s.id == "hindouisme")
BUDDHIST = next(i for i, s in enumerate(FESTIVAL.suits) if s.id == "bouddhisme")
TEAMS = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]


def festival_game(client: FlaskClient) -> Table:
    """A printed festival game of four teams: a hint, a misplay, a discarded 5, Pongal at
    step 3 ... (no card is in a hand on a printed table: cards are named when they go)."""
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    steps = [
        rank_hint(1, 1, touched=2),  # 1
        play(BUDDHIST, 2),  # 2: a misplay (Vesak before Magha Puja)
        play(HINDU, 1),  # 3: Pongal
        rank_hint(0, 5, touched=1),  # 4
        discard(HINDU, 5),  # 5: the only Diwali, discarded
        play(BUDDHIST, 1),  # 6: Magha Puja
    ]
    for version, action in enumerate(steps):
        response = act(client, table, version, action)
        assert response.status_code == 200, response.get_json()
    return table


def page(client: FlaskClient, table: Table, query: str = "") -> str:
    response = client.get(f"/t/{table.id}/replay{query}")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.headers["Cache-Control"] == "no-store"
    return response.get_data(as_text=True)


def test_step_2_does_not_show_pongal_and_step_3_does(client: FlaskClient) -> None:
    table = festival_game(client)
    before = page(client, table, "?game=1&step=2")
    after = page(client, table, "?game=1&step=3")
    assert "Pongal" not in before
    assert "Pongal" in after
    assert "riz au lait" in after  # the card's text, in "what we discovered" and the lesson


def test_no_later_step_leaks_into_any_earlier_one(client: FlaskClient) -> None:
    table = festival_game(client)
    texts = [page(client, table, f"?step={k}") for k in range(7)]
    assert "Diwali" not in "".join(texts[:5]) and "Diwali" in texts[5]
    assert "Magha Puja" not in "".join(texts[:6]) and "Magha Puja" in texts[6]
    # the chart holds one point per step shown, never more
    for k, text in enumerate(texts):
        lines = re.findall(r'<polyline points="([^"]*)"', text)
        assert lines and all(len(line.split()) == k + 1 for line in lines)


def test_the_page_says_the_step_and_the_action_that_led_there(client: FlaskClient) -> None:
    table = festival_game(client)
    text = page(client, table, "?step=2")
    assert "étape 2 sur 6" in text
    assert "Les Aigles" in text and "Vesak" in text
    assert 'lang="fr"' in text


def test_the_key_moments_up_to_the_step_are_listed_with_links(client: FlaskClient) -> None:
    table = festival_game(client)
    text = page(client, table, "?step=6")
    moments = text[text.index('id="moments"') : text.index('id="chart"')]
    assert f"/t/{table.id}/replay?game=1&amp;step=2" in moments  # the misplay
    assert f"/t/{table.id}/replay?game=1&amp;step=5" in moments  # the last Diwali
    assert "ne peut plus dépasser" in moments and "4" in moments
    early = page(client, table, "?step=1")
    assert "Pas encore de moment clé" in early


def test_next_key_moment_redirects_to_its_step(client: FlaskClient) -> None:
    table = festival_game(client)
    response = client.get(f"/t/{table.id}/replay/next-moment?game=1&step=2")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table.id}/replay?game=1&step=5")


def test_what_we_discovered_and_the_questions(client: FlaskClient) -> None:
    table = festival_game(client)
    text = page(client, table, "?step=6")
    found = text[text.index('id="discovered"') :]
    assert "Pongal" in found and "Magha Puja" in found
    lost = found[found.index("Cartes perdues") :]
    assert "Vesak" in lost and "Diwali" in lost
    assert "étape 5, défaussée\u00a0: Les Lions" in lost
    assert "Questions pour la classe" not in text  # they may name any card: after the game


def test_the_themes_questions_come_with_the_end_of_the_game(client: FlaskClient) -> None:
    table = festival_game(client)
    for version, action in ((6, play(HINDU, 3)), (7, play(HINDU, 4))):  # two more misplays
        assert act(client, table, version, action).status_code == 200
    assert "Questions pour la classe" not in page(client, table, "?step=7")
    end = page(client, table, "?step=8")
    found = end[end.index('id="discovered"') :]
    assert "pourquoi laisse-t-on déborder le riz au lait" in found  # a Hindu question
    assert "Quel indice a le plus aidé l’équipe" in found  # a question for the whole deck
    assert "La partie est perdue" in end  # the third misplay ends it


def test_a_step_or_game_that_does_not_exist_is_an_html_error(client: FlaskClient) -> None:
    table = festival_game(client)
    for query in ("?step=7", "?step=-1", "?step=x", "?game=2", "?game=0"):
        response = client.get(f"/t/{table.id}/replay{query}")
        assert response.status_code in (400, 404), query
        assert response.mimetype == "text/html"
    assert client.get("/t/nope/replay").status_code == 404


def test_an_earlier_game_is_replayed_from_the_store(client: FlaskClient) -> None:
    table = festival_game(client)
    response = client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 6})
    assert response.status_code in (200, 201), response.get_json()
    text = page(client, table, "?game=1&step=3")
    assert "Pongal" in text
    assert "Pongal" not in page(client, table, "?game=2")


def test_the_leader_page_and_the_finished_projector_link_to_the_replay(
    client: FlaskClient,
) -> None:
    table = festival_game(client)
    leader = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert f'href="/t/{table.id}/replay"' in leader
    assert "end-replay" not in client.get(f"/t/{table.id}").get_data(as_text=True)  # game on
    for version, action in ((6, play(HINDU, 3)), (7, play(HINDU, 4))):
        assert act(client, table, version, action).status_code == 200
    projector = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert f'href="/t/{table.id}/replay?game=1"' in projector


# ---- the leader's phone moves the projector's replay -----------------------------------


def move(client: FlaskClient, table: Table, what: str, **extra: str) -> Any:
    leader = f"/t/{table.id}/lead/{table.token}"
    page = client.get(leader).get_data(as_text=True)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    version = client.get(f"/api/tables/{table.id}").get_json()["version"]
    form = {"csrf": csrf, "version": str(version), "move": what, **extra}
    return client.post(f"{leader}/replay", data=form)


def followed(client: FlaskClient, table: Table) -> str:
    response = client.get(f"/t/{table.id}/replay/follow")
    assert response.status_code == 204 and response.headers["Cache-Control"] == "no-store"
    return response.headers["X-Replay-Url"]


def test_the_leader_moves_the_projectors_replay_step_by_step(client: FlaskClient) -> None:
    table = festival_game(client)
    assert followed(client, table) == ""
    before = client.get(f"/api/tables/{table.id}").get_json()["version"]
    response = move(client, table, "show")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#replay-remote")
    assert followed(client, table) == f"/t/{table.id}/replay?game=1&step=6"
    # a move is a change of the table: the version moves on, so every projector hears of it
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == before + 1
    move(client, table, "first")
    assert followed(client, table).endswith("step=0")
    move(client, table, "previous")
    assert followed(client, table).endswith("step=0")  # nothing before the deal
    move(client, table, "next")
    assert followed(client, table).endswith("step=1")
    move(client, table, "next-moment")
    assert followed(client, table).endswith("step=2")  # the misplay
    move(client, table, "next-moment")
    assert followed(client, table).endswith("step=5")  # the last Diwali
    move(client, table, "last")
    assert followed(client, table).endswith("step=6")
    move(client, table, "next")
    assert followed(client, table).endswith("step=6")
    leader = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert "Le projecteur montre la partie 1, étape 6 sur 6." in leader
    move(client, table, "stop")
    assert followed(client, table) == ""
    assert "Le projecteur montre la partie en cours." in client.get(
        f"/t/{table.id}/lead/{table.token}"
    ).get_data(as_text=True)


def test_the_projector_pages_know_where_the_leaders_replay_stands(client: FlaskClient) -> None:
    table = festival_game(client)
    assert 'data-shown=""' in client.get(f"/t/{table.id}").get_data(as_text=True)
    move(client, table, "show")
    move(client, table, "first")
    shown = f'data-shown="/t/{table.id}/replay?game=1&amp;step=0"'
    assert shown in client.get(f"/t/{table.id}").get_data(as_text=True)
    assert shown in page(client, table, "?step=0")


def test_a_replay_move_needs_the_leader_a_known_move_and_the_current_version(
    client: FlaskClient,
) -> None:
    table = festival_game(client)
    assert move(client, table, "sideways").status_code == 400
    wrong = Table(table.id, "not-the-token", table.body)
    assert client.post(f"/t/{table.id}/lead/wrong/replay", data={"move": "show"}).status_code in (
        403,
        404,
    )
    del wrong
    leader = f"/t/{table.id}/lead/{table.token}"
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(leader).get_data(as_text=True))
    stale = client.post(
        f"{leader}/replay", data={"csrf": csrf.group(1), "version": "0", "move": "show"}
    )
    assert stale.status_code == 409
    assert followed(client, table) == ""


def test_an_earlier_game_can_be_shown_from_the_phone(client: FlaskClient) -> None:
    table = festival_game(client)
    client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 6})
    move(client, table, "show", game="1")
    assert followed(client, table) == f"/t/{table.id}/replay?game=1&step=6"
    assert move(client, table, "stop").status_code == 303
    assert move(client, table, "show", game="3").status_code == 404


def test_the_leader_chooses_the_part_of_the_replay_page_in_view(client: FlaskClient) -> None:
    table = festival_game(client)
    move(client, table, "show")
    move(client, table, "section:chart")
    assert followed(client, table) == f"/t/{table.id}/replay?game=1&step=6#chart"
    move(client, table, "section:discovered")
    assert followed(client, table).endswith("step=6#discovered")
    leader = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'id="remote-section-discovered" aria-pressed="true"' in leader
    move(client, table, "previous")  # a step shows the table at that step
    assert followed(client, table) == f"/t/{table.id}/replay?game=1&step=5"
    assert move(client, table, "section:elsewhere").status_code == 400
