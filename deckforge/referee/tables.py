"""Tables: a game rebuilt from the event store, changed only through the store.

A table's state is the replay of its active actions. :class:`TableService`
keeps, per table, the replayed :class:`~deckforge.rules.Game` and the public
snapshot of its latest version, so a read costs one small query; a change is
checked by the engine, committed to SQLite, and only then published.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, TypedDict

import orjson

from deckforge.identity_cache import IdentityCache
from deckforge.referee import store
from deckforge.referee.notify import VersionBoard
from deckforge.referee.state import (
    CardId,
    EventKind,
    HintKind,
    Legal,
    LogEntry,
    State,
    Stats,
    Suit,
    SuitInfo,
    ThemeInfo,
    TokenKind,
)
from deckforge.rules import (
    Action,
    Card,
    ColourHint,
    Event,
    Game,
    RankHint,
    action_from_dict,
)
from deckforge.theme.library import Deck, ThemeLibrary
from deckforge.theme.model import EmptyHints, Theme
from deckforge.theme.model import TokenKind as ThemeToken

_COLOUR = re.compile(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?")


def safe_colour(value: str) -> str:
    """A theme colour fit for a style attribute; anything else becomes a neutral grey."""
    return value if _COLOUR.fullmatch(value) else "#888888"


SEED_BITS = 64  # a seat that sees its neighbours' cards cannot try every deal
MAX_SEED = 2**SEED_BITS - 1


def random_seed() -> int:
    """A fresh seed for a digital deal, 64 random bits (recorded, so the deal replays).

    With 31 bits, as before, a seat's script could try every deal against the
    cards it sees and read its own hand; 2**64 deals cannot be tried.
    """
    return secrets.randbits(SEED_BITS)


def new_game(theme: Theme, players: int, kind: str, seed: int | None) -> Game:
    if kind == "digital":
        assert seed is not None
        return Game.deal(theme, players, seed)
    return Game.printed(theme, players)


@dataclass(frozen=True)
class LoadedTable:
    """A table at one version, as every route reads it; built once per version, never
    changed. ``state`` is the public state (no card in any hand; ``paused`` too for a
    digital table) and ``state_json`` the same as JSON text, the API's answer and the
    streams' event."""

    table: store.TableRecord
    theme: Theme
    state: State
    state_json: str
    log: tuple[LogEntry, ...]  # what each active action of the game did, in order
    paused: bool
    seed: int | None  # a digital game's deal
    deck: tuple[Card, ...] | None  # a digital game's cards, top first
    actions: tuple[Action, ...]  # the game's active log

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def can_act(self) -> bool:
        """Whether a seat may act now (the leader's pause stops them)."""
        return not self.paused and not self.state["is_over"]

    @cached_property
    def game(self) -> Game:
        """The game at this version, replayed by the engine when a route reads the hands."""
        return Game.replay(self.theme, len(self.table.players), self.deck, self.actions)


def card_id(card: Card) -> CardId:
    return {"suit": card.suit, "rank": card.rank}


def describe(event: Event, action: Any, theme: Theme) -> LogEntry:
    """What an action did, for the announcement on the projector."""
    told: LogEntry = {"type": _EVENT_KINDS[event.kind], "player": event.player}
    if event.kind in ("play", "discard"):
        card = event.card
        told["card"] = None if card is None else card_id(card)
        if event.kind == "play":
            told["success"] = bool(event.success)
        told["hint_token_gained"] = event.hint_token_gained
        text = theme.suits[card.suit].text_for(card.rank) if card is not None else None
        told["title"] = text.title if text else ""
        told["text"] = text.text if text else ""
    elif isinstance(action, ColourHint | RankHint):
        told["target"], told["touched"] = action.target, event.touched_count
        if isinstance(action, RankHint):
            told["rank"] = action.rank
        else:
            clue = theme.clue_colours()
            told["suit"] = clue[action.colour] if 0 <= action.colour < len(clue) else None
    return told


# per theme object: the public state's parts that never change (shared, never mutated),
# kept with the theme itself, so an id is never reused while its entry exists
_PER_THEME: IdentityCache[Any] = IdentityCache(128)


