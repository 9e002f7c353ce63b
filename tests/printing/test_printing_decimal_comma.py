"""A French teacher writes 1,5 for 1.5: the back offset says how to write it instead."""

from __future__ import annotations

import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.geometry import LayoutError, parse_offset


def test_two_decimal_commas_are_refused_with_the_offset_written_with_points():
    with pytest.raises(LayoutError) as caught:
        parse_offset("1,5,-0,5")
    message = str(caught.value)
    assert "'1.5,-0.5'" in message
    assert "\n" not in message


def test_one_decimal_comma_is_refused_with_a_hint_about_points():
    with pytest.raises(LayoutError) as caught:
        parse_offset("1,5,0")
    assert "decimal point" in str(caught.value)


def test_the_french_calibration_sheet_asks_for_a_decimal_point():
    text = catalogue("fr").text("calib_back_help", x="0", y="0")
    assert "1.5,-0.5" in text


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_the_calibration_sheet_shows_the_offset_in_force_as_it_is_typed(language):
    text = catalogue(language).text("calib_back_help", x="1.5", y="-0.5")
    assert "--back-offset 1.5,-0.5." in text
