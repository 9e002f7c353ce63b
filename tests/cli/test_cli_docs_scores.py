"""docs/theme-format.md's table of the bundled themes' scores matches the model."""

from __future__ import annotations

import re
from pathlib import Path

from deckforge.rules import Card, Game, Play
from deckforge.theme.loader import bundled_theme_names, load_theme

DOC = Path(__file__).resolve().parents[2] / "docs" / "theme-format.md"
ROW = re.compile(r"^\| `([a-z0-9-]+)` \| (−?\d+) \| (\d+) \|$", re.MULTILINE)


def documented() -> dict[str, tuple[int, int]]:
    text = DOC.read_text(encoding="utf-8")
    return {name: (int(low.replace("−", "-")), int(high)) for name, low, high in ROW.findall(text)}


def test_every_bundled_theme_has_its_score_range_documented_as_the_model_has_it() -> None:
    rows = documented()
    assert sorted(rows) == bundled_theme_names()
    for name, (low, high) in rows.items():
        theme = load_theme(name)
        assert (theme.min_score, theme.max_score) == (low, high), name


def test_a_minus_missing_suit_scores_minus_its_missing_ranks_not_its_cards() -> None:
    theme = load_theme("black-powder")
    black = next(i for i, s in enumerate(theme.suits) if s.scoring.value == "minus-missing")
    assert sum(theme.suits[black].copies) > theme.suits[black].ranks  # 10 cards, 5 ranks
    game = Game.printed(theme, 2)
    assert game.score == -theme.suits[black].ranks  # -5, not -10

    for rank in (5, 4, 3):
        game.apply(Play(card=Card(black, rank)))
    assert game.score == -2
    assert game.top_ranks()[black] == 3  # what replay's "stacks" shows for a down pile


def test_a_colour_hint_counts_only_nameable_colours() -> None:
    theme = load_theme("black-powder")
    black = next(i for i, s in enumerate(theme.suits) if s.scoring.value == "minus-missing")
    assert theme.clue_colours().index(black) == 5