def _per_theme(kind: str, theme: Theme, build: Callable[[Theme], Any]) -> Any:
    found = _PER_THEME.get((kind, id(theme)), theme)
    if found is not None:
        return found
    return _PER_THEME.put((kind, id(theme)), theme, build(theme))


def _static_suits(theme: Theme) -> tuple[SuitInfo, ...]:
    return tuple(
        {
            "index": index,
            "id": suit.id,
            "name": suit.name,
            "colour": safe_colour(suit.colour),
            "symbol": suit.symbol,
            "direction": suit.direction.value,
            "ranks": list(suit.rank_order()),
            "copies": list(suit.copies),
            "clue": suit.clue.value,
        }
        for index, suit in enumerate(theme.suits)
    )


def public_suit(theme: Theme, game: Game, index: int) -> Suit:
    """One suit's pile and the copies of its cards not yet seen (public)."""
    static: SuitInfo = _per_theme("suits", theme, _static_suits)[index]
    stack = game.stacks[index]
    ranks = len(static["copies"])
    return {
        **static,
        "top": stack[-1].rank if stack else 0,
        "played": len(stack),
        "stack": [c.rank for c in stack],
        "complete": len(stack) == ranks,
        "copies_left": [game.copies_left(Card(index, r)) for r in range(1, ranks + 1)],
    }


@dataclass(frozen=True)
class Piles:
    """The public state's parts that change only when a card is played or discarded."""

    key: tuple[Any, ...]  # the theme, the game's end, the turns left, the tops, the discards
    suit_keys: tuple[tuple[int, tuple[int, ...]], ...]  # per suit: its top, its ranks discarded
    suits: list[Suit]
    discards: list[CardId]
    max_reachable_score: int


def piles(theme: Theme, game: Game, before: Piles | None = None) -> Piles:
    """The piles' part of the public state (and the most still reachable: the turns left
    cap it too, so a hint in the final round changes it); ``before`` (the same table's previous
    piles, if any) is returned as it is when nothing changed, and otherwise lends
    the suits whose pile and discards are unchanged (a play or a discard changes one).
    """
    tops, discards = game.top_ranks(), game.discards
    key = (id(theme), game.end, game.turns_left, tops, discards)
    if before is not None and before.key == key:
        return before
    discarded: list[list[int]] = [[] for _ in tops]
    for card in discards:
        discarded[card.suit].append(card.rank)
    suit_keys = tuple(zip(tops, map(tuple, discarded), strict=True))
    old = before if before is not None and before.key[0] == id(theme) else None
    suits = [
        old.suits[index]
        if old is not None and old.suit_keys[index] == suit_key
        else public_suit(theme, game, index)
        for index, suit_key in enumerate(suit_keys)
    ]
    return Piles(key, suit_keys, suits, [card_id(c) for c in discards], game.most_reachable_score)


class _Fixed(TypedDict):
    """The public state's parts that depend on the theme alone."""

    theme: ThemeInfo
    hint: TokenKind
    error: TokenKind
    colours: list[int]
    ranks: list[int]
    max_score: int
    hint_kinds: list[HintKind]
    empty_hints: bool


def _token(token: ThemeToken) -> TokenKind:
    return {
        "count": token.count,
        "name": token.name,
        "plural": token.plural,
        "colour": safe_colour(token.colour),
    }


def _fixed(theme: Theme) -> _Fixed:
    return {
        "theme": {"id": theme.id, "title": theme.title, "language": theme.language},
        "hint": _token(theme.tokens.hint),
        "error": _token(theme.tokens.error),
        "colours": list(theme.clue_colours()),
        "ranks": list(range(1, theme.ranks + 1)),
        "max_score": theme.max_score,
        "hint_kinds": ["colour", "rank"] if theme.clue_colours() else ["rank"],
        "empty_hints": theme.rules.empty_hints is EmptyHints.ALLOWED,
    }


def legal(game: Game, hint_kinds: list[HintKind], empty_hints: bool) -> Legal:
    """What the current player may do now, as the engine says (see :class:`state.Legal`)."""
    return {
        "play": not game.is_over,
        "discard": game.may_discard,
        "hint": game.may_hint,
        "hint_kinds": hint_kinds,
        "empty_hints": empty_hints,
    }


