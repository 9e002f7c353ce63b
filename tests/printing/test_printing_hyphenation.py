"""Soft hyphens (U+00AD) in card texts: invisible, except where a line breaks at one.

A long word without one is broken only as a last resort, after the text has
been set smaller, and then with a visible hyphen.
"""

from __future__ import annotations

import dataclasses

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fitting import BODY_FLOOR, fit_text, wrap
from deckforge.printing.fonts import FontStack, load_font, theme_fonts
from deckforge.printing.kit import build_kit
from deckforge.printing.preflight import glyph_problems
from deckforge.theme.loader import load_theme
from deckforge.theme.model import CardText

SHY = "\u00ad"


def mono(text: str, size: float) -> float:
    """Every character is half the font size wide: easy numbers to reason with."""
    return len(text) * size * 0.5


def unhyphenated(lines: list[str] | tuple[str, ...], text: str) -> bool:
    """The lines say ``text`` (soft hyphens dropped), breaking only at spaces or soft hyphens."""
    words = [w for w in text.replace(SHY, "").split(" ") if w]
    joined = ""
    for line in lines:
        joined += line[:-1] if line.endswith("-") else line + " "
    return [w for w in joined.split(" ") if w] == words


def test_a_soft_hyphen_is_invisible_when_the_word_fits_on_its_line():
    assert wrap(f"Sommer{SHY}sonnen{SHY}wende", 200, 10, mono) == ["Sommersonnenwende"]


def test_a_word_breaks_at_its_soft_hyphens_and_shows_a_hyphen_there():
    lines = wrap(f"Sommer{SHY}sonnen{SHY}wende", 40, 10, mono)  # 8 characters per line
    assert lines == ["Sommer-", "sonnen-", "wende"]
    assert all(mono(line, 10) <= 40 for line in lines)


def test_a_soft_hyphen_fills_the_current_line_before_the_rest_moves_on():
    lines = wrap(f"Die Gemein{SHY}schafts{SHY}gärten", 60, 10, mono)  # 12 per line
    assert lines == ["Die Gemein-", "schafts-", "gärten"]


def test_a_hidden_soft_hyphen_takes_no_width():
    # "ab cdef" is exactly 7 characters: it fits only if the soft hyphen counts for nothing
    assert wrap(f"ab cd{SHY}ef", mono("ab cdef", 10), 10, mono) == ["ab cdef"]


def test_a_shown_hyphen_counts_in_the_width_of_its_line():
    # "abc-" would be 4 characters in a box of 3: the word cannot break there
    lines = wrap(f"abc{SHY}def", mono("abc", 10), 10, mono)
    assert all(mono(line, 10) <= mono("abc", 10) for line in lines)
    assert "abc-" not in lines


def test_non_breaking_spaces_still_hold_beside_soft_hyphens():
    text = f"Une fête in{SHY}ter{SHY}con{SHY}fes{SHY}sion{SHY}nelle\u00a0!"
    lines = wrap(text, 60, 10, mono)  # 12 per line
    assert lines[-1].endswith("nelle\u00a0!")
    assert not any(SHY in line for line in lines)
    assert unhyphenated(lines, text)


def test_a_word_wider_than_the_box_without_soft_hyphen_breaks_with_a_visible_hyphen():
    lines = wrap("Donaudampfschifffahrt", 40, 10, mono)
    assert len(lines) > 1
    assert all(line.endswith("-") for line in lines[:-1])
    assert "".join(line.removesuffix("-") for line in lines) == "Donaudampfschifffahrt"
    assert all(mono(line, 10) <= 40 for line in lines)


def test_the_text_is_set_smaller_before_a_word_is_broken_without_a_soft_hyphen():
    word = "Donaudampfschifffahrt"  # 21 characters: 105 pt at 10 pt, 94.5 pt at 9 pt
    fitted = fit_text("", f"Die {word} fährt.", 95, 200, mono, mono, body_max=10)
    assert fitted is not None
    assert word in fitted.body_lines
    assert fitted.body_size == 9.0


def test_a_word_is_still_broken_when_no_size_down_to_the_floor_lets_it_fit():
    word = "x" * 60
    fitted = fit_text("", word, 100, 200, mono, mono)
    assert fitted is not None
    assert fitted.body_lines[0].endswith("-")
    assert "".join(line.removesuffix("-") for line in fitted.body_lines) == word


def test_a_soft_hyphen_break_is_preferred_to_shrinking():
    text = f"Sommer{SHY}sonnen{SHY}wende"
    fitted = fit_text("", text, 40, 200, mono, mono, body_max=10)
    assert fitted is not None
    assert fitted.body_size == 10
    assert fitted.body_lines == ("Sommer-", "sonnen-", "wende")


GERMAN = (
    f"In den Gemein{SHY}schafts{SHY}gärten der Nachbar{SHY}schaft feiern alle die "
    f"Sommer{SHY}sonnen{SHY}wende mit Musik, Lagerfeuer und einem großen "
    f"Gemein{SHY}schafts{SHY}essen unter freiem Himmel."
)
FRENCH = (
    f"Pour le sol{SHY}stice d’été, les jar{SHY}di{SHY}niers du quar{SHY}tier par{SHY}ta{SHY}gent "
    f"leurs ré{SHY}coltes\u00a0: une fête in{SHY}ter{SHY}gé{SHY}né{SHY}ra{SHY}tion{SHY}nelle\u00a0!"
)


