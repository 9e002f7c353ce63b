"""The beginner bot: plays only on a clear hint, forgets old hints, scores below the
conventions bot (what the studio's verdict for a class is made from)."""

from __future__ import annotations

import pytest

from deckforge.rules.actions import ColourHint, Play, RankHint
from deckforge.rules.bots import make_bot
from deckforge.rules.bots.beginner import MEMORY_ROUNDS, BeginnerBot
from deckforge.rules.game import Game
from deckforge.rules.simulation import game_seed, simulate
from deckforge.theme.loader import load_theme

HANABI = load_theme("hanabi-classic")
FESTIVAL = load_theme("interfaith-festival")


def test_it_never_misplays_it_plays_only_what_a_clear_hint_allows() -> None:
    for index in range(40):
        seed = game_seed(7, index)
        game = Game.deal(HANABI, 3, seed)
        bots = [make_bot("beginner", seat, seed) for seat in range(3)]
        views = [game.view(seat) for seat in range(3)]
        while game.end is None:
            seat = game.current_player
            action = bots[seat].act(views[seat])
            event = game.apply(action)
            if isinstance(action, Play):
                assert event.success, (index, action)
            for bot, view in zip(bots, views, strict=True):
                bot.observe(view, action, event)


def test_a_hint_is_forgotten_after_a_few_rounds() -> None:
    seed = game_seed(0, 3)
    game = Game.deal(HANABI, 2, seed)
    me = BeginnerBot(1)
    other = BeginnerBot(0)
    views = [game.view(0), game.view(1)]
    ones = [slot for slot, card in enumerate(views[0].cards(1)) if card.rank == 1]
    assert ones, "the deal gives seat 1 a 1"
    hint = RankHint(1, 1)
    event = game.apply(hint)
    for bot, view in ((other, views[0]), (me, views[1])):
        bot.observe(view, hint, event)
    # right after the hint, a 1 at the start is clear: it is played
    assert me.act(views[1]) == Play(slot=ones[0])
    # many turns later, unrefreshed, it is not remembered any more
    held = views[1].own_hand[ones[0]]
    me._hinted_at[held.deck_index] -= MEMORY_ROUNDS * 2 + 1
    assert me._remembers(views[1], held) is False
    assert not isinstance(me.act(views[1]), Play)


def test_it_gives_the_colour_of_a_playable_card_first() -> None:
    for index in range(10):
        game = Game.deal(HANABI, 2, game_seed(0, index))
        view = game.view(0)
        playable = [card for card in view.cards(1) if view.is_playable(card)]
        action = BeginnerBot(0).act(view)
        if not playable:
            continue
        # nothing is known yet: the colour of a playable card, not a play or a discard
        assert isinstance(action, ColourHint) and action.target == 1, action
        touched = view.hint_touches(1).colours[action.colour]
        assert any(view.is_playable(view.cards(1)[slot]) for slot in touched)


@pytest.mark.fuzz  # games by the hundred: not in the fast loop
def test_a_class_scores_below_the_experts_on_every_count() -> None:
    for players in FESTIVAL.players.counts:
        beginners = simulate(FESTIVAL, players, 60, seed=1, bot="beginner")
        experts = simulate(FESTIVAL, players, 60, seed=1, bot="conventions")
        assert beginners.mean is not None and experts.mean is not None
        assert beginners.mean < experts.mean - 3, (players, beginners.mean, experts.mean)
        assert beginners.strikeout_share == 0  # it never guesses
        again = simulate(FESTIVAL, players, 60, seed=1, bot="beginner")
        assert again.scores == beginners.scores  # same seed, same games
