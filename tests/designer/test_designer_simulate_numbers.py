"""The simulate figures for a seed are pinned: a refactoring of the engine or the bots
must not change a single game (issue 15). Change these numbers only with a rule or a
bot that is meant to play differently, and say so in the commit."""

from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.rules.simulation import simulate
from deckforge.theme.loader import load_theme

# theme, players, conventions scores and turns, random bot turns: 8 games, seed 2026
PINNED = [
    (
        "hanabi-classic",
        2,
        [22, 25, 23, 23, 23, 24, 21, 21],
        [70, 69, 67, 70, 67, 68, 69, 71],
        [5, 18, 11, 10, 17, 21, 19, 19],
    ),
    (
        "hanabi-classic",
        3,
        [22, 23, 21, 23, 23, 24, 23, 24],
        [61, 63, 63, 61, 60, 62, 61, 59],
        [13, 28, 17, 14, 10, 15, 36, 19],
    ),
    (
        "hanabi-classic",
        4,
        [20, 22, 21, 21, 20, 21, 21, 23],
        [62, 62, 62, 62, 63, 62, 61, 62],
        [21, 18, 19, 21, 20, 21, 17, 16],
    ),
    (
        "hanabi-classic",
        5,
        [19, 20, 17, 21, 21, 19, 18, 20],
        [55, 56, 58, 54, 56, 56, 57, 56],
        [17, 21, 17, 22, 20, 18, 11, 16],
    ),
    (
        "avalanche",
        2,
        [30, 23, 29, 29, 25, 26, 27, 28],
        [77, 89, 85, 86, 84, 84, 86, 85],
        [6, 16, 11, 9, 5, 21, 19, 33],
    ),
    (
        "avalanche",
        3,
        [28, 25, 30, 28, 28, 23, 25, 28],
        [77, 80, 76, 78, 75, 78, 79, 76],
        [14, 28, 12, 19, 10, 19, 37, 32],
    ),
    (
        "avalanche",
        4,
        [25, 27, 27, 26, 25, 27, 28, 29],
        [78, 78, 77, 76, 78, 77, 76, 75],
        [21, 17, 19, 18, 24, 13, 17, 15],
    ),
    (
        "avalanche",
        5,
        [25, 23, 23, 23, 22, 24, 23, 24],
        [72, 74, 73, 72, 73, 72, 73, 72],
        [17, 18, 23, 31, 20, 18, 11, 28],
    ),
    (
        "black-powder",
        2,
        [22, 17, 22, 25, 22, 19, 22, 23],
        [81, 87, 86, 83, 86, 89, 80, 85],
        [5, 20, 7, 9, 5, 18, 19, 31],
    ),
    (
        "black-powder",
        3,
        [24, 20, 23, 21, 22, 24, 24, 25],
        [75, 78, 78, 77, 76, 77, 77, 72],
        [29, 19, 7, 11, 18, 13, 13, 15],
    ),
    (
        "black-powder",
        4,
        [23, 18, 23, 23, 21, 22, 23, 23],
        [75, 80, 78, 77, 78, 77, 77, 76],
        [21, 17, 14, 18, 45, 13, 22, 15],
    ),
    (
        "black-powder",
        5,
        [22, 19, 20, 20, 21, 18, 19, 20],
        [69, 73, 73, 70, 70, 73, 73, 71],
        [17, 18, 17, 29, 20, 19, 12, 19],
    ),
    (
        "interfaith-festival",
        4,
        [20, 22, 21, 21, 20, 21, 21, 23],
        [62, 62, 62, 62, 63, 62, 61, 62],
        [13, 30, 15, 18, 12, 16, 33, 17],
    ),
    (
        "interfaith-festival",
        5,
        [19, 20, 17, 21, 21, 19, 18, 20],
        [55, 56, 58, 54, 56, 56, 57, 56],
        [20, 21, 17, 22, 24, 26, 11, 23],
    ),
]


@pytest.mark.parametrize(("theme_name", "players", "scores", "turns", "random_turns"), PINNED)
def test_the_bots_play_the_pinned_games_for_seed_2026(
    theme_name: str, players: int, scores: list, turns: list, random_turns: list
) -> None:
    theme = load_theme(theme_name)
    conventions = simulate(theme, players, 8, bot="conventions", seed=2026)
    assert [game.score for game in conventions.results] == scores
    assert [game.turns for game in conventions.results] == turns
    random = simulate(theme, players, 8, bot="random", seed=2026)
    assert [game.turns for game in random.results] == random_turns


def test_fifteen_games_per_theme_and_player_count_end_exactly_as_pinned() -> None:
    digest = hashlib.sha256()
    for name in ("hanabi-classic", "avalanche", "black-powder", "interfaith-festival"):
        theme = load_theme(name)
        for players in theme.players.counts:
            for game in simulate(theme, players, 15, bot="conventions", seed=11).results:
                line = f"{name} {players} {game.seed} {game.score} {game.end.value} {game.turns}\n"
                digest.update(line.encode())
    assert digest.hexdigest() == "1119852b6c523196fcee654fa0084bd0e93a0b9a244d64f5e2de3453752c8d39"


def test_the_simulate_command_prints_the_pinned_report_for_seed_7() -> None:
    result = CliRunner().invoke(
        main, ["simulate", "hanabi-classic", "--players", "3", "--games", "30", "--seed", "7"]
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        "hanabi-classic: 3 players, 30 games, bot conventions, seed 7\n"
        "  mean score      22.37 ± 0.55 of 25 (95 % confidence interval 21.82 to 22.92)\n"
        "  perfect games    13.3 %\n"
        "  lost on the last error token    0.0 %\n"
        "  average turns   61.0\n"
        "  scores\n"
        "      20 | ##########                                    2    6.7 %\n"
        "      21 | ########################################      8   26.7 %\n"
        "      22 | ###################################           7   23.3 %\n"
        "      23 | ###################################           7   23.3 %\n"
        "      24 | ##########                                    2    6.7 %\n"
        "      25 | ####################                          4   13.3 %\n"
    )
