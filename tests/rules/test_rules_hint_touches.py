"""PlayerView.hint_touches: which slots of another hand each hint would touch."""

from __future__ import annotations

import pytest

from deckforge.rules import ColourHint, Game, RankHint
from deckforge.theme.loader import load_theme


@pytest.mark.parametrize("theme_name", ["hanabi-classic", "avalanche"])
def test_hint_touches_agrees_with_the_hint_the_engine_applies(theme_name: str) -> None:
    theme = load_theme(theme_name)
    game = Game.deal(theme, 3, 99)
    found = game.view(0).hint_touches(1)
    assert len(found.colours) == len(theme.clue_colours())
    assert len(found.ranks) == theme.ranks
    for colour, slots in enumerate(found.colours):
        if slots:
            trial = Game.deal(theme, 3, 99)
            assert trial.apply(ColourHint(1, colour)).touched == slots
    for rank, slots in enumerate(found.ranks, start=1):
        if slots:
            trial = Game.deal(theme, 3, 99)
            assert trial.apply(RankHint(1, rank)).touched == slots


def test_a_player_is_not_told_what_a_hint_would_touch_in_their_own_hand() -> None:
    game = Game.deal(load_theme("hanabi-classic"), 3, 99)
    with pytest.raises(ValueError):
        game.view(1).hint_touches(1)
