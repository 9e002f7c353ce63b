"""Digital tables: each seat's secret link and what one seat may see.

A digital table deals a seeded deck, and each player (or team) follows it on a
device of their own. The rule of the game is also this module's rule: a seat
is never sent the identity of a card in its own hand. :func:`seat_view` builds
everything a seat receives from the engine's :class:`~deckforge.rules.PlayerView`,
whose own hand carries hint knowledge only, and never reads ``deck_index`` (with
the seed, it would name the card).

Seat secrets are derived, not stored: an HMAC of the app's secret key, the
table and the seat, so the leader's page can show the links again at any time
and the database holds nothing new to steal.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from deckforge.page_tokens import same_secret
from deckforge.referee import store
from deckforge.referee.state import Hand, HintTouches, Knowledge, LastHint, SeatView
from deckforge.referee.tables import LoadedTable, card_id
from deckforge.rules import ColourHint, Game, HandCard, RankHint
from deckforge.theme.model import Theme

# ---- seat secrets ---------------------------------------------------------------------


def seat_secret(key: str, table: store.TableRecord, seat: int) -> str:
    """The secret in seat ``seat``'s link: 24 URL-safe characters, stable for the table."""
    message = f"deckforge-seat\0{table.id}\0{table.leader_token_hash}\0{seat}".encode()
    digest = hmac.new(key.encode("utf-8"), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


def seat_matches(key: str, table: store.TableRecord, seat: int, presented: str | None) -> bool:
    """Constant-time check of a presented seat secret."""
    if not presented or not 0 <= seat < len(table.players):
        return False
    return same_secret(presented, seat_secret(key, table, seat))


# ---- what a seat (or the leader) sees -------------------------------------------------


def knowledge(held: HandCard, theme: Theme) -> Knowledge:
    """What the hints told about one card: public, since every hint is given aloud.

    Reads the hint fields only (never ``card`` nor ``deck_index``), so it is
    safe for a card in the reader's own hand.
    """
    suits = sorted(held.possible_suits_set)
    ranks = sorted(held.possible_ranks_set)
    return {
        "touched": held.touched,
        "colour_hinted": held.colour_hinted,
        "rank_hinted": held.rank_hinted,
        "possible_suits": suits,
        "possible_ranks": ranks,
        "suit_known": suits[0] if len(suits) == 1 else None,
        "rank_known": ranks[0] if len(ranks) == 1 else None,
        "suits_ruled_out": [s for s in range(len(theme.suits)) if s not in suits],
        "ranks_ruled_out": [r for r in range(1, theme.ranks + 1) if r not in ranks],
    }


def hint_touches(game: Game, player: int) -> HintTouches:
    """For another player's hand: the slots each colour and each rank would touch (the
    engine answers, from the seat after ``player``: anybody but the player sees them)."""
    found = game.view((player + 1) % game.players).hint_touches(player)
    return {
        "colours": [list(slots) for slots in found.colours],
        "ranks": {str(rank): list(slots) for rank, slots in enumerate(found.ranks, start=1)},
    }


def _open_hand(digital: LoadedTable, player: int) -> Hand:
    theme = digital.theme
    held = digital.game.hand(player)
    cards = [c.card for c in held]
    assert all(c is not None for c in cards)  # a known deck
    known = [card for card in cards if card is not None]
    return {
        "player": player,
        "name": digital.table.players[player],
        "own": False,
        "cards": [
            {"slot": slot, "card": card_id(card), **knowledge(h, theme)}
            for slot, (h, card) in enumerate(zip(held, known, strict=True))
        ],
        "touches": hint_touches(digital.game, player),
    }


def last_hint(game: Game) -> LastHint | None:
    """The slots the latest hint touched, if the latest action was a hint: everybody saw
    which cards the receiver was shown."""
    event = game.last_event
    if event is None or event.kind not in ("colour-hint", "rank-hint") or not game.history:
        return None
    action = game.history[-1]
    assert isinstance(action, ColourHint | RankHint)
    return {"target": action.target, "slots": list(event.touched)}


def seat_view(digital: LoadedTable, seat: int) -> SeatView:
    """Everything seat ``seat`` may receive: the public state, the other hands, its own
    hand as hint knowledge only, and whether it may act now."""
    game, table = digital.game, digital.table
    view = game.view(seat)
    hands: list[Hand] = []
    for player in range(len(table.players)):
        if player == seat:
            hands.append(
                {
                    "player": player,
                    "name": table.players[player],
                    "own": True,
                    "cards": [
                        {"slot": slot, **knowledge(h, digital.theme)}
                        for slot, h in enumerate(view.own_hand)
                    ],
                }
            )
        else:
            hands.append(_open_hand(digital, player))
    return {
        "seat": seat,
        "name": table.players[seat],
        "version": digital.version,
        "last_hint": last_hint(game),
        "your_turn": view.is_my_turn and not view.is_over,
        "can_act": view.is_my_turn and digital.can_act,
        "paused": digital.paused,
        "hands": hands,
        "state": digital.state,
    }


def leader_hands(digital: LoadedTable) -> list[Hand]:
    """Every hand face up with its hint knowledge: the leader sees everything."""
    return [_open_hand(digital, p) for p in range(len(digital.table.players))]
