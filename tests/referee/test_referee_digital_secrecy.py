"""A digital table's deck stays secret while the game can go on.

The deck names every card of every hand: it is exported (hanab.live record) to
the leader only, and only once the game can no longer be reopened: a digital game
that is over stays over (the leader's undo is refused), an earlier game is done.
Random deals draw 64 bits, so no seat can try every deal against the cards it
sees; a deal number typed by hand comes with a warning.
"""

from __future__ import annotations

from pathlib import Path

from digital_helpers import DigitalTable, create_digital, csrf_of
from flask.testing import FlaskClient
from referee_helpers import create_table, play

from deckforge.referee import create_app, store
from deckforge.referee.db import get_db
from deckforge.referee.tables import MAX_SEED, random_seed
from deckforge.rules import Card, Game
from deckforge.theme.loader import load_theme


def _finish(client: FlaskClient, table: DigitalTable) -> dict:
    """Every seat plays its oldest card until the game is over (misplays end it soon)."""
    state = client.get(f"/api/tables/{table.id}").get_json()
    while not state["is_over"]:
        seat = state["current_player"]
        response = client.post(
            f"{table.seat_api(seat)}/actions",
            headers=table.seat_auth(seat),
            json={"version": state["version"], "action": {"type": "play", "slot": 0}},
        )
        assert response.status_code == 200, response.get_json()
        state = client.get(f"/api/tables/{table.id}").get_json()
    return state


def test_the_deck_is_the_leader_s_and_only_once_the_game_is_over(client: FlaskClient) -> None:
    table = create_digital(client, seed=99)
    hanab = f"/api/tables/{table.id}/games/1/hanab.json"
    leader_link = f"/t/{table.id}/lead/{table.token}/games/1/hanab.json"
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'id="export-later"' in page and leader_link not in page
    assert client.get(hanab, headers=table.auth).status_code == 409
    refused = client.get(leader_link)
    assert refused.status_code == 409
    assert "once the game is over" in refused.get_data(as_text=True)
    state = _finish(client, table)
    assert state["is_over"]
    assert client.get(hanab).status_code == 401
    assert client.get(hanab, headers=table.seat_auth(1)).status_code == 403
    record = client.get(hanab, headers=table.auth)
    assert record.status_code == 200
    dealt = Game.deal(load_theme("hanabi-classic"), 3, 99).deck
    assert [Card(c["suitIndex"], c["rank"]) for c in record.get_json()["deck"]] == list(dealt)
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert leader_link in page and 'id="export-later"' not in page


def test_a_digital_game_that_is_over_cannot_be_undone(client: FlaskClient) -> None:
    table = create_digital(client, seed=99)
    state = _finish(client, table)
    undo = client.post(
        f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": state["version"]}
    )
    assert undo.status_code == 422
    assert undo.get_json()["error"]["code"] == "game-final"
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    assert 'id="final-game"' in page and 'id="undo-last"' not in page
    form = {"csrf": csrf_of(page), "version": str(state["version"]), "steps": "1"}
    refused = client.post(f"/t/{table.id}/lead/{table.token}/undo", data=form)
    assert refused.status_code == 422
    assert "cannot be undone" in refused.get_data(as_text=True)
    after = client.get(f"/api/tables/{table.id}").get_json()
    assert after["is_over"] and after["version"] == state["version"]


def test_a_printed_game_that_is_over_can_still_be_undone(client: FlaskClient) -> None:
    # printed cards: every card is on the table already, and the leader may have mistyped
    table = create_table(client)
    version = 0
    for suit in range(3):  # three misplays end the game
        response = client.post(
            f"/api/tables/{table.id}/actions",
            headers=table.auth,
            json={"version": version, "action": play(suit, 5)},
        )
        version = response.get_json()["version"]
    assert response.get_json()["is_over"]
    undo = client.post(f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 3})
    assert undo.status_code == 200 and not undo.get_json()["is_over"]


def test_random_deals_draw_64_bits() -> None:
    seeds = [random_seed() for _ in range(64)]
    assert all(0 <= seed <= MAX_SEED == 2**64 - 1 for seed in seeds)
    # with 64 bits, the chance that 64 draws all stay under 2**63 is 2**-64
    assert any(seed >= 2**63 for seed in seeds)
    assert len(set(seeds)) == len(seeds)


def test_a_seed_beyond_sqlite_s_integers_deals_the_same_cards_after_a_restart(
    tmp_path: Path,
) -> None:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3")}
    client = create_app(config).test_client()
    table = create_digital(client, seed=MAX_SEED)
    assert table.seed == MAX_SEED
    restarted = create_app(config).test_client()
    app = restarted.application
    with app.app_context():
        conn = get_db()
        record = store.get_table(conn, table.id)
        assert record is not None
        game = app.extensions["deckforge.tables"].game_of(conn, record, 1)
    assert game.deck == Game.deal(load_theme("hanabi-classic"), 3, MAX_SEED).deck


def test_a_typed_deal_number_comes_with_a_warning(client: FlaskClient) -> None:
    typed = create_digital(client, seed=7)
    assert "seat" in typed.body["seed_warning"] and "guess" in typed.body["seed_warning"]
    drawn = create_digital(client, seed=None)
    assert "seed_warning" not in drawn.body
    page = client.get("/").get_data(as_text=True)
    assert 'id="seed-warning"' in page and 'aria-describedby="seed-warning"' in page


def test_the_actions_export_gives_a_deal_to_the_leader_only_once_final(
    client: FlaskClient,
) -> None:
    table = create_digital(client, seed=99)
    url = f"/api/tables/{table.id}/actions.json"

    def seeds(headers: dict[str, str] | None = None) -> list[int | None]:
        games = client.get(url, headers=headers or {}).get_json()["games"]
        return [game["seed"] for game in games]

    assert seeds() == seeds(table.auth) == seeds(table.seat_auth(0)) == [None]
    state = _finish(client, table)
    assert seeds() == seeds(table.seat_auth(0)) == [None]
    assert seeds(table.auth) == [99]
    new = {"version": state["version"]}
    assert (
        client.post(f"/api/tables/{table.id}/games", headers=table.auth, json=new).status_code
        == 201
    )
    assert seeds() == [None, None]
    assert seeds(table.auth) == [99, None]  # the new game's deal stays secret
