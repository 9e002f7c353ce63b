"""Looking back at a game: its curve, key moments and cards, read from the log."""

from __future__ import annotations

import pytest
from rules_fixtures import CLASSIC, cards, stacked, tiny

from deckforge.rules import Card, Discard, Game, IllegalAction, Play, RankHint
from deckforge.rules.bots import BOTS
from deckforge.rules.debrief import MomentKind, debrief, good_run_length, suit_reach
from deckforge.theme.loader import load_theme

WHITE, RED = 0, 1

# player 0 holds the whole white family; player 1 holds the only red 5 first
WHITE_FAMILY = stacked(CLASSIC, cards("W1 W2 W3 W4 W5  R5 R2 R3 Y1 B1"))
WHITE_RUN = [
    Play(0),  # 1: W1
    RankHint(0, 2),
    Play(0),  # 3: W2
    RankHint(0, 3),
    Play(0),  # 5: W3
    RankHint(0, 4),
    Play(0),  # 7: W4
    RankHint(0, 5),
    Play(0),  # 9: W5, the white family is complete
    Play(0),  # 10: player 1 misplays the only red 5
]


def kinds(found, kind):
    return [m for m in found.moments if m.kind is kind]


def test_a_misplay_is_found_at_its_step_with_what_it_cost():
    found = debrief(CLASSIC, 2, WHITE_FAMILY, WHITE_RUN)
    (misplay,) = kinds(found, MomentKind.MISPLAY)
    assert misplay.step == 10 and misplay.player == 1
    assert misplay.card == Card(RED, 5)
    assert misplay.points_lost == 1  # the only red 5: red can reach 4 at best
    assert not misplay.ends_game
    assert found.points[10].error_tokens == 1 and found.points[9].error_tokens == 0


def test_a_misplay_of_a_card_with_copies_left_costs_a_token_but_no_point():
    actions = [Play(0), RankHint(0, 2), Play(0), Play(1)]  # 4: player 1 misplays a red 2
    found = debrief(CLASSIC, 2, WHITE_FAMILY, actions)
    (misplay,) = kinds(found, MomentKind.MISPLAY)
    assert misplay.card == Card(RED, 2) and misplay.points_lost == 0
    assert kinds(found, MomentKind.LAST_COPY) == []


def test_a_last_copy_lost_gives_the_familys_best_possible_score_from_then_on():
    actions = [Play(0), RankHint(0, 2), Play(0), Discard(0)]  # 4: the only red 5 discarded
    found = debrief(CLASSIC, 2, WHITE_FAMILY, actions)
    (lost,) = kinds(found, MomentKind.LAST_COPY)
    assert (lost.step, lost.player, lost.card, lost.suit) == (4, 1, Card(RED, 5), RED)
    assert lost.best == 4 and lost.points_lost == 1
    assert found.points[4].max_reachable == 24 and found.points[3].max_reachable == 25
    assert found.lost[0].card == Card(RED, 5) and not found.lost[0].misplayed


def test_the_second_copy_lost_is_a_key_moment_the_first_is_not():
    deck = stacked(CLASSIC, cards("Y1 Y2 Y3 Y4 B2  R2 R2 R3 R4 B1"))
    actions = [RankHint(1, 2), Discard(0), RankHint(1, 3), Discard(0)]  # 2 and 4: both red 2s
    found = debrief(CLASSIC, 2, deck, actions)
    (lost,) = kinds(found, MomentKind.LAST_COPY)
    assert lost.step == 4 and lost.best == 1  # only the red 1 can still be played
    assert [card.step for card in found.lost] == [2, 4]


def test_a_completed_family_is_found_at_the_step_of_its_last_card():
    found = debrief(CLASSIC, 2, WHITE_FAMILY, WHITE_RUN)
    (done,) = kinds(found, MomentKind.COMPLETED)
    assert (done.step, done.suit, done.card) == (9, WHITE, Card(WHITE, 5))
    assert found.played[WHITE] == tuple(Card(WHITE, r) for r in range(1, 6))


def test_a_long_run_of_good_play_is_found_with_its_bounds_and_plays():
    found = debrief(CLASSIC, 2, WHITE_FAMILY, WHITE_RUN)
    (run,) = kinds(found, MomentKind.GOOD_RUN)
    assert (run.step, run.end_step, run.plays) == (1, 9, 5)


