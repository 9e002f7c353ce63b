"""back: {image: …}: a picture covering every card's back, bleed included, never stretched."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from deckforge.cli import main
from deckforge.printing.geometry import SheetLayout
from deckforge.printing.kit import KitOptions, PrintError, build_kit
from deckforge.theme.loader import ThemeError, load_theme

DPI = 50
PX = DPI / 25.4


def _theme(folder: Path, back: str) -> Path:
    path = folder / "pictured.yaml"
    path.write_text(
        f"extends: hanabi-classic\nid: pictured\nprint:\n  back: {back}\n", encoding="utf-8"
    )
    return path


def _picture(folder: Path) -> None:
    """Left half red, right half blue, a wide picture: it must be cropped, not squeezed."""
    image = Image.new("RGB", (400, 200), (220, 30, 30))
    image.paste((30, 30, 220), (200, 0, 400, 200))
    image.save(folder / "back.png")


def test_the_back_picture_covers_each_back_and_is_centred(tmp_path):
    _picture(tmp_path)
    theme = load_theme(str(_theme(tmp_path, "{image: back.png}")))
    files = build_kit(theme, KitOptions(bleed=2.0))
    page = pdfium.PdfDocument(files["cards-backs.pdf"])[0]
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    layout = SheetLayout(bleed=2.0)
    height = layout.paper[1]
    for slot in range(layout.per_page):
        card = layout.card_rect(slot)
        y = int((height - (card.y + card.h / 2)) * PX)
        left = image.getpixel((int((card.x + 3) * PX), y))
        right = image.getpixel((int((card.right - 3) * PX), y))
        assert left[0] > 150 > left[2] and right[2] > 150 > right[0], slot
        # the bleed is covered too
        assert image.getpixel((int((card.x - 1) * PX), y))[0] > 150


def test_a_missing_or_wrong_back_picture_is_reported_where_it_is_written(tmp_path):
    theme = load_theme(str(_theme(tmp_path, "{image: nowhere.png}")))
    with pytest.raises(PrintError) as caught:
        build_kit(theme)
    assert any("pictured.yaml:4:" in p and "nowhere.png" in p for p in caught.value.problems)
    result = CliRunner().invoke(main, ["check", str(tmp_path / "pictured.yaml")])
    assert result.exit_code != 0 and "nowhere.png" in result.output
    with pytest.raises(ThemeError) as wrong:
        load_theme(str(_theme(tmp_path, "{image: back.gif}")))
    assert any("use a .png or .jpg file" in p for p in wrong.value.problems)


def test_a_back_without_picture_still_needs_its_title_and_colours(tmp_path):
    classic = (Path(__file__).parents[2] / "themes" / "hanabi-classic.yaml").read_text("utf-8")
    line = next(x for x in classic.splitlines() if x.strip().startswith("back:"))
    alone = tmp_path / "alone.yaml"
    alone.write_text(classic.replace(line, "  back: {pattern: dots}"), "utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme(str(alone))
    assert any("title" in p for p in caught.value.problems)
    alone.write_text(classic.replace(line, "  back: {image: back.png}"), "utf-8")
    _picture(tmp_path)
    back = load_theme(str(alone)).print_style.back
    assert back is not None and back.image == tmp_path / "back.png"
