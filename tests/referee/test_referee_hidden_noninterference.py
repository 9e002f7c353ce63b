"""The hidden-information rule, checked without knowing how a leak would be written.

At several moments of a seeded game, each seat's own cards are swapped with
cards still in the draw pile that fit everything the hints said about them, and
the same actions are replayed on a second table dealt from that deck. Nothing a
seat may see has changed, only its own cards: so every response the seat can
receive (its page, fragment and API, the public state, the projector, the event
stream, the exports) must be the same, byte for byte once table ids, secrets,
CSRF tokens and clock times are set aside. A leak in any encoding breaks this.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from digital_helpers import DigitalTable, create_digital, seat_act, seat_payload
from flask.testing import FlaskClient

from deckforge.referee import seats as seats_module
from deckforge.referee import tables as tables_module
from deckforge.rules import Action, Card, Game, Play
from deckforge.theme.loader import load_theme

THEME = "interfaith-festival"
TEAMS = ["Lions", "Aigles", "Dauphins", "Loups"]
SEED = 4242
DECKS: dict[int, list[Card]] = {}  # seed -> explicit deck, for the swapped tables


@pytest.fixture(autouse=True)
def explicit_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables whose seed is in DECKS are dealt that deck (the referee records seeds only)."""
    real = tables_module.new_game

    def dealing(theme: Any, players: int, kind: str, seed: int | None) -> Game:
        if seed in DECKS:
            return Game.from_deck(theme, players, DECKS[seed])
        return real(theme, players, kind, seed)

    monkeypatch.setattr(tables_module, "new_game", dealing)


def swapped_deck(game: Game, seat: int, chooser: random.Random) -> list[Card] | None:
    """The deck with each of ``seat``'s cards exchanged for an undrawn card that fits every
    hint the card received; None if no card of the hand can change."""
    assert game.deck is not None
    deck = list(game.deck)
    drawn = len(deck) - game.deck_left
    free = list(range(drawn, len(deck)))
    chooser.shuffle(free)
    changed = 0
    for held in game.hand(seat):
        for j in free:
            other = deck[j]
            fits = other.suit in held.possible_suits_set and other.rank in held.possible_ranks_set
            if fits and other != held.card:
                deck[held.deck_index], deck[j] = deck[j], deck[held.deck_index]
                free.remove(j)
                changed += 1
                break
    return deck if changed else None


_VOLATILE = [
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(\+00:00|Z)?"), "<time>"),
    (re.compile(r'name="csrf" value="[^"]+"'), 'name="csrf" value="<csrf>"'),
    (re.compile(r'name="idempotency_key" value="[^"]+"'), 'name="idempotency_key" value="<key>"'),
]


class SeatResponses:
    """Everything one seat can fetch from one table, with the table's own names set aside."""

    def __init__(self, client: FlaskClient, table: DigitalTable) -> None:
        self.client = client
        self.table = table

    def _normal(self, text: str) -> str:
        text = text.replace(self.table.id, "<table>").replace(self.table.token, "<leader>")
        for secret in self.table.secrets:
            text = text.replace(secret, "<secret>")
        for pattern, replacement in _VOLATILE:
            text = pattern.sub(replacement, text)
        return text

    def _get(self, url: str, **kwargs: Any) -> str:
        response = self.client.get(url, **kwargs)
        return f"{response.status_code} {response.content_type}\n" + self._normal(
            response.get_data(as_text=True)
        )

    def _first_event(self) -> str:
        response = self.client.get(f"/api/tables/{self.table.id}/events", buffered=False)
        first = next(response.iter_encoded()).decode("utf-8")
        response.close()
        return self._normal(first)

    def of(self, seat: int) -> dict[str, str]:
        tid = self.table.id
        page = self.table.seat_page(seat)
        auth = self.table.seat_auth(seat)
        return {
            "seat page": self._get(page),
            "seat fragment": self._get(f"{page}/view"),
            "seat api": self._get(self.table.seat_api(seat), headers=auth),
            "state": self._get(f"/api/tables/{tid}"),
            "projector": self._get(f"/t/{tid}"),
            "projector screen": self._get(f"/t/{tid}/screen"),
            "events": self._first_event(),
            "export json": self._get(f"/api/tables/{tid}/export.json"),
            "export csv": self._get(f"/api/tables/{tid}/export.csv"),
            "hanab record": self._get(f"/api/tables/{tid}/games/1/hanab.json", headers=auth),
            "refusal": self._refusal(seat),
        }

    def _refusal(self, seat: int) -> str:
        """The answer to an action out of turn (or, on its turn, a slot that does not exist)."""
        state = self.client.get(f"/api/tables/{self.table.id}").get_json()
        response = seat_act(
            self.client, self.table, seat, state["version"], {"type": "play", "slot": 99}
        )
        return f"{response.status_code}\n" + self._normal(response.get_data(as_text=True))