def test_a_short_run_is_not_a_key_moment():
    assert good_run_length(2) == 4
    actions = [Play(0), RankHint(0, 2), Play(0), Play(1)]  # three good actions, a misplay
    assert kinds(debrief(CLASSIC, 2, WHITE_FAMILY, actions), MomentKind.GOOD_RUN) == []


def test_the_start_of_the_final_round_is_the_step_that_draws_the_last_card():
    theme = tiny()
    deck = stacked(theme, cards("W1 R1  W2 R2  W3 R3", "WR"))
    found = debrief(theme, 2, deck, [Play(0), Play(0), Play(0), Play(1)])
    (final,) = kinds(found, MomentKind.FINAL_ROUND)
    assert final.step == 2 and final.player == 1


def test_the_last_error_token_is_a_misplay_that_ends_the_game():
    deck = stacked(CLASSIC, cards("W1 W2 W3 W4 W5  R2 R2 R3 R4 B2"))
    actions = [Play(0), Play(0), RankHint(1, 2), Play(0), RankHint(1, 3), Play(0)]
    found = debrief(CLASSIC, 2, deck, actions)
    misplays = kinds(found, MomentKind.MISPLAY)
    assert [m.step for m in misplays] == [2, 4, 6]
    assert [m.ends_game for m in misplays] == [False, False, True]
    assert found.points[-2].score == 1
    assert found.points[-1].score == 0 == found.points[-1].max_reachable  # the theme's rule


def test_every_point_matches_the_engines_state_after_as_many_actions():
    game = _bot_game(load_theme("interfaith-festival"), 4, seed=3)
    found = debrief(game.theme, 4, game.deck, game.history)
    assert found.steps == game.turn
    for step in (0, 1, game.turn // 2, game.turn):
        then = Game.replay(game.theme, 4, game.deck, game.history[:step])
        point = found.points[step]
        assert (point.hint_tokens, point.error_tokens) == (then.hint_tokens, then.error_tokens)
        assert point.max_reachable == then.most_reachable_score
        assert point.score == then.score


def test_a_bots_game_has_one_moment_per_misplay_and_per_completed_family():
    for seed in range(6):
        game = _bot_game(CLASSIC, 3, seed)
        found = debrief(CLASSIC, 3, game.deck, game.history)
        assert len(kinds(found, MomentKind.MISPLAY)) == game.error_tokens
        complete = sum(1 for suit in range(5) if game.next_ranks()[suit] == 0)
        assert len(kinds(found, MomentKind.COMPLETED)) == complete
        assert len(kinds(found, MomentKind.FINAL_ROUND)) == (game.final_turns_left is not None)
        assert [m.step for m in found.moments] == sorted(m.step for m in found.moments)
        assert found.played == game.stacks
        assert tuple(lost.card for lost in found.lost) == game.discards


def test_next_moment_jumps_forward_and_stops_after_the_last():
    found = debrief(CLASSIC, 2, WHITE_FAMILY, WHITE_RUN)
    steps = [m.step for m in found.moments]
    assert found.next_moment(0).step == steps[0]
    assert found.next_moment(steps[0]).step > steps[0]
    assert found.next_moment(found.steps) is None


def test_a_printed_card_game_is_looked_back_on_from_the_cards_named():
    actions = [Play(card=Card(WHITE, 1)), Discard(card=Card(RED, 5)), Play(card=Card(RED, 2))]
    found = debrief(CLASSIC, 2, None, actions)
    assert [m.kind for m in found.moments] == [MomentKind.LAST_COPY, MomentKind.MISPLAY]
    assert found.played[WHITE] == (Card(WHITE, 1),)


def test_an_illegal_action_is_refused_with_its_index():
    with pytest.raises(IllegalAction) as refusal:
        debrief(CLASSIC, 2, WHITE_FAMILY, [Play(0), RankHint(1, 9)])
    assert refusal.value.index == 1


def test_suit_reach_counts_down_suits_and_minus_missing_scoring():
    from rules_fixtures import BLACK, themed

    theme = themed(extra_suits=[BLACK])
    game = Game.printed(theme, 2)
    assert suit_reach(game, 5) == 0  # a black family complete scores 0
    game.apply(Discard(card=Card(5, 5)))  # its first card to play, gone
    assert suit_reach(game, 5) == -5


def _bot_game(theme, players, seed):
    game = Game.deal(theme, players, seed)
    bots = [BOTS["conventions"](seat, seed) for seat in range(players)]
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        event = game.apply(action)
        for bot_seat, bot in enumerate(bots):
            bot.observe(game.view(bot_seat), action, event)
    return game
