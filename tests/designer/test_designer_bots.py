"""The bots: always legal, blind to their own cards, and playing by their conventions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from deckforge.rules import Card, ColourHint, Discard, Game, Play, RankHint
from deckforge.rules.actions import Action
from deckforge.rules.bots import BOTS, ConventionBot, make_bot
from deckforge.rules.simulation import game_seed, play_game, simulate
from deckforge.theme.loader import bundled_theme_names, load_theme
from deckforge.theme.model import Theme

DATA = Path(__file__).parent / "data"
ODD_RULES = DATA / "designer-odd-rules.yaml"  # every rule switch at its strict setting
ODD_SHAPES = DATA / "designer-odd-shapes.yaml"  # few short suits, one error token
THEMES = [*bundled_theme_names(), str(ODD_RULES), str(ODD_SHAPES)]

# games per theme, spread over its player counts (random games are much faster)
GAMES = {"conventions": 120, "random": 500, "beginner": 200}


@cache
def _theme(name: str) -> Theme:
    return load_theme(name)


@cache
def _record(theme_name: str, bot: str) -> tuple[tuple[int, str, bool, str], ...]:
    """Play the theme's share of games; per action: (deck left, kind, success, reason)."""
    theme = _theme(theme_name)
    counts = theme.players.counts
    rows = []
    for index in range(GAMES[bot]):
        players = counts[index % len(counts)]
        seed = game_seed(1234, index)
        game = Game.deal(theme, players, seed)
        bots = [make_bot(bot, seat, seed) for seat in range(players)]
        views = [game.view(seat) for seat in range(players)]
        while game.end is None:
            seat = game.current_player
            deck_left = game.deck_left
            action = bots[seat].act(views[seat])
            event = game.apply(action)  # raises IllegalAction on an illegal action
            reason = getattr(bots[seat], "reason", "")
            rows.append((deck_left, event.kind, bool(event.success), reason))
            for other, view in zip(bots, views, strict=True):
                other.observe(view, action, event)
    return tuple(rows)


@pytest.mark.fuzz  # generated inputs by the hundred: not in the fast loop
@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("theme_name", THEMES)
def test_bots_never_attempt_an_illegal_action_on_any_theme(theme_name: str, bot: str) -> None:
    rows = _record(theme_name, bot)
    assert len(rows) > GAMES[bot] * 5  # games were really played


@pytest.mark.fuzz  # the same random games on every theme: not in the fast loop
@pytest.mark.parametrize("theme_name", THEMES)
def test_the_convention_bot_misplays_only_when_it_chooses_to_guess(theme_name: str) -> None:
    misplays = [
        row for row in _record(theme_name, "conventions") if row[1] == "play" and not row[2]
    ]
    # guess: the deck is out (at some counts nearly); risk: rather than a discard, while
    # an error can be afforded
    assert all(reason in ("guess", "risk", "forced") for _, _, _, reason in misplays)
    default = ConventionBot(0).GUESS_LEFT  # (an instance's: the compiled class has no value)
    nearly = max(values.get("GUESS_LEFT", default) for values in ConventionBot.BY_PLAYERS.values())
    assert all(left <= nearly for left, _, _, reason in misplays if reason == "guess")


def test_the_random_bot_takes_every_kind_of_action() -> None:
    kinds = {row[1] for row in _record("hanabi-classic", "random")}
    assert kinds == {"play", "discard", "colour-hint", "rank-hint"}


