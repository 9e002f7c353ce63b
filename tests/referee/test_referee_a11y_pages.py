"""Page structure for screen readers: titles, one h1, named card buttons, groups, live regions."""

from __future__ import annotations

import re

from digital_helpers import create_digital
from flask.testing import FlaskClient
from referee_helpers import act, create_table, discard, rank_hint

TEAMS = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]


def _title(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page, re.S)
    assert found
    return found.group(1)


def test_every_page_has_one_h1_and_a_title_that_names_the_table_and_the_page(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    digital = create_digital(client, "interfaith-festival", TEAMS, seed=3)
    pages = {
        "projector": client.get(f"/t/{table.id}"),
        "leader": client.get(f"/t/{table.id}/lead/{table.token}"),
        "seat": client.get(digital.seat_page(1)),
        "error": client.get("/t/nothing-here?lang=fr"),
        "home": client.get("/?lang=fr"),
    }
    for name, response in pages.items():
        page = response.get_data(as_text=True)
        assert len(re.findall(r"<h1[ >]", page)) == 1, name
    assert _title(pages["projector"].get_data(as_text=True)).startswith("Projecteur — Tous invités")
    assert "Les Lions, Les Aigles" in _title(pages["projector"].get_data(as_text=True))
    assert _title(pages["leader"].get_data(as_text=True)).startswith("Animateur — Tous invités")
    assert _title(pages["seat"].get_data(as_text=True)).startswith("Place Les Aigles — ")
    assert _title(pages["error"].get_data(as_text=True)).startswith(
        "Erreur 404 — Il n’y a pas de table ici"
    )


def test_card_buttons_say_suit_rank_and_copies_left_in_named_suit_groups(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    act(client, table, 0, rank_hint(1, 1))
    act(client, table, 1, discard(0, 5))  # the only Bouddhisme 5
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    labels = re.findall(r'id="play-\d-\d" class="card-btn" aria-label="([^"]+)"', page)
    assert len(labels) == 25 and len(set(labels)) == 25  # 25 distinct names, not "3 ••"
    assert "Christianisme 3, encore 2 exemplaires" in labels
    assert "Bouddhisme 1, encore 3 exemplaires" in labels
    assert any(label.startswith("Bouddhisme 5, plus aucun exemplaire") for label in labels)
    groups = re.findall(r'role="group" aria-labelledby="(play-suit-\d)"', page)
    assert len(groups) == 5 and all(f'id="{g}"' in page for g in groups)


def test_seat_and_projector_pages_keep_one_live_region_outside_what_is_redrawn(
    client: FlaskClient,
) -> None:
    table = create_table(client, theme="interfaith-festival", players=TEAMS)
    digital = create_digital(client, "interfaith-festival", TEAMS, seed=3)
    for page in (
        client.get(f"/t/{table.id}").get_data(as_text=True),
        client.get(digital.seat_page(0)).get_data(as_text=True),
    ):
        live = page.index('id="said"')
        assert 'role="status" aria-live="polite"' in page[live - 80 : live + 120]
        assert live > page.index("</main>")  # outside the part the page script replaces
    fragment = client.get(f"{digital.seat_page(0)}/view").get_data(as_text=True)
    assert 'role="status"' not in fragment  # no live region recreated on each update


def test_other_players_cards_are_named_by_suit_on_a_seat_page(client: FlaskClient) -> None:
    digital = create_digital(client, "interfaith-festival", TEAMS, seed=3)
    page = client.get(digital.seat_page(0)).get_data(as_text=True)
    other = page[page.index('class="hand other') :]
    names = re.findall(r'<span class="visually-hidden">Carte \d\u00a0: ([^<]+)</span>', other)
    suits = ("Bouddhisme", "Christianisme", "Judaïsme", "Islam", "Hindouisme")
    assert names and all(name.split()[0] in suits for name in names)
