"""The interfaith deck's festival facts as a teacher of religious studies reads them
(issue #23 point 7; sources in docs/interfaith-sources.md)."""

from __future__ import annotations

import pytest

from deckforge.theme.loader import load_theme


def _card(title: str) -> tuple[str, str]:
    theme = load_theme("interfaith-festival")
    for suit in theme.suits:
        for rank in range(1, suit.ranks + 1):
            text = suit.text_for(rank)
            if text.title == title:
                return text.text.replace("\u00a0", " "), text.source.replace("\u00a0", " ")
    raise AssertionError(f"no card {title!r}")


@pytest.mark.parametrize(
    ("title", "facts", "source"),
    [
        ("Ascension", ["quarantième jour en comptant Pâques", "39 jours après"], "Ascension"),
        ("Pentecôte", ["cinquantième jour en comptant Pâques", "49 jours après"], "Pentecôte"),
        ("Épiphanie", ["mages", "orthodoxes", "Théophanie", "baptême"], "Théophanie"),
        ("Mawlid (Mouloud)", ["le 12", "sunnites", "le 17", "chiites"], "Mawlid"),
        ("Aïd el-Fitr", ["prière de l’Aïd", "soleil levé"], "Salat al-Aïd"),
        ("Vesak", ["avril, de mai ou de juin", "Asie de l’Est", "à part"], "Anniversaire"),
        ("Nouvel An de l’Hégire", ["chiites", "deuil d’Achoura"], "Achoura"),
    ],
)
def test_the_corrected_cards_state_the_fact_and_name_where_it_is_stated(title, facts, source):
    text, sources = _card(title)
    for fact in facts:
        assert fact in text, fact
    assert source in sources


def test_no_card_still_says_forty_or_fifty_days_after_easter_or_the_dawn_prayer():
    theme = load_theme("interfaith-festival")
    texts = " ".join(s.text_for(r).text for s in theme.suits for r in range(1, s.ranks + 1))
    for wrong in ("Quarante jours après Pâques", "Cinquante jours après Pâques", "prière du matin"):
        assert wrong not in texts
