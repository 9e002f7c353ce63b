"""Wrapping and shrinking a card's title and text into its box."""

from __future__ import annotations

from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fitting import (
    BODY_FLOOR,
    BODY_MAX,
    LEADING,
    TITLE_MAX,
    fit_text,
    wrap,
)
from deckforge.printing.fonts import load_font
from deckforge.printing.geometry import MM


def mono(text: str, size: float) -> float:
    """Every character is half the font size wide: easy numbers to reason with."""
    return len(text) * size * 0.5


def test_wrapping_breaks_at_spaces_and_keeps_lines_within_the_width():
    lines = wrap("one two three four five six", 40, 10, mono)  # 8 characters per line
    assert lines == ["one two", "three", "four", "five six"]
    assert all(mono(line, 10) <= 40 for line in lines)


def test_wrapping_keeps_non_breaking_spaces_together():
    text = "La fête\u00a0! «\u00a0Oui\u00a0»"
    lines = wrap(text, 45, 10, mono)  # 9 characters per line
    assert "fête\u00a0!" in " ".join(lines)
    assert "«\u00a0Oui\u00a0»" in lines


def test_written_line_breaks_are_kept():
    assert wrap("first\nsecond", 200, 10, mono) == ["first", "second"]


def test_a_word_wider_than_the_box_is_broken_between_characters_not_clipped():
    lines = wrap("Donaudampfschifffahrt", 40, 10, mono)
    assert all(line.endswith("-") for line in lines[:-1])  # shown where it breaks
    assert "".join(line.removesuffix("-") for line in lines) == "Donaudampfschifffahrt"
    assert all(mono(line, 10) <= 40 for line in lines)


def test_short_text_keeps_the_largest_sizes():
    fitted = fit_text("Title", "Short text.", 150, 100, mono, mono)
    assert fitted is not None
    assert (fitted.title_size, fitted.body_size) == (TITLE_MAX, BODY_MAX)
    assert fitted.title_lines == ("Title",)


def test_long_text_shrinks_until_it_fits_and_never_overflows_the_box():
    text = " ".join(["word"] * 60)
    fitted = fit_text("A title", text, 150, 80, mono, mono)
    assert fitted is not None
    assert BODY_FLOOR <= fitted.body_size < BODY_MAX
    assert fitted.height <= 80
    assert all(mono(line, fitted.body_size) <= 150 for line in fitted.body_lines)
    assert " ".join(fitted.body_lines) == text


def test_text_that_cannot_fit_at_the_floor_size_is_refused():
    text = " ".join(["word"] * 400)
    assert fit_text("A title", text, 150, 80, mono, mono) is None


def test_the_height_of_a_block_counts_every_line_at_its_leading():
    fitted = fit_text("", "a b", 10, 1000, mono, mono)
    assert fitted is not None and len(fitted.body_lines) == 2
    assert fitted.height == 2 * BODY_MAX * LEADING


def test_a_typical_festival_card_fits_a_poker_card_at_a_readable_size():
    body, title = load_font("DejaVuSans"), load_font("DejaVuSans-Bold")
    box = FaceLayout(63, 88).text_box
    text = (
        "Vers la pleine lune de mai, beaucoup de bouddhistes fêtent la naissance, "
        "l’Éveil et l’entrée dans le nirvana du Bouddha. Au temple, on offre des "
        "fleurs, des bougies et de l’encens."
    )
    fitted = fit_text("Vesak", text, box.w * MM, box.h * MM, title.width, body.width)
    assert fitted is not None
    assert fitted.body_size >= 7
    assert fitted.height <= box.h * MM


def test_a_bigger_card_prints_the_same_text_bigger():
    body, title = load_font("DejaVuSans"), load_font("DejaVuSans-Bold")
    text = "A short sentence that fits easily on any card."
    poker = FaceLayout(63, 88).fit("Title", text, False, title.width, body.width)
    tarot = FaceLayout(70, 120).fit("Title", text, False, title.width, body.width)
    assert poker is not None and tarot is not None
    assert tarot.body_size > poker.body_size == BODY_MAX


def test_a_picture_leaves_less_room_for_the_text():
    body, title = load_font("DejaVuSans"), load_font("DejaVuSans-Bold")
    layout = FaceLayout(63, 88)
    text = " ".join(["festival"] * 45)
    alone = layout.fit("Title", text, False, title.width, body.width)
    beside = layout.fit("Title", text, True, title.width, body.width)
    assert alone is not None
    assert beside is None or beside.body_size < alone.body_size