def _decision(
    theme: Theme, players: int, deck: list[Card], history: list[Action], bot: str, seed: int
) -> Action:
    """The current seat's choice after ``history``, every bot having watched it."""
    game = Game.from_deck(theme, players, deck)
    bots = [make_bot(bot, seat, seed) for seat in range(players)]
    views = [game.view(seat) for seat in range(players)]
    for action in history:
        event = game.apply(action)
        for other, view in zip(bots, views, strict=True):
            other.observe(view, action, event)
    seat = game.current_player
    return bots[seat].act(views[seat])


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("theme_name", ["hanabi-classic", "avalanche"])
def test_bots_decide_the_same_whatever_their_own_cards_are(theme_name: str, bot: str) -> None:
    """Swap the current player's cards with cards still in the deck (keeping what
    clues said about them): what they see is unchanged, so must be their choice."""
    theme = _theme(theme_name)
    chooser = random.Random(7)
    swapped_games = 0
    for index in range(30):
        players = chooser.choice(theme.players.counts)
        seed = game_seed(99, index)
        game = Game.deal(theme, players, seed)
        bots = [make_bot(bot, seat, seed) for seat in range(players)]
        views = [game.view(seat) for seat in range(players)]
        stop = chooser.randrange(0, 40 if bot == "conventions" else 8)
        while game.end is None and game.turn < stop:
            action = bots[game.current_player].act(views[game.current_player])
            event = game.apply(action)
            for other, view in zip(bots, views, strict=True):
                other.observe(view, action, event)
        if game.end is not None or game.deck_left == 0:
            continue
        assert game.deck is not None
        deck = list(game.deck)
        swapped = list(deck)
        undrawn = list(range(len(deck) - game.deck_left, len(deck)))
        for held in game.hand(game.current_player):
            for position in undrawn:
                card = swapped[position]
                assert held.card is not None
                if (
                    card != held.card
                    and (held.possible_suits >> card.suit) & 1
                    and (held.possible_ranks >> card.rank) & 1
                ):
                    swapped[position], swapped[held.deck_index] = held.card, card
                    undrawn.remove(position)
                    break
        if swapped == deck:
            continue
        swapped_games += 1
        history = list(game.history)
        expected = _decision(theme, players, deck, history, bot, seed)
        assert _decision(theme, players, swapped, history, bot, seed) == expected
    assert swapped_games >= 20


# ---- the conventions, one situation each ----------------------------------------------

CLASSIC = "hanabi-classic"
WHITE, RED, BLUE, YELLOW, GREEN = range(5)


def _deck(top: list[Card]) -> list[Card]:
    """A classic deck starting with ``top``, the rest in a fixed order."""
    rest = [
        Card(suit, rank)
        for suit, copies in enumerate([(3, 2, 2, 2, 1)] * 5)
        for rank, count in enumerate(copies, start=1)
        for _ in range(count)
    ]
    for card in top:
        rest.remove(card)
    return top + rest


def _table(top: list[Card], players: int = 2, **values: object) -> tuple[Game, list[ConventionBot]]:
    """A classic game dealt from ``top``, and a bot per seat with ``values`` (the
    class's switches and values, by name) set on every one of them."""
    game = Game.from_deck(_theme(CLASSIC), players, _deck(top))
    bots = [ConventionBot(seat) for seat in range(players)]
    for bot in bots:
        for name, value in values.items():
            setattr(bot, name, value)
    return game, bots


def _step(game: Game, bots: list[ConventionBot], action: Action | None = None) -> Action:
    """Apply ``action`` (default: the current bot's choice) and let every bot watch."""
    seat = game.current_player
    if action is None:
        action = bots[seat].act(game.view(seat))
    event = game.apply(action)
    for other in bots:
        other.observe(game.view(other.seat), action, event)
    return action


def test_a_play_clue_makes_the_receiver_play_the_focused_card() -> None:
    # player 1 holds only one playable card, a red 1, at its newest place
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(YELLOW, 3), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 1)]
    game, bots = _table(mine + theirs)
    clue = _step(game, bots)
    assert isinstance(clue, (ColourHint, RankHint)) and clue.target == 1
    assert 4 in game.last_event.touched  # type: ignore[union-attr]
    assert _step(game, bots) == Play(4)
    assert game.top_ranks()[RED] == 1


def test_a_last_copy_on_the_next_players_chop_is_saved() -> None:
    # player 1's oldest card is the blue 5 and nothing of theirs plays
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(BLUE, 5), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(YELLOW, 3)]
    game, bots = _table(mine + theirs)
    clue = _step(game, bots)
    assert bots[0].reason == "save"
    assert isinstance(clue, (ColourHint, RankHint)) and clue.target == 1
    assert 0 in game.last_event.touched  # type: ignore[union-attr]


