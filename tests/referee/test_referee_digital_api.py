"""The digital table through Flask's test client: creation with a recorded seed, seat
secrets, turns, the leader's pause and undo, new games, and the hanab.live export
that ``deckforge replay`` scores the same."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from digital_helpers import DigitalTable, create_digital, csrf_of, seat_act
from flask.testing import FlaskClient
from referee_helpers import create_table

from deckforge.cli import main
from deckforge.referee import store
from deckforge.referee.db import get_db
from deckforge.referee.i18n import catalogue
from deckforge.rules import Card, ColourHint, Discard, Game, Play, RankHint
from deckforge.theme.loader import load_theme


def _deck(client: FlaskClient, table: DigitalTable, game: int = 1) -> list[Card]:
    """The deck the referee dealt for ``game``, read from its store (no route gives the
    deck of a game that can still go on, not even to the leader)."""
    app = client.application
    tables = app.extensions["deckforge.tables"]
    with app.app_context():
        conn = get_db()
        record = store.get_table(conn, table.id)
        assert record is not None
        return list(tables.game_of(conn, record, game).deck)


def _seat(client: FlaskClient, table: DigitalTable, seat: int) -> dict:
    response = client.get(table.seat_api(seat), headers=table.seat_auth(seat))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# ---- creation --------------------------------------------------------------------------


def test_a_digital_table_deals_the_engine_s_deck_for_the_seed_it_records(
    client: FlaskClient,
) -> None:
    table = create_digital(client, seed=424242)
    assert table.body["seed"] == 424242
    expected = Game.deal(load_theme("hanabi-classic"), 3, 424242)
    assert _deck(client, table) == list(expected.deck)
    seen_by_bob = _seat(client, table, 1)["hands"][0]["cards"]
    assert [Card(c["card"]["suit"], c["card"]["rank"]) for c in seen_by_bob] == [
        h.card for h in expected.hand(0)
    ]


def test_without_a_seed_the_table_draws_one_and_records_it(client: FlaskClient) -> None:
    first = create_digital(client, seed=None)
    second = create_digital(client, seed=None)
    for table in (first, second):
        assert isinstance(table.seed, int)
        assert _deck(client, table) == list(
            Game.deal(load_theme("hanabi-classic"), 3, table.seed).deck
        )
    assert first.seed != second.seed


def test_the_same_seed_deals_the_same_cards_at_another_table(client: FlaskClient) -> None:
    assert _deck(client, create_digital(client, seed=5)) == _deck(
        client, create_digital(client, seed=5)
    )


@pytest.mark.parametrize("seed", [-1, "12", 1.5, True, 2**64])
def test_a_seed_that_is_not_a_whole_number_in_range_is_refused(
    client: FlaskClient, seed: object
) -> None:
    response = client.post(
        "/api/tables",
        json={
            "theme": "hanabi-classic",
            "players": ["Ann", "Bob"],
            "kind": "digital",
            "seed": seed,
        },
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "bad-field"


def test_an_unknown_kind_of_table_is_refused(client: FlaskClient) -> None:
    response = client.post(
        "/api/tables",
        json={"theme": "hanabi-classic", "players": ["Ann", "Bob"], "kind": "tablets"},
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "bad-kind"


def test_each_seat_gets_its_own_link_and_the_public_state_has_no_hand(
    client: FlaskClient,
) -> None:
    table = create_digital(client)
    urls = [row["url"] for row in table.body["seats"]]
    assert [row["name"] for row in table.body["seats"]] == ["Ann", "Bob", "Cy"]
    assert len(set(table.secrets)) == 3 and all(len(s) >= 24 for s in table.secrets)
    assert all(f"/t/{table.id}/seat/{i}/" in url for i, url in enumerate(urls))
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["kind"] == "digital"
    assert "hands" not in state and "seed" not in state and "deck" not in state
    projector = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "data-card" not in projector and "dcard" not in projector


def test_a_digital_table_can_be_created_from_the_home_page_form(client: FlaskClient) -> None:
    home = client.get("/?lang=en").get_data(as_text=True)
    assert 'name="kind" value="digital"' in home
    response = client.post(
        "/tables",
        data={
            "csrf": csrf_of(home),
            "theme": "hanabi-classic",
            "player0": "Ann",
            "player1": "Bob",
            "first": "0",
            "kind": "digital",
            "seed": "77",
        },
    )
    assert response.status_code == 303
    leader = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "77" in leader  # the seed, shown to the leader
    assert leader.count("<svg") >= 3  # the leader's own QR code and one per seat
    assert leader.count("/seat/") >= 2


def test_a_seed_that_is_not_a_number_is_refused_by_the_form(client: FlaskClient) -> None:
    home = client.get("/?lang=en").get_data(as_text=True)
    response = client.post(
        "/tables",
        data={
            "csrf": csrf_of(home),
            "theme": "hanabi-classic",
            "player0": "Ann",
            "player1": "Bob",
            "first": "0",
            "kind": "digital",
            "seed": "soon",
        },
    )
    assert response.status_code == 400
    assert "seed" in response.get_data(as_text=True)


# ---- seats and turns -------------------------------------------------------------------


def test_a_seat_needs_its_own_secret(client: FlaskClient) -> None:
    table = create_digital(client)
    assert client.get(table.seat_api(1)).status_code == 401
    assert client.get(table.seat_api(1), headers=table.seat_auth(0)).status_code == 403
    assert client.get(table.seat_api(1), headers=table.auth).status_code == 403
    assert client.get(table.seat_api(7), headers=table.seat_auth(0)).status_code == 404
    assert client.get(f"/t/{table.id}/seat/1/{table.secrets[0]}").status_code == 403
    assert client.get(f"/t/{table.id}/seat/1/{table.secrets[1]}").status_code == 200


def test_a_printed_card_table_has_no_seats(client: FlaskClient) -> None:
    printed = create_table(client)
    response = client.get(f"/api/tables/{printed.id}/seats/0", headers={"Authorization": "x"})
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not-digital"
    assert client.get(f"/t/{printed.id}/seat/0/whatever").status_code == 404


def test_a_seat_cannot_act_out_of_turn_nor_for_another_seat(client: FlaskClient) -> None:
    table = create_digital(client)
    out_of_turn = seat_act(client, table, 1, 0, {"type": "play", "slot": 0})
    assert out_of_turn.status_code == 422
    assert out_of_turn.get_json()["error"]["code"] == "not-your-turn"
    for_ann = seat_act(client, table, 0, 0, {"type": "play", "slot": 0}, auth_seat=1)
    assert for_ann.status_code == 403
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 0


def test_a_seat_plays_by_slot_and_never_names_its_card(client: FlaskClient) -> None:
    table = create_digital(client)
    naming = seat_act(
        client, table, 0, 0, {"type": "play", "slot": 0, "card": {"suit": 0, "rank": 1}}
    )
    assert naming.status_code == 400  # asking "is my slot 0 a red 1?" would reveal it
    assert naming.get_json()["error"]["code"] == "bad-action"
    for bad in ({"type": "play"}, {"type": "shout"}, [], {"type": "rank-hint", "target": 1}):
        response = seat_act(client, table, 0, 0, bad)  # type: ignore[arg-type]
        assert response.status_code == 400, bad
    no_slot = seat_act(client, table, 0, 0, {"type": "discard", "slot": 9})
    assert no_slot.status_code == 422
    assert no_slot.get_json()["error"]["code"] == "no-such-slot"


def test_a_hint_touches_the_cards_the_engine_finds_and_the_receiver_learns_them(
    client: FlaskClient,
) -> None:
    table = create_digital(client, seed=99)
    game = Game.deal(load_theme("hanabi-classic"), 3, 99)
    rank = game.hand(1)[0].card.rank
    response = seat_act(client, table, 0, 0, {"type": "rank-hint", "target": 1, "rank": rank})
    assert response.status_code == 200
    event = game.apply(RankHint(1, rank), 0)
    assert response.get_json()["state"]["last"]["touched"] == len(event.touched)
    bob = _seat(client, table, 1)["hands"][1]["cards"]
    assert [i for i, c in enumerate(bob) if c["rank_known"] == rank] == list(event.touched)
    assert all(rank in c["ranks_ruled_out"] for i, c in enumerate(bob) if i not in event.touched)
    assert _seat(client, table, 2)["last_hint"] == {"target": 1, "slots": list(event.touched)}
    page = client.get(table.seat_page(1)).get_data(as_text=True)
    told = [int(slot) for slot in re.findall(r'just-told" data-owner="1" data-slot="(\d)"', page)]
    assert told == list(event.touched)


def test_a_stale_action_is_refused_and_applied_at_most_once(client: FlaskClient) -> None:
    table = create_digital(client)
    first = seat_act(client, table, 0, 0, {"type": "colour-hint", "target": 1, "colour": 0})
    again = seat_act(client, table, 0, 0, {"type": "colour-hint", "target": 1, "colour": 0})
    assert first.status_code == 200 and again.status_code == 409
    assert client.get(f"/api/tables/{table.id}").get_json()["turn"] == 1


def test_the_seat_page_acts_with_its_forms_and_translates_the_engine_s_refusal(
    client: FlaskClient,
) -> None:
    table = create_digital(client, "interfaith-festival", ["A", "B", "C", "D"], seed=3)
    page = client.get(table.seat_page(0)).get_data(as_text=True)
    assert "À vous" in page and 'name="slot"' in page and 'name="hint"' in page
    other = client.get(table.seat_page(1)).get_data(as_text=True)
    assert 'name="slot"' not in other and "À jouer\u00a0: A" in other
    refused = client.post(
        f"{table.seat_page(0)}/act",
        data={"csrf": csrf_of(page), "version": "0", "type": "discard", "slot": "0"},
    )
    assert refused.status_code == 422  # interfaith forbids discarding with every token in
    assert "interdit de défausser" in refused.get_data(as_text=True)
    nothing = client.post(
        f"{table.seat_page(0)}/act",
        data={"csrf": csrf_of(page), "version": "0", "type": "hint", "target": "1"},
    )
    assert nothing.status_code == 400
    assert "Choisissez d’abord" in nothing.get_data(as_text=True)
    done = client.post(
        f"{table.seat_page(0)}/act",
        data={
            "csrf": csrf_of(page),
            "version": "0",
            "type": "hint",
            "target": "2",
            "hint": "rank:1",
        },
    )
    assert done.status_code == 303
    assert client.get(f"/api/tables/{table.id}").get_json()["current_player"] == 1
    assert "À vous" in client.get(table.seat_page(1)).get_data(as_text=True)
    forged = client.post(
        f"{table.seat_page(1)}/act",
        data={"csrf": "forged", "version": "1", "type": "play", "slot": "0"},
    )
    assert forged.status_code == 400


# ---- the leader -------------------------------------------------------------------------


def _pause(
    client: FlaskClient,
    table: DigitalTable,
    version: int,
    paused: bool,
    headers: dict[str, str] | None = None,
) -> object:
    return client.post(
        f"/api/tables/{table.id}/pause",
        json={"version": version, "paused": paused},
        headers=table.auth if headers is None else headers,
    )


def test_while_the_leader_pauses_no_seat_can_act(client: FlaskClient) -> None:
    table = create_digital(client)
    assert _pause(client, table, 0, True, headers={}).status_code == 401  # type: ignore[attr-defined]
    assert _pause(client, table, 0, True, table.seat_auth(0)).status_code == 403  # type: ignore[attr-defined]
    paused = _pause(client, table, 0, True)
    assert paused.status_code == 200 and paused.get_json()["paused"] is True  # type: ignore[attr-defined]
    refused = seat_act(client, table, 0, 1, {"type": "play", "slot": 0})
    assert refused.status_code == 423
    assert refused.get_json()["error"]["code"] == "paused"
    assert seat_act(client, table, 0, 0, {"type": "play", "slot": 0}).status_code == 409
    view = _seat(client, table, 0)
    assert view["paused"] is True and view["can_act"] is False and view["your_turn"] is True
    page = client.get(table.seat_page(0)).get_data(as_text=True)
    assert "paused" in page and 'name="slot"' not in page
    assert 'class="banner paused"' in client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert _pause(client, table, 0, False).status_code == 409  # type: ignore[attr-defined]
    assert _pause(client, table, 1, False).status_code == 200  # type: ignore[attr-defined]
    assert "paused" not in client.get(f"/t/{table.id}/screen").get_data(as_text=True)
    assert seat_act(client, table, 0, 2, {"type": "play", "slot": 0}).status_code == 200


def test_the_leader_page_pauses_and_resumes_with_its_form(client: FlaskClient) -> None:
    table = create_digital(client)
    lead = f"/t/{table.id}/lead/{table.token}"
    page = client.get(lead).get_data(as_text=True)
    response = client.post(
        f"{lead}/pause", data={"csrf": csrf_of(page), "version": "0", "paused": "1"}
    )
    assert response.status_code == 303
    assert client.get(f"/api/tables/{table.id}").get_json()["version"] == 1
    assert _seat(client, table, 0)["paused"] is True
    wrong = client.post(
        f"/t/{table.id}/lead/{table.secrets[0]}/pause",
        data={"csrf": csrf_of(page), "version": "1", "paused": "0"},
    )
    assert wrong.status_code == 403
    client.post(f"{lead}/pause", data={"csrf": csrf_of(page), "version": "1", "paused": "0"})
    assert _seat(client, table, 0)["paused"] is False


def test_the_leader_sees_every_hand_and_each_seat_s_code(client: FlaskClient) -> None:
    table = create_digital(client, seed=11)
    game = Game.deal(load_theme("hanabi-classic"), 3, 11)
    page = client.get(f"/t/{table.id}/lead/{table.token}").get_data(as_text=True)
    for player in range(3):
        for slot, held in enumerate(game.hand(player)):
            assert (
                f'data-owner="{player}" data-slot="{slot}" '
                f'data-card="{held.card.suit}:{held.card.rank}"'
            ) in page
    for url in (row["url"] for row in table.body["seats"]):
        assert url.replace("http://localhost", "") in page
    assert page.count('class="qr"') >= 3


def test_the_leader_s_undo_gives_a_seat_back_what_it_knew(client: FlaskClient) -> None:
    table = create_digital(client, seed=8)
    before = _seat(client, table, 1)["hands"][1]
    assert (
        seat_act(client, table, 0, 0, {"type": "colour-hint", "target": 1, "colour": 0}).status_code
        == 200
    )
    assert _seat(client, table, 1)["hands"][1] != before
    undo = client.post(f"/api/tables/{table.id}/undo", headers=table.auth, json={"version": 1})
    assert undo.status_code == 200
    after = _seat(client, table, 1)
    assert after["hands"][1] == before and after["version"] == 2


def test_a_new_game_deals_a_new_recorded_deck(client: FlaskClient) -> None:
    table = create_digital(client, seed=21)
    response = client.post(f"/api/tables/{table.id}/games", headers=table.auth, json={"version": 0})
    assert response.status_code == 201
    assert _deck(client, table, 2) != _deck(client, table, 1)
    # the abandoned first game can no longer go on: the leader may export it, nobody else
    hanab = f"/api/tables/{table.id}/games/%d/hanab.json"
    assert client.get(hanab % 1, headers=table.auth).status_code == 200
    assert client.get(hanab % 1).status_code == 401
    assert client.get(hanab % 1, headers=table.seat_auth(0)).status_code == 403
    # the running second one is no one's, the leader's neither
    running = client.get(hanab % 2, headers=table.auth)
    assert running.status_code == 409
    assert running.get_json()["error"]["code"] == "game-running"
    assert client.get(hanab % 3, headers=table.auth).status_code == 404


# ---- the end: the hanab.live record and deckforge replay ---------------------------------


def _play_to_the_end(
    client: FlaskClient, table: DigitalTable, theme: str, players: int, seed: int
) -> Game:
    game = Game.deal(load_theme(theme), players, seed)
    chooser = random.Random(seed)
    version = 0
    while not game.is_over:
        hand = game.hand(game.current_player)
        legal = [
            a
            for a in game.legal_actions()
            if not isinstance(a, Play) or game.is_playable(hand[a.slot].card)
        ]  # type: ignore[index,arg-type]
        action = chooser.choice(legal)
        if isinstance(action, Play | Discard):
            payload = {
                "type": "play" if isinstance(action, Play) else "discard",
                "slot": action.slot,
            }
        elif isinstance(action, ColourHint):
            payload = {"type": "colour-hint", "target": action.target, "colour": action.colour}
        else:
            payload = {"type": "rank-hint", "target": action.target, "rank": action.rank}
        seat = game.current_player
        response = seat_act(client, table, seat, version, payload)
        assert response.status_code == 200, response.get_json()
        game.apply(action, seat)
        version += 1
    return game


@pytest.mark.parametrize(
    ("theme", "players", "seed"),
    [
        ("hanabi-classic", 3, 31),
        ("interfaith-festival", 4, 32),
        ("avalanche", 2, 33),
    ],
)
def test_a_finished_game_exports_for_hanab_live_and_replays_to_the_same_score(
    client: FlaskClient, tmp_path: Path, theme: str, players: int, seed: int
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    table = create_digital(client, theme, names, seed=seed)
    hanab = f"/api/tables/{table.id}/games/1/hanab.json"
    assert client.get(hanab, headers=table.auth).status_code == 409
    game = _play_to_the_end(client, table, theme, players, seed)
    state = client.get(f"/api/tables/{table.id}").get_json()
    assert state["is_over"] and state["score"] == game.score
    assert client.get(hanab).status_code == 401  # the deck names every hand: leader only
    for seat in range(players):
        assert client.get(hanab, headers=table.seat_auth(seat)).status_code == 403
    record = client.get(hanab, headers=table.auth)
    assert record.status_code == 200
    data = record.get_json()
    assert data["players"] == names
    assert len(data["deck"]) == load_theme(theme).deck_size
    assert len(data["actions"]) == state["turn"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--theme", theme])
    assert result.exit_code == 0, result.output
    replayed = json.loads(result.stdout)
    assert replayed["score"] == state["score"]
    assert replayed["end"] == state["end"]
    assert replayed["turns"] == state["turn"]
    assert replayed["rating"] == state["rating"]


def test_every_word_of_the_digital_table_is_in_every_catalogue() -> None:
    english = {
        k
        for k in catalogue("en")
        if k.startswith(("seat.", "digital.", "index.kind", "index.seed"))
    }
    assert len(english) > 30
    for language in ("fr", "de"):
        missing = english - set(catalogue(language))
        assert not missing, f"{language} lacks {sorted(missing)}"


def test_a_multicolour_card_touched_by_a_colour_may_be_that_colour_or_multicolour(
    client: FlaskClient,
) -> None:
    table = create_digital(client, "avalanche", ["Ann", "Bob"], seed=0)
    game = Game.deal(load_theme("avalanche"), 2, 0)
    slot = next(i for i, h in enumerate(game.hand(1)) if h.card.suit == 5)  # multicolour
    assert (
        seat_act(client, table, 0, 0, {"type": "colour-hint", "target": 1, "colour": 0}).status_code
        == 200
    )
    card = _seat(client, table, 1)["hands"][1]["cards"][slot]
    assert card["possible_suits"] == [0, 5] and card["suit_known"] is None
    assert card["colour_hinted"] == 0
    page = client.get(table.seat_page(1)).get_data(as_text=True)
    own = page.split(f'data-owner="1" data-slot="{slot}"')[1].split("</label>")[0]
    symbols = [suit.symbol for suit in load_theme("avalanche").suits]
    assert symbols[0] in own and symbols[5] in own


def test_a_seat_s_action_sent_while_the_leader_moved_the_replay_is_recorded(
    client: FlaskClient,
) -> None:
    """The leader showing the replay on the projector moves the table's version, not the
    game: a seat's tap made on the version before is recorded, not refused as stale."""
    table = create_digital(client, players=["Ann", "Bob"], seed=11)
    seen = client.get(f"/api/tables/{table.id}").get_json()
    leader = f"/t/{table.id}/lead/{table.token}"
    csrf = csrf_of(client.get(leader).get_data(as_text=True))
    for version, move in enumerate(("show", "first")):
        form = {"csrf": csrf, "version": str(seen["version"] + version), "move": move}
        assert client.post(f"{leader}/replay", data=form).status_code == 303
    seat = seen["current_player"]
    hint = {"type": "rank-hint", "target": 1 - seat, "rank": 1, "touched": None}
    answer = seat_act(client, table, seat, seen["version"], hint)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["state"]["version"] == seen["version"] + 3
    late = seat_act(client, table, 1 - seat, seen["version"], hint)  # the game moved on
    assert late.status_code == 409
