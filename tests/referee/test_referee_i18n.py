"""The interface's catalogues: complete in fr, en and de, and every refusal code translated."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from deckforge.referee.i18n import Translator, available, catalogue, language_for
from deckforge.rules import MESSAGES

TEMPLATES = Path(__file__).parents[2] / "deckforge" / "referee" / "templates"


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_french_english_and_german_are_available() -> None:
    assert {"fr", "en", "de"} <= set(available())


@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_catalogue_has_the_english_keys_and_placeholders(language: str) -> None:
    english, other = catalogue("en"), catalogue(language)
    assert set(other) == set(english)
    for key, text in english.items():
        assert _placeholders(other[key]) == _placeholders(text), key
        assert other[key].strip(), key


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_every_refusal_code_of_the_engine_is_translated(language: str) -> None:
    texts = catalogue(language)
    missing = [code for code in MESSAGES if f"rule.{code}" not in texts]
    assert not missing


def test_every_key_the_templates_use_exists() -> None:
    english = catalogue("en")
    used: set[str] = set()
    for template in TEMPLATES.glob("*.html"):
        text = template.read_text(encoding="utf-8")
        used |= set(re.findall(r"""\bt(?:\.plural)?\(\s*["']([a-z_.\-]+)["']""", text))
    plural = {k.rsplit(".", 1)[0] for k in english if k.endswith((".one", ".other"))}
    dynamic = {k for k in used if k.endswith(".")}  # completed at run time, checked below
    missing = sorted(k for k in used - dynamic if k not in english and k not in plural)
    assert not missing
    assert {f"end.{end}" for end in ("perfect", "deck", "strikeout")} <= set(english)


def test_a_theme_language_without_catalogue_falls_back_to_english() -> None:
    assert language_for("fr-CA") == "fr"
    assert language_for("eo") == "en"
    assert language_for(None) == "en"


def test_values_are_escaped_but_catalogue_text_is_not() -> None:
    t = Translator("en")
    text = t("event.discarded", player="<b>Ann</b>", card="Red 1")
    assert str(text) == "&lt;b&gt;Ann&lt;/b&gt; discarded Red 1"


def test_plurals_pick_one_or_other() -> None:
    t = Translator("fr")
    assert t.plural("projector.turns_left", 1) == "encore 1 tour"
    assert t.plural("projector.turns_left", 3) == "encore 3 tours"


def test_catalogue_files_are_plain_json_objects_of_strings() -> None:
    folder = TEMPLATES.parent / "catalogues"
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert all(isinstance(v, str) for v in data.values()), path.name


# A player's name may be singular ("Ann") or plural ("Les Lions", "Die Löwen"): it never sits
# where French or German grammar would have to agree with it (a verb, "à"/"de" before an
# article, a German case). It opens the text, follows a colon or an arrow, or a preposition
# that leaves it as it is.
_BEFORE_NAME = {
    "fr": ("", ": ", "→ ", "pour "),
    "en": ("", ": ", "→ ", "Tell ", " told "),
    "de": ("", ": ", "→ ", "für "),
}
_AFTER_NAME = {
    "fr": ("", " —", " →", "\u00a0:", "…"),  # French: a no-break space before ":"
    # English past tenses read the same after a singular or a plural name.
    "en": ("", " —", " →", ":", "…", " played ", " discarded ", " told ", " about "),
    "de": ("", " —", " →", ":", " …"),
}


@pytest.mark.parametrize("language", ["fr", "en", "de"])
def test_player_names_never_sit_where_grammar_must_agree_with_them(language: str) -> None:
    naming = {
        key: text
        for key, text in catalogue(language).items()
        if _placeholders(text) & {"player", "target"}
    }
    assert {"event.played", "event.colour_hint", "seat.waiting"} <= set(naming)
    for key, text in naming.items():
        for found in re.finditer(r"\{(player|target)\}", text):
            before, after = text[: found.start()], text[found.end() :]
            assert before == "" or before.endswith(_BEFORE_NAME[language][1:]), (key, text)
            assert after == "" or after.startswith(_AFTER_NAME[language][1:]), (key, text)