def test_without_hint_tokens_a_bot_discards_its_oldest_unclued_card() -> None:
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(YELLOW, 3), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(BLUE, 3)]
    game, bots = _table(mine + theirs)
    # spend every hint token; player 0's two oldest cards (white 3s) get touched
    _step(game, bots, RankHint(1, 3))
    _step(game, bots, RankHint(0, 3))
    while game.hint_tokens > 0:
        _step(game, bots, RankHint(1, 4) if game.current_player == 0 else RankHint(0, 3))
    assert game.current_player == 0
    assert _step(game, bots) == Discard(3)  # slots 0, 1, 2 (the 3s) are clued: red 4 is chop


@pytest.mark.parametrize("hold", [True, False])
def test_at_two_players_a_save_that_leaves_one_card_untouched_is_answered_by_a_clue(
    hold: bool,
) -> None:
    # player 1: the blue 5 on the chop, three 4s, then a white 2
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(BLUE, 5), Card(YELLOW, 4), Card(GREEN, 4), Card(RED, 4), Card(WHITE, 2)]
    game, bots = _table(mine + theirs)
    _step(game, bots, RankHint(1, 4))  # their three 4s
    bots[1].HOLD_AFTER_SAVE = hold  # (2 players hold by default)
    _step(game, bots, RankHint(0, 3))
    _step(game, bots, RankHint(1, 5))  # saves the blue 5: only the white 2 is untouched
    assert game.current_player == 1 and 0 < game.hint_tokens < 8
    action = _step(game, bots)
    if hold:  # the white 2 might have been a last copy too: a clue, not a discard
        assert isinstance(action, (ColourHint, RankHint)) and bots[1].reason == "stall"
    else:
        assert action == Discard(4)


@pytest.mark.parametrize("scream", [True, False])
def test_without_a_token_to_save_a_last_copy_a_player_with_a_play_screams(scream: bool) -> None:
    # player 1: the blue 5 on the chop, nothing to play; player 0: a red 1, clued
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(RED, 1)]
    theirs = [Card(BLUE, 5), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(YELLOW, 3)]
    game, bots = _table(mine + theirs, SCREAM=scream)
    _step(game, bots, RankHint(1, 4))
    _step(game, bots, RankHint(0, 1))  # player 0 knows their red 1 plays
    while game.hint_tokens > 0:
        _step(game, bots, RankHint(1, 4) if game.current_player == 0 else RankHint(0, 3))
    assert game.current_player == 0
    blue_five = game.hand(1)[0].deck_index
    first = _step(game, bots)
    if not scream:
        assert first == Play(4)
        assert _step(game, bots) == Discard(0)  # the blue 5 is lost
        return
    assert first == Discard(3) and bots[0].reason == "scream"  # the red 4, the chop
    # every seat reads it: the blue 5 is kept as a last copy, the yellow 3 is the chop
    assert all(blue_five in bot._clued for bot in bots)
    answer = _step(game, bots)
    assert answer != Discard(0)
    assert blue_five in [held.deck_index for held in game.hand(1)]
    assert game.top_ranks()[BLUE] == 0


def test_a_card_known_to_be_useless_is_discarded_before_the_chop() -> None:
    mine = [Card(WHITE, 3), Card(WHITE, 1), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(WHITE, 1), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(BLUE, 3)]
    game, bots = _table(mine + theirs)
    _step(game, bots, RankHint(1, 1))  # player 1 learns their white 1 ...
    _step(game, bots)  # ... and plays it
    assert game.top_ranks()[WHITE] == 1
    _step(game, bots, ColourHint(1, WHITE))
    _step(game, bots, ColourHint(0, WHITE))  # my white 3 and white 1
    _step(game, bots, RankHint(1, 4))
    _step(game, bots, RankHint(0, 1))  # my white 1 is now known: useless
    while game.hint_tokens > 0:
        _step(game, bots, RankHint(1, 4) if game.current_player == 0 else RankHint(0, 3))
    _step(game, bots, Play(0))  # player 1 misplays their yellow 4: no token back
    assert game.current_player == 0 and game.hint_tokens == 0
    assert _step(game, bots) == Discard(1)


