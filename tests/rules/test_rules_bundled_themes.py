"""The engine on the bundled themes, as their files say they play."""

from __future__ import annotations

import random

import pytest
from rules_fixtures import stacked

from deckforge.rules import (
    Card,
    ColourHint,
    Discard,
    End,
    Game,
    IllegalAction,
    Play,
    RankHint,
)
from deckforge.rules.records import from_hanab_live, to_hanab_live
from deckforge.theme.loader import load_theme


def test_discarding_with_all_hint_tokens_in_is_allowed_in_hanabi_classic():
    game = Game.deal(load_theme("hanabi-classic"), 4, seed=1)
    game.apply(Discard(0))
    assert game.hint_tokens == 8 and len(game.discards) == 1


def test_discarding_with_all_hint_tokens_in_is_refused_in_interfaith_festival():
    game = Game.deal(load_theme("interfaith-festival"), 4, seed=1)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Discard(0))
    assert refusal.value.code == "discard-at-max-hints"
    assert game.turn == 0 and game.discards == ()


def test_avalanche_colour_hints_touch_the_multicolour_cards():
    theme = load_theme("avalanche")
    multi = next(i for i, s in enumerate(theme.suits) if s.id == "multicolour")
    game = Game.deal(theme, 2, seed=5)
    assert game.max_reachable_score == 30
    event = game.apply(ColourHint(1, 0))
    hand = game.hands[1]
    for slot, held in enumerate(hand):
        assert (slot in event.touched) == (held.card.suit in (0, multi))


def test_black_powder_starts_its_black_pile_with_a_5():
    theme = load_theme("black-powder")
    black = next(i for i, s in enumerate(theme.suits) if s.id == "black")
    game = Game.deal(theme, 2, seed=0)
    assert game.next_ranks()[black] == 5
    assert game.score == -5 and game.max_reachable_score == 25
    assert game.is_playable(Card(black, 5)) and not game.is_playable(Card(black, 1))


@pytest.mark.parametrize(
    "name", ["hanabi-classic", "avalanche", "black-powder", "interfaith-festival"]
)
def test_a_random_game_on_a_bundled_theme_ends_and_round_trips(name):
    theme = load_theme(name)
    rng = random.Random(name)
    game = Game.deal(theme, theme.players.counts[-1], seed=9)
    while not game.is_over:
        legal = game.legal_actions()
        calm = [a for a in legal if not isinstance(a, Play)] or legal
        game.apply(rng.choice(legal if rng.random() < 0.4 else calm))
    again = from_hanab_live(theme, to_hanab_live(game))
    assert (again.end, again.score, again.turn) == (game.end, game.score, game.turn)


# --------------------------------------------------------------------------------------
# The bundled themes' rule switches, checked against the seeds and DESIGN.md.

CLASSIC = load_theme("hanabi-classic")
AVALANCHE = load_theme("avalanche")
BLACK_POWDER = load_theme("black-powder")
FESTIVAL = load_theme("interfaith-festival")
W, R, B, Y, G, M = range(6)  # classic suits in theme order, then the added sixth suit
K = 5  # black-powder's black suit


def game_with(theme, players: int, first: list[Card]) -> Game:
    return Game.from_deck(theme, players, stacked(theme, first))


def refusal(game: Game, action) -> str:
    problem = game.check(action)
    assert problem is not None, f"{action} should be refused"
    return problem.code


# ---- avalanche: the multicolour suit under the every-colour switch ------------------


def test_avalanche_has_five_clue_colours_and_the_multicolour_suit_cannot_be_named():
    game = game_with(AVALANCHE, 2, [])
    assert AVALANCHE.clue_colours() == (W, R, B, Y, G)
    assert game.colour_of_suit(R) == R
    with pytest.raises(IllegalAction) as raised:
        game.colour_of_suit(M)
    assert raised.value.code == "colour-cannot-be-named"
    assert refusal(game, ColourHint(1, 5)) == "unknown-colour"


@pytest.mark.parametrize("colour", [W, R, B, Y, G])
def test_every_avalanche_colour_hint_touches_the_multicolour_cards(colour):
    hand1 = [Card(M, 1), Card(R, 1), Card(M, 5), Card(B, 2), Card(W, 3)]
    hand0 = [Card(G, 1), Card(G, 1), Card(G, 2), Card(G, 3), Card(Y, 1)]
    game = game_with(AVALANCHE, 2, hand0 + hand1)
    event = game.apply(ColourHint(1, colour))
    own = {i for i, c in enumerate(hand1) if c.suit == colour}
    assert set(event.touched) == {0, 2} | own
    assert event.touched_count == len({0, 2} | own)
    for slot, held in enumerate(game.hands[1]):
        if slot in event.touched:
            assert held.possible_suits_set == {colour, M}
        else:
            assert M not in held.possible_suits_set and colour not in held.possible_suits_set