def public_state(
    table: store.TableRecord,
    theme: Theme,
    game: Game,
    log: tuple[LogEntry, ...],
    known: Piles | None = None,
    stats: Stats | None = None,
) -> State:
    """Everything anybody in the room may see: no card in any hand.

    ``known`` may be given when :func:`piles` is known for this game (a hint
    changes no pile), ``stats`` when :func:`log_stats` of ``log`` is known.
    """
    fixed: _Fixed = _per_theme("fixed", theme, _fixed)
    found = piles(theme, game) if known is None else known
    return {
        "table": table.id,
        "kind": table.kind,
        "version": table.version,
        "game": table.game,
        "theme": fixed["theme"],
        "players": list(table.players),
        "current_player": game.current_player,
        "turn": game.turn,
        "hint_tokens": {"available": game.hint_tokens, **fixed["hint"]},
        "error_tokens": {"placed": game.error_tokens, **fixed["error"]},
        "suits": found.suits,
        "colours": fixed["colours"],
        "ranks": fixed["ranks"],
        "deck_left": game.deck_left,
        "discards": found.discards,
        "final_turns_left": game.final_turns_left,
        "is_over": game.is_over,
        "end": game.end.value if game.end is not None else None,
        "score": game.score,
        "max_score": fixed["max_score"],
        "max_reachable_score": found.max_reachable_score,
        "rating": game.rating,
        "stats": log_stats(log) if stats is None else stats,
        "legal": legal(game, fixed["hint_kinds"], fixed["empty_hints"]),
        "last": log[-1] if log else None,
    }


def state_text(state: State) -> str:
    """The public state as compact JSON text (UTF-8 characters as they are)."""
    return orjson.dumps(state).decode()


def log_stats(log: tuple[LogEntry, ...], before: Stats | None = None) -> Stats:
    """What the game's log counts; ``before`` is the count without the last entry."""
    if before is not None and log:
        counted = before.copy()
        counted[_STAT[log[-1]["type"], log[-1].get("success")]] += 1
        return counted
    stats: Stats = {"played": 0, "misplayed": 0, "discarded": 0, "hints": 0}
    for entry in log:
        stats[_STAT[entry["type"], entry.get("success")]] += 1
    return stats


_EVENT_KINDS: dict[str, EventKind] = {
    "play": "play",
    "discard": "discard",
    "colour-hint": "colour-hint",
    "rank-hint": "rank-hint",
}
_STAT: dict[tuple[str, bool | None], Literal["played", "misplayed", "discarded", "hints"]] = {
    ("play", True): "played",
    ("play", False): "misplayed",
    ("discard", None): "discarded",
    ("colour-hint", None): "hints",
    ("rank-hint", None): "hints",
}