def test_a_clue_on_a_card_one_step_ahead_makes_the_player_in_between_play_blind() -> None:
    # red is at 0; player 2's newest card is the red 2, player 1's newest the red 1
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    middle = [Card(YELLOW, 3), Card(YELLOW, 4), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 1)]
    last = [Card(BLUE, 3), Card(YELLOW, 5), Card(GREEN, 4), Card(BLUE, 4), Card(RED, 2)]
    game, bots = _table(mine + middle + last, players=3)
    _step(game, bots, RankHint(2, 2))  # no 2 plays now: a finesse on player 1
    assert _step(game, bots) == Play(4)
    assert bots[1].reason == "finesse" and game.top_ranks()[RED] == 1
    assert _step(game, bots) == Play(4)  # player 2 now knows the red 2
    assert game.top_ranks()[RED] == 2


def test_without_a_player_in_between_the_same_clue_makes_nobody_play() -> None:
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(BLUE, 4)]
    theirs = [Card(BLUE, 3), Card(YELLOW, 5), Card(GREEN, 4), Card(BLUE, 4), Card(RED, 2)]
    game, bots = _table(mine + theirs)
    _step(game, bots, RankHint(1, 2))
    assert not isinstance(_step(game, bots), Play)


def test_a_clue_one_step_beyond_a_clued_card_prompts_that_card_first() -> None:
    # player 1's red card, clued with their red 1, is the red 2; player 2 holds the red 3
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 3), Card(BLUE, 4), Card(YELLOW, 4)]
    middle = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 2), Card(RED, 1)]
    last = [Card(WHITE, 4), Card(YELLOW, 2), Card(GREEN, 2), Card(BLUE, 2), Card(RED, 3)]
    game, bots = _table(mine + middle + last, players=3)
    _step(game, bots, ColourHint(1, RED))  # the newest red, the red 1, plays now
    assert _step(game, bots) == Play(4)
    _step(game, bots, Discard(0))
    # a 3: no 3 plays now, the red 3 would after the red 2, and player 1's red card
    # may be the red 2: it is, and player 2's 3 is the red 3
    _step(game, bots, RankHint(2, 3))
    assert _step(game, bots) == Play(3) and bots[1].reason == "play"
    assert game.top_ranks()[RED] == 2
    assert _step(game, bots) == Play(3) and bots[2].reason == "play"
    assert game.top_ranks()[RED] == 3


@pytest.mark.parametrize("tempo", [True, False])
def test_a_clue_telling_a_clued_card_nothing_new_makes_it_play(tempo: bool) -> None:
    # player 1's red 2 is clued as a 2 while no 2 plays; once the red 1 has played, the
    # same 2 clue again tells them nothing new: a tempo clue, their red 2 plays
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 3), Card(BLUE, 4), Card(RED, 1)]
    theirs = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 2), Card(YELLOW, 4)]
    game, bots = _table(mine + theirs, TEMPO=tempo)
    _step(game, bots, RankHint(1, 2))  # no 2 plays and nobody is in between: kept, no more
    _step(game, bots, ColourHint(0, RED))
    assert _step(game, bots) == Play(4) and game.top_ranks()[RED] == 1
    _step(game, bots, Discard(0))  # their red 2 is now in slot 2
    _step(game, bots, RankHint(1, 2))
    action = _step(game, bots)
    if tempo:
        assert action == Play(2) and bots[1].reason == "play"
        assert game.top_ranks()[RED] == 2
    else:
        assert action != Play(2)  # as far as they know, any 2


def _clue_values(bot: ConventionBot, game: Game) -> dict[Action, float]:
    bot._commons = bot._held = None
    return {clue.action: clue.value for clue in bot._read_turn(game.view(bot.seat)).valued()}


def test_a_tempo_clue_is_valued_only_once_its_focus_plays() -> None:
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 3), Card(BLUE, 4), Card(RED, 1)]
    theirs = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 2), Card(YELLOW, 4)]
    game, bots = _table(mine + theirs)
    _step(game, bots, RankHint(1, 2))
    _step(game, bots, ColourHint(0, RED))
    # the red 2 does not play yet: the tempo clue would make them misplay it
    assert RankHint(1, 2) not in _clue_values(bots[0], game)
    _step(game, bots)  # the red 1
    _step(game, bots, Discard(0))
    # it plays now, and as far as they know any 2 of those left may be the red 2
    assert _clue_values(bots[0], game)[RankHint(1, 2)] > 0.5