def test_avalanche_scores_up_to_thirty_and_rates_thirty_divine():
    assert AVALANCHE.max_score == 30
    assert AVALANCHE.rating_for(30) == "Divine"
    assert AVALANCHE.rating_for(29) == "Legendary"
    assert AVALANCHE.rating_for(25) == "Legendary"
    assert AVALANCHE.rating_for(24) == "Extraordinary"


# ---- black-powder: the black suit played 5 down to 1, minus-missing scoring -----------


def test_black_powder_copies_are_one_black_1_and_three_black_5s():
    deck = Game.deal(BLACK_POWDER, 2, seed=1).deck
    assert deck is not None and len(deck) == 60
    assert [sum(1 for c in deck if c == Card(K, r)) for r in range(1, 6)] == [1, 2, 2, 2, 3]


def test_the_black_pile_starts_with_a_5_and_its_1_is_a_misplay_before_that():
    game = game_with(BLACK_POWDER, 2, [Card(K, 1), Card(K, 5), Card(K, 4), Card(W, 1), Card(W, 2)])
    assert game.next_ranks()[K] == 5
    assert game.score == -5
    event = game.apply(Play(0))  # black 1 first: an error
    assert event.success is False and game.error_tokens == 1
    assert game.discards == (Card(K, 1),)
    game.apply(RankHint(0, 1))
    assert game.apply(Play(0)).success is True  # black 5
    assert game.next_ranks()[K] == 4 and game.top_ranks()[K] == 5 and game.score == -4


def test_with_the_only_black_1_discarded_the_black_pile_can_reach_only_minus_one():
    game = game_with(BLACK_POWDER, 2, [Card(K, 1)])
    game.apply(RankHint(1, 1))  # spend a token so that the discard is not at max
    game.apply(RankHint(0, 1))
    game.apply(Discard(0))  # player 0 discards the only black 1
    assert game.max_reachable_score == 25 - 1


def test_with_every_black_4_discarded_only_the_5s_can_be_played():
    game = game_with(BLACK_POWDER, 2, [Card(K, 4), Card(K, 4), Card(W, 1), Card(W, 1), Card(W, 1)])
    game.apply(RankHint(1, 1))
    game.apply(RankHint(0, 1))
    game.apply(Discard(0))
    assert game.max_reachable_score == 25
    game.apply(RankHint(0, 2))
    game.apply(Discard(0))
    # black: only the 5 can still be played; the 4 cards missing cost 4 points
    assert game.max_reachable_score == 25 - 4


def test_completing_the_black_pile_returns_a_hint_token_like_any_suit():
    first = [Card(K, 5), Card(K, 4), Card(K, 3), Card(K, 2), Card(K, 1)]
    game = game_with(BLACK_POWDER, 2, first)
    game.apply(RankHint(1, 1))  # 7 tokens
    game.apply(RankHint(0, 1))  # 6 tokens
    for _ in range(4):
        game.apply(Play(0))
        game.apply(RankHint(0, 1))
    event = game.apply(Play(0))
    assert event.success and game.next_ranks()[K] == 0
    assert event.hint_token_gained and game.score == 0


# ---- classic: discards, the completion bonus at max, the end of game ------------------


def test_both_red_2s_discarded_cap_the_red_pile_at_1():
    game = game_with(CLASSIC, 2, [Card(R, 2), Card(R, 2), Card(W, 1), Card(W, 1), Card(W, 1)])
    game.apply(RankHint(1, 1))
    game.apply(RankHint(0, 1))
    game.apply(Discard(0))
    assert game.max_reachable_score == 25
    game.apply(RankHint(0, 1))
    game.apply(Discard(0))
    assert game.max_reachable_score == 21
    assert game.pace == 0 + game.deck_left + 2 - 21


def test_a_5_completed_with_every_hint_token_in_returns_nothing_and_keeps_eight():
    first = [Card(W, 1), Card(W, 2), Card(W, 3), Card(W, 4), Card(W, 5)]
    game = game_with(CLASSIC, 2, first)
    for _ in range(4):
        game.apply(Play(0))  # player 0 plays W1..W4 (draws keep slot 0 the next)
        game.apply(Discard(0))  # player 1 discards at max: no token, allowed in classic
        assert game.hint_tokens == 8
    event = game.apply(Play(0))
    assert event.success and not event.hint_token_gained and game.hint_tokens == 8


def test_a_discard_at_max_gains_nothing_in_classic_and_is_refused_at_the_festival():
    classic = game_with(CLASSIC, 2, [])
    event = classic.apply(Discard(0))
    assert not event.hint_token_gained and classic.hint_tokens == 8
    festival = game_with(FESTIVAL, 4, [])
    before = (festival.turn, festival.hint_tokens, festival.hands[0])
    assert refusal(festival, Discard(0)) == "discard-at-max-hints"
    with pytest.raises(IllegalAction):
        festival.apply(Discard(0))
    assert (festival.turn, festival.hint_tokens, festival.hands[0]) == before
    assert not any(isinstance(a, Discard) for a in festival.legal_actions())
    festival.apply(Play(0))
    festival.apply(RankHint(0, festival.hands[0][0].card.rank))  # player 1 spends a token
    assert festival.hint_tokens == 7
    assert festival.apply(Discard(0)).hint_token_gained and festival.hint_tokens == 8


