"""The referee's words in fr, en and de: French typography, CLDR plurals, the theme's token names,
and a home page in the browser's language."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from referee_helpers import act, create_table, play, rank_hint

from deckforge.referee.i18n import Translator, catalogue

NBSP, NNBSP = "\u00a0", "\u202f"


def test_french_texts_use_one_apostrophe_and_no_break_spaces_before_double_punctuation() -> None:
    for key, text in catalogue("fr").items():
        assert "'" not in text, (key, text)  # one kind: the typographic apostrophe
        for found in re.finditer(r"[;!?:»]", text):
            before = text[found.start() - 1] if found.start() else ""
            if found.group() == ":" and (not before or before.isdigit() or before == "/"):
                continue  # "0.0.0.0", "http:", no space wanted
            assert before in (NBSP, NNBSP), (key, text, found.group())
        for found in re.finditer("«", text):
            assert text[found.end() : found.end() + 1] == NBSP, (key, text)


def test_plural_forms_follow_cldr_french_singular_for_zero_and_one() -> None:
    french, english, german = Translator("fr"), Translator("en"), Translator("de")
    assert french.plural("end.discarded", 0) == "0 carte défaussée"
    assert french.plural("end.discarded", 1) == "1 carte défaussée"
    assert french.plural("end.discarded", 2) == "2 cartes défaussées"
    assert english.plural("end.discarded", 0) == "0 cards discarded"
    assert english.plural("end.discarded", 1) == "1 card discarded"
    assert german.plural("end.discarded", 0).startswith("0 Karten")
    assert french.noun(0, "œuvre du démon", "œuvres du démon") == "œuvre du démon"
    assert english.noun(0, "error token", "error tokens") == "error tokens"


def test_french_pages_say_indice_for_a_hint_and_never_information() -> None:
    for key, text in catalogue("fr").items():
        assert "information" not in text.lower(), (key, text)
        assert "jeton d’erreur" not in text or key.startswith("term."), (key, text)


def test_the_theme_s_token_names_replace_the_generic_words(client: FlaskClient) -> None:
    table = create_table(
        client, theme="interfaith-festival", players=["Les Lions", "Les Aigles", "B", "C"]
    )
    for version, rank in enumerate((3, 4, 5)):
        act(client, table, version, play(0, rank))  # three misplays: the game is lost
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert "3/3 œuvres du démon sur la table" in screen  # the end screen's reason
    assert "jeton" not in screen
    english = create_table(client, theme="hanabi-classic")
    for version in range(8):
        act(client, english, version, rank_hint((version + 1) % 3, 1))
    page = client.get(f"/t/{english.id}/lead/{english.token}").get_data(as_text=True)
    assert "No hint tokens left" in page  # hanabi-classic names its tokens "hint tokens"


def test_the_projector_counts_tokens_with_french_singular_for_zero(client: FlaskClient) -> None:
    table = create_table(client, theme="interfaith-festival", players=["A", "B", "C", "D"])
    screen = client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert "<b>0</b>/3&nbsp;œuvre du démon" in screen  # not "0/3 œuvres du démon"


@pytest.mark.parametrize(
    ("header", "words", "deck"),
    [
        (None, "Create the table", "hanabi-classic"),
        ("en-GB,en;q=0.9", "Create the table", "hanabi-classic"),
        ("fr-FR,fr;q=0.9,en;q=0.5", "Créer la table", "interfaith-festival"),
        ("de-DE,de;q=0.9", "Tisch anlegen", "hanabi-classic"),  # no German deck: English
    ],
)
def test_the_home_page_follows_accept_language_and_offers_a_deck_in_that_language(
    client: FlaskClient, header: str | None, words: str, deck: str
) -> None:
    headers = {"Accept-Language": header} if header else {}
    page = client.get("/", headers=headers).get_data(as_text=True)
    assert words in page
    selected = re.search(r'<option value="([^"]+)"[^>]*selected', page)
    assert selected and selected.group(1) == deck


def test_a_theme_asked_for_in_the_address_is_still_preselected(client: FlaskClient) -> None:
    page = client.get("/?theme=interfaith-festival", headers={"Accept-Language": "en"})
    selected = re.search(r'<option value="([^"]+)"[^>]*selected', page.get_data(as_text=True))
    assert selected and selected.group(1) == "interfaith-festival"