@pytest.mark.parametrize("exact", [0.2, 0.0])
def test_a_clue_that_leaves_a_card_known_exactly_is_worth_more(exact: float) -> None:
    # player 1 holds the blue 5, saved by a 5 clue, and the blue 1, newest: a blue clue
    # and a 1 clue both make the blue 1 play; the blue clue also tells them their 5 is
    # the blue 5, which will play without another clue once the blue 4 is down
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(RED, 3), Card(RED, 4), Card(YELLOW, 4)]
    theirs = [Card(BLUE, 5), Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(BLUE, 1)]
    game, bots = _table(mine + theirs, EXACT=exact)
    _step(game, bots, RankHint(1, 5))
    _step(game, bots, RankHint(0, 3))
    values = _clue_values(bots[0], game)
    assert values[ColourHint(1, BLUE)] == pytest.approx(values[RankHint(1, 1)] + exact)


@pytest.mark.parametrize("own", [True, False])
def test_a_clue_one_step_ahead_of_the_receivers_own_finesse_position_is_a_self_finesse(
    own: bool,
) -> None:
    # three players; player 1, right after me, holds the red 2 and, newest, the red 1
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 3), Card(BLUE, 4), Card(YELLOW, 4)]
    middle = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 2), Card(RED, 1)]
    last = [Card(WHITE, 4), Card(YELLOW, 2), Card(GREEN, 5), Card(BLUE, 4), Card(RED, 3)]
    game, bots = _table(mine + middle + last, players=3, SELF_FINESSE=own)
    _step(game, bots, RankHint(1, 2))  # touches only the red 2: no 2 plays yet
    action = _step(game, bots)
    if not own:
        assert bots[1].reason != "finesse" and game.top_ranks()[RED] == 0
        return
    assert action == Play(4) and bots[1].reason == "finesse"  # the red 1, blind
    assert game.top_ranks()[RED] == 1
    _step(game, bots, Discard(0))
    _step(game, bots, Discard(0))
    assert _step(game, bots) == Play(3) and game.top_ranks()[RED] == 2


def _bluff_table(bluff: float) -> tuple[Game, list[ConventionBot]]:
    """Three players; red has its 1 played and player 1's newest card is the blue 1.
    Player 0 is to act: a 3 clue to player 2 touches only their blue 3 and reads as a
    finesse on the red 3 (nobody holds the red 2 on a finesse position)."""
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 3), Card(BLUE, 4), Card(YELLOW, 4)]
    middle = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(YELLOW, 4), Card(RED, 1)]
    last = [Card(WHITE, 4), Card(YELLOW, 2), Card(GREEN, 2), Card(RED, 4), Card(BLUE, 3)]
    drawn = [Card(BLUE, 1), Card(RED, 5)]
    game, bots = _table(mine + middle + last + drawn, players=3, BLUFF=bluff)
    _step(game, bots, ColourHint(1, RED))
    assert _step(game, bots) == Play(4) and game.top_ranks()[RED] == 1
    _step(game, bots, Discard(0))
    return game, bots


def test_a_bluff_is_valued_only_while_bluffs_are_played() -> None:
    game, bots = _bluff_table(bluff=1.5)
    assert _clue_values(bots[0], game)[RankHint(2, 3)] > 1.0  # the blind play of the blue 1
    game, bots = _bluff_table(bluff=0.0)
    assert RankHint(2, 3) not in _clue_values(bots[0], game)  # read as a red 3: wrong


def test_after_a_bluff_the_clued_card_is_known_by_its_clues_only() -> None:
    game, bots = _bluff_table(bluff=1.5)
    _step(game, bots, RankHint(2, 3))
    assert _step(game, bots) == Play(4) and bots[1].reason == "finesse"
    assert game.top_ranks()[BLUE] == 1  # the blind play did not lead to the red 3
    view = game.view(2)
    blue_three = view.deck_indexes(2)[3]
    assert all(blue_three not in bot._belief for bot in bots)
    action = _step(game, bots)
    assert action != Play(3) and game.error_tokens == 0


