"""Suits that behave differently: multicolour, colourless, black (down, minus scoring)."""

from __future__ import annotations

import pytest
from rules_fixtures import BLACK, CLASSIC, COLOURLESS, MULTICOLOUR, cards, stacked, themed

from deckforge.rules import Card, ColourHint, Discard, End, Game, IllegalAction, Play, RankHint
from deckforge.theme.model import ClueMode, EmptyHints, Suit

OWN_MULTICOLOUR = Suit("multicolour", "Multicolour", "#805ad5", "*", clue=ClueMode.OWN)


def game_of(theme, first: str, letters: str, players: int = 2) -> Game:
    return Game.from_deck(theme, players, stacked(theme, cards(first, letters)))


# ---- multicolour (touched by every colour hint) --------------------------------------


@pytest.mark.parametrize("empty", [EmptyHints.ALLOWED, EmptyHints.FORBIDDEN])
def test_every_colour_hint_touches_the_multicolour_cards(empty):
    theme = themed(extra_suits=[MULTICOLOUR], empty_hints=empty)
    assert theme.clue_colours() == (0, 1, 2, 3, 4)
    game = game_of(theme, "W1 W2 W3 W4 W5  M1 W1 R3 M4 Y5", "WRBYGM")
    for colour in range(5):
        assert game.check(ColourHint(1, colour)) is None  # never empty: M1 and M4 answer
    event = game.apply(ColourHint(1, 0))  # white
    assert event.touched == (0, 1, 3)
    hand = game.hands[1]
    assert hand[0].possible_suits_set == {0, 5}
    assert hand[2].possible_suits_set == {1, 2, 3, 4}
    game.apply(Discard(0))
    event = game.apply(ColourHint(1, 1))  # red touches R3 and both multicolour cards
    assert event.touched == (1, 2)
    hand = game.hands[1]
    assert [h.card for h in hand[:3]] == cards("W1 R3 M4", "WRBYGM")
    assert hand[2].possible_suits_set == {5}  # touched by white and by red: multicolour
    assert hand[1].possible_suits_set == {1}  # red, and not white
    assert hand[0].possible_suits_set == {0}  # white, and not red
    with pytest.raises(IllegalAction) as refusal:
        game.colour_of_suit(5)
    assert refusal.value.code == "colour-cannot-be-named"


def test_with_forbidden_empty_hints_a_colour_touching_only_multicolour_is_allowed():
    theme = themed(extra_suits=[MULTICOLOUR], empty_hints=EmptyHints.FORBIDDEN)
    game = game_of(theme, "W1 W2 W3 W4 W5  M1 M2 R3 R4 R5", "WRBYGM")
    assert game.apply(ColourHint(1, 4)).touched == (0, 1)  # green: only the multicolour cards
    game2 = game_of(theme, "W1 W2 W3 W4 W5  R1 R2 R3 R4 R5", "WRBYGM")
    assert game2.check(ColourHint(1, 4)).code == "empty-hint"


def test_a_multicolour_suit_with_its_own_colour_is_named_by_it_alone():
    theme = themed(extra_suits=[OWN_MULTICOLOUR])
    assert theme.clue_colours() == (0, 1, 2, 3, 4, 5)
    game = game_of(theme, "W1 W2 W3 W4 W5  M1 W1 R3 M4 Y5", "WRBYGM")
    assert game.colour_of_suit(5) == 5
    assert game.apply(ColourHint(1, 0)).touched == (1,)
    assert game.apply(ColourHint(0, 5)).touched == ()
    game.apply(ColourHint(1, 5))
    assert game.last_event.touched == (0, 3)


def test_the_multicolour_pile_adds_up_to_five_points():
    theme = themed(extra_suits=[MULTICOLOUR])
    game = game_of(theme, "M1 M2 M3 M4 M5  W1 W2 W3 W4 W5", "WRBYGM")
    assert game.max_reachable_score == 30
    for _ in range(5):
        game.apply(Play(0))
        game.apply(RankHint(0, 1))
    assert game.top_ranks()[5] == 5 and game.score == 5


# ---- a suit no colour hint touches ---------------------------------------------------