class TableService:
    """Reads and changes tables: engine checks, durable commits, then publication.

    One cache: the :class:`LoadedTable` of each table's latest version. The
    writer keeps its own game of that version, which it changes in place, also with
    the actions another process recorded since (a replay only when that cannot be).
    """

    def __init__(self, library: ThemeLibrary, board: VersionBoard | None = None) -> None:
        self.library = library
        self.board = board or VersionBoard()
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._loaded: dict[str, LoadedTable] = {}
        # per table: the writer's game (and its log) at the version last seen, and the
        # piles' part of the last public state
        self._games: dict[str, tuple[store.TableRecord, Game, tuple[LogEntry, ...]]] = {}
        self._piles: dict[str, Piles] = {}
        self.replays = 0  # games replayed from their first action (counted for the tests)
        self.caught_up = 0  # actions applied to a held game to bring it up to date

    @contextmanager
    def _locked(self, table_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.Lock())
        with lock:
            yield

    def theme_of(self, conn: sqlite3.Connection, table: store.TableRecord) -> Theme:
        """The deck the table keeps, from the store (never from its file, which may have
        changed or gone): DeckLost for an older table whose deck was not kept."""
        if table.deck is None:
            raise store.DeckLost(table.id)
        kept = self.library.kept(table.deck)
        return kept or self.library.stored(store.deck_text(conn, table.deck), table.deck)

    def _replay(
        self, conn: sqlite3.Connection, table: store.TableRecord, number: int | None = None
    ) -> tuple[Game, tuple[LogEntry, ...]]:
        """Game ``number`` (the running one by default) replayed from the store."""
        theme = self.theme_of(conn, table)
        number = table.game if number is None else number
        record = store.get_game(conn, table.id, number)
        if record is None:
            raise KeyError(number)
        game = new_game(theme, len(table.players), table.kind, record.seed)
        self.replays += 1
        log = []
        for entry in store.active_actions(conn, table.id, number):
            action = action_from_dict(entry.payload)
            log.append(describe(game.apply(action), action, theme))
        return game, tuple(log)

    def _game(
        self, conn: sqlite3.Connection, table: store.TableRecord
    ) -> tuple[Game, tuple[LogEntry, ...]]:
        cached = self._games.get(table.id)
        if cached is not None and cached[0].version == table.version:
            return cached[1], cached[2]
        caught_up = None if cached is None else self._caught_up(conn, table, *cached)
        game, log = caught_up or self._replay(conn, table)
        self._games[table.id] = (table, game, log)
        return game, log

    def _caught_up(
        self,
        conn: sqlite3.Connection,
        table: store.TableRecord,
        held: store.TableRecord,
        game: Game,
        log: tuple[LogEntry, ...],
    ) -> tuple[Game, tuple[LogEntry, ...]] | None:
        """The game held at ``held``'s version moved on to ``table``'s by the actions
        recorded since (another process's, or a pause that added none): a change costs its
        own actions, not the whole game's. None when only a replay will do: another game,
        another deck, or an undo since."""
        same = (held.game, held.deck, held.kind) == (table.game, table.deck, table.kind)
        if not same or held.version > table.version:
            return None
        newer = store.actions_since(conn, table.id, table.game, held.version)
        if newer is None:
            return None
        self._games.pop(table.id, None)  # changed in place below: no stale copy if it fails
        theme = self.theme_of(conn, table)
        entries = list(log)
        try:
            for entry in newer:
                action = action_from_dict(entry.payload)
                entries.append(describe(game.apply(action), action, theme))
        except Exception:  # the held game was not what the log says: a replay will tell
            return None
        self.caught_up += len(newer)
        return game, tuple(entries)

    def _build(
        self,
        theme: Theme,
        table: store.TableRecord,
        game: Game,
        log: tuple[LogEntry, ...],
        paused: bool,
        seed: int | None,
        stats: Stats | None = None,
    ) -> LoadedTable:
        known = self._piles[table.id] = piles(theme, game, self._piles.get(table.id))
        state = public_state(table, theme, game, log, known, stats)
        if table.kind == "digital":
            state["paused"] = paused
        loaded = LoadedTable(
            table, theme, state, state_text(state), log, paused, seed, game.deck, game.history
        )
        self._loaded[table.id] = loaded
        return loaded

    def _fresh(self, conn: sqlite3.Connection, table_id: str) -> LoadedTable:
        """The table's latest version read from the store (under the table's lock)."""
        with store.reading(conn):
            table = store.get_table(conn, table_id)
            if table is None:
                raise KeyError(table_id)
            cached = self._loaded.get(table_id)
            if cached is not None and cached.version == table.version:
                return cached
            game, log = self._game(conn, table)
            record = store.get_game(conn, table.id, table.game)
            paused = store.is_paused(conn, table_id)
            theme = self.theme_of(conn, table)
        return self._build(theme, table, game, log, paused, record.seed if record else None)

    def load(self, conn: sqlite3.Connection, table_id: str) -> LoadedTable | None:
        """The table's latest version, or None if there is no such table."""
        version = store.table_version(conn, table_id)
        if version is None:
            return None
        cached = self._loaded.get(table_id)
        if cached is not None and cached.version == version:
            return cached
        with self._locked(table_id):
            return self._fresh(conn, table_id)

    def record(self, conn: sqlite3.Connection, table_id: str) -> store.TableRecord | None:
        """The table's fixed facts (token, players, theme, kind); its version may lag."""
        cached = self._loaded.get(table_id)
        return cached.table if cached is not None else store.get_table(conn, table_id)

    def game_of(self, conn: sqlite3.Connection, table: store.TableRecord, number: int) -> Game:
        """A replay of any game at the table (for exports), independent of the cache."""
        return self._replay(conn, table, number)[0]

    def create(
        self,
        conn: sqlite3.Connection,
        *,
        theme_ref: str,
        deck: Deck,
        players: list[str],
        token_hash: str,
        kind: store.TableKind = "printed",
        seed: int | None = None,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        """A new table that keeps ``deck`` (the deck as its file ``theme_ref`` is now); a
        ``key`` already used raises AlreadyCreated (or KeyReused) and makes no table."""
        new_game(deck.theme, len(players), kind, seed)  # refuses a count the deck does not allow
        table = store.create_table(
            conn,
            kind=kind,
            theme_ref=theme_ref,
            deck=store.StoredDeck(deck.hash, deck.text),
            players=players,
            leader_token_hash=token_hash,
            seed=seed,
            key=key,
        )
        loaded = self.load(conn, table.id)
        assert loaded is not None
        return loaded

    def act(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        version: int,
        action: Any,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        """Apply one action made on ``version``: IllegalAction or StaleVersion change nothing.

        A ``key`` already recorded answers first (AlreadyRecorded, or KeyReused for
        another request), before the version is compared: a retry is no stale change.
        """
        with self._locked(table_id):
            store.recorded_change(conn, table_id, key)
            before = self._loaded.get(table_id)
            if before is None or not before.table.accepts(version):
                before = self._fresh(conn, table_id)
                if not before.table.accepts(version):  # the game changed since
                    raise store.StaleVersion(version, before.version)
            table = before.table
            game, log = self._game(conn, table)
            event = game.apply(action)  # raises IllegalAction with the game unchanged
            try:
                new_version = store.append_action(conn, table_id, version, action.to_dict(), key)
            except BaseException:
                self._games.pop(table_id, None)  # the applied action was not stored
                raise
            log = (*log, describe(event, action, before.theme))
            stats = log_stats(log, before.state["stats"])
            table = dataclasses.replace(table, version=new_version, game_version=new_version)
            self._games[table_id] = (table, game, log)
            loaded = self._build(before.theme, table, game, log, before.paused, before.seed, stats)
        self.board.publish(table_id, loaded.version, loaded.state_json)
        return loaded

    def change(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        write: Callable[..., Any],
        *args: Any,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        """A change the store makes itself, ``write(conn, table_id, *args)`` (undo, new game,
        pause; with ``key=key`` when there is a key): under the table's lock, then reloaded
        and published. A ``key`` already recorded raises AlreadyRecorded (or KeyReused)
        and changes nothing."""
        with self._locked(table_id):
            write(conn, table_id, *args, **({} if key is None else {"key": key}))
            loaded = self._fresh(conn, table_id)
            self.board.publish(table_id, loaded.version, loaded.state_json)
            return loaded

    def undo(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        version: int,
        steps: int,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        """Withdraw the last ``steps`` actions. A digital game that is over stays over
        (store.FinalGame): once it ends, the leader may export its deck (every hand in it),
        so no seat may play it again. A printed game may be reopened: its cards are
        on the table, and the leader may have tapped its last action by mistake."""
        store.recorded_change(conn, table_id, key)
        loaded = self.load(conn, table_id)
        if loaded is not None and loaded.table.kind == "digital" and loaded.state["is_over"]:
            raise store.FinalGame()
        return self.change(conn, table_id, store.undo, version, steps, key=key)

    def new_game(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        version: int,
        seed: int | None = None,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        record = self.record(conn, table_id)
        if seed is None and record is not None and record.kind == "digital":
            seed = random_seed()  # a digital table deals a fresh, recorded deck
        return self.change(conn, table_id, store.new_game, version, seed, key=key)

    def delete(self, conn: sqlite3.Connection, table_id: str) -> bool:
        """Delete the table now (its names are pupils' data) and forget what is cached."""
        with self._locked(table_id):
            deleted = store.delete_table(conn, table_id)
            for cache in (self._loaded, self._games, self._piles):
                cache.pop(table_id, None)
        return deleted

    def pause(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        version: int,
        paused: bool,
        key: store.RequestKey | None = None,
    ) -> LoadedTable:
        """Pause or resume the seats of a digital table (a change: the version moves on)."""
        return self.change(conn, table_id, store.set_paused, version, paused, key=key)
