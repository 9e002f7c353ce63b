"""The leader's one-page record of a game: a PDF drawn by the print kit, in the deck's
language (right to left too), from the table's log."""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium
from flask.testing import FlaskClient

sys.path.append(str(Path(__file__).resolve().parents[1] / "referee"))
from referee_helpers import Table, act, create_table, discard, play, rank_hint

from deckforge.theme.loader import load_theme

FESTIVAL = load_theme("interfaith-festival")
HINDU = next(i for i, s in enumerate(FESTIVAL.suits) if s.id == "hindouisme")
BUDDHIST = next(i for i, s in enumerate(FESTIVAL.suits) if s.id == "bouddhisme")


def played(client: FlaskClient, theme: str, players: list[str], steps: list) -> Table:
    table = create_table(client, theme=theme, players=players)
    for version, action in enumerate(steps):
        assert act(client, table, version, action).status_code == 200
    return table


def festival(client: FlaskClient) -> Table:
    teams = ["Les Lions", "Les Aigles", "Les Dauphins", "Les Loups"]
    steps = [
        rank_hint(1, 1, touched=2),
        play(BUDDHIST, 2),  # a misplay
        play(HINDU, 1),  # Pongal
        rank_hint(0, 5, touched=1),
        discard(HINDU, 5),  # the only Diwali
        play(BUDDHIST, 1),
    ]
    return played(client, "interfaith-festival", teams, steps)


def text_of(pdf: bytes) -> tuple[int, str]:
    document = pdfium.PdfDocument(pdf)
    pages = len(document)
    text = "".join(document[i].get_textpage().get_text_range() for i in range(pages))
    return pages, " ".join(text.split())  # lines wrapped on the page join again


def test_the_record_is_one_page_in_the_decks_language_with_its_moments_and_cards(
    client: FlaskClient,
) -> None:
    table = festival(client)
    response = client.get(f"/t/{table.id}/lead/{table.token}/record.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "attachment" in response.headers["Content-Disposition"]
    pages, text = text_of(response.data)
    assert pages == 1
    assert "compte rendu de partie" in text and table.id in text
    assert "Les Lions, Les Aigles, Les Dauphins, Les Loups" in text
    assert "Partie en cours" in text  # the game goes on: the score so far
    assert "Moments clés" in text and "Étape 2" in text and "Étape 5" in text
    assert "Hindouisme ne peut plus dépasser 4" in text
    assert "Pongal" in text and "Magha Puja" in text  # the cards played
    assert "Diwali" in text  # and lost


def test_the_same_game_gives_the_same_bytes(client: FlaskClient) -> None:
    table = festival(client)
    url = f"/t/{table.id}/lead/{table.token}/record.pdf"
    assert client.get(url).data == client.get(url).data


def test_a_finished_game_says_its_score_rating_and_ending(client: FlaskClient) -> None:
    table = festival(client)
    for version, action in ((6, play(HINDU, 3)), (7, play(HINDU, 4))):
        assert act(client, table, version, action).status_code == 200
    _, text = text_of(client.get(f"/t/{table.id}/lead/{table.token}/record.pdf").data)
    assert "Score" in text and "0 / 25" in text
    assert "La fête est à refaire" in text  # the theme's rating for 0
    assert "le dernier jeton rouge est tombé" in text and "La partie est perdue" in text


def test_a_right_to_left_deck_gets_its_record_in_its_language(client: FlaskClient) -> None:
    steps = [rank_hint(1, 1, touched=2), play(0, 2), discard(1, 5)]
    table = played(client, "arabic-words", ["سارة", "يوسف", "مريم"], steps)
    pages, text = text_of(client.get(f"/t/{table.id}/lead/{table.token}/record.pdf").data)
    assert pages == 1
    assert "محضر لعبة" in text and "اللحظات المهمة" in text
    assert "سارة" in text


def test_only_the_leader_gets_the_record_of_an_existing_game(client: FlaskClient) -> None:
    table = festival(client)
    assert client.get(f"/t/{table.id}/lead/wrong-token/record.pdf").status_code == 403
    missing = client.get(f"/t/{table.id}/lead/{table.token}/record.pdf?game=2")
    assert missing.status_code == 404 and missing.mimetype == "text/html"


def test_an_earlier_game_has_its_own_record(client: FlaskClient) -> None:
    table = festival(client)
    client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 6})
    _, first = text_of(client.get(f"/t/{table.id}/lead/{table.token}/record.pdf?game=1").data)
    _, second = text_of(client.get(f"/t/{table.id}/lead/{table.token}/record.pdf").data)
    assert "partie 1" in first and "Pongal" in first
    assert "partie 2" in second and "Pongal" not in second


def test_the_leader_page_links_to_the_record(client: FlaskClient) -> None:
    table = festival(client)
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert f'href="/t/{table.id}/lead/{table.token}/record.pdf"' in page
