"""The rank drawn on a suit's colour is in the ink with the higher WCAG contrast."""

from __future__ import annotations

import pytest
from reportlab.lib.colors import HexColor

from deckforge.printing.pdf import INK, WHITE, contrast, ink_on
from deckforge.theme.loader import bundled_theme_names, load_theme


def test_contrast_follows_the_wcag_formula() -> None:
    assert contrast(HexColor("#000000"), HexColor("#ffffff")) == pytest.approx(21.0)
    # white on the classic blue is 4.02:1 by WCAG (it was taken for white-legible before)
    assert contrast(WHITE, HexColor("#3182ce")) == pytest.approx(4.02, abs=0.01)


@pytest.mark.parametrize(
    ("fill", "expected"),
    [("#2e9e44", INK), ("#e0609e", INK), ("#dd6b20", INK), ("#1f5fbf", WHITE), ("#d62828", WHITE)],
)
def test_mid_tones_get_the_ink_that_reads_better(fill: str, expected: object) -> None:
    assert ink_on(HexColor(fill)) == expected


@pytest.mark.parametrize("name", bundled_theme_names())
def test_every_suit_rank_reads_at_large_text_contrast(name: str) -> None:
    for suit in load_theme(name).suits:
        fill = HexColor(suit.colour)
        chosen = ink_on(fill)
        other = WHITE if chosen == INK else INK
        assert contrast(chosen, fill) >= contrast(other, fill)
        assert contrast(chosen, fill) >= 3.0, f"{name}: {suit.name} {suit.colour}"
