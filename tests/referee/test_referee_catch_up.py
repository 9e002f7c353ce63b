"""A table another process changed is brought up to date by the actions recorded since the
version held here, not by replaying its whole game (issue 25): two TableServices on one
store stand for two referee processes. An undo or a new game still replays; the state
is always the one a fresh replay gives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deckforge.referee import store
from deckforge.referee.tables import LoadedTable, TableService
from deckforge.rules import Action, Card, Discard, Game, Play, RankHint
from deckforge.rules.cards import HandCard
from deckforge.theme.library import ThemeLibrary

CLASSIC = ThemeLibrary().deck("hanabi-classic")
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.server)]
MOVES: list[Action] = [
    RankHint(1, 1),
    Play(card=Card(0, 1)),
    Discard(card=Card(3, 4)),
    RankHint(0, 2),
    Discard(card=Card(2, 5)),
    Play(card=Card(0, 3)),
    Discard(card=Card(2, 4)),
    Play(card=Card(2, 1)),
]


@pytest.fixture(params=BACKENDS)
def conn(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """One connection to a fresh store, on each backend."""
    if request.param == "sqlite":
        connection: Any = store.connect(tmp_path / "events.sqlite3")
    else:
        from deckforge.referee import postgres

        connection = postgres.connect(request.getfixturevalue("postgres_url"))
    store.init_schema(connection)
    yield connection
    connection.close()


def _same_as_a_fresh_replay(conn: Any, loaded: LoadedTable) -> None:
    fresh = TableService(ThemeLibrary()).load(conn, loaded.table.id)
    assert fresh is not None and fresh.version == loaded.version
    assert json.loads(loaded.state_json) == json.loads(fresh.state_json)
    assert (loaded.log, loaded.actions, loaded.paused) == (fresh.log, fresh.actions, fresh.paused)


def _two_processes(conn: Any) -> tuple[TableService, TableService, LoadedTable]:
    """A table made by ``here`` and followed by ``there`` (which has loaded it once)."""
    here, there = TableService(ThemeLibrary()), TableService(ThemeLibrary())
    made = here.create(
        conn, theme_ref="hanabi-classic", deck=CLASSIC, players=["Ann", "Bob"], token_hash="h" * 64
    )
    assert there.load(conn, made.table.id) is not None
    return here, there, made


def test_another_process_actions_are_applied_one_by_one_not_replayed(conn: Any) -> None:
    here, there, snap = _two_processes(conn)
    replays = there.replays
    for number, move in enumerate(MOVES, start=1):
        snap = here.act(conn, snap.table.id, snap.version, move)
        if number % 3 == 0:  # sometimes several actions at once (notifications coalesced)
            continue
        seen = there.load(conn, snap.table.id)
        assert seen is not None and seen.version == snap.version
        _same_as_a_fresh_replay(conn, seen)
    seen = there.load(conn, snap.table.id)
    assert seen is not None
    _same_as_a_fresh_replay(conn, seen)
    assert there.replays == replays  # no game replayed from its first action
    assert there.caught_up == len(MOVES)  # each action applied once


def test_a_pause_adds_no_action_and_replays_nothing(conn: Any) -> None:
    here, there, snap = _two_processes(conn)
    snap = here.act(conn, snap.table.id, 0, MOVES[0])
    assert there.load(conn, snap.table.id) is not None
    replays = (here.replays, there.replays)
    snap = here.pause(conn, snap.table.id, snap.version, True)
    seen = there.load(conn, snap.table.id)
    assert seen is not None and seen.paused and seen.version == snap.version
    _same_as_a_fresh_replay(conn, seen)
    assert (here.replays, there.replays) == replays


@pytest.mark.parametrize("change", ["undo", "undo and act", "new game"])
def test_an_undo_or_a_new_game_since_is_replayed(conn: Any, change: str) -> None:
    here, there, snap = _two_processes(conn)
    for move in MOVES[:4]:
        snap = here.act(conn, snap.table.id, snap.version, move)
    assert there.load(conn, snap.table.id) is not None
    replays = there.replays
    if change == "new game":
        snap = here.new_game(conn, snap.table.id, snap.version)
    else:
        snap = here.undo(conn, snap.table.id, snap.version, 2)
    if change == "undo and act":  # as many active actions as before, but not the same ones
        snap = here.act(conn, snap.table.id, snap.version, MOVES[5])
        snap = here.act(conn, snap.table.id, snap.version, MOVES[6])
    seen = there.load(conn, snap.table.id)
    assert seen is not None and seen.version == snap.version
    _same_as_a_fresh_replay(conn, seen)
    assert there.replays == replays + 1


def test_the_store_tells_the_actions_since_a_version_or_that_an_undo_came_between(
    conn: Any,
) -> None:
    here, _, snap = _two_processes(conn)
    table_id = snap.table.id
    for move in MOVES[:3]:
        snap = here.act(conn, table_id, snap.version, move)
    since = store.actions_since(conn, table_id, 1, 1)
    assert since is not None
    assert [(a.seq, a.version) for a in since] == [(2, 2), (3, 3)]
    assert [a.payload for a in since] == [m.to_dict() for m in MOVES[1:3]]
    assert store.actions_since(conn, table_id, 1, 3) == []
    snap = here.undo(conn, table_id, snap.version, 1)  # version 4 withdraws action 3
    assert store.actions_since(conn, table_id, 1, 3) is None
    assert store.actions_since(conn, table_id, 1, 4) == []


def test_a_held_game_that_does_not_take_the_new_actions_is_replayed(
    conn: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the held game refuse an action of the log, the table is replayed, not served
    half-applied."""
    here, there, snap = _two_processes(conn)
    snap = here.act(conn, snap.table.id, 0, MOVES[0])
    real = store.actions_since

    def wrong(*args: Any) -> list[store.ActionRecord] | None:
        found = real(*args)
        bad = store.ActionRecord(9, {"type": "no such action"}, 9, "")
        return None if found is None else [*found, bad]

    monkeypatch.setattr(store, "actions_since", wrong)
    replays = there.replays
    seen = there.load(conn, snap.table.id)
    assert seen is not None and there.replays == replays + 1
    _same_as_a_fresh_replay(conn, seen)


