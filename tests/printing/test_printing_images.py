"""Card pictures: drawn on the face, text fitted beside them, bad files refused."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from deckforge.printing.kit import build_kit
from deckforge.printing.preflight import preflight
from deckforge.theme.loader import load_theme

THEME = """\
id: pictures
extends: hanabi-classic
title: Pictures
suits:
  - {{id: white, name: White, colour: "#e2e8f0", symbol: "✿"}}
  - id: red
    name: Red
    colour: "#e53e3e"
    symbol: "♥"
    cards:
      1: {{title: Lantern, text: A paper lantern., image: {image}}}
      2: {{image: {image}}}
  - {{id: blue, name: Blue, colour: "#3182ce", symbol: "◆"}}
  - {{id: yellow, name: Yellow, colour: "#ecc94b", symbol: "★"}}
  - {{id: green, name: Green, colour: "#38a169", symbol: "♣"}}
"""


def write_theme(folder: Path, image_name: str) -> Path:
    path = folder / "pictures.yaml"
    path.write_text(THEME.format(image=image_name), encoding="utf-8")
    return path


def test_a_card_picture_is_embedded_once_per_file(tmp_path):
    Image.new("RGB", (40, 30), (200, 60, 60)).save(tmp_path / "lantern.png")
    theme = load_theme(write_theme(tmp_path, "lantern.png"))
    assert preflight(theme) == []
    cards = build_kit(theme)["cards.pdf"]
    # one image object for the picture, shared by the two faces that show it
    assert cards.count(b"/Subtype /Image") == 1


def test_a_picture_that_is_not_an_image_is_a_preflight_problem(tmp_path):
    (tmp_path / "broken.png").write_text("not a picture", encoding="utf-8")
    theme = load_theme(write_theme(tmp_path, "broken.png"))
    problems = preflight(theme)
    assert len(problems) == 2
    assert "card Red 1: picture" in problems[0]
    assert "cannot be read as a PNG or JPEG image" in problems[0]
