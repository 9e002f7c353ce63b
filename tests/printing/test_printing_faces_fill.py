"""Faces use the card: on larger cards the text grows and no wide empty band is left;
check warns when a text would look lost on a large card."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fonts import theme_fonts
from deckforge.printing.images import ImageOptions, build_images
from deckforge.printing.preflight import legibility_warnings
from deckforge.theme.loader import load_theme

FESTIVAL = "interfaith-festival"
MAX_BLANK_BAND = 0.11  # of the card's height (it was 0.18 on tarot cards)


def longest_blank_band(png: bytes) -> float:
    """The tallest run of blank rows inside the face's frame, as a share of its height."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    inner = image.crop(
        (int(width * 0.12), int(height * 0.05), int(width * 0.88), int(height * 0.95))
    )
    pixels = inner.load()
    best = run = 0
    for y in range(inner.height):
        blank = all(pixels[x, y] > 235 for x in range(inner.width))
        run = run + 1 if blank else 0
        best = max(best, run)
    return best / height


@pytest.mark.parametrize("card", ["poker", "bridge", "tarot", "100x140", "90x90", "88x63"])
def test_no_face_leaves_a_wide_empty_band(card):
    images = build_images(load_theme(FESTIVAL), ImageOptions(card=card, dpi=50, tts=False))
    bands = {
        name: longest_blank_band(png) for name, png in images.items() if name.startswith("face-")
    }
    assert max(bands.values()) <= MAX_BLANK_BAND, max(bands.items(), key=lambda kv: kv[1])


def test_text_grows_with_the_card():
    theme = load_theme(FESTIVAL)
    style = theme.print_style
    fonts = theme_fonts(style.title_fonts, style.body_fonts, theme.path, theme.language)
    card = theme.suits[3].cards[3]
    sizes = []
    for size in ((63.0, 88.0), (70.0, 120.0), (100.0, 140.0)):
        fitted = FaceLayout(*size).fit(
            card.title, card.text, False, fonts.title.width, fonts.body.width
        )
        assert fitted is not None
        sizes.append(fitted.body_size)
    assert sizes[0] < sizes[1] < sizes[2]
    assert sizes[1] >= 1.25 * sizes[0]  # not just the 1.11 of the card's width


def test_the_three_gaps_around_medallion_and_text_are_equal():
    layout = FaceLayout(70.0, 120.0)
    height = 20.0
    (_, cy, r), box = layout.placed(height)
    (_, top_cy, _) = layout.medallion(with_text=True)
    text_top = box.y + box.h / 2 + height / 2
    above = top_cy - cy
    between = (cy - r - 2.0 * layout.scale) - text_top
    below = box.y + box.h / 2 - height / 2 - layout.text_box.y
    assert above == pytest.approx(between) == pytest.approx(below)


def test_a_short_text_on_a_large_card_is_warned_about():
    theme = load_theme("arabic-words")
    assert not [w for _, w in legibility_warnings(theme) if "look lost" in w]
    lost = [w for _, w in legibility_warnings(theme, "tarot") if "look lost" in w]
    assert len(lost) == 1 and "cards" in lost[0] and "70x120 mm" in lost[0]
    festival = load_theme(FESTIVAL)
    assert not [w for _, w in legibility_warnings(festival, "tarot") if "look lost" in w]


def test_one_lost_text_is_named_with_its_card():
    import dataclasses

    from deckforge.theme.model import CardText

    theme = load_theme(FESTIVAL)
    islam = theme.suits[3]
    short = dict(islam.cards)
    short[3] = CardText(title="Nuit", text="Prière.", source=islam.cards[3].source)
    suits = list(theme.suits)
    suits[3] = dataclasses.replace(islam, cards=short)
    theme = dataclasses.replace(theme, suits=tuple(suits))
    lost = [(pos, w) for pos, w in legibility_warnings(theme, "100x140") if "look lost" in w]
    assert len(lost) == 1
    position, warning = lost[0]
    assert warning.startswith("suits[3].cards.3.text:") and "Islam 3" in warning
    assert position is not None and position.file.endswith("interfaith-festival.yaml")