def test_the_festival_refuses_empty_hints_and_classic_accepts_them():
    hand = [Card(W, 1), Card(W, 2), Card(W, 3), Card(W, 4)]
    festival = game_with(FESTIVAL, 4, [Card(R, 1), Card(R, 1), Card(R, 2), Card(R, 3), *hand])
    assert refusal(festival, ColourHint(1, festival.colour_of_suit(G))) == "empty-hint"
    assert refusal(festival, RankHint(1, 5)) == "empty-hint"
    assert festival.is_legal(RankHint(1, 4))
    reds = [Card(R, 2), Card(R, 2), Card(R, 3), Card(R, 3), Card(R, 4)]
    classic = game_with(CLASSIC, 2, [Card(W, 1)] * 3 + [Card(R, 1)] * 2 + reds)
    event = classic.apply(ColourHint(1, G))
    assert event.touched == () and event.touched_count == 0 and classic.hint_tokens == 7


def test_hints_go_to_any_other_seat_and_never_to_oneself():
    game = game_with(CLASSIC, 4, [])
    assert refusal(game, RankHint(0, 1)) == "hint-to-self"
    assert refusal(game, RankHint(4, 1)) == "no-such-player"
    assert refusal(game, RankHint(-1, 1)) == "no-such-player"
    for target in (1, 2, 3):
        rank = game.hands[target][0].card.rank
        assert game.check(RankHint(target, rank)) is None


def test_the_last_error_token_ends_the_game_at_once_with_the_classic_zero():
    first = [Card(W, 2), Card(W, 3), Card(W, 4), Card(R, 1), Card(W, 1)]
    game = game_with(CLASSIC, 2, first)
    game.apply(Play(3))  # R1
    for _ in range(3):
        game.apply(RankHint(0, 1))
        if game.is_over:
            break
        game.apply(Play(0))
    assert game.end is End.STRIKEOUT and game.error_tokens == 3
    assert game.score == 0 and game.rating == "Laughable"
    assert game.max_reachable_score == 0


def test_the_seed_000_end_of_game_example_scores_19_excellent_in_french_bands():
    # white 4, red 5, blue 3, yellow 5, green 2
    assert sum((4, 5, 3, 5, 2)) == 19
    assert CLASSIC.rating_for(19) == "Excellent"


@pytest.mark.parametrize("theme", [CLASSIC, AVALANCHE, BLACK_POWDER, FESTIVAL], ids=lambda t: t.id)
def test_every_reachable_score_has_exactly_one_band_and_the_edges_fall_where_the_seed_says(theme):
    for score in range(theme.min_score, theme.max_score + 1):
        bands = [b for b in theme.rating if b.low <= score <= b.high]
        assert len(bands) == (1 if score >= 0 else 0)
        assert theme.rating_for(score) == (bands[0].label if bands else theme.rating[0].label)
    edges = [(b.low, b.high) for b in theme.rating]
    assert edges[:5] == [(0, 5), (6, 10), (11, 15), (16, 20), (21, 24)]


def test_a_rank_hint_touches_black_cards_of_that_rank_and_no_colour_names_black_twice():
    hand1 = [Card(K, 5), Card(W, 5), Card(K, 4), Card(R, 1), Card(K, 5)]
    game = game_with(
        BLACK_POWDER, 2, [Card(G, 1), Card(G, 1), Card(G, 2), Card(G, 3), Card(Y, 1), *hand1]
    )
    assert game.apply(RankHint(1, 5)).touched == (0, 1, 4)
    black = game.colour_of_suit(K)
    assert BLACK_POWDER.clue_colours() == (W, R, B, Y, G, K)
    assert game.apply(RankHint(0, 1)).touched == (0, 1, 4)
    assert game.apply(ColourHint(1, black)).touched == (0, 2, 4)


def test_a_black_powder_strikeout_has_no_score_so_it_never_beats_finishing():
    # With black cards costing points, the parent's 0 for a lost game could beat
    # a game played to the end (-5 here): black-powder gives a lost game no score.
    assert BLACK_POWDER.rules.strikeout_score.value == "none"
    first = [Card(W, 2), Card(W, 3), Card(W, 4), Card(R, 2), Card(W, 1)]
    game = game_with(BLACK_POWDER, 2, first)
    for _ in range(3):
        game.apply(Play(0))
        if not game.is_over:
            game.apply(RankHint(0, 1))
    assert game.end is End.STRIKEOUT and game.score is None
    assert not any(game.stacks)  # piles worth 0 - 5 at the end of the deck