def test_a_bluff_further_on_makes_only_the_next_player_play_blind() -> None:
    # four players, red at 1: player 1's newest card is the blue 1, player 2's the
    # yellow 4; a 3 clue to player 3 on their blue 3 reads as a finesse on the red 3
    mine = [Card(WHITE, 3), Card(WHITE, 3), Card(BLUE, 4), Card(YELLOW, 4)]
    first = [Card(YELLOW, 3), Card(GREEN, 3), Card(GREEN, 4), Card(RED, 1)]
    second = [Card(WHITE, 4), Card(YELLOW, 2), Card(GREEN, 2), Card(RED, 4)]
    third = [Card(WHITE, 4), Card(YELLOW, 2), Card(RED, 4), Card(BLUE, 3)]
    drawn = [Card(BLUE, 1), Card(YELLOW, 4), Card(GREEN, 4)]
    game, bots = _table(mine + first + second + third + drawn, players=4)
    _step(game, bots, ColourHint(1, RED))
    assert _step(game, bots) == Play(3) and game.top_ranks()[RED] == 1
    _step(game, bots, Discard(0))
    _step(game, bots, Discard(0))
    assert _clue_values(bots[0], game)[RankHint(3, 3)] > 1.0
    _step(game, bots, RankHint(3, 3))
    assert _step(game, bots) == Play(3) and bots[1].reason == "finesse"
    assert game.top_ranks()[BLUE] == 1
    _step(game, bots)
    assert bots[2].reason != "finesse" and game.error_tokens == 0
    _step(game, bots)
    assert bots[3].reason != "finesse" and game.error_tokens == 0


def test_a_seat_takes_the_values_of_its_player_count_before_it_acts_or_observes() -> None:
    theme = _theme(CLASSIC)
    assert ConventionBot.BY_PLAYERS, "no player count has values of its own"
    for players, values in ConventionBot.BY_PLAYERS.items():
        game = Game.deal(theme, players, game_seed(3, players))
        bot = ConventionBot(game.current_player)
        watcher = ConventionBot((game.current_player + 1) % players)
        for name, value in values.items():
            assert getattr(bot, name) != value  # the class's default until the first turn
        action = bot.act(game.view(bot.seat))
        # the next seat reads the first action with the same values (some change how
        # a clue is read)
        watcher.observe(game.view(watcher.seat), action, game.apply(action))
        for name, value in values.items():
            assert getattr(bot, name) == value
            assert getattr(watcher, name) == value
            assert getattr(ConventionBot, name) != value  # the other seats' defaults stay


def test_a_risky_play_replaces_a_discard_only_while_an_error_can_be_afforded() -> None:
    rows = _record(CLASSIC, "conventions")
    risky = [success for _, kind, success, reason in rows if reason == "risk"]
    assert len(risky) > 20
    assert sum(risky) > 0.6 * len(risky)  # more right than wrong, as chosen
    summary = simulate(_theme(CLASSIC), 4, 60, seed=2024)
    assert summary.strikeout_share == 0.0


def _classic_turns(
    seed: int, games: int, counts: tuple[int, ...]
) -> Iterator[tuple[Game, int, Action, str]]:
    """Every turn of ``games`` hanabi-classic games of conventions bots dealt from
    ``seed`` (game ``i`` at ``counts[i % len(counts)]`` players): the game, the seat,
    its action and why, before the action is applied."""
    theme = _theme(CLASSIC)
    for index in range(games):
        players = counts[index % len(counts)]
        game = Game.deal(theme, players, game_seed(seed, index))
        bots = [ConventionBot(seat) for seat in range(players)]
        views = [game.view(seat) for seat in range(players)]
        while game.end is None:
            seat = game.current_player
            action = bots[seat].act(views[seat])
            yield game, seat, action, bots[seat].reason
            event = game.apply(action)
            for other, view in zip(bots, views, strict=True):
                other.observe(view, action, event)


