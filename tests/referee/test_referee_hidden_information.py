"""The digital table's one rule: a seat never receives the identity of its own cards.

A seeded game is played to the end with random legal actions (through the seat
API and through the seat page's forms, with refusals, a pause and undos on the
way). After every change, every response a seat can receive is fetched and
searched for that seat's own cards: its page and the page's fragment, its API,
the public state, the projector, the event stream (and every state published
to the streams), the exports, the table list and the refusals. Negative
controls show that the search finds a leak when there is one.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from digital_helpers import (
    DigitalTable,
    create_digital,
    csrf_of,
    leaks,
    seat_act,
    seat_payload,
    secrets_of,
)
from flask import Flask
from flask.testing import FlaskClient

from deckforge.referee import seats as seats_module
from deckforge.rules import Action, ColourHint, Discard, Game, Play, RankHint
from deckforge.rules.records import to_hanab_live
from deckforge.theme.loader import load_theme

THEME = "interfaith-festival"
TEAMS = ["Lions", "Aigles", "Dauphins", "Loups"]
SEED = 8_675_309_123  # long enough that it cannot turn up in a page by chance


def _form(action: Action) -> dict[str, str]:
    if isinstance(action, Play | Discard):
        return {"type": "play" if isinstance(action, Play) else "discard", "slot": str(action.slot)}
    if isinstance(action, ColourHint):
        return {"type": "hint", "target": str(action.target), "hint": f"colour:{action.colour}"}
    assert isinstance(action, RankHint)
    return {"type": "hint", "target": str(action.target), "hint": f"rank:{action.rank}"}


class Referee:
    """The referee under test and the engine's own copy of the game, kept in step."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.theme = load_theme(THEME)
        self.table: DigitalTable = create_digital(client, THEME, TEAMS, seed=SEED)
        self.game = Game.deal(self.theme, len(TEAMS), SEED)
        self.version = 0
        self.published: list[str] = []
        board = app.extensions["deckforge.tables"].board
        publish = board.publish

        def recording(table_id: str, version: int, state_json: str) -> None:
            self.published.append(state_json)
            publish(table_id, version, state_json)

        board.publish = recording
        self.checked_payloads = 0
        self.responses = 0

    # -- what a seat can receive --------------------------------------------------------

    def _get(self, url: str, **kwargs: Any) -> tuple[str, str]:
        response = self.client.get(url, **kwargs)
        assert response.status_code < 500, (url, response.status_code)
        self.responses += 1
        return response.get_data(as_text=True), response.content_type or ""

    def _first_event(self) -> tuple[str, str]:
        response = self.client.get(f"/api/tables/{self.table.id}/events", buffered=False)
        chunks = response.iter_encoded()
        first = next(chunks).decode("utf-8")
        response.close()
        self.responses += 1
        return first, response.content_type or ""

    def shared_responses(self) -> list[tuple[str, str, str]]:
        """What anybody in the room (so any seat) can fetch without a secret."""
        tid = self.table.id
        found = []
        for url in (
            f"/api/tables/{tid}",
            f"/t/{tid}",
            f"/t/{tid}/screen",
            f"/api/tables/{tid}/export.json",
            f"/api/tables/{tid}/export.csv",
            f"/api/tables/{tid}/games/{self.game_number}/hanab.json",
            "/",
            f"/t/{tid}/lead/{self.table.secrets[0]}",
        ):
            found.append((url, *self._get(url)))
        found.append(("events", *self._first_event()))
        return found

    @property
    def game_number(self) -> int:
        return 1

    def seat_responses(self, seat: int) -> list[tuple[str, str, str]]:
        """What only this seat can fetch: its page, fragment and API, and its tries
        at what is not its own (the leader's export, the leader's pause)."""
        tid = self.table.id
        page = self.table.seat_page(seat)
        auth = self.table.seat_auth(seat)
        found = [(url, *self._get(url)) for url in (page, f"{page}/view")]
        found.append(("seat api", *self._get(self.table.seat_api(seat), headers=auth)))
        found.append(
            ("hanab as seat", *self._get(f"/api/tables/{tid}/games/1/hanab.json", headers=auth))
        )
        paused = self.client.post(
            f"/api/tables/{tid}/pause", headers=auth, json={"version": self.version, "paused": True}
        )
        assert paused.status_code == 403
        found.append(("pause as seat", paused.get_data(as_text=True), paused.content_type))
        return found

    def check_everything(self) -> int:
        """Fetch every response of every seat and search it for the seat's own cards."""
        shared = self.shared_responses()
        payloads = self.published[self.checked_payloads :]
        self.checked_payloads = len(self.published)
        hidden_total = 0
        for seat in range(len(TEAMS)):
            secrets = secrets_of(self.game, seat, SEED)
            hidden_total += len(secrets.hidden)
            responses = shared + self.seat_responses(seat)
            responses += [("published", p, "application/json") for p in payloads]
            for where, body, kind in responses:
                if self.game.is_over and "hanab" in where:
                    continue  # the deck is everybody's once the game is over
                found = leaks(body, secrets, self.theme, kind)
                assert not found, f"seat {seat} receives its own cards in {where}: {found}"
        return hidden_total

    # -- playing ------------------------------------------------------------------------

    def act_by_api(self, seat: int, action: Action) -> dict[str, Any]:
        response = seat_act(self.client, self.table, seat, self.version, seat_payload(action))
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        self.responses += 1
        assert not leaks(
            response.get_data(as_text=True),
            secrets_of(self._after(action), seat, SEED),
            self.theme,
            response.content_type,
        )
        return body

    def _after(self, action: Action) -> Game:
        after = Game.replay(self.theme, len(TEAMS), self.game.deck, [*self.game.history, action])
        return after

    def act_by_form(self, seat: int, action: Action) -> None:
        page = self.client.get(self.table.seat_page(seat)).get_data(as_text=True)
        response = self.client.post(
            f"{self.table.seat_page(seat)}/act",
            data={
                "csrf": csrf_of(page),
                "version": str(self.version),
                **_form(action),
            },
        )
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
        self.responses += 1
        found = leaks(
            response.get_data(as_text=True),
            secrets_of(self._after(action), seat, SEED),
            self.theme,
            response.content_type or "",
        )
        assert not found, found

    def apply(self, seat: int, action: Action, by_form: bool) -> None:
        if by_form:
            self.act_by_form(seat, action)
        else:
            self.act_by_api(seat, action)
        self.game.apply(action, seat)
        self.version += 1

    def refusals(self, seat: int) -> None:
        """Out of turn, for another seat, while paused: refused, and the refusal leaks nothing."""
        other = (seat + 1) % len(TEAMS)
        secrets = secrets_of(self.game, other, SEED)
        out_of_turn = seat_act(
            self.client, self.table, other, self.version, {"type": "play", "slot": 0}
        )
        assert out_of_turn.status_code == 422
        assert out_of_turn.get_json()["error"]["code"] == "not-your-turn"
        for_another = seat_act(
            self.client,
            self.table,
            seat,
            self.version,
            {"type": "play", "slot": 0},
            auth_seat=other,
        )
        assert for_another.status_code == 403
        page = self.client.get(self.table.seat_page(seat)).get_data(as_text=True)
        refused_page = self.client.post(
            f"{self.table.seat_page(other)}/act",
            data={"csrf": csrf_of(page), "version": str(self.version), "type": "play", "slot": "0"},
        )
        assert refused_page.status_code == 422
        for response in (out_of_turn, for_another, refused_page):
            self.responses += 1
            found = leaks(
                response.get_data(as_text=True), secrets, self.theme, response.content_type
            )
            assert not found, found

    def pause_and_resume(self, seat: int) -> None:
        tid = self.table.id
        paused = self.client.post(
            f"/api/tables/{tid}/pause",
            headers=self.table.auth,
            json={"version": self.version, "paused": True},
        )
        assert paused.status_code == 200 and paused.get_json()["paused"] is True
        self.version += 1
        self.check_everything()
        legal = self.game.legal_actions()[0]
        refused = seat_act(self.client, self.table, seat, self.version, seat_payload(legal))
        assert refused.status_code == 423
        assert refused.get_json()["error"]["code"] == "paused"
        resumed = self.client.post(
            f"/api/tables/{tid}/pause",
            headers=self.table.auth,
            json={"version": self.version, "paused": False},
        )
        assert resumed.status_code == 200 and resumed.get_json()["paused"] is False
        self.version += 1

    def undo(self) -> None:
        response = self.client.post(
            f"/api/tables/{self.table.id}/undo",
            headers=self.table.auth,
            json={"version": self.version, "steps": 1},
        )
        assert response.status_code == 200, response.get_json()
        self.version += 1
        self.game = self.game.undo(1)