def _a_legal_move(loaded: LoadedTable, step: int) -> Action:
    """A hint (or a discard, every other step) the dealt game allows; a play if nothing else."""
    game, seat = loaded.game, loaded.state["current_player"]
    hints: list[Action] = [RankHint((seat + 1) % 2, rank) for rank in range(1, 6)]
    for move in [Discard(slot=0), *hints] if step % 2 else [*hints, Discard(slot=0)]:
        if game.check(move, seat) is None:
            return move
    return Play(slot=0)


def test_a_dealt_game_is_caught_up_to_the_same_hands(conn: Any) -> None:
    """A digital table: the held game, dealt from the table's seed, takes the new actions
    and ends with the same hands and deck as a replay (what the seats' pages read)."""
    here, there = TableService(ThemeLibrary()), TableService(ThemeLibrary())
    snap = here.create(
        conn,
        theme_ref="hanabi-classic",
        deck=CLASSIC,
        players=["Ann", "Bob"],
        token_hash="h" * 64,
        kind="digital",
        seed=2026,
    )
    assert there.load(conn, snap.table.id) is not None
    replays = there.replays
    for step in range(10):
        snap = here.act(conn, snap.table.id, snap.version, _a_legal_move(snap, step))
        seen = there.load(conn, snap.table.id)
        assert seen is not None
        _same_as_a_fresh_replay(conn, seen)
    assert there.replays == replays and there.caught_up == 10
    held = there._games[snap.table.id][1]
    fresh = TableService(ThemeLibrary()).load(conn, snap.table.id)
    assert fresh is not None
    assert _hands(held) == _hands(fresh.game) and held.deck == fresh.game.deck


def _hands(game: Game) -> list[list[tuple[object, ...]]]:
    """Every card in every hand with all its holder knows of it (HandCard has no ==)."""
    return [
        [tuple(getattr(card, name) for name in HandCard.__slots__) for card in game.hand(seat)]
        for seat in range(game.players)
    ]
