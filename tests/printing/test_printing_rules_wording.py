"""Rules sheets a class reads without a teacher (issue #23 point 6): one word for the
hint action, whose turn it is, a suit's name for its colour, a worked example, and
CLDR plurals ("1 étoile", never "1 étoiles")."""

from __future__ import annotations

import dataclasses
import re

import pypdfium2 as pdfium
import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.fonts import theme_fonts
from deckforge.printing.geometry import Duplex
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.rules_sheet import rules_sheet
from deckforge.printing.score_sheet import score_sheet
from deckforge.printing.tokens import token_layout, token_sheet
from deckforge.theme.loader import load_theme
from deckforge.theme.model import Theme


def _text(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    text = " ".join(page.get_textpage().get_text_range() for page in document)
    text = text.replace("\u00a0", " ")  # reportlab draws a no-break space as a space
    return re.sub(r"\s+", " ", text.replace("\r\n", " ").replace("-\r\n", ""))


def _sheets(theme: Theme) -> str:
    fonts = theme_fonts(theme.print_style.title_fonts, theme.print_style.body_fonts, theme.path)
    words = catalogue(theme.language)
    rules = rules_sheet(theme, words, fonts, PrintCanvas((210, 297), "rules", None))
    score = score_sheet(theme, words, fonts, PrintCanvas((297, 210), "score", None))
    layout = token_layout(theme, (210, 297), Duplex.LONG, (0.0, 0.0))
    tokens = token_sheet(theme, fonts, layout, words, PrintCanvas((210, 297), "t", None))
    return " ".join(_text(data) for data in (rules, score, tokens))


def _with_counts(theme: Theme, hints: int, errors: int, name: str, plural: str) -> Theme:
    hint = dataclasses.replace(theme.tokens.hint, count=hints, name=name, plural=plural)
    error = dataclasses.replace(theme.tokens.error, count=errors)
    return dataclasses.replace(
        theme, tokens=dataclasses.replace(theme.tokens, hint=hint, error=error)
    )


def test_a_one_token_french_deck_says_1_etoile_and_never_1_etoiles():
    theme = _with_counts(load_theme("interfaith-festival"), 1, 1, "étoile", "étoiles")
    text = _sheets(theme)
    assert "1 étoile " in text or "1 étoile." in text or "1 étoile," in text
    assert "1 étoiles" not in text
    assert "les 1 " not in text
    assert "l’unique étoile est au milieu" in text  # the discard rule, in its one form
    error = theme.tokens.error
    assert f"1 {error.plural}" not in text and f"1 {error.name}" in text


def test_eight_tokens_keep_their_plural():
    theme = _with_counts(load_theme("interfaith-festival"), 8, 3, "étoile", "étoiles")
    text = _sheets(theme)
    assert "8 étoiles" in text and "les 8 étoiles sont au milieu" in text


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_one_word_for_the_hint_action_throughout(language):
    words = catalogue(language)
    action = {"fr": "information", "en": "hint", "de": "Hinweis"}[language]
    others = {"fr": "indice", "en": "clue ", "de": "Tipp"}[language]
    for key in ("hint_title", "talk_rule", "hint_empty_forbidden"):
        assert action in words.messages[key], key
    assert [key for key, message in words.messages.items() if others in message] == []


@pytest.mark.parametrize(
    ("language", "own_turn"),
    [
        ("fr", "quand c’est à vous de jouer"),
        ("en", "your own turn"),
        ("de", "wenn man selbst an der Reihe ist"),
    ],
)
def test_the_talk_rule_says_whose_turn(language, own_turn):
    assert own_turn in catalogue(language).text("talk_rule")


def test_the_interfaith_sheet_says_a_suits_name_may_be_said_and_works_a_hint_example():
    theme = load_theme("interfaith-festival")
    text = _sheets(theme)
    first = theme.suits[0].name
    assert f"on peut aussi dire le nom de la famille (« {first} »)" in text
    assert "Exemple : vous prenez 1 " in text
    assert f"« … de la famille {first} »" in text


def test_a_deck_without_teams_has_no_team_paragraph():
    classic = load_theme("hanabi-classic")
    assert not classic.players.teams
    text = _sheets(classic)
    assert "In teams" not in text and "Example: you take 1 " in text


def test_a_hebrew_list_number_keeps_a_space_before_its_first_word():
    """ "2.לזרוק" touched (−0.2 pt): the text starts a space after the bold number."""
    from deckforge.printing.rules_sheet import _styles
    from deckforge.printing.text_flow import LineParagraph

    fonts = theme_fonts("NotoSansHebrew-Bold", "NotoSansHebrew", None, "he")
    style = _styles(fonts)["item"]
    item = LineParagraph("<b>לזרוק קלף.</b> שימו קלף", style, bullet="12.")
    item.wrap(400, 800)
    size = style.fontSize
    bullet_end = style.bulletIndent + fonts.title.width("12.", size)
    assert item._indent() >= bullet_end + fonts.body.width(" ", size) - 1e-9


@pytest.mark.parametrize("name", ["interfaith-festival", "hanabi-classic", "arabic-words"])
def test_the_rules_sheet_is_one_sheet_printed_on_both_sides_with_its_footer_last(name):
    theme = load_theme(name)
    fonts = theme_fonts(
        theme.print_style.title_fonts, theme.print_style.body_fonts, theme.path, theme.language
    )
    words = catalogue(theme.language)
    data = rules_sheet(theme, words, fonts, PrintCanvas((210, 297), "rules", None))
    document = pdfium.PdfDocument(data)
    assert len(document) == 2
    if name != "arabic-words":  # right-to-left text does not read back in logical order
        assert theme.id in document[1].get_textpage().get_text_range()
