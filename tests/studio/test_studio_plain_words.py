"""The form view's findings in a teacher's words: a field and a sentence of the page's
catalogue, never a key path, in every language; the YAML view keeps the true line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from studio_helpers import FESTIVAL, Studio, long_festival_text

from deckforge.studio.plain import key_path, plain
from deckforge.studio.words import catalogue, languages

KEY_PATHS = re.compile(r"suits\[|tokens\.\w|players\.\w|rating\[|print\.\w|\w\.\d+\.\w|\b\d+:\d+\b")

# (what the teacher did to the festival deck, the field ("": the text does not read,
# the sentence sends to the YAML tab), the kind of sentence)
BROKEN = [
    (("count: 8", "count: 0"), "tokens.hint.count", "at-least"),
    (("hand_size: 4 ", "hand_size: 10 "), "players.hand_size", "deck-small"),
    (("from: 6, to: 10", "from: 7, to: 10"), "rating.1.from", "rating"),
    (("language: fr", "language: fr\nlanguage: de"), "", "duplicate"),
    (('colour: "#e8b923"', 'colour: "#d62828"'), "suits.1.colour", "same-colour"),
    (("title: Tous", "title Tous"), "", "yaml"),
    ((": Bouddhisme\n", ": Judaïsme\n"), "suits.2.name", "same-in-suits"),
]


def _festival(change: tuple[str, str]) -> str:
    text = FESTIVAL.read_text(encoding="utf-8")
    assert text.count(change[0]) >= 1, change
    return text.replace(change[0], change[1], 1)


def _sentences(found: dict) -> list[str]:
    out = []
    for language in languages():
        words = {**catalogue("en"), **catalogue(language)}
        sentence = words[f"plain.{found['code']}"]
        for name, value in found["values"].items():
            sentence = sentence.replace("{" + name + "}", str(value))
        out.append(words["plain.at"].format(field="Label", message=sentence))
    return out


@pytest.mark.parametrize(("change", "field", "code"), BROKEN)
def test_a_broken_deck_is_told_at_its_field_in_plain_words(
    studio: Studio, change: tuple[str, str], field: str, code: str
) -> None:
    answer = studio.post("check", {"text": _festival(change), "name": "essai"})
    report = answer.get_json()["report"]
    findings = report["problems"] + report["warnings"]
    kinds = {(f["plain"]["field"], f["plain"]["code"]) for f in findings}
    assert (field, code) in kinds, findings
    for finding in findings:
        for sentence in _sentences(finding["plain"]):
            assert not KEY_PATHS.search(sentence), sentence
            assert "{" not in sentence, sentence


def test_the_long_card_text_says_how_short_it_should_be(studio: Studio) -> None:
    answer = studio.post("check", {"text": long_festival_text(), "name": "essai"})
    (warning,) = answer.get_json()["report"]["warnings"]
    assert warning["plain"]["field"] == "suits.0.cards.1.text"
    assert warning["plain"]["code"] == "text-small" and warning["plain"]["values"]["chars"] > 50


def test_a_missing_colon_is_reported_on_its_own_line(studio: Studio) -> None:
    text = _festival(("title: Tous", "title Tous"))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("title Tous"))
    answer = studio.post("check", {"text": text, "name": "essai"})
    (problem,) = answer.get_json()["report"]["problems"]
    assert (problem["line"], problem["column"]) == (line, 1)
    assert "no ':' after its key" in problem["message"]


def test_no_sentence_of_any_catalogue_names_a_key_path() -> None:
    for language in languages():
        for key, text in catalogue(language).items():
            if key.startswith(("plain.", "invalid.", "findings.")):
                assert not KEY_PATHS.search(text), (language, key, text)


def test_key_paths_and_unknown_kinds() -> None:
    assert key_path("suits[0].cards.1.text: too long") == ("suits.0.cards.1.text", "too long")
    assert key_path("YAML syntax: oops") == ("", "YAML syntax: oops")
    lines = {"tokens": 30, "tokens.hint": 31, "tokens.hint.count": 31}
    found = plain("something new went wrong", 31, lines, warning=False)
    assert found == {"field": "tokens.hint.count", "code": "problem", "values": {}}
    assert plain("odd", 0, {}, warning=True)["code"] == "warning"


def test_every_check_of_the_festival_variants_has_a_sentence(tmp_path: Path) -> None:
    assert all(f"plain.{code}" in catalogue("en") for _, _, code in BROKEN)
