"""The engine on a known deck: dealing, actions, refusals, tokens, knowledge, undo."""

from __future__ import annotations

import random

import pytest
from rules_fixtures import CLASSIC, cards, stacked, themed

from deckforge.rules import (
    Card,
    ColourHint,
    Discard,
    End,
    Game,
    IllegalAction,
    Play,
    RankHint,
    SetupError,
    action_from_dict,
)
from deckforge.rules.actions import Action
from deckforge.rules.cards import HandCard, new_hand_card
from deckforge.rules.errors import MESSAGES
from deckforge.rules.game import _shuffle
from deckforge.rules.rulebook import Rulebook
from deckforge.rules.simulation import game_seed
from deckforge.theme.loader import load_theme
from deckforge.theme.model import DiscardAtMaxHints, EmptyHints


def game_of(first: str, players: int = 2, theme=CLASSIC) -> Game:
    return Game.from_deck(theme, players, stacked(theme, cards(first)))


def snapshot(game: Game) -> tuple:
    return (
        [
            [(h.card, h.colour_hinted, h.rank_hinted, h.colours_ruled_out) for h in hand]
            for hand in game.hands
        ],
        game.hint_tokens,
        game.error_tokens,
        game.turn,
        game.current_player,
        game.stacks,
        game.discards,
        game.deck_left,
        game.history,
    )


# ---- dealing -------------------------------------------------------------------------


def test_each_player_receives_a_whole_hand_in_turn_player_zero_first():
    deck = stacked(CLASSIC, [])
    game = Game.from_deck(CLASSIC, 3, deck)
    for player in range(3):
        hand = game.hands[player]
        assert [h.card for h in hand] == deck[5 * player : 5 * player + 5]
        assert [h.deck_index for h in hand] == list(range(5 * player, 5 * player + 5))
    assert game.deck_left == 35
    assert game.current_player == 0


def test_four_players_hold_four_cards_each():
    game = Game.deal(CLASSIC, 4, seed=1)
    assert [len(hand) for hand in game.hands] == [4, 4, 4, 4]
    assert game.deck_left == 34


def test_a_drawn_card_joins_the_end_of_the_hand():
    deck = stacked(CLASSIC, [])
    game = Game.from_deck(CLASSIC, 3, deck)
    event = game.apply(Discard(0))
    hand = game.hands[0]
    assert hand[-1].card == deck[15] and hand[-1].deck_index == 15
    assert [h.deck_index for h in hand] == [1, 2, 3, 4, 15]
    assert event.drawn and event.drawn_card == deck[15] and event.deck_index == 0


def test_dealing_with_a_seed_is_reproducible():
    one, again, other = (Game.deal(CLASSIC, 2, s) for s in (4, 4, 5))
    assert one.deck == again.deck
    assert one.deck != other.deck
    assert sorted(one.deck) == sorted(stacked(CLASSIC, []))
    assert len(one.deck) == 50


def test_a_deck_missing_a_card_is_refused():
    deck = stacked(CLASSIC, [])
    deck.remove(Card(0, 5))
    deck.append(Card(0, 1))
    with pytest.raises(SetupError, match="rank 1"):
        Game.from_deck(CLASSIC, 2, deck)


def test_a_deck_with_an_unknown_suit_is_refused():
    deck = stacked(CLASSIC, [])
    deck[7] = Card(9, 1)
    with pytest.raises(SetupError, match="deck card 7"):
        Game.from_deck(CLASSIC, 2, deck)


@pytest.mark.parametrize("players", [1, 6])
def test_a_player_count_the_theme_does_not_allow_is_refused(players):
    with pytest.raises(SetupError, match=f"not {players}"):
        Game.deal(CLASSIC, players, seed=0)


# ---- playing and discarding ----------------------------------------------------------


def test_playing_the_next_rank_builds_the_pile():
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    event = game.apply(Play(0))
    assert event.success is True and event.card == Card(0, 1)
    assert game.stacks[0] == (Card(0, 1),)
    assert game.top_ranks() == (1, 0, 0, 0, 0)
    assert game.error_tokens == 0
    assert game.current_player == 1 and game.turn == 1


def test_a_card_that_does_not_continue_its_pile_is_an_error_and_is_discarded():
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    event = game.apply(Play(0))
    assert event.success is False
    assert game.error_tokens == 1
    assert game.discards == (Card(0, 2),)
    assert game.top_ranks() == (0, 0, 0, 0, 0)
    assert game.hint_tokens == 8


def test_a_card_can_be_named_instead_of_its_slot():
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    event = game.apply(Play(card=Card(0, 1)))
    assert event.slot == 1 and event.success


