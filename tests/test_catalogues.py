"""One catalogue loader, one plural rule (CLDR, Babel) and one language normaliser for
the referee, the studio, the web pages and the print kit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import deckforge
from deckforge import catalogues
from deckforge.languages import base_language, is_rtl_language
from deckforge.printing.catalogue import Catalogue, catalogue
from deckforge.referee.i18n import Translator

SOURCE = Path(deckforge.__file__).parent
PARTS = ("deckforge.referee", "deckforge.studio", "deckforge.web", "deckforge.printing")


@pytest.mark.parametrize(
    ("tag", "base"),
    [("fr", "fr"), ("fr-CA", "fr"), ("de_CH", "de"), (" FR ", "fr"), ("he-IL", "he"), (None, "")],
)
def test_base_language_is_the_one_normaliser(tag: str | None, base: str) -> None:
    assert base_language(tag) == base


def test_every_part_chooses_a_catalogue_the_same_way() -> None:
    for part in PARTS:
        assert {"fr", "en", "de"} <= set(catalogues.languages(part)), part
        assert catalogues.choose(part, "de-CH") == "de"
        assert catalogues.choose(part, "pt-BR") == "en"
    assert catalogue("fr_CA").language == "fr"
    assert is_rtl_language("ar_EG") and not is_rtl_language("fr-CA")


def test_the_print_kit_counts_copies_by_the_languages_cldr_rule() -> None:
    french = Catalogue("fr", {"copies.one": "{n} exemplaire", "copies.other": "{n} exemplaires"})
    assert french.copies(0) == "0 exemplaire"  # French: 0 and 1 are singular (the old rule: n == 1)
    assert french.copies(2) == "2 exemplaires"
    arabic = Catalogue(
        "ar",
        {"copies.one": "1", "copies.two": "2", "copies.few": "few {n}", "copies.other": "{n}"},
    )
    assert [arabic.copies(n) for n in (1, 2, 3, 11)] == ["1", "2", "few 3", "11"]
    assert catalogue("en").copies(1) == "only one in the deck"
    assert catalogue("en").copies(3) == "3 in the deck"


def test_the_referee_and_the_print_kit_agree_on_plural_categories() -> None:
    for language in ("fr", "en", "de", "ar", "he"):
        t = Translator(language)
        for count in range(0, 12):
            assert t.category(count) == catalogues.plural_category(language, count)


def test_no_module_but_catalogues_reads_a_catalogue_or_a_plural_rule() -> None:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path.name == "catalogues.py" and path.parent == SOURCE:
            continue
        text = path.read_text("utf-8")
        for pattern in (r'"catalogues"', r"plural_form", r"accept_languages", r'split\("-"\)'):
            if re.search(pattern, text) and not (
                path.name == "languages.py" and "split" in pattern
            ):
                found.append(f"{path.relative_to(SOURCE)}: {pattern}")
    assert found == []


def test_no_script_picks_a_plural_by_comparing_with_one() -> None:
    scripts = [*SOURCE.rglob("*.js"), *SOURCE.rglob("*.html")]
    found = [
        str(path.relative_to(SOURCE))
        for path in scripts
        if re.search(r"count\s*===?\s*1\s*\?", path.read_text("utf-8"))
    ]
    assert found == []