def _random_action(game: Game, chooser: random.Random) -> Action:
    """A random legal action; a play that cannot fit only now and then, so games last."""
    legal = game.legal_actions()
    hand = game.hand(game.current_player)
    careful = [
        a
        for a in legal
        if not isinstance(a, Play) or game.is_playable(hand[a.slot].card)  # type: ignore[arg-type,index]
    ]
    return chooser.choice(careful if careful and chooser.random() > 0.05 else legal)


@pytest.fixture
def referee(app: Flask, client: FlaskClient) -> Referee:
    return Referee(app, client)


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
def test_no_seat_ever_receives_its_own_cards_in_a_whole_random_game(referee: Referee) -> None:
    chooser = random.Random(2026)
    hidden_seen = referee.check_everything()
    step = 0
    while not referee.game.is_over:
        step += 1
        seat = referee.game.current_player
        if step % 9 == 4:
            referee.refusals(seat)
        if step % 11 == 5:
            referee.pause_and_resume(seat)
        action = _random_action(referee.game, chooser)
        referee.apply(seat, action, by_form=step % 2 == 1)
        if step % 13 == 6 and not referee.game.is_over:
            hidden_seen += referee.check_everything()
            referee.undo()
        hidden_seen += referee.check_everything()
        # the server's state is the engine's: same turn, tokens and piles
        state = referee.client.get(f"/api/tables/{referee.table.id}").get_json()
        assert state["version"] == referee.version
        assert state["turn"] == referee.game.turn
        assert state["hint_tokens"]["available"] == referee.game.hint_tokens
        assert [s["top"] for s in state["suits"]] == list(referee.game.top_ranks())
    assert step > 30
    assert hidden_seen > 200  # the search had cards to look for at every step
    assert referee.checked_payloads > step  # every published state was searched
    assert referee.responses > 1000


