"""Game records in hanab.live's JSON export format.

A record holds ``players`` (names), ``deck`` (``{"suitIndex", "rank"}``, top
first) and ``actions`` (``{"type", "target", "value"}``): type 0 plays and 1
discards the card whose deck index is ``target``; 2 is a colour hint and 3 a
rank hint to player ``target``, ``value`` being the clue colour (an index into
``theme.clue_colours()``) or the rank. hanab.live writes a type 4 action when
a table is stopped by vote or timeout; it is accepted as the last action and
leaves the game unfinished. The record does not name a theme: the caller
chooses it.
"""

from __future__ import annotations

from typing import Any

from deckforge.rules import hanab_live
from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint
from deckforge.rules.cards import Card
from deckforge.rules.errors import IllegalAction, SetupError
from deckforge.rules.game import Game
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.model import Theme

PLAY, DISCARD, COLOUR_HINT, RANK_HINT, GAME_OVER = 0, 1, 2, 3, 4
# a finished hanab.live game is a few KiB; a larger file is not a record (readers stop here)
MAX_RECORD_BYTES = 4 * 2**20


class RecordError(ValueError):
    """A record that is not a well-formed hanab.live game for the theme."""


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where} must be an integer, not {value!r}")
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    if key not in data:
        raise RecordError(f"the record has no {key!r} list")
    value = data[key]
    if not isinstance(value, list):
        raise RecordError(f"{key!r} must be a list, not {type(value).__name__}")
    return value


def read_deck(data: dict[str, Any]) -> list[Card]:
    deck = []
    for index, raw in enumerate(_list(data, "deck")):
        where = f"deck[{index}]"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be an object with suitIndex and rank")
        for key in ("suitIndex", "rank"):
            if key not in raw:
                raise RecordError(f"{where} has no {key!r}")
        deck.append(
            Card(_int(raw["suitIndex"], f"{where}.suitIndex"), _int(raw["rank"], f"{where}.rank"))
        )
    return deck


def read_actions(data: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The raw (type, target, value) triples, checked for shape only."""
    actions = []
    raw_actions = _list(data, "actions")
    for index, raw in enumerate(raw_actions):
        where = f"action {index}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be an object with type, target and value")
        if "type" not in raw or "target" not in raw:
            raise RecordError(f"{where} needs 'type' and 'target'")
        kind = _int(raw["type"], f"{where}: type")
        target = _int(raw["target"], f"{where}: target")
        value = _int(raw.get("value", 0), f"{where}: value")
        if kind == GAME_OVER:
            if index != len(raw_actions) - 1:
                raise RecordError(f"{where}: type 4 (game stopped) can only be the last action")
        elif kind not in (PLAY, DISCARD, COLOUR_HINT, RANK_HINT):
            raise RecordError(
                f"{where}: unknown type {kind} (0 play, 1 discard, 2 colour hint, 3 rank hint)"
            )
        actions.append((kind, target, value))
    return actions


def read_players(data: dict[str, Any]) -> list[str]:
    players = _list(data, "players")
    for index, name in enumerate(players):
        if not isinstance(name, str):
            raise RecordError(f"players[{index}] must be a name, not {name!r}")
    return players


def _action(game: Game, kind: int, target: int, value: int) -> Action:
    """The engine action for one record action, given the state it applies to."""
    if kind in (PLAY, DISCARD):
        if game.is_over:
            raise IllegalAction("game-over")
        hand = game._hands[game.current_player]
        for slot, held in enumerate(hand):
            if held.deck_index == target:
                return Play(slot) if kind == PLAY else Discard(slot)
        raise IllegalAction(
            "card-not-in-hand",
            f"Card {target} of the deck is not in player {game.current_player}'s hand.",
        )
    if kind == COLOUR_HINT:
        return ColourHint(target, value)
    return RankHint(target, value)


def from_hanab_live(theme: Theme, data: Any) -> Game:
    """Replay a record; raises RecordError (malformed) or IllegalAction (with ``index``)."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object with players, deck and actions")
    players = read_players(data)
    deck = read_deck(data)
    actions = read_actions(data)
    options = data.get("options")
    if isinstance(options, dict) and options.get("startingPlayer", 0) not in (0, None):
        raise RecordError("records whose first player is not player 0 are not supported")
    try:
        game = Game.from_deck(theme, len(players), deck)
    except SetupError as problem:
        raise RecordError(str(problem)) from None
    for index, (kind, target, value) in enumerate(actions):
        if kind == GAME_OVER:
            break
        try:
            game.apply(_action(game, kind, target, value))
        except IllegalAction as refusal:
            refusal.index = index
            raise
    return game


def _fill_deck(game: Game) -> list[Card]:
    """Printed cards: the deck with the identities seen when cards were played or
    discarded, and the cards never seen filled in by suit then rank."""
    book = Rulebook.of(game.theme)
    replay = Game.printed(game.theme, game.players)
    known: dict[int, Card] = {}
    for action in game.history:
        event = replay.apply(action)
        if event.card is not None and event.deck_index is not None:
            known[event.deck_index] = event.card
    unseen = book.full_deck()
    for card in known.values():
        unseen.remove(card)
    remaining = iter(unseen)
    return [known[i] if i in known else next(remaining) for i in range(book.deck_size)]


def to_hanab_live(game: Game, names: list[str] | None = None) -> dict[str, Any]:
    """The game as a hanab.live record (printed cards: unseen cards filled in order),
    with the ``options`` hanab.live needs to replay it (see :mod:`.hanab_live`; what it
    would still refuse is :func:`.hanab_live.refusals`)."""
    if names is None:
        names = [f"Player {i + 1}" for i in range(game.players)]
    if len(names) != game.players:
        raise ValueError(f"{len(names)} names for {game.players} players")
    deck = list(game.deck) if game.deck is not None else _fill_deck(game)
    replay = Game(game.theme, game.players, game.deck)
    actions = []
    empty_hint = False
    for action in game.history:
        if isinstance(action, ColourHint | RankHint):
            empty_hint = empty_hint or _touches_nothing(replay, deck, action)
        event = replay.apply(action)
        if isinstance(action, Play | Discard):
            kind = PLAY if isinstance(action, Play) else DISCARD
            actions.append({"type": kind, "target": event.deck_index, "value": 0})
        elif isinstance(action, ColourHint):
            actions.append({"type": COLOUR_HINT, "target": action.target, "value": action.colour})
        else:
            actions.append({"type": RANK_HINT, "target": action.target, "value": action.rank})
    record: dict[str, Any] = {
        "players": list(names),
        "deck": [{"suitIndex": card.suit, "rank": card.rank} for card in deck],
        "actions": actions,
    }
    options = hanab_live.options(game, empty_hint)
    if options:
        record["options"] = options
    return record


def _touches_nothing(game: Game, deck: list[Card], hint: ColourHint | RankHint) -> bool:
    """Whether ``hint`` touches no card of its receiver's hand as ``deck`` deals it
    (printed cards: the filled deck may differ from the table's cards)."""
    cards = [deck[held.deck_index] for held in game.hand(hint.target)]
    if isinstance(hint, ColourHint):
        mask = Rulebook.of(game.theme).colour_masks[hint.colour]
        return not any((mask >> card.suit) & 1 for card in cards)
    return not any(card.rank == hint.rank for card in cards)
