"""Referee colours follow WCAG 2.2: sRGB curve, ink by contrast, AAA on the projector."""

from __future__ import annotations

import pytest

from deckforge.contrast import contrast, luminance, towards
from deckforge.referee.colours import PROJECTOR_GROUND, ink, on_dark, on_light
from deckforge.theme.loader import load_theme

BUNDLED = ["interfaith-festival", "hanabi-classic", "avalanche", "black-powder"]


def test_relative_luminance_uses_the_srgb_curve_not_a_plain_power() -> None:
    # WCAG 2.2's definition: a linear segment below 0.04045, then ((c + 0.055) / 1.055) ** 2.4.
    assert luminance("#000") == 0 and luminance("#fff") == pytest.approx(1)
    assert luminance("#808080") == pytest.approx(0.21586, abs=1e-5)  # 2.2-power gives 0.2195
    assert luminance("#0a0a0a") == pytest.approx(10 / 255 / 12.92)  # the linear segment
    assert luminance("not a colour") is None


def test_known_contrast_ratios_match_the_published_figures() -> None:
    assert contrast("#fff", "#000") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)  # WebAIM's classic example
    assert contrast("#e53e3e", "#fff") == pytest.approx(4.12, abs=0.01)
    assert contrast("#3182ce", "#fff") == pytest.approx(4.02, abs=0.01)


@pytest.mark.parametrize("colour", ["#e53e3e", "#3182ce", "#38a169", "#805ad5", "#767676", "#888"])
def test_ink_is_the_more_contrasting_of_dark_and_white_and_reaches_aa(colour: str) -> None:
    chosen = ink(colour)
    other = "#fff" if chosen != "#fff" else "#111"
    assert contrast(chosen, colour) >= contrast(other, colour)
    assert contrast(chosen, colour) >= 4.5


def test_ink_no_longer_puts_white_on_the_classic_red_and_blue() -> None:
    assert ink("#e53e3e") != "#fff" and ink("#3182ce") != "#fff"


@pytest.mark.parametrize("theme", BUNDLED)
def test_every_bundled_suit_reaches_aaa_on_the_projector_and_aa_on_white(theme: str) -> None:
    for suit in load_theme(theme).suits:
        assert contrast(on_dark(suit.colour), PROJECTOR_GROUND) >= 7, suit.name
        assert contrast(on_light(suit.colour), "#fff") >= 4.5, suit.name
        assert contrast(ink(suit.colour), suit.colour) >= 4.5, suit.name


def test_a_colour_is_moved_towards_the_ground_s_opposite_keeping_its_hue() -> None:
    lighter = towards("#1f5fbf", PROJECTOR_GROUND, 7)
    red, green, blue = (int(lighter[i : i + 2], 16) for i in (1, 3, 5))
    assert blue > green > red and contrast(lighter, PROJECTOR_GROUND) >= 7
    darker = towards("#ecc94b", "#fff", 4.5)
    red, green, blue = (int(darker[i : i + 2], 16) for i in (1, 3, 5))
    assert red > green > blue and contrast(darker, "#fff") >= 4.5
    assert towards("#ffffff", PROJECTOR_GROUND, 7) == "#ffffff"  # already enough: unchanged
