"""Review: score bounds through random games, and values of the wrong type refused."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckforge.rules import Card, ColourHint, Discard, End, Game, Play, RankHint
from deckforge.theme.loader import load_theme

THEMES = {name: load_theme(name) for name in ("hanabi-classic", "avalanche", "black-powder")}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(THEMES)),
    seed=st.integers(0, 10**6),
    rng=st.randoms(use_true_random=False),
)
def test_the_reachable_maximum_never_rises_and_never_falls_below_the_score(name, seed, rng):
    theme = THEMES[name]
    game = Game.deal(theme, rng.choice(theme.players.counts), seed)
    best = game.max_reachable_score
    assert best == theme.max_score and game.score == theme.min_score
    while not game.is_over:
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        game.apply(rng.choice(plays if plays and rng.random() < 0.4 else legal))
        if game.is_over:
            break
        assert theme.min_score <= game.score <= game.max_reachable_score <= best
        best = game.max_reachable_score
    if game.end is End.PERFECT:
        assert game.score == theme.max_score
    if game.end is not End.STRIKEOUT:
        assert game.max_reachable_score == game.score
        assert theme.min_score <= game.score <= best


CLASSIC = THEMES["hanabi-classic"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Play(True), "no-such-slot"),
        (Discard(False), "no-such-slot"),
        (Play(card=Card(True, 1)), "unknown-suit"),
        (Play(card=Card(0, True)), "unknown-rank"),
        (RankHint(True, 1), "no-such-player"),
        (ColourHint(1, True), "unknown-colour"),
        (RankHint(1, True), "unknown-rank"),
    ],
)
def test_booleans_are_not_taken_for_numbers_at_a_known_table(action, code):
    game = Game.deal(CLASSIC, 2, seed=3)
    game.apply(RankHint(1, 1))
    game.apply(RankHint(0, 1))
    problem = game.check(action)
    assert problem is not None and problem.code == code


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Play(True, Card(0, 1)), "no-such-slot"),
        (RankHint(1, 1, touched=True), "too-many-touched"),
        (ColourHint(1, 0, touched=1.0), "too-many-touched"),
    ],
)
def test_booleans_are_not_taken_for_numbers_at_a_printed_table(action, code):
    problem = Game.printed(CLASSIC, 2).check(action)
    assert problem is not None and problem.code == code