def _last_round_clues(players: int, games: int) -> list[tuple[bool, bool, bool]]:
    """Each clue given for its value once the deck is out (hanabi-classic, seed 5):
    whether its receiver then played a card with their last turn, whether that card
    scored, and whether it played only thanks to the players in between (it did not
    play when the clue was given)."""
    found = []
    waiting: tuple[int, tuple[int, ...]] | None = None  # receiver, piles at the clue
    for game, seat, action, reason in _classic_turns(5, games, (players,)):
        if game.turn == 0:
            waiting = None  # a new game
        if waiting is not None and seat == waiting[0]:
            played = isinstance(action, Play) and reason == "play"
            card = game.hand(seat)[action.slot].card if isinstance(action, Play) else None
            scores = card is not None and card.rank == game.top_ranks()[card.suit] + 1
            later = card is not None and card.rank != waiting[1][card.suit] + 1
            found.append((played, scores, later))
            waiting = None
        if game.deck_left == 0 and reason == "clue":
            assert isinstance(action, (ColourHint, RankHint))
            waiting = (action.target, game.top_ranks())
    return found


@pytest.mark.parametrize("players", [3, 5])
def test_once_the_deck_is_out_a_clue_is_given_for_a_play(players: int) -> None:
    """In the last round only plays score: a clue then makes its receiver play (and a
    player with two cards to play does not play the one somebody else is set to)."""
    clues = _last_round_clues(players, 40)
    assert len(clues) > 5
    assert all(played and scores for played, scores, _ in clues)


def test_once_the_deck_is_out_a_clue_may_be_for_a_card_the_players_in_between_free() -> None:
    """A card that plays once the players between giver and receiver have played the
    card each knows to play is worth a clue in the last round: it plays in time."""
    clues = _last_round_clues(4, 150)
    freed = [scores for played, scores, later in clues if played and later]
    assert len(freed) >= 3 and all(freed)


def test_once_the_deck_is_out_no_clue_goes_to_a_player_who_knows_of_a_play() -> None:
    """Each player has one turn left: a second card to play is worth nothing to them."""
    clues = 0
    for game, _, action, reason in _classic_turns(5, 60, (4, 5)):
        if game.deck_left == 0 and reason == "clue":
            assert isinstance(action, (ColourHint, RankHint))
            clues += 1
            piles = game.top_ranks()
            for held in game.hand(action.target):
                suits = [s for s in range(5) if held.possible_suits >> s & 1]
                ranks = [r for r in range(1, 6) if held.possible_ranks >> r & 1]
                # what the clues alone say of it: not a card known to play
                assert not all(piles[s] + 1 == r for s in suits for r in ranks)
    assert clues > 10


@pytest.mark.parametrize(("players", "guesses_from"), [(4, 0), (5, 1)])
def test_a_guess_comes_once_the_deck_is_out_or_at_5_players_at_its_last_card(
    players: int, guesses_from: int
) -> None:
    errors = _theme(CLASSIC).tokens.error.count
    left_at_guesses = []
    for game, _, _, reason in _classic_turns(6, 80, (players,)):
        if reason == "guess":
            left_at_guesses.append(game.deck_left)
            assert game.error_tokens < errors - 1  # never the last
    assert max(left_at_guesses) == guesses_from
    assert left_at_guesses.count(guesses_from) >= 5


@pytest.mark.parametrize(("players", "simple_bot"), [(2, 16.9), (3, 18.5), (4, 19.3), (5, 18.5)])
def test_the_convention_bot_beats_simplebot_on_the_classic_game(
    players: int, simple_bot: float
) -> None:
    summary = simulate(_theme(CLASSIC), players, 60, seed=2024)
    assert summary.mean is not None
    assert summary.mean - (summary.confidence or 0) > simple_bot


def test_a_random_bot_is_reproducible_from_its_seed() -> None:
    theme = _theme(CLASSIC)
    first = play_game(theme, 3, "random", 5)
    assert play_game(theme, 3, "random", 5) == first
    others = {play_game(theme, 3, "random", seed).turns for seed in range(6, 16)}
    assert len(others) > 1


