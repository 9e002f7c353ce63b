"""Rules sheets state the rule that makes the game work, the team rule, and true sources."""

from __future__ import annotations

import dataclasses
import re

import pypdfium2 as pdfium
import pytest

from deckforge.languages import is_rtl_language
from deckforge.printing.catalogue import catalogue, languages
from deckforge.printing.fonts import theme_fonts
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.rules_sheet import rules_sheet
from deckforge.theme.loader import bundled_theme_names, load_theme
from deckforge.theme.model import Theme


def _letters(text: str) -> str:
    """Only the letters, lower case: line breaks and hyphenation do not matter."""
    return re.sub(r"[\W\d_]+", "", text).lower()


def _rules_text(theme: Theme, language: str) -> str:
    theme = dataclasses.replace(theme, language=language)
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    data = rules_sheet(theme, catalogue(language), fonts, PrintCanvas((210, 297), "rules", None))
    document = pdfium.PdfDocument(data)
    return " ".join(page.get_textpage().get_text_range() for page in document)


# Right-to-left sheets are drawn in visual order with shaped (joined) glyphs: their
# text does not read back in logical order; test_printing_shaping checks them.
LEFT_TO_RIGHT = [language for language in languages() if not is_rtl_language(language)]


@pytest.mark.parametrize("language", LEFT_TO_RIGHT)
@pytest.mark.parametrize("name", bundled_theme_names())
def test_every_rules_sheet_has_the_communication_paragraph_and_teams_only_theirs(name, language):
    theme = load_theme(name)
    text = _letters(_rules_text(theme, language))
    words = catalogue(language)
    for key in ("h_talk", "talk_rule"):
        assert _letters(words.text(key)) in text, key
    assert (_letters(words.text("talk_teams")) in text) == theme.players.teams


@pytest.mark.parametrize("language", languages())
def test_the_communication_rule_gives_an_example_of_what_is_not_allowed(language):
    rule = catalogue(language).text("talk_rule")
    assert re.search(r"[«“„].+[»“”]", rule), "an example in quotes"
    team = catalogue(language).text("talk_teams")
    assert len(team.split()) > 30


def test_the_interfaith_sheet_lists_every_cards_source_and_no_longer_claims_cards_show_one():
    theme = load_theme("interfaith-festival")
    text = _letters(_rules_text(theme, "fr"))
    assert _letters("Chaque carte indique où vérifier") not in text
    for suit in theme.suits:
        for rank in range(1, suit.ranks + 1):
            source = suit.text_for(rank).source
            assert source and _letters(source) in text, (suit.id, rank)
    for source in theme.sources:
        assert _letters(source) in text
    assert _letters("l’ordre des fêtes dans l’année de cette religion") in text
    assert _letters("janvier à décembre") in text


TIME_OF_YEAR = re.compile(
    r"janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
    r"|printemps|été|automne|hiver|Pâques|ramadan|mouharram|rabia|pèlerinage|l’année juive",
    re.IGNORECASE,
)


def test_every_interfaith_card_says_when_in_the_year_its_festival_falls():
    theme = load_theme("interfaith-festival")
    missing = [
        suit.text_for(rank).title
        for suit in theme.suits
        for rank in range(1, suit.ranks + 1)
        if not TIME_OF_YEAR.search(suit.text_for(rank).text)
    ]
    assert not missing
