"""The leader's hanab.live export link says what hanab.live would refuse in the record
(issue 15), rather than offering a record hanab.live rejects without a word."""

from __future__ import annotations

import html

from digital_helpers import create_digital, seat_act
from flask.testing import FlaskClient

from deckforge.referee.i18n import catalogue


def _leader_page(client: FlaskClient, table_id: str, token: str) -> str:
    return html.unescape(client.get(f"/t/{table_id}/lead/{token}").get_data(as_text=True))


def test_a_discard_at_eight_hint_tokens_is_said_next_to_the_export_link(
    client: FlaskClient,
) -> None:
    table = create_digital(client, "hanabi-classic")
    before = _leader_page(client, table.id, table.token)
    assert "export-refusal" not in before
    response = seat_act(client, table, 0, 0, {"type": "discard", "slot": 0})
    assert response.status_code == 200, response.get_json()
    page = _leader_page(client, table.id, table.token)
    expected = catalogue("en")["digital.hanab_refuses.discard-at-max-hints"].format(move=1)
    assert "move 1 is a discard with every hint token available" in expected
    assert expected in page
    assert page.count('class="export-refusal"') == 1


def test_a_game_hanab_live_accepts_shows_no_refusal(client: FlaskClient) -> None:
    table = create_digital(client, "interfaith-festival", ["A", "B", "C", "D"])
    seat_act(client, table, 0, 0, {"type": "rank-hint", "target": 1, "rank": 1})
    page = _leader_page(client, table.id, table.token)
    assert "export-refusal" not in page  # the festival forbids such discards itself


def test_a_theme_hanab_live_has_no_variant_for_is_said_too(client: FlaskClient) -> None:
    table = create_digital(client, "black-powder")
    page = _leader_page(client, table.id, table.token)
    assert catalogue("en")["digital.hanab_refuses.no-variant"] in page


def test_every_refusal_is_worded_in_french_english_and_german() -> None:
    codes = ["discard-at-max-hints", "no-variant", "token-counts", "hand-size", "completion-bonus"]
    for language in ("fr", "en", "de"):
        texts = catalogue(language)
        for code in codes:
            assert texts.get(f"digital.hanab_refuses.{code}"), (language, code)