@pytest.mark.parametrize("card", [(63, 88), (44, 68), (41, 63)])
@pytest.mark.parametrize(
    ("title", "text"),
    [
        (f"Sommer{SHY}sonnen{SHY}wende", GERMAN),
        (f"Gemein{SHY}schafts{SHY}gärten", GERMAN),
        (f"Sol{SHY}stice d’été", FRENCH),
    ],
)
def test_real_cards_break_only_at_spaces_and_soft_hyphens_within_the_box(card, title, text):
    body, bold = load_font("DejaVuSans"), load_font("DejaVuSans-Bold")
    layout = FaceLayout(*card)
    fitted = layout.fit(title, text, False, bold.width, body.width)
    assert fitted is not None
    width = layout.text_box.w * 72 / 25.4
    assert all(bold.width(line, fitted.title_size) <= width for line in fitted.title_lines)
    assert all(body.width(line, fitted.body_size) <= width for line in fitted.body_lines)
    assert not any(SHY in line for line in fitted.title_lines + fitted.body_lines)
    assert unhyphenated(fitted.title_lines, title)
    assert unhyphenated(fitted.body_lines, text)
    assert fitted.body_size >= BODY_FLOOR


def _summer(tmp_path, title: str = "Summer"):
    source = (
        f'id: summer\nextends: hanabi-classic\ntitle: "{title}"\n'
        f'print: {{back: {{title: "{title}"}}}}\n'
        "players: {counts: [2, 3], hand_size: 3}\n"
        "suits:\n"
        '  - id: red\n    name: Rot\n    colour: "#c0392b"\n    symbol: "♥"\n'
        "    copies: [2, 1, 1]\n    cards:\n"
        f'      1: {{title: "Sommer{SHY}sonnen{SHY}wende", text: "Ein Fest{SHY}tag."}}\n'
        '  - {id: blue, name: Blau, colour: "#3182ce", symbol: "◆", copies: [2, 1, 1]}\n'
        '  - {id: green, name: Grün, colour: "#38a169", symbol: "♣", copies: [2, 1, 1]}\n'
        "rating:\n  - {from: 0, to: 5, label: Weiter}\n  - {from: 6, to: 9, label: Gut}\n"
    )
    path = tmp_path / "summer.yaml"
    path.write_text(source, encoding="utf-8")
    return load_theme(path)


def _page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    return [page.get_textpage().get_text_range() for page in document]


def test_a_printed_card_shows_no_soft_hyphen_where_the_line_does_not_break(tmp_path):
    text = _page_texts(build_kit(_summer(tmp_path))["cards.pdf"])[0]
    assert "Sommersonnenwende" in text
    assert "Festtag." in text
    assert SHY not in text and "Sommer-" not in text


def test_soft_hyphens_in_the_theme_title_are_invisible_on_every_printed_page(tmp_path):
    kit = build_kit(_summer(tmp_path, f"Sommer{SHY}fest"))
    for name, pdf in kit.items():
        for text in _page_texts(pdf):
            assert SHY not in text, name
    assert any("Sommerfest" in text for text in _page_texts(kit["cards.pdf"]))


def test_a_font_without_the_soft_hyphen_character_can_still_print_card_texts(monkeypatch):
    theme = load_theme("hanabi-classic")
    suits = (
        dataclasses.replace(
            theme.suits[0],
            cards={1: CardText(title=f"Sommer{SHY}sonnen{SHY}wende", text=f"Ein Fest{SHY}tag.")},
        ),
        *theme.suits[1:],
    )
    theme = dataclasses.replace(theme, suits=suits)
    fonts = theme_fonts("DejaVuSans-Bold", "DejaVuSans", None)
    has = FontStack.has  # the kit's fonts are stacks (fonts.FontStack)
    monkeypatch.setattr(FontStack, "has", lambda font, char: char != SHY and has(font, char))
    assert glyph_problems(theme, fonts) == []
    monkeypatch.setattr(FontStack, "has", lambda font, char: char != "-" and has(font, char))
    assert any("'-'" in problem for problem in glyph_problems(theme, fonts))


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(
        st.lists(st.text("abcdeéß", min_size=1, max_size=9), min_size=1, max_size=4),
        min_size=1,
        max_size=12,
    ),
    chars=st.integers(min_value=2, max_value=20),
)
def test_wrapped_lines_fit_show_no_soft_hyphen_and_lose_no_letter(words, chars):
    text = " ".join(SHY.join(syllables) for syllables in words)
    lines = wrap(text, mono("x" * chars, 10), 10, mono)
    assert all(mono(line, 10) <= mono("x" * chars, 10) for line in lines)
    assert not any(SHY in line for line in lines)
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert joined.split() == text.replace(SHY, "").split()
