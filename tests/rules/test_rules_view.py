"""A player's view: everything but their own cards."""

from __future__ import annotations

from rules_fixtures import CLASSIC, cards, stacked

from deckforge.rules import Card, Game, Play, RankHint


def setup() -> Game:
    return Game.from_deck(CLASSIC, 3, stacked(CLASSIC, cards("W1 W1 R3 B4 G5  Y1 W2 R1 B2 G2")))


def test_a_view_hides_the_own_cards_but_keeps_their_clue_knowledge():
    game = setup()
    game.apply(RankHint(1, 1))
    game.apply(RankHint(0, 1))
    view = game.view(0)
    own = view.own_hand
    assert len(own) == 5 and all(held.card is None for held in own)
    assert [held.rank_hinted for held in own] == [1, 1, None, None, None]
    assert own[0].possible_ranks_set == {1}
    assert game.hands[0][0].card == Card(0, 1)  # the game itself is untouched
    assert view.cards(1) == tuple(cards("Y1 W2 R1 B2 G2"))
    assert view.hand(1)[0].card == Card(3, 1)


def test_a_player_cannot_ask_for_their_own_cards():
    view = setup().view(0)
    try:
        view.cards(0)
    except ValueError as problem:
        assert "own cards" in str(problem)
    else:
        raise AssertionError("a view gave away its own cards")


def test_checking_a_play_through_the_view_reveals_nothing():
    game = setup()
    view = game.view(0)
    assert view.check(Play(0, card=Card(4, 5))) is None
    assert view.check(Play(0, card=Card(0, 1))) is None
    assert game.check(Play(0, card=Card(4, 5))).code == "card-not-in-hand"


def test_a_view_counts_the_copies_its_player_cannot_see():
    game = setup()
    view = game.view(1)
    w1 = Card(0, 1)
    assert view.copies_left(w1) == 3
    assert game.hands[2][0].card == w1  # the third copy, dealt to player 2
    assert view.unseen_copies(w1) == 0  # player 1 sees all three
    assert game.view(0).unseen_copies(w1) == 2  # player 0 sees only player 2's
    assert game.view(2).unseen_copies(w1) == 1


def test_a_view_follows_the_game_and_knows_whose_turn_it_is():
    game = setup()
    view = game.view(1)
    assert not view.is_my_turn and view.legal_actions() == []
    game.apply(Play(0))
    assert view.is_my_turn and view.turn == 1 and view.top_ranks()[0] == 1
    assert view.hint_tokens == 8 and view.deck_left == 34 and view.hand_count(0) == 5
    assert len(view.legal_actions()) == len(game.legal_actions()) > 0
    assert view.discards == () and view.stacks[0] == (Card(0, 1),)
