"""The studio speaks fr, en, de, ar and he: every catalogue has every text the page uses."""

from __future__ import annotations

import re
from pathlib import Path

from deckforge.studio.places import template_names
from deckforge.studio.simulations import PROFILES
from deckforge.studio.words import catalogue, languages

STUDIO = Path(__file__).resolve().parents[2] / "deckforge" / "studio"


def _used_keys() -> set[str]:
    script = (STUDIO / "static" / "studio.js").read_text("utf-8")
    pages = "".join(p.read_text("utf-8") for p in (STUDIO / "templates").glob("*.html"))
    keys = set(re.findall(r"""w\[["']([a-z_.]+)["']\]""", script + pages))
    keys |= {f"rule.{rule}" for rule in re.findall(r"^\s+(\w+): \[", script, re.M)}
    choices = re.findall(r'"(\w+)"', "".join(re.findall(r"const RULES = \{(.*?)\};", script, re.S)))
    keys |= {f"choice.{c}" for c in choices if not c.endswith(("hints", "score"))}
    keys |= {"choice.up", "choice.down", "after.print", "after.play"}
    keys |= {f"template.{name}" for name in template_names()}
    keys |= {f"simulate.verdict.{v}" for v in ("easy", "fair", "hard")}
    keys |= {f"simulate.about.{profile}" for profile in PROFILES}
    keys |= {"form.token_hint", "form.token_error"}
    kinds = re.findall(r'^\s+\("([a-z-]+)", r"', (STUDIO / "plain.py").read_text("utf-8"), re.M)
    keys |= {f"plain.{kind}" for kind in (*kinds, "problem", "warning", "at")}
    views = (STUDIO / "views.py").read_text("utf-8") + (STUDIO / "places.py").read_text("utf-8")
    keys |= {f"error.{code}" for code in re.findall(r'code="([a-z-]+)"', views)}
    keys |= {f"error.{code}" for code in re.findall(r'return \(?\s*"(name-[a-z]+)"', views)}
    keys |= {f"error.{code}" for code in re.findall(r'PlaceError\(.*?, "([a-z-]+)"\)', views)}
    return keys


def test_the_studio_speaks_the_five_languages_of_the_referee() -> None:
    assert {"ar", "de", "en", "fr", "he"} <= set(languages())


def test_every_catalogue_has_every_key_the_page_uses_and_no_other() -> None:
    used = _used_keys()
    english = set(catalogue("en"))
    assert used <= english, sorted(used - english)
    for language in languages():
        assert set(catalogue(language)) == english, language
        assert all(text.strip() for text in catalogue(language).values()), language


def test_placeholders_are_the_same_in_every_language() -> None:
    for key, text in catalogue("en").items():
        wanted = set(re.findall(r"\{(\w+)\}", text))
        for language in languages():
            assert set(re.findall(r"\{(\w+)\}", catalogue(language)[key])) == wanted, (
                language,
                key,
            )


def test_french_texts_keep_their_punctuation_with_its_word() -> None:
    """A no-break space before : ; ! ? and inside « », and between a number and %:
    "débutants :" never starts a line with its colon."""
    from deckforge.web.i18n import web_catalogue

    for texts in (catalogue("fr"), web_catalogue("fr")):
        for key, text in texts.items():
            assert not re.search(r" [:;!?»%]|« ", text), (key, text)
