"""Property tests: random legal games on many rule sets keep every invariant."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fixtures import BLACK, CLASSIC, COLOURLESS, MULTICOLOUR, themed, tiny

from deckforge.rules import Card, ColourHint, Discard, End, Game, Play, RankHint
from deckforge.rules.records import from_hanab_live, to_hanab_live
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.loader import load_theme
from deckforge.theme.model import (
    ClueMode,
    DiscardAtMaxHints,
    EmptyHints,
    StrikeoutScore,
    Suit,
)

OWN_MULTI = Suit("multicolour", "Multicolour", "#805ad5", "*", clue=ClueMode.OWN)
THEMES = {
    "classic": CLASSIC,
    "strict": themed(
        discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN, empty_hints=EmptyHints.FORBIDDEN
    ),
    "multicolour": themed(extra_suits=[MULTICOLOUR]),
    "multicolour-strict": themed(extra_suits=[MULTICOLOUR], empty_hints=EmptyHints.FORBIDDEN),
    "multicolour-own": themed(extra_suits=[OWN_MULTI]),
    "black-keep": themed(extra_suits=[BLACK], strikeout_score=StrikeoutScore.KEEP),
    "colourless-none": themed(extra_suits=[COLOURLESS], strikeout_score=StrikeoutScore.NONE),
    "tiny": tiny(),
}

games = st.tuples(
    st.sampled_from(sorted(THEMES)),
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from([0.05, 0.3, 1.0]),  # how often a play is chosen when other actions exist
    st.randoms(use_true_random=False),
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def choose(game: Game, rng, play_rate: float):
    legal = game.legal_actions()
    calm = [a for a in legal if not isinstance(a, Play)]
    return rng.choice(legal if not calm or rng.random() < play_rate else calm)


def check_invariants(game: Game) -> None:
    theme = game.theme
    book = Rulebook.of(theme)
    assert 0 <= game.hint_tokens <= theme.tokens.hint.count
    assert 0 <= game.error_tokens <= theme.tokens.error.count
    assert (game.error_tokens == theme.tokens.error.count) == (game.end is End.STRIKEOUT)
    assert game.current_player == game.turn % game.players
    # card conservation: deck + hands + piles + discards = every card
    held = [h for hand in game.hands for h in hand]
    piled = [c for stack in game.stacks for c in stack]
    assert game.deck_left + len(held) + len(piled) + len(game.discards) == theme.deck_size
    drawn = theme.deck_size - game.deck_left
    everywhere = Counter([h.card for h in held] + piled + list(game.discards))
    everywhere.update(game.deck[drawn:])
    assert everywhere == Counter(book.sorted_deck)
    assert sorted(h.deck_index for h in held) == sorted(set(h.deck_index for h in held))
    for h in held:
        assert h.card == game.deck[h.deck_index]
        # knowledge never rules out the truth
        assert (h.possible_suits >> h.card.suit) & 1 and (h.possible_ranks >> h.card.rank) & 1
    # hands are full while the deck lasts, the final round starts when it is empty
    sizes = [len(hand) for hand in game.hands]
    if game.deck_left and not game.is_over:  # the action that ends a game draws nothing
        assert sizes == [game.hand_size] * game.players
        assert game.final_turns_left is None
    else:
        assert all(size <= game.hand_size for size in sizes)
        assert game.final_turns_left is not None or game.is_over
    # piles follow each suit's order
    for suit, stack in enumerate(game.stacks):
        order = theme.suits[suit].rank_order()
        assert tuple(c.rank for c in stack) == order[: len(stack)]
        assert all(c.suit == suit for c in stack)
    if not game.is_over:
        piles = game.score
        assert piles is not None
        assert theme.min_score <= piles <= game.max_reachable_score <= theme.max_score
        assert game.pace == piles + game.deck_left + game.players - game.max_reachable_score


@SETTINGS
@given(games)
def test_random_legal_games_keep_every_invariant_and_always_end(params):
    name, seed, play_rate, rng = params
    theme = THEMES[name]
    players = theme.players.counts[seed % len(theme.players.counts)]
    game = Game.deal(theme, players, seed)
    bound = 2 * theme.deck_size + theme.tokens.hint.count + len(theme.suits) + players
    check_invariants(game)
    while not game.is_over:
        assert game.turn <= bound, "the game does not end"
        before = (game.current_player, game.hint_tokens)
        action = choose(game, rng, play_rate)
        event = game.apply(action)
        assert event.player == before[0]
        if isinstance(action, ColourHint | RankHint):
            assert game.hint_tokens == before[1] - 1
        elif isinstance(action, Discard):
            assert game.hint_tokens == min(before[1] + 1, theme.tokens.hint.count)
        check_invariants(game)
    assert game.end in (End.PERFECT, End.DECK, End.STRIKEOUT)
    assert game.legal_actions() == []
    assert (game.rating is None) == (game.score is None)
    # undo is a replay: one step back and the same step again gives the same game
    again = game.undo()
    again.apply(game.history[-1])
    assert to_hanab_live(again) == to_hanab_live(game)
    assert (again.end, again.score, again.hint_tokens) == (game.end, game.score, game.hint_tokens)
    # and the record round-trips
    imported = from_hanab_live(theme, to_hanab_live(game))
    assert imported.history == game.history and imported.score == game.score


@SETTINGS
@given(games)
def test_a_printed_table_told_each_card_agrees_with_the_known_deck(params):
    name, seed, play_rate, rng = params
    theme = THEMES[name]
    players = theme.players.counts[seed % len(theme.players.counts)]
    known = Game.deal(theme, players, seed)
    printed = Game.printed(theme, players)
    while not known.is_over:
        action = choose(known, rng, play_rate)
        event = known.apply(action)
        if isinstance(action, Play | Discard):
            told = type(action)(action.slot, event.card)
        else:
            named = action.colour if isinstance(action, ColourHint) else action.rank
            told = type(action)(action.target, named, touched=event.touched_count)
        printed.apply(told)
        assert [len(h) for h in printed.hands] == [len(h) for h in known.hands]
        assert (printed.stacks, printed.discards) == (known.stacks, known.discards)
        assert (printed.hint_tokens, printed.error_tokens, printed.deck_left) == (
            known.hint_tokens,
            known.error_tokens,
            known.deck_left,
        )
        assert printed.final_turns_left == known.final_turns_left
        assert printed.max_reachable_score == known.max_reachable_score
    assert (printed.end, printed.score, printed.rating) == (known.end, known.score, known.rating)


# --------------------------------------------------------------------------------------
# Score bounds through random games, and values of the wrong type refused.

BUNDLED = {name: load_theme(name) for name in ("hanabi-classic", "avalanche", "black-powder")}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(BUNDLED)),
    seed=st.integers(0, 10**6),
    rng=st.randoms(use_true_random=False),
)
def test_the_reachable_maximum_never_rises_and_never_falls_below_the_score(name, seed, rng):
    theme = BUNDLED[name]
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


CLASSIC = BUNDLED["hanabi-classic"]


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
