"""Helpers for the digital table's tests: tables with seat secrets, and a leak finder.

The leak finder looks for a seat's own cards in anything the seat can receive,
in every form the referee writes a card: JSON objects (``suit``/``rank`` or
hanab.live's ``suitIndex``/``rank``), ``data-card`` attributes, chips and card
names in HTML, the card's title and text from the theme, and the deal's seed.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

from deckforge.rules import Action, Card, ColourHint, Discard, Game, Play, RankHint
from deckforge.theme.model import Theme


@dataclass
class DigitalTable:
    id: str
    token: str
    seed: int
    secrets: list[str]
    body: dict[str, Any]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def seat_auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[seat]}"}

    def seat_page(self, seat: int) -> str:
        return f"/t/{self.id}/seat/{seat}/{self.secrets[seat]}"

    def seat_api(self, seat: int) -> str:
        return f"/api/tables/{self.id}/seats/{seat}"


def create_digital(
    client: FlaskClient,
    theme: str = "hanabi-classic",
    players: list[str] | None = None,
    seed: int | None = 1234,
    **extra: Any,
) -> DigitalTable:
    body: dict[str, Any] = {
        "theme": theme,
        "players": players or ["Ann", "Bob", "Cy"],
        "kind": "digital",
        **extra,
    }
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    secrets = [row["url"].rsplit("/", 1)[1] for row in data["seats"]]
    return DigitalTable(data["id"], data["leader_token"], data["seed"], secrets, data)


def seat_act(
    client: FlaskClient,
    table: DigitalTable,
    seat: int,
    version: int,
    action: dict[str, Any],
    auth_seat: int | None = None,
) -> Any:
    who = seat if auth_seat is None else auth_seat
    return client.post(
        f"{table.seat_api(seat)}/actions",
        headers=table.seat_auth(who),
        json={"version": version, "action": action},
    )


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no CSRF field"
    return found.group(1)


# ---- the leak finder -------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSecrets:
    """What one seat must not learn at one moment."""

    seat: int
    own: tuple[Card, ...]  # the seat's cards, slot order
    hidden: frozenset[Card]  # identities it holds and sees nowhere else
    patterns: tuple[tuple[str, Card], ...]  # text that names a hidden card, and the card
    seed: int


def secrets_of(game: Game, seat: int, seed: int) -> SeatSecrets:
    """The seat's own cards, and those of them it has no other way of knowing."""
    theme: Theme = game.theme
    own = tuple(h.card for h in game.hand(seat) if h.card is not None)
    visible: Counter[Card] = Counter()
    for player in range(game.players):
        if player != seat:
            visible.update(h.card for h in game.hand(player) if h.card is not None)
    for stack in game.stacks:
        visible.update(stack)
    visible.update(game.discards)
    hidden = frozenset(card for card in own if visible[card] == 0)
    every_text = [
        (Card(s, r), words)
        for s, suit in enumerate(theme.suits)
        for r in range(1, suit.ranks + 1)
        for words in (suit.text_for(r).title, suit.text_for(r).text)
        if words
    ]
    patterns = []
    for card in hidden:
        suit = theme.suits[card.suit]
        text = suit.text_for(card.rank)
        for words in (text.title, text.text):
            # a marker only if no other card's words contain it ("Pâques" is in Pentecôte's text)
            unique = not any(words in other for c, other in every_text if c != card)
            if words and len(words) >= 4 and unique:
                patterns.append((words, card))
        patterns.append((f"{suit.name} {card.rank}", card))  # the referee's card name
    return SeatSecrets(seat, own, hidden, tuple(patterns), seed)


_TAG = re.compile(r"<[a-zA-Z][^>]*\bdata-(?:card|owner)=[^>]*>")
_ATTR = re.compile(r'\bdata-(card|owner)="([^"]*)"')


def _card_tags(body: str) -> list[tuple[str | None, str | None]]:
    """(owner, card) of every tag that shows a card (``data-owner``, ``data-card``)."""
    found = []
    for tag in _TAG.findall(body):
        attrs = dict(_ATTR.findall(tag))
        found.append((attrs.get("owner"), attrs.get("card")))
    return found


def _walk(value: Any) -> Any:
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def _json_leaks(data: Any, secrets: SeatSecrets) -> list[str]:
    problems = []
    for node in _walk(data):
        if isinstance(node, str):
            problems += [
                f"text {words!r} names {card}" for words, card in secrets.patterns if words in node
            ]
        if not isinstance(node, dict):
            continue
        own_hand = node.get("own") is True or (
            node.get("player") == secrets.seat and "cards" in node and node.get("own") is not False
        )
        if own_hand:
            for entry in node.get("cards", []):
                named = {"card", "suit", "rank", "suitIndex", "deck_index"} & set(entry)
                if named:
                    problems.append(f"own card {entry.get('slot')} carries {sorted(named)}")
        rank = node.get("rank")
        suit = node.get("suit", node.get("suitIndex"))
        if isinstance(suit, int) and isinstance(rank, int) and Card(suit, rank) in secrets.hidden:
            problems.append(f"JSON object {node} names hidden card {Card(suit, rank)}")
        if node.get("seed") == secrets.seed:
            problems.append("the deal's seed")
    return problems


def leaks(body: str, secrets: SeatSecrets, theme: Theme, content_type: str = "") -> list[str]:
    """Every way ``body`` names one of the seat's hidden cards (empty list: no leak)."""
    problems: list[str] = []
    if str(secrets.seed) in body:
        problems.append(f"the deal's seed {secrets.seed}")
    if "json" in content_type:
        return problems + _json_leaks(json.loads(body), secrets)
    if "event-stream" in content_type:
        for line in body.splitlines():
            if line.startswith("data: "):
                problems += _json_leaks(json.loads(line[6:]), secrets)
        return problems
    for owner, card in _card_tags(body):
        if owner == str(secrets.seat) and card is not None:
            problems.append(f"own card shown as data-card={card}")
        if card:
            suit, rank = (int(x) for x in card.split(":"))
            if Card(suit, rank) in secrets.hidden:
                problems.append(f"data-card={card} names a hidden card")
    text = html.unescape(body)
    for words, card in secrets.patterns:
        if words in text:
            problems.append(f"text {words!r} names {card}")
    for card in secrets.hidden:  # the chip of _macros.html: symbol, then the rank
        symbol = re.escape(theme.suits[card.suit].symbol)
        if re.search(rf"{symbol}</span>\s*{card.rank}\b", body):
            problems.append(f"a chip shows {card}")
    return problems


@dataclass
class Published:
    """Every state the table service published to the event streams."""

    payloads: list[str] = field(default_factory=list)


def seat_payload(action: Action) -> dict[str, Any]:
    """A seat's JSON for ``action``: plays and discards by slot only."""
    if isinstance(action, Play | Discard):
        return {"type": "play" if isinstance(action, Play) else "discard", "slot": action.slot}
    if isinstance(action, ColourHint):
        return {"type": "colour-hint", "target": action.target, "colour": action.colour}
    assert isinstance(action, RankHint)
    return {"type": "rank-hint", "target": action.target, "rank": action.rank}