@pytest.mark.parametrize("theme_name", ["hanabi-classic", str(ODD_SHAPES)])
def test_a_board_built_from_the_previous_one_is_the_board_built_afresh(theme_name: str) -> None:
    # the board works out again only the suits whose pile or discards changed since
    # the previous board: every fact must be what a board built from nothing says
    from deckforge.rules.bots.knowledge import Board, Identities

    theme = _theme(theme_name)
    ids = Identities.of(theme)
    for seed in range(3):
        game = Game.deal(theme, theme.players.counts[0], seed)
        bots = [ConventionBot(seat) for seat in range(game.players)]
        view = game.view(0)
        board = Board(ids, view)
        while game.end is None:
            seat = game.current_player
            action = bots[seat].act(game.view(seat))
            event = game.apply(action)
            for other in bots:
                other.observe(game.view(other.seat), action, event)
            board = Board(ids, view, board)
            fresh = Board(ids, view)
            for name in ("playable", "trash", "critical", "available", "useful"):
                assert getattr(board, name) == getattr(fresh, name), (name, game.turn)
            assert board.after_playable == fresh.after_playable
            # complements within the deck's identities, never negative numbers (on a
            # large deck the compiled build's fast path takes non-negative ones only)
            every = ids.every
            for name in ("playable", "trash", "critical", "available", "useful", "waiting"):
                mask = getattr(board, name)
                assert mask >= 0 and mask & every == mask, name
            assert board.unplayable == every & ~board.playable
            assert board.useful == every & ~board.trash
            assert board.waiting == board.useful & ~board.playable
            # every seat reads the same board, worked out once for the table
            seats = [bot._board_of(game.view(bot.seat)) for bot in bots]
            assert all(seat is seats[0] for seat in seats)
            assert seats[0].playable == fresh.playable
            assert seats[0].critical == fresh.critical
            assert board.unseen(view) == fresh.unseen(view)
            discarded = [[0] * len(counts) for counts in view.discarded_counts()]
            for card in game.discards:
                discarded[card.suit][card.rank] += 1
            assert view.discarded_counts() == tuple(tuple(c) for c in discarded)


def _actions(theme: Theme, players: int, seed: int, share: bool) -> list[tuple[Action, str]]:
    game = Game.deal(theme, players, seed)
    bots = [ConventionBot(seat) for seat in range(players)]
    done = []
    while game.end is None:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        done.append((action, bots[seat].reason))
        event = game.apply(action)
        for other in bots:
            view = game.view(other.seat)
            if not share:
                view.shared.clear()  # every seat works everything out for itself
            other.observe(view, action, event)
    return done


@pytest.mark.parametrize("theme_name", ["hanabi-classic", "interfaith-festival"])
def test_seats_sharing_the_public_facts_and_clue_readings_play_the_same_games(
    theme_name: str,
) -> None:
    theme = _theme(theme_name)
    for index, players in enumerate(theme.players.counts):
        seed = game_seed(99, index)
        assert _actions(theme, players, seed, True) == _actions(theme, players, seed, False)


def _public(read: tuple | None) -> tuple | None:
    """A clue's reading without the giver's own check of a prompted card's identity."""
    if read is None:
        return None
    reading, finesse, watch, outside = read
    called = None if outside is None else outside._replace(truth=0)
    return reading, finesse, watch, called


@pytest.mark.parametrize(
    ("theme_name", "players"), [("hanabi-classic", 3), ("interfaith-festival", 5)]
)
def test_the_giver_reads_its_clue_as_the_seats_who_observe_it(
    theme_name: str, players: int
) -> None:
    # the giver leaves the reading it worked out while valuing the clue it gives in
    # view.shared; it must be what an observer works out from scratch
    theme = _theme(theme_name)
    taken = 0
    for index in range(4):
        game = Game.deal(theme, players, game_seed(21, index))
        bots = [ConventionBot(seat) for seat in range(players)]
        while game.end is None:
            seat = game.current_player
            action = bots[seat].act(game.view(seat))
            given = game.view(seat).shared.pop("conventions.given", None)
            event = game.apply(action)
            observer = bots[(seat + 1) % players]
            view = game.view(observer.seat)
            if given is not None:
                assert given[2] == action
                view.shared.pop("conventions.reading", None)
                hand = view.hand(action.target)  # type: ignore[union-attr]
                indexes = [held.deck_index for held in hand]
                ids = observer._identities(view)
                after = [ids.of_hand_card(held) for held in hand]
                observer._commons = observer._held = None
                read = observer._clue_read(
                    view,
                    action,
                    event,
                    action.target,  # type: ignore[union-attr]
                    seat,
                    indexes,
                    after,
                )
                assert _public(read) == _public(given[4]), (index, game.turn)
                taken += 1
            for other in bots:
                other._commons = other._held = None
                other.observe(game.view(other.seat), action, event)
    assert taken > 50