def test_a_discard_returns_a_hint_token():
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    game.apply(RankHint(1, 1))
    assert game.hint_tokens == 7
    event = game.apply(Discard(4))
    assert event.hint_token_gained and game.hint_tokens == 8
    assert game.discards == (Card(3, 5),)


def test_discarding_with_all_hint_tokens_in_is_allowed_without_gain_in_hanabi_classic():
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    assert game.hint_tokens == 8
    event = game.apply(Discard(0))
    assert game.hint_tokens == 8 and not event.hint_token_gained
    assert game.discards == (Card(0, 2),)


def test_discarding_with_all_hint_tokens_in_is_refused_where_the_theme_forbids_it():
    theme = themed(discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN)
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5", theme=theme)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Discard(0))
    assert refusal.value.code == "discard-at-max-hints"
    assert snapshot(game) == before
    assert not any(isinstance(a, Discard) for a in game.legal_actions())
    assert not game.may_discard and not game.view(0).may_discard
    game.apply(RankHint(1, 5))
    assert game.may_discard
    game.apply(Discard(0))  # player 1, with 7 tokens: allowed
    assert game.hint_tokens == 8


def test_may_discard_and_may_hint_say_what_the_engine_would_accept():
    theme = themed(discard_at_max_hints=DiscardAtMaxHints.FORBIDDEN)
    rng = random.Random(3)
    for seed in range(20):
        game = Game.deal(theme, 3, seed)
        while not game.is_over:
            assert game.may_discard == (game.check(Discard(0)) is None)
            hint = game.check(RankHint((game.current_player + 1) % 3, 1))
            assert game.may_hint == (hint is None or hint.code == "empty-hint")
            game.apply(rng.choice(game.legal_actions()))
        assert not game.may_discard and not game.may_hint


def test_a_hint_costs_a_token_and_none_is_possible_without_one():
    game = game_of("W2 W1 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    for turn in range(8):
        game.apply(RankHint(1 - turn % 2, 1))
    assert game.hint_tokens == 0
    with pytest.raises(IllegalAction) as refusal:
        game.apply(RankHint(1, 1))
    assert refusal.value.code == "no-hint-tokens"
    assert not any(isinstance(a, RankHint | ColourHint) for a in game.legal_actions())


def test_completing_a_suit_returns_a_hint_token():
    game = game_of("W1 W2 W3 W4 W5  R1 R2 R3 R4 R5")
    game.apply(RankHint(1, 1))  # 7 tokens
    game.apply(RankHint(0, 2))  # 6 tokens
    for _ in range(4):
        game.apply(Play(0))
        game.apply(Play(0))
    assert game.hint_tokens == 6
    event = game.apply(Play(0))  # W5
    assert event.hint_token_gained and game.hint_tokens == 7


def test_completing_a_suit_with_all_hint_tokens_in_gains_nothing():
    game = game_of("W1 W2 W3 W4 W5  R1 R2 R3 R4 R5")
    for _ in range(4):
        game.apply(Play(0))
        game.apply(Play(0))
    event = game.apply(Play(0))  # W5
    assert event.success and not event.hint_token_gained
    assert game.hint_tokens == 8
    assert game.top_ranks()[0] == 5


def test_no_completion_bonus_when_the_theme_switches_it_off():
    game = game_of("W1 W2 W3 W4 W5  R1 R2 R3 R4 R5", theme=themed(completion_bonus=False))
    game.apply(RankHint(1, 1))
    for _ in range(4):
        game.apply(Play(0))
        game.apply(Play(0))
    game.apply(Play(0))
    assert game.hint_tokens == 7


# ---- refusals ------------------------------------------------------------------------

REFUSALS = [
    (RankHint(0, 1), "hint-to-self"),
    (RankHint(2, 1), "no-such-player"),
    (RankHint(-1, 1), "no-such-player"),
    (ColourHint(1, 5), "unknown-colour"),
    (ColourHint(1, -1), "unknown-colour"),
    (RankHint(1, 6), "unknown-rank"),
    (RankHint(1, 0), "unknown-rank"),
    (Play(5), "no-such-slot"),
    (Discard(-1), "no-such-slot"),
    (Play(), "no-such-slot"),
    (Play(0, Card(1, 1)), "card-not-in-hand"),
    (Discard(card=Card(4, 5)), "card-not-in-hand"),
    (Play(card=Card(7, 1)), "unknown-suit"),
    (Play(card=Card(0, 6)), "unknown-rank"),
]


@pytest.mark.parametrize(("action", "code"), REFUSALS)
def test_an_illegal_action_is_refused_with_its_code_and_changes_nothing(action, code):
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(action)
    assert refusal.value.code == code
    assert refusal.value.message and str(refusal.value) == refusal.value.message
    assert game.check(action) is not None and game.check(action).code == code
    assert snapshot(game) == before


def test_acting_out_of_turn_is_refused():
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Play(0), player=1)
    assert refusal.value.code == "not-your-turn"
    game.apply(Play(0), player=0)
    assert game.current_player == 1


