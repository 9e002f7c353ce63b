"""One colour-contrast module (WCAG 2.2) for the print kit and the referee's pages."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from reportlab.lib.colors import HexColor

import deckforge
from deckforge import contrast
from deckforge.printing import pdf
from deckforge.referee import colours

SOURCE = Path(deckforge.__file__).parent


def test_the_wcag_figures() -> None:
    assert contrast.contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast.contrast("#ffffff", "#3182ce") == pytest.approx(4.02, abs=0.01)
    assert contrast.luminance("#808080") == pytest.approx(0.2159, abs=1e-4)
    assert contrast.luminance("not a colour") is None


def test_the_print_kit_and_the_pages_measure_the_same_ratio_to_the_last_bit() -> None:
    rng = random.Random(5)
    for _ in range(500):
        first, second = (f"#{rng.randrange(2**24):06x}" for _ in range(2))
        assert pdf.contrast(HexColor(first), HexColor(second)) == contrast.contrast(first, second)


def test_the_pages_choices_reach_their_ratio() -> None:
    for colour in ("#f2c94c", "#2b6cb0", "#c53030", "#111111", "#fefefe"):
        assert contrast.contrast(colours.on_dark(colour), colours.PROJECTOR_GROUND) >= 7.0
        assert contrast.contrast(colours.on_light(colour), "#ffffff") >= 4.5


def test_no_other_module_carries_the_luminance_formula() -> None:
    found = [
        str(path.relative_to(SOURCE))
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name != "contrast.py"
        and ("0.2126" in (text := path.read_text("utf-8")) or "12.92" in text)
    ]
    assert found == []