def test_a_suit_without_a_clue_colour_shifts_the_colour_indices_and_is_never_touched():
    base = CLASSIC.suits
    theme = themed(suits=(base[0], base[1], COLOURLESS, *base[2:]))  # W R grey B Y G
    assert theme.clue_colours() == (0, 1, 3, 4, 5)
    game = game_of(theme, "W1 W2 W3 W4 W5  N1 B1 N2 R1 G1", "WRNBYG")
    assert game.colour_of_suit(3) == 2
    assert game.apply(ColourHint(1, 2)).touched == (1,)  # colour 2 names blue
    assert game.hands[1][0].possible_suits_set == {0, 1, 2, 4, 5}
    with pytest.raises(IllegalAction) as refusal:
        game.colour_of_suit(2)
    assert refusal.value.code == "colour-cannot-be-named"
    with pytest.raises(IllegalAction) as refusal:
        game.apply(ColourHint(0, 5))
    assert refusal.value.code == "unknown-colour"


@pytest.mark.parametrize("empty", [EmptyHints.ALLOWED, EmptyHints.FORBIDDEN])
def test_colour_hints_to_a_hand_of_colourless_cards_touch_nothing(empty):
    base = CLASSIC.suits
    theme = themed(suits=(*base, COLOURLESS), empty_hints=empty)
    game = game_of(theme, "W1 W2 W3 W4 W5  N1 N1 N2 N3 N4", "WRBYGN")
    refusal = game.check(ColourHint(1, 0))
    if empty is EmptyHints.ALLOWED:
        assert refusal is None
        assert game.apply(ColourHint(1, 0)).touched == ()
    else:
        assert refusal.code == "empty-hint"
        assert game.apply(RankHint(1, 1)).touched == (0, 1)


# ---- black: played 5 down to 1, scores minus the cards missing -----------------------


def black_game(first: str) -> Game:
    return game_of(themed(extra_suits=[BLACK]), first, "WRBYGK")


def test_the_black_suit_is_played_from_5_down_to_1():
    game = black_game("K5 K4 K1 W1 W2  R1 R2 R3 R4 R5")
    assert game.next_ranks()[5] == 5
    assert game.score == -5
    game.apply(Play(0))  # K5
    game.apply(RankHint(0, 1))
    game.apply(Play(0))  # K4
    game.apply(RankHint(0, 1))
    assert game.top_ranks()[5] == 4 and game.next_ranks()[5] == 3
    assert game.score == -3
    event = game.apply(Play(0))  # K1 is not next
    assert event.success is False and game.error_tokens == 1


def test_a_black_1_played_first_is_an_error():
    game = black_game("K1 W1 W2 W3 W4  R1 R2 R3 R4 R5")
    assert game.apply(Play(0)).success is False


def test_black_scores_minus_one_per_missing_card_at_the_end():
    theme = themed(extra_suits=[BLACK])
    game = game_of(theme, "K5 K4 W1 W2 W3  W5 W4 R1 R2 R3", "WRBYGK")
    game.apply(Play(0))  # player 0: K5
    game.apply(Discard(0))  # player 1 throws away the only W5
    assert game.max_reachable_score == 4 + 5 * 4 + 0
    while not game.is_over:
        game.apply(Discard(0) if game.hint_tokens < 8 else RankHint(1 - game.current_player, 1))
    assert game.end is End.DECK
    assert game.top_ranks()[5] == 5 and len(game.stacks[5]) == 1
    assert game.score == -4


def test_a_perfect_game_needs_the_black_pile_complete_and_scores_the_classic_maximum():
    theme = themed(extra_suits=[BLACK])
    order = "W1 W2 W3 W4 W5  K5 K4 K3 K2 K1 " + " ".join(
        f"{s}{r}" for s in "RBYG" for r in range(1, 6)
    )
    game = Game.from_deck(theme, 2, stacked(theme, cards(order, "WRBYGK")))
    assert game.max_reachable_score == 25
    while not game.is_over:
        game.apply(Play(0))
    assert game.end is End.PERFECT and game.score == 25
    assert game.top_ranks() == (5, 5, 5, 5, 5, 1)


def test_a_negative_score_takes_the_lowest_rating():
    theme = themed(extra_suits=[BLACK])
    assert theme.rating_for(-5) == "Laughable"
    game = game_of(theme, "W2 W3 W4 W5 R2  R3 R4 R5 B2 B3", "WRBYGK")
    for _ in range(3):
        game.apply(Play(0))
    assert game.end is End.STRIKEOUT and game.score == 0
    assert game.copies_left(Card(5, 5)) == 1