def test_each_seat_is_told_exactly_what_the_hints_said_about_its_cards(
    referee: Referee,
) -> None:
    chooser = random.Random(7)
    for _ in range(12):
        seat = referee.game.current_player
        referee.apply(seat, _random_action(referee.game, chooser), by_form=False)
    for seat in range(len(TEAMS)):
        body = referee.client.get(
            referee.table.seat_api(seat), headers=referee.table.seat_auth(seat)
        ).get_json()
        own = body["hands"][seat]
        assert own["own"] is True
        view = referee.game.view(seat)
        assert [c["possible_suits"] for c in own["cards"]] == [
            sorted(h.possible_suits_set) for h in view.own_hand
        ]
        assert [c["possible_ranks"] for c in own["cards"]] == [
            sorted(h.possible_ranks_set) for h in view.own_hand
        ]
        assert [c["rank_hinted"] for c in own["cards"]] == [h.rank_hinted for h in view.own_hand]
        for other in range(len(TEAMS)):
            if other != seat:
                shown = [
                    (c["card"]["suit"], c["card"]["rank"]) for c in body["hands"][other]["cards"]
                ]
                assert shown == [(c.suit, c.rank) for c in view.cards(other)]


# ---- negative controls: the search does find leaks -------------------------------------


def test_the_search_finds_own_cards_slipped_into_the_seat_api(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = seats_module.seat_view

    def leaky(table: Any, seat: int) -> dict[str, Any]:
        view = real(table, seat)
        for entry, held in zip(view["hands"][seat]["cards"], table.game.hand(seat), strict=True):
            entry["card"] = held.card.to_dict()
        return view

    monkeypatch.setattr(seats_module, "seat_view", leaky)
    response = referee.client.get(referee.table.seat_api(0), headers=referee.table.seat_auth(0))
    found = leaks(
        response.get_data(as_text=True),
        secrets_of(referee.game, 0, SEED),
        referee.theme,
        response.content_type,
    )
    assert any("own card" in problem for problem in found)
    assert any("hidden card" in problem for problem in found)


def test_the_search_finds_own_cards_drawn_face_up_on_the_seat_page(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = seats_module.seat_view

    def face_up(table: Any, seat: int) -> dict[str, Any]:
        return real(table, (seat + 1) % len(TEAMS))  # the next seat's view: seat's cards open

    monkeypatch.setattr(seats_module, "seat_view", face_up)
    secrets = secrets_of(referee.game, 0, SEED)
    assert secrets.hidden  # at the start, seat 0 holds cards it sees nowhere else
    page = referee.client.get(referee.table.seat_page(0))
    found = leaks(page.get_data(as_text=True), secrets, referee.theme, page.content_type)
    assert any("data-card" in problem for problem in found)


def test_the_search_finds_a_hidden_card_named_in_words_the_seed_and_the_export(
    referee: Referee,
) -> None:
    secrets = secrets_of(referee.game, 1, SEED)
    card = sorted(secrets.hidden)[0]
    suit = referee.theme.suits[card.suit]
    title = suit.text_for(card.rank).title
    page = referee.client.get(referee.table.seat_page(1)).get_data(as_text=True)
    assert not leaks(page, secrets, referee.theme, "text/html")
    with_title = page.replace("</main>", f"<p>{title}</p></main>")
    assert any(title in p for p in leaks(with_title, secrets, referee.theme, "text/html"))
    chip = f'<span class="sym">{suit.symbol}</span> {card.rank}'
    with_chip = page.replace("</main>", f"{chip}</main>")
    assert any("chip" in p for p in leaks(with_chip, secrets, referee.theme, "text/html"))
    with_seed = re.sub("</main>", f"<!-- {SEED} --></main>", page)
    assert any("seed" in p for p in leaks(with_seed, secrets, referee.theme, "text/html"))
    # the game's record names every card: the search must flag it for a seat (the referee
    # gives it to the leader only, once the game is over: here it is built as it would be)
    export = referee.client.get(
        f"/api/tables/{referee.table.id}/games/1/hanab.json", headers=referee.table.auth
    )
    assert export.status_code == 409
    record = json.dumps(to_hanab_live(referee.game, list(TEAMS)))
    found = leaks(record, secrets, referee.theme, "application/json")
    assert any("hidden card" in problem for problem in found)
