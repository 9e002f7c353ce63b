"""--ink low: white faces with a coloured frame, light backs and tokens, still readable."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.printing.faces import LOW_INK_RANK_CONTRAST, low_ink_rank_colour
from deckforge.printing.kit import Ink, KitOptions, build_kit
from deckforge.printing.pdf import colour, luminance
from deckforge.theme.loader import bundled_theme_names, load_theme

DPI = 36


def mean_darkness(pdf: bytes) -> float:
    """1 - mean lightness of the pages rendered in grey (0: blank paper, 1: all black)."""
    values = []
    for page in pdfium.PdfDocument(pdf):
        image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
        histogram = image.histogram()
        total = sum(level * count for level, count in enumerate(histogram))
        values.append(1 - total / sum(histogram) / 255)
    return sum(values) / len(values)


@pytest.fixture(scope="module")
def festival_kits() -> tuple[dict[str, bytes], dict[str, bytes]]:
    theme = load_theme("interfaith-festival")
    return build_kit(theme, KitOptions()), build_kit(theme, KitOptions(ink=Ink.LOW))


def test_low_ink_fronts_take_at_most_40_percent_of_the_default_darkness(festival_kits):
    full, low = festival_kits
    ratio = mean_darkness(low["cards-fronts.pdf"]) / mean_darkness(full["cards-fronts.pdf"])
    assert ratio <= 0.40


def test_low_ink_backs_tokens_and_whole_kit_are_lighter_still(festival_kits):
    full, low = festival_kits
    for name in ("cards-backs.pdf", "tokens.pdf"):
        assert mean_darkness(low[name]) <= 0.40 * mean_darkness(full[name]), name

    def kit_darkness(files: dict[str, bytes]) -> float:
        return sum(mean_darkness(d) * len(pdfium.PdfDocument(d)) for d in files.values())

    assert kit_darkness(low) <= 0.40 * kit_darkness(full)


def test_low_ink_changes_only_cards_and_tokens(festival_kits):
    full, low = festival_kits
    for name in ("rules.pdf", "scoresheet.pdf", "calibration.pdf"):
        assert full[name] == low[name]
    assert full["cards.pdf"] != low["cards.pdf"]


@pytest.mark.parametrize("name", bundled_theme_names())
def test_the_big_rank_reads_in_grey_on_white(name):
    for suit in load_theme(name).suits:
        shade = luminance(low_ink_rank_colour(colour(suit.colour)))
        assert 1.05 / (shade + 0.05) >= LOW_INK_RANK_CONTRAST, suit.id


def test_the_command_takes_ink_low_and_says_so_in_its_help(tmp_path):
    runner = CliRunner()
    assert "--ink [full|low]" in runner.invoke(main, ["print", "--help"]).output
    result = runner.invoke(
        main, ["print", "hanabi-classic", "--ink", "low", "-o", str(tmp_path / "kit")]
    )
    assert result.exit_code == 0, result.output
    theme = load_theme("hanabi-classic")
    expected = build_kit(theme, KitOptions(ink=Ink.LOW))["cards.pdf"]
    assert (tmp_path / "kit" / "cards.pdf").read_bytes() == expected
    refused = runner.invoke(main, ["print", "hanabi-classic", "--ink", "none"])
    assert refused.exit_code != 0 and "none" in refused.output