def test_every_refusal_code_has_a_plain_message():
    assert all(message.endswith(".") for message in MESSAGES.values())
    with pytest.raises(KeyError):
        IllegalAction("no-such-code")


def test_checking_a_hint_does_not_record_it():
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y5")
    before = snapshot(game)
    assert game.check(ColourHint(1, 3)) is None
    assert game.is_legal(RankHint(1, 3))
    assert snapshot(game) == before


# ---- hints and clue knowledge --------------------------------------------------------


def test_a_colour_hint_touches_its_colour_and_rules_it_out_elsewhere():
    game = game_of("W1 W2 R1 B1 G1  Y1 R2 Y3 B4 Y5")
    event = game.apply(ColourHint(1, 3))  # yellow is clue colour 3
    assert event.touched == (0, 2, 4) and event.touched_count == 3
    hand = game.hands[1]
    assert [h.colour_hinted for h in hand] == [3, None, 3, None, 3]
    assert [h.colours_ruled_out for h in hand] == [0, 8, 0, 8, 0]
    assert hand[0].possible_suits_set == {3}
    assert hand[1].possible_suits_set == {0, 1, 2, 4}
    assert hand[0].touched and not hand[1].touched


def test_a_rank_hint_touches_its_rank_and_rules_it_out_elsewhere():
    game = game_of("W1 W2 R1 B1 G1  Y1 R2 Y3 B4 Y1")
    event = game.apply(RankHint(1, 1))
    assert event.touched == (0, 4)
    hand = game.hands[1]
    assert [h.rank_hinted for h in hand] == [1, None, None, None, 1]
    assert hand[0].possible_ranks_set == {1}
    assert hand[1].possible_ranks_set == {2, 3, 4, 5}
    assert hand[1].ranks_ruled_out_set == {1}
    assert hand[0].colours_ruled_out_set == frozenset()


def test_a_new_card_arrives_with_no_knowledge():
    game = game_of("W1 W2 R1 B1 G1  Y1 R2 Y3 B4 Y1")
    game.apply(RankHint(1, 1))
    game.apply(Play(0))
    new = game.hands[1][-1]
    assert not new.touched and new.possible_ranks_set == {1, 2, 3, 4, 5}


def test_empty_hints_are_allowed_when_the_theme_allows_them():
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y4")
    event = game.apply(RankHint(1, 5))
    assert event.touched == () and event.touched_count == 0
    assert game.hint_tokens == 7
    assert all(h.ranks_ruled_out_set == {5} for h in game.hands[1])
    game.apply(ColourHint(0, 3))
    assert game.hint_tokens == 6


def test_empty_hints_are_refused_when_the_theme_forbids_them():
    theme = themed(empty_hints=EmptyHints.FORBIDDEN)
    game = game_of("W1 W2 R1 B1 G1  Y1 Y2 Y3 Y4 Y4", theme=theme)
    for action in (RankHint(1, 5), ColourHint(1, 0)):
        with pytest.raises(IllegalAction) as refusal:
            game.apply(action)
        assert refusal.value.code == "empty-hint"
    legal = game.legal_actions()
    assert ColourHint(1, 3) in legal and ColourHint(1, 0) not in legal
    assert RankHint(1, 4) in legal and RankHint(1, 5) not in legal
    game.apply(ColourHint(1, 3))


# ---- score, reach, pace --------------------------------------------------------------


def test_discarding_the_last_copy_lowers_the_reachable_score():
    game = game_of("W5 R1 R1 R1 G1  Y1 Y2 Y3 Y4 Y5")
    assert game.max_reachable_score == 25
    assert game.pace == 0 + 40 + 2 - 25
    game.apply(Discard(0))  # W5: white stops at 4
    assert game.max_reachable_score == 24
    game.apply(RankHint(0, 1))
    for _ in range(3):
        game.apply(Discard(0))  # R1 three times: red cannot start
        game.apply(RankHint(0, 1))
    assert game.max_reachable_score == 19
    assert game.copies_left(Card(1, 1)) == 0
    assert game.pace == 0 + game.deck_left + 2 - 19


def test_piles_score_the_number_of_cards_played():
    game = game_of("W1 W2 W3 R1 G1  B1 R2 Y3 Y4 Y5")
    moves = (Play(0), Play(0), Play(0), RankHint(0, 3), Play(0), RankHint(0, 1), Play(0))
    for action in moves:
        game.apply(action)
    assert game.top_ranks() == (3, 1, 1, 0, 0)
    assert game.score == 5
    assert game.rating is None  # not over yet


# ---- undo and records of actions -----------------------------------------------------


