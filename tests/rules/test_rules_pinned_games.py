"""Random games whose every action, event, refusal and state are pinned by a digest.

The engine is tuned for speed (bench/engine_hle.py); this says that tuning changes
nothing a game does. Each digest was computed with the engine of commit 0a162ef,
before the tuning of issue 26 point 4. A failure here means the rules behave
differently: find out why before changing a digest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest
from rules_fixtures import BLACK, CLASSIC, MULTICOLOUR, themed

from deckforge.rules import ColourHint, Discard, Game, HandCard, IllegalAction, Play, RankHint
from deckforge.theme.loader import load_theme
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints, StrikeoutScore, Theme

HLE_SWITCHES = {
    "empty_hints": EmptyHints.FORBIDDEN,
    "discard_at_max_hints": DiscardAtMaxHints.FORBIDDEN,
}


def _themes() -> dict[str, Theme]:
    return {
        "classic": CLASSIC,
        "classic, HLE's switches": themed(**HLE_SWITCHES),  # type: ignore[arg-type]
        "interfaith": load_theme("interfaith-festival"),
        "multicolour and black, bonus": themed(
            extra_suits=(MULTICOLOUR, BLACK),
            completion_bonus=True,
            strikeout_score=StrikeoutScore.ZERO,
        ),
    }


def _held(held: HandCard) -> tuple[object, ...]:
    card = held.card
    return (
        None if card is None else (card.suit, card.rank),
        held.deck_index,
        held.colour_hinted,
        held.rank_hinted,
        held.colours_ruled_out,
        held.ranks_ruled_out,
        held.possible_suits,
        held.possible_ranks,
    )


def _state(game: Game) -> str:
    return repr(
        (
            game.hint_tokens,
            game.error_tokens,
            game.current_player,
            game.turn,
            game.final_turns_left,
            None if game.end is None else game.end.value,
            game.score,
            game.max_reachable_score,
            game.most_reachable_score,
            game.pace,
            game.deck_left,
            game.may_discard,
            game.may_hint,
            [[_held(held) for held in hand] for hand in game.hands],
            [[(c.suit, c.rank) for c in stack] for stack in game.stacks],
            [(c.suit, c.rank) for c in game.discards],
            game.discarded_counts(),
            game.next_ranks(),
            [[_held(held) for held in game.view(p).own_hand] for p in range(game.players)],
        )
    )


def _event(event: object) -> str:
    return repr(tuple(event))  # type: ignore[call-overload]


def _refusals(game: Game) -> str:
    """What ``check`` says of a few actions, legal or not."""
    players, me = game.players, game.current_player
    other = (me + 1) % players
    deck = game.deck or ()
    probes = (
        Play(99),
        Play(-1),
        Play(0),
        Discard(0),
        Discard(7),
        ColourHint(me, 0),
        ColourHint(other, 0),
        ColourHint(other, 99),
        RankHint(other, 5),
        RankHint(other, 0),
        RankHint(players + 3, 1),
        Play(0, deck[0]),
        Play(None, deck[-1]),
        Discard(None, deck[1]),
    )
    found = []
    for action in probes:
        refusal = game.check(action)
        found.append(None if refusal is None else (refusal.code, refusal.message))
    refusal = game.check(Play(0), other)
    found.append(None if refusal is None else (refusal.code, refusal.message))
    return repr(found)


def _play_known(theme: Theme, games: int, digest: hashlib._Hash) -> list[tuple[Game, list]]:
    """Random legal games; returns each game and its (action, event) pairs. Even games
    pick uniformly (most end on the last error token), odd ones play a playable card
    when the hand holds one, else a random hint or discard (to the deck's end)."""
    rng = random.Random(theme.id)
    counts = theme.players.counts
    played = []
    for seed in range(games):
        game = Game.deal(theme, counts[seed % len(counts)], seed)
        pairs = []
        while game.end is None:
            legal = game.legal_actions()
            digest.update(repr(legal).encode())
            digest.update(_state(game).encode())
            digest.update(_refusals(game).encode())
            action = _steady(game, legal, rng) if seed % 2 else rng.choice(legal)
            event = game.apply(action)
            assert game.last_event is event
            pairs.append((action, event))
            digest.update(_event(event).encode())
        digest.update(_state(game).encode())
        digest.update(_refusals(game).encode())
        digest.update(repr(game.legal_actions()).encode())
        played.append((game, pairs))
    return played


def _steady(game: Game, legal: list, rng: random.Random) -> object:
    for slot, held in enumerate(game.hand(game.current_player)):
        if game.is_playable(held.card):  # type: ignore[arg-type]
            return Play(slot)
    return rng.choice([action for action in legal if not isinstance(action, Play)] or legal)


def _play_printed(theme: Theme, played: list[tuple[Game, list]], digest: hashlib._Hash) -> None:
    """The same games at a printed table: told the cards played, and the hints' counts."""
    for known, pairs in played:
        game = Game.printed(theme, known.players)
        for action, event in pairs:
            if isinstance(action, Play | Discard):
                told: object = type(action)(action.slot, event.card)
            else:
                told = dataclasses.replace(action, touched=event.touched_count)
                wrong = dataclasses.replace(action, touched=(event.touched_count or 0) + 3)
                refusal = game.check(wrong)
                digest.update(repr(refusal and (refusal.code, refusal.message)).encode())
            digest.update(_event(game.apply(told)).encode())  # type: ignore[arg-type]
            digest.update(_state(game).encode())
        with pytest.raises(IllegalAction):
            game.apply(Play(0, known.deck[0]))  # type: ignore[index]


PINNED = {
    "classic": "3bca50ed92abbb2ac6da1352d5aeca807e12d985cf8225d8246bd899ba5a337b",
    "classic, HLE's switches": "59334861938310311a1d1b60fcea6a4438ccf7849da79304cc7c78ed91ccbef6",
    "interfaith": "0e39ec3680a398a67ddf15c1a5f0dfff7ae38a1fbc660bcba422be5510e84c8a",
    "multicolour and black, bonus": (
        "afd943c7ce2f8f4e567f02ab6cc9092784b27a5283eeb179ad9ae9203b637c42"
    ),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_random_games_play_exactly_as_pinned(name: str) -> None:
    theme = _themes()[name]
    digest = hashlib.sha256()
    played = _play_known(theme, 24, digest)
    _play_printed(theme, played[:8], digest)
    replayed = Game.replay(theme, played[0][0].players, played[0][0].deck, played[0][0].history)
    assert _state(replayed) == _state(played[0][0])
    assert digest.hexdigest() == PINNED[name]
