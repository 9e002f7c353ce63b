"""deckforge images: a PNG per distinct face, the back, Tabletop Simulator sheets."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from deckforge.cli import main
from deckforge.printing.images import (
    TTS_COLUMNS,
    TTS_ROWS,
    ImageOptions,
    build_images,
    tts_grid,
)
from deckforge.printing.kit import Ink
from deckforge.theme.loader import load_theme

FESTIVAL = "interfaith-festival"


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.fixture(scope="module")
def festival_images() -> dict[str, bytes]:
    return build_images(load_theme(FESTIVAL))


def test_one_png_per_distinct_face_the_back_and_a_tts_sheet(festival_images):
    theme = load_theme(FESTIVAL)
    expected = {
        f"face-{suit.id}-{rank}.png" for suit in theme.suits for rank in range(1, suit.ranks + 1)
    }
    assert expected | {"back.png", "tts-deck.png", "tts-hidden.png"} == set(festival_images)
    for name, data in festival_images.items():
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), name
    face = _image(festival_images["face-islam-3.png"])
    assert face.size == (round(63 / 25.4 * 300), round(88 / 25.4 * 300))  # 300 dpi, poker


def test_the_tts_sheet_is_a_whole_multiple_of_its_grid_with_the_hidden_card_last(
    festival_images,
):
    sheet = _image(festival_images["tts-deck.png"])
    hidden = _image(festival_images["tts-hidden.png"])
    columns, rows = tts_grid(50)
    assert (columns, rows) == (10, 6)
    cell_w, cell_h = hidden.size
    assert sheet.size == (columns * cell_w, rows * cell_h)
    assert abs(cell_h / cell_w - 88 / 63) < 0.01
    last = sheet.crop(((columns - 1) * cell_w, (rows - 1) * cell_h, sheet.width, sheet.height))
    assert ImageChops.difference(last.convert("RGB"), hidden.convert("RGB")).getbbox() is None
    # every one of the 50 cells before it holds a card (not blank paper)
    for slot in range(50):
        row, column = divmod(slot, columns)
        cell = sheet.crop(
            (column * cell_w, row * cell_h, (column + 1) * cell_w, (row + 1) * cell_h)
        )
        assert cell.convert("L").getextrema()[0] < 100, slot


@pytest.mark.parametrize(
    ("cards", "grid"),
    [(1, (2, 2)), (3, (4, 2)), (9, (10, 2)), (50, (10, 6)), (69, (10, 7)), (500, (10, 7))],
)
def test_the_grid_never_exceeds_ten_by_seven(cards, grid):
    assert tts_grid(cards) == grid
    columns, rows = grid
    assert columns <= TTS_COLUMNS and rows <= TTS_ROWS
    assert columns * rows >= min(cards, TTS_COLUMNS * TTS_ROWS - 1) + 1


def test_low_ink_images_are_lighter_and_the_same_options_give_the_same_bytes():
    theme = load_theme("hanabi-classic")
    options = ImageOptions(dpi=60, ink=Ink.LOW, tts=False)
    low = build_images(theme, options)
    assert low == build_images(theme, options)
    full = build_images(theme, ImageOptions(dpi=60, tts=False))

    def darkness(data: bytes) -> float:
        histogram = _image(data).convert("L").histogram()
        return 1 - sum(i * n for i, n in enumerate(histogram)) / sum(histogram) / 255

    assert darkness(low["face-red-1.png"]) < 0.5 * darkness(full["face-red-1.png"])
    assert "tts-deck.png" not in low


def test_the_command_writes_into_printouts_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["images", "hanabi-classic", "--dpi", "50"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "printouts" / "hanabi-classic" / "images"
    assert (folder / "tts-deck.png").is_file() and (folder / "back.png").is_file()
    assert "25 faces" in result.output
    bad = CliRunner().invoke(main, ["images", FESTIVAL, "--card", "25x30", "-o", "x"])
    assert bad.exit_code == 1 and not (tmp_path / "x").exists()


def test_every_png_carries_its_resolution(festival_images):
    """300 dpi faces and back (issue #23 point 8), and the TTS sheets' own resolution:
    opened in a word processor, a face comes out at the card's 63 x 88 mm."""
    for name, data in festival_images.items():
        image = Image.open(io.BytesIO(data))
        x, y = image.info["dpi"]
        assert x == pytest.approx(y), name
        width_mm = image.size[0] / x * 25.4
        if name.startswith("tts-deck"):
            cards = min(load_theme(FESTIVAL).deck_size, TTS_COLUMNS * TTS_ROWS - 1)
            width_mm /= tts_grid(cards)[0]  # one cell is one card
        if name.startswith(("face-", "back")):
            assert x == pytest.approx(300, abs=0.01), name
        assert width_mm == pytest.approx(63, abs=0.2), name