def _twin(client: FlaskClient, deck: list[Card], history: list[Action]) -> DigitalTable:
    """A second table dealt ``deck``, with ``history`` replayed by its seats."""
    seed = 10_000 + len(DECKS)
    DECKS[seed] = deck
    twin = create_digital(client, THEME, TEAMS, seed=seed)
    replay = Game.from_deck(load_theme(THEME), len(TEAMS), deck)
    for version, action in enumerate(history):
        seat = replay.current_player
        response = seat_act(client, twin, seat, version, seat_payload(action))
        assert response.status_code == 200, response.get_json()
        replay.apply(action, seat)
    return twin


def _differences(one: dict[str, str], other: dict[str, str]) -> list[str]:
    return [name for name in one if one[name] != other[name]]


def _play(
    client: FlaskClient, table: DigitalTable, game: Game, chooser: random.Random, turns: int
) -> None:
    for _ in range(turns):
        if game.is_over:
            return
        hand = game.hand(game.current_player)
        legal = [
            a
            for a in game.legal_actions()
            if not isinstance(a, Play) or game.is_playable(hand[a.slot].card)
        ]  # type: ignore[index,arg-type]
        action = chooser.choice(legal)
        seat = game.current_player
        response = seat_act(client, table, seat, game.turn, seat_payload(action))
        assert response.status_code == 200, response.get_json()
        game.apply(action, seat)


def _check_moment(
    client: FlaskClient, table: DigitalTable, game: Game, chooser: random.Random
) -> int:
    """Every seat's responses are the same on a twin table where only its own cards differ;
    returns how many seats were checked."""
    checked = 0
    for seat in range(len(TEAMS)):
        deck = swapped_deck(game, seat, chooser)
        if deck is None:
            continue
        twin = _twin(client, deck, list(game.history))
        here, there = SeatResponses(client, table), SeatResponses(client, twin)
        assert _differences(here.of(seat), there.of(seat)) == []
        # the twin does differ: the next seat sees the swapped cards
        neighbour = (seat + 1) % len(TEAMS)
        assert "seat api" in _differences(here.of(neighbour), there.of(neighbour))
        checked += 1
    return checked


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
def test_a_seat_s_responses_do_not_change_when_only_its_own_cards_do(
    client: FlaskClient,
) -> None:
    chooser = random.Random(11)
    table = create_digital(client, THEME, TEAMS, seed=SEED)
    game = Game.deal(load_theme(THEME), len(TEAMS), SEED)
    checked = _check_moment(client, table, game, chooser)
    for _ in range(5):
        _play(client, table, game, chooser, turns=6)
        if game.is_over:
            break
        checked += _check_moment(client, table, game, chooser)
    assert checked >= 16


def test_the_comparison_catches_a_leak_in_a_form_nobody_searches_for(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Negative control: a server that slips ``repr`` of the own cards into an odd field."""
    real: Callable[..., dict[str, Any]] = seats_module.seat_view

    def leaky(digital: Any, seat: int) -> dict[str, Any]:
        view = real(digital, seat)
        view["debug"] = [repr(h) for h in digital.game.hand(seat)]
        return view

    monkeypatch.setattr(seats_module, "seat_view", leaky)
    chooser = random.Random(12)
    table = create_digital(client, THEME, TEAMS, seed=SEED)
    game = Game.deal(load_theme(THEME), len(TEAMS), SEED)
    deck = swapped_deck(game, 0, chooser)
    assert deck is not None
    twin = _twin(client, deck, [])
    found = _differences(SeatResponses(client, table).of(0), SeatResponses(client, twin).of(0))
    assert "seat api" in found