def test_undo_replays_the_log_without_the_last_actions():
    game = Game.deal(CLASSIC, 3, seed=11)
    states = [snapshot(game)]
    for action in (RankHint(1, 2), Discard(0), ColourHint(0, 1), Play(2)):
        game.apply(action)
        states.append(snapshot(game))
    for steps in range(5):
        earlier = game.undo(steps)
        assert snapshot(earlier) == states[4 - steps]
    assert snapshot(game) == states[4]  # the original is untouched
    with pytest.raises(ValueError, match="cannot undo 5"):
        game.undo(5)


def test_actions_survive_a_round_trip_through_dicts():
    for action in (
        Play(2),
        Play(card=Card(1, 3)),
        Discard(0, Card(4, 5)),
        ColourHint(1, 2),
        ColourHint(2, 0, touched=0),
        RankHint(3, 5, touched=2),
    ):
        assert action_from_dict(action.to_dict()) == action


@pytest.mark.parametrize(
    "data",
    [{"type": "jump"}, {"type": "play", "slot": "1"}, {"type": "rank-hint", "target": 1}, []],
)
def test_a_malformed_action_dict_is_refused(data):
    with pytest.raises(ValueError):
        action_from_dict(data)


def test_the_game_knows_how_it_ended():
    game = game_of("W2 W3 W4 B1 G1  Y1 Y2 Y3 Y4 Y5")
    game.apply(Play(0))
    game.apply(Discard(0))
    game.apply(Play(0))
    game.apply(Discard(0))
    assert not game.is_over
    game.apply(Play(0))
    assert game.end is End.STRIKEOUT and game.is_over
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction) as refusal:
        game.apply(RankHint(1, 1))
    assert refusal.value.code == "game-over"


def test_the_deal_shuffles_exactly_as_random_shuffle() -> None:
    for seed in [*range(300), 2**62 + 7, game_seed(1, 0)]:
        for size in (1, 2, 50, 61, 900):
            expected = list(range(size))
            random.Random(seed).shuffle(expected)
            found = list(range(size))
            _shuffle(found, random.Random(seed))  # type: ignore[arg-type]
            assert found == expected


def test_hand_cards_made_fast_and_hidden_copies_hold_what_the_constructor_sets() -> None:
    def fields(held: HandCard) -> dict[str, object]:
        return {name: getattr(held, name) for name in HandCard.__slots__}

    card = Card(2, 4)
    assert fields(new_hand_card(card, 7, 31, 62)) == fields(HandCard(card, 7, 31, 62))
    held = HandCard(card, 7, 31, 62)
    held.colour_hinted, held.rank_hinted = 2, 4
    held.colours_ruled_out, held.ranks_ruled_out = 9, 10
    held.possible_suits, held.possible_ranks = 4, 16
    assert fields(held.hidden()) == {**fields(held), "card": None}
    assert type(held.hidden()) is HandCard and held.hidden() is not held


def test_games_shuffled_from_one_generator_deal_as_its_shuffles_in_turn() -> None:
    # Game.shuffled draws from the generator exactly as rng.shuffle, so that one
    # generator deals many games (bench/engine_hle.py) as Game.deal's seeds would
    theme = load_theme("interfaith-festival")
    rng, expected_rng = random.Random(11), random.Random(11)
    for _ in range(20):
        expected = sorted(Game.deal(theme, 4, 0).deck)  # type: ignore[type-var]
        expected_rng.shuffle(expected)
        assert Game.shuffled(theme, 4, rng).deck == tuple(expected)
    assert rng.random() == expected_rng.random()
    assert Game.deal(theme, 5, 77).deck == Game.shuffled(theme, 5, random.Random(77)).deck


@pytest.mark.parametrize("name", ["interfaith-festival", "hanabi-classic"])
def test_legal_actions_are_every_action_the_rules_accept_turn_after_turn(name: str) -> None:
    # the hints that touch a hand are kept until the hand changes: never stale
    theme = load_theme(name)
    rng = random.Random(name)
    for seed in range(12):
        game = Game.deal(theme, theme.players.counts[seed % len(theme.players.counts)], seed)
        book = Rulebook.of(theme)
        while not game.is_over:
            candidates: list[Action] = [Play(slot) for slot in range(6)]
            candidates += [Discard(slot) for slot in range(6)]
            for target in range(game.players):
                candidates += [ColourHint(target, c) for c in range(len(book.colour_masks))]
                candidates += [RankHint(target, r) for r in range(1, book.max_rank + 1)]
            legal = game.legal_actions()
            assert len(set(legal)) == len(legal)
            assert set(legal) == {action for action in candidates if game.is_legal(action)}
            calm = [a for a in legal if not isinstance(a, Play)] or legal
            game.apply(rng.choice(legal if rng.random() < 0.3 else calm))
