"""Suits and marks stay apart for protanopia, deuteranopia and tritanopia (Machado 2009).

Colour may merge two suits for some eyes: every pair of suits must then still differ by
symbol and by name, and the marks that used to be told by colour alone (no copy left,
an empty token, a rank still to play) must keep their contrast.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from colour_vision import MACHADO_2009, simulate

from deckforge.contrast import contrast
from deckforge.referee.colours import PROJECTOR_GROUND, ink, on_dark
from deckforge.theme.loader import load_theme

THEMES = [
    "interfaith-festival",
    "hanabi-classic",
    "avalanche",
    "black-powder",
    "arabic-words",
    "hebrew-words",
]
DEFICIENCIES = sorted(MACHADO_2009)


def test_the_simulation_matches_the_published_model_on_known_colours() -> None:
    # Pure red loses most of its luminance for a protanope and turns olive for a deuteranope;
    # white and black are unchanged for every deficiency (each matrix row sums to 1).
    for deficiency in DEFICIENCIES:
        assert simulate("#ffffff", deficiency) == "#ffffff"
        assert simulate("#000000", deficiency) == "#000000"
    assert contrast(simulate("#ff0000", "protanopia"), "#000") < contrast("#ff0000", "#000")
    red, green, blue = (int(simulate("#ff0000", "deuteranopia")[i : i + 2], 16) for i in (1, 3, 5))
    assert red > blue and green > blue  # olive-brown


@pytest.mark.parametrize("theme", THEMES)
def test_every_pair_of_suits_differs_by_symbol_and_name_on_cards_and_projector(theme: str) -> None:
    suits = load_theme(theme).suits
    for first, second in combinations(suits, 2):
        assert first.symbol != second.symbol, (first.name, second.name)
        assert first.name.casefold() != second.name.casefold()


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
@pytest.mark.parametrize("theme", THEMES)
def test_marks_once_told_by_colour_alone_keep_their_contrast(theme: str, deficiency: str) -> None:
    ground = simulate(PROJECTOR_GROUND, deficiency)
    for suit in load_theme(theme).suits:
        chip = simulate(suit.colour, deficiency)
        # "No copy left": a black badge ringed in white over the chip (was a red ring: 1.05:1
        # on a green chip for a deuteranope). One of its two tones stands out on any chip.
        assert max(contrast("#000000", chip), contrast("#ffffff", chip)) >= 3, suit.name
        # A rank still to play: dashed outline and number in the lightened suit colour.
        assert contrast(simulate(on_dark(suit.colour), deficiency), ground) >= 4.5, suit.name
        # A rank laid: the suit's fill with its ink (large text: 3:1).
        assert contrast(simulate(ink(suit.colour), deficiency), chip) >= 3, suit.name
    # An empty token: a dashed light-grey ring on the projector's ground (non-text: 3:1).
    assert contrast(simulate("#aeb7c7", deficiency), ground) >= 3
