"""French printed text keeps its non-breaking spaces: no line starts with « : » or « ! »."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.fonts import theme_fonts
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.rules_sheet import rules_flowables, rules_sheet
from deckforge.printing.score_sheet import score_sheet
from deckforge.theme.loader import load_theme

# a breakable space where French printing wants a non-breaking one
LOOSE_SPACE = re.compile(r" [:;!?»%]|« ")


class RecordingCanvas(PrintCanvas):
    """A print canvas that also keeps every string drawn on it."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.drawn: list[str] = []
        self.positions: dict[str, float] = {}  # left edge (pt) of each drawString text

    def drawString(self, x, y, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.drawn.append(text)
        self.positions[text] = x
        return super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.drawn.append(text)
        return super().drawCentredString(x, y, text, *args, **kwargs)


@pytest.mark.parametrize("key", sorted(catalogue("fr").messages))
def test_every_french_message_uses_non_breaking_spaces_around_its_punctuation(key):
    text = catalogue("fr").messages[key]
    assert not LOOSE_SPACE.search(text), f"{key}: {text!r}"


def test_the_french_score_sheet_legend_has_a_non_breaking_space_before_its_colon():
    theme = load_theme("interfaith-festival")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    canvas = RecordingCanvas((297.0, 210.0), "score sheet", None)
    score_sheet(theme, catalogue("fr"), fonts, canvas)
    assert "Appréciation\u00a0:" in canvas.drawn
    assert not any(LOOSE_SPACE.search(text) or re.search(r"\w:", text) for text in canvas.drawn)


def test_the_english_score_sheet_legend_keeps_its_colon_tight():
    theme = load_theme("hanabi-classic")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    canvas = RecordingCanvas((297.0, 210.0), "score sheet", None)
    score_sheet(theme, catalogue("en"), fonts, canvas)
    assert "Rating:" in canvas.drawn


def test_the_french_rules_count_the_players_as_french_does():
    theme = load_theme("interfaith-festival")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    texts = [getattr(f, "text", "") for f in rules_flowables(theme, catalogue("fr"), fonts)]
    assert any(text.startswith("Pour 4 ou 5 joueurs ou équipes") for text in texts)
    assert not any(text.startswith("De 4 ou 5") for text in texts)


def test_french_rules_list_hand_sizes_with_a_non_breaking_space_before_each_semicolon():
    theme = load_theme("hanabi-classic")  # 5 cards at 2-3 players, 4 at 4-5
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    texts = [getattr(f, "text", "") for f in rules_flowables(theme, catalogue("fr"), fonts)]
    [hands] = [text for text in texts if "Cartes distribuées" in text]
    assert "\u00a0;" in hands
    assert not LOOSE_SPACE.search(hands)


def test_the_score_sheet_says_what_a_game_lost_to_the_error_tokens_scores():
    theme = load_theme("interfaith-festival")  # strikeout_score: zero
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    canvas = RecordingCanvas((297.0, 210.0), "score sheet", None)
    score_sheet(theme, catalogue("fr"), fonts, canvas)
    [help_line] = [text for text in canvas.drawn if text.startswith("Pour chaque famille")]
    assert help_line.endswith("Avec 3 œuvres du démon, la partie est perdue\u00a0: total 0.")


@pytest.mark.parametrize(
    ("language", "placed", "counted"),
    [
        ("fr", "on pose 1 œuvre du démon au milieu", "3 œuvres du démon au milieu"),
        ("en", "one œuvre du démon goes into the middle", "3 œuvres du démon are in the middle"),
        ("de", "1 œuvre du démon kommt in die Mitte", "3 œuvres du démon in der Mitte liegen"),
    ],
)
def test_the_rules_say_where_an_error_token_goes_and_count_it_there(language, placed, counted):
    theme = load_theme("interfaith-festival")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    text = " ".join(
        getattr(f, "text", "") for f in rules_flowables(theme, catalogue(language), fonts)
    )
    assert placed in text
    assert counted in text


def test_the_rules_say_what_the_numbers_under_each_rank_count():
    theme = load_theme("interfaith-festival")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    document = pdfium.PdfDocument(
        rules_sheet(theme, catalogue("fr"), fonts, PrintCanvas((210.0, 297.0), "rules", None))
    )
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)
    assert "Exemplaires de chaque valeur" in text
    assert "Famille Symbole 1 2 3 4 5 Ordre" in text


def test_the_rating_bands_start_clear_of_the_legend_label():
    theme = load_theme("interfaith-festival")
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    canvas = RecordingCanvas((297.0, 210.0), "score sheet", None)
    score_sheet(theme, catalogue("fr"), fonts, canvas)
    label = "Appréciation\u00a0:"
    label_x = canvas.positions[label]
    first_band_x = canvas.positions["0–5"]
    assert first_band_x - (label_x + fonts.title.width(label, 9)) >= 3 * 72 / 25.4
