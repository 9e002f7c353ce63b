"""The largest deck the format allows (bench/largest_deck.py: 900 cards) plays the
pinned games: the speed-ups of the clue valuation for large decks (issue 26,
point 6) must leave every action of the conventions bot as it was. A change of
strategy changes these pins on purpose; a speed-up must not."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from deckforge.rules.bots import ConventionBot, make_bot
from deckforge.rules.bots.conventions import _SeenStore
from deckforge.rules.bots.knowledge import Identities
from deckforge.rules.game import Game
from deckforge.rules.simulation import game_seed
from deckforge.theme.loader import load_theme

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from largest_deck import largest_theme


def _actions_digest(players: int, seed: int) -> tuple[str, int, int]:
    theme = largest_theme()
    game = Game.deal(theme, players, seed)
    bots = [make_bot("conventions", seat, seed) for seat in range(players)]
    views = [game.view(seat) for seat in range(players)]
    digest = hashlib.sha256()
    while game.end is None:
        seat = game.current_player
        action = bots[seat].act(views[seat])
        digest.update(f"{action!r} {bots[seat].reason}\n".encode())
        event = game.apply(action)
        for bot, view in zip(bots, views, strict=True):
            bot.observe(view, action, event)
    return digest.hexdigest()[:24], game.score, game.turn


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, ("c841814522408e2a0c483df5", 90, 1407)),
        (4, ("f606829243bc96d1ebea48ce", 90, 1439)),
    ],
)
def test_the_largest_deck_plays_the_pinned_games(players: int, expected: tuple) -> None:
    assert _actions_digest(players, game_seed(2026, 0)) == expected


@pytest.mark.parametrize(
    ("deck", "players"),
    [("largest", 3), ("largest", 5), ("hanabi-classic", 2), ("hanabi-classic", 4)],
)
def test_the_best_clue_found_by_branch_and_bound_is_the_best_of_all(
    deck: str, players: int
) -> None:
    # a clue that cannot beat the threshold or the best found before it is not valued
    # (ConventionBot._clues with a bar; best_over and ``best`` skip those touching a
    # card for the first time too): the best clue above a threshold, and ``best``,
    # must be the one valuing every clue (``valued``) gives, on every turn, whatever
    # the threshold (the first of them on a tie)
    theme = largest_theme() if deck == "largest" else load_theme(deck)
    seen = 0
    for index in range(1 if deck == "largest" else 6):
        seed = game_seed(5, index)
        game = Game.deal(theme, players, seed)
        bots = [ConventionBot(seat, seed) for seat in range(players)]
        while game.end is None and game.turn < 400:
            seat = game.current_player
            bot, view = bots[seat], game.view(seat)
            bot._commons = bot._held = None
            clues = bot._read_turn(view).valued()
            every = max(clues, key=lambda clue: clue.value) if clues else None
            assert bot._read_turn(view).best == every, (seed, game.turn)
            pruned = bot._read_turn(view)
            for threshold in (-1.0, 0.0, 0.1, 0.4, 0.9, 1.5):
                best = pruned.best_over(threshold)
                if every is not None and every.value > threshold:
                    assert best == every, (seed, game.turn, threshold)
                    seen += 1
                else:
                    assert best is None, (seed, game.turn, threshold)
            action = bot.act(view)
            event = game.apply(action)
            for other in bots:
                other.observe(game.view(other.seat), action, event)
    assert seen > 100


def test_what_a_giver_takes_from_the_other_seats_about_a_receiver_is_what_it_would_work_out() -> (
    None
):
    # the givers share what they all see of a receiver (ConventionBot._seen, in
    # view.shared) while nothing it is worked out from changes: on every turn, the
    # clues valued with what the other seats left there must be the clues valued
    # from scratch, and most turns must have taken something
    theme = largest_theme()
    players = 5
    seed = game_seed(11, 0)
    game = Game.deal(theme, players, seed)
    bots = [ConventionBot(seat, seed) for seat in range(players)]
    reused = valued = 0
    while game.end is None and game.turn < 300:
        seat = game.current_player
        bot, view = bots[seat], game.view(seat)
        store = view.shared.get("conventions.seen")
        left = dict(store.by_player) if store is not None else {}
        bot._commons = bot._held = None
        board = bot._board_of(view)
        options = bot._read_turn(view).options
        queued = bot._queued(view, board, options)
        if view.hint_tokens > 0:
            shared = bot._clues(view, board, queued)
            store = view.shared["conventions.seen"]
            assert store.sharing
            reused += sum(1 for target, seen in store.by_player.items() if left.get(target) is seen)
            view.shared["conventions.seen"] = _SeenStore(bot._ids)  # nothing left by others
            assert bot._clues(view, board, queued) == shared, game.turn
            view.shared["conventions.seen"] = store
            valued += 1
        action = bot.act(view)
        event = game.apply(action)
        for other in bots:
            other.observe(game.view(other.seat), action, event)
    assert valued > 200
    assert reused > valued  # about 2.5 of the 4 receivers a turn


def test_the_givers_share_receivers_only_where_it_pays() -> None:
    # on hanabi-classic half the cards play: the board or the hands change on most
    # turns, so the givers share nothing
    theme = load_theme("hanabi-classic")
    game = Game.deal(theme, 4, game_seed(11, 1))
    bots = [ConventionBot(seat) for seat in range(4)]
    while game.end is None:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        event = game.apply(action)
        for other in bots:
            other.observe(game.view(other.seat), action, event)
    store = game.view(0).shared["conventions.seen"]
    assert not store.sharing
    assert not store.by_player
    assert _SeenStore(Identities.of(largest_theme())).sharing


def test_the_largest_deck_written_as_a_theme_file_plays_the_same_games(tmp_path: Path) -> None:
    # bench/largest_deck.py --command times `deckforge simulate` on this file
    from largest_deck import theme_yaml

    from deckforge.rules.simulation import simulate

    path = tmp_path / "largest-deck.yaml"
    path.write_text(theme_yaml(), encoding="utf-8")
    from_file = load_theme(str(path))
    assert sum(sum(suit.copies) for suit in from_file.suits) == 900
    assert (
        simulate(from_file, 3, 1, seed=4).results == simulate(largest_theme(), 3, 1, seed=4).results
    )
