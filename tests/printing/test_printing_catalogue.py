"""The rules-sheet catalogues: same messages and placeholders in every language."""

from __future__ import annotations

import pytest

from deckforge.printing.catalogue import catalogue, languages, placeholders


def test_french_english_and_german_are_available():
    assert {"fr", "en", "de"} <= set(languages())


@pytest.mark.parametrize("language", ["fr", "de"])
def test_each_language_has_every_message_with_the_same_placeholders(language):
    english = catalogue("en").messages
    other = catalogue(language).messages
    assert set(other) == set(english)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


def test_a_regional_language_uses_its_base_and_an_unknown_one_falls_back_to_english():
    assert catalogue("de-CH").language == "de"
    assert catalogue("fr_BE").language == "fr"
    assert catalogue("eo").language == "en"


def test_copies_read_naturally_for_one_and_for_several():
    assert catalogue("en").copies(1) == "only one in the deck"
    assert catalogue("en").copies(3) == "3 in the deck"
    assert catalogue("fr").copies(2) == "2 exemplaires"
