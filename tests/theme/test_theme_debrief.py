"""The theme's optional ``debrief`` section: questions for the class after a game."""

from __future__ import annotations

import pytest

from deckforge.theme.loader import ThemeError, bundled_theme_names, load_theme
from deckforge.theme.validation import schema

CHILD = """\
id: my-deck
extends: hanabi-classic
debrief:
  questions:
    - Which card surprised you?
  suits:
    red:
      - Why did the red family stop?
"""


def problems(write_theme, text: str) -> list[str]:
    path = write_theme(text)
    with pytest.raises(ThemeError) as error:
        load_theme(path)
    return error.value.problems


def test_questions_for_the_deck_and_per_suit_are_read_into_the_model(write_theme):
    theme = load_theme(write_theme(CHILD))
    assert theme.debrief.questions == ("Which card surprised you?",)  # lists replace
    assert theme.debrief.for_suit("red") == ("Why did the red family stop?",)
    assert theme.debrief.for_suit("white") == ()


def test_a_theme_without_a_debrief_has_no_questions(write_theme):
    text = load_theme("hanabi-classic").path.read_text(encoding="utf-8")
    start = text.index("debrief:")
    end = text.index("print:")
    theme = load_theme(write_theme(text[:start] + text[end:]))
    assert theme.debrief.questions == () and dict(theme.debrief.by_suit) == {}


def test_questions_under_an_unknown_suit_are_refused_at_the_key_with_a_suggestion(write_theme):
    text = CHILD.replace("    red:", "    redd:")
    assert problems(write_theme, text) == [
        "theme.yaml:7:5: debrief.suits.redd: no suit has the id 'redd' (did you mean 'red'?); "
        "questions go under a suit's id (white, red, blue, yellow, green)"
    ]


def test_a_parents_questions_for_a_suit_its_child_replaced_are_left_out(write_theme):
    text = """\
id: my-deck
extends: black-powder
suits:
  - {id: sun, name: Sun, colour: "#f2c94c", symbol: S}
  - {id: moon, name: Moon, colour: "#2b6cb0", symbol: M}
  - {id: star, name: Star, colour: "#c53030", symbol: T}
  - {id: sea, name: Sea, colour: "#38a169", symbol: W}
  - {id: sky, name: Sky, colour: "#805ad5", symbol: K}
add_suits: []
"""
    theme = load_theme(write_theme(text))
    assert dict(theme.debrief.by_suit) == {}
    assert theme.debrief.questions == load_theme("hanabi-classic").debrief.questions


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("debrief: [Why?]", "theme.yaml:3:10: debrief: "),
        ("debrief:\n  questions: []", "theme.yaml:4:14: debrief.questions: "),
        ("debrief:\n  question: [Why?]", "theme.yaml:4:3: debrief.question: unknown key (did you"),
        ("debrief:\n  questions: ['  ']", "theme.yaml:4:15: debrief.questions[0]: "),
        ("debrief:\n  suits: {Red: [Why?]}", "theme.yaml:4:11: debrief.suits"),
    ],
)
def test_a_malformed_debrief_is_refused_where_it_is_written(write_theme, section, expected):
    found = problems(write_theme, f"id: my-deck\nextends: hanabi-classic\n{section}\n")
    assert len(found) == 1 and found[0].startswith(expected), found


def test_the_schema_describes_the_section_for_editors():
    section = schema()["properties"]["debrief"]
    assert section["additionalProperties"] is False
    assert set(section["properties"]) == {"questions", "suits"}
    assert section["description"]


def test_every_bundled_deck_has_questions_for_the_class():
    for name in bundled_theme_names():
        assert load_theme(name).debrief.questions, name


def test_the_interfaith_deck_asks_every_religion_the_same_number_of_questions():
    theme = load_theme("interfaith-festival")
    counts = {suit.id: len(theme.debrief.for_suit(suit.id)) for suit in theme.suits}
    assert set(counts.values()) == {2}, counts
    for question in (q for s in theme.suits for q in theme.debrief.for_suit(s.id)):
        assert question.endswith("\u00a0?"), question  # French typography, as on the cards
