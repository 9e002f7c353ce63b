"""``deckforge simulate`` and the runner behind it: reproducible figures, clean errors."""

from __future__ import annotations

import hashlib
import math
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.rules import End, Play
from deckforge.rules.bots import BOTS
from deckforge.rules.simulation import (
    BotError,
    GameResult,
    Summary,
    _chunks,
    game_seed,
    play_game,
    report,
    simulate,
)
from deckforge.theme.loader import load_theme
from deckforge.theme.model import Theme

ODD_RULES = Path(__file__).parent / "data" / "designer-odd-rules.yaml"


@cache
def _theme(name: str) -> Theme:
    return load_theme(name)


def _summary(scores: list[int | None], ends: list[End], turns: list[int]) -> Summary:
    results = tuple(
        GameResult(index, score, end, turn)
        for index, (score, end, turn) in enumerate(zip(scores, ends, turns, strict=True))
    )
    return Summary("t", 3, "conventions", 0, 25, results)


# ---- the runner -------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_games() -> None:
    theme = _theme("hanabi-classic")
    first = simulate(theme, 3, 12, seed=42)
    assert simulate(theme, 3, 12, seed=42) == first


def test_the_figures_do_not_depend_on_the_number_of_processes() -> None:
    theme = _theme("interfaith-festival")
    alone = simulate(theme, 4, 10, seed=3, jobs=1)
    assert simulate(theme, 4, 10, seed=3, jobs=2) == alone


@pytest.mark.parametrize(("games", "jobs"), [(1, 2), (7, 2), (60, 2), (1000, 2), (1000, 8)])
def test_the_pool_gets_every_game_once_in_pieces_that_shrink_to_one(games: int, jobs: int) -> None:
    # so that the processes finish together: the last pieces are single games
    seeds = list(range(games))
    pieces = _chunks(seeds, jobs)
    assert [seed for piece in pieces for seed in piece] == seeds
    sizes = [len(piece) for piece in pieces]
    assert all(1 <= size <= 25 for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-min(jobs, games) :] == [1] * min(jobs, games)
    if games >= 1000:
        assert len(pieces) <= games // 5  # few round trips on long runs


def test_different_seeds_give_different_games() -> None:
    theme = _theme("hanabi-classic")
    one, other = simulate(theme, 2, 8, seed=1), simulate(theme, 2, 8, seed=2)
    assert [r.seed for r in one.results] != [r.seed for r in other.results]
    assert [r.turns for r in one.results] != [r.turns for r in other.results]


def test_a_game_is_dealt_the_same_whatever_the_number_of_games() -> None:
    theme = _theme("hanabi-classic")
    short, long = simulate(theme, 4, 5, seed=9), simulate(theme, 4, 9, seed=9)
    assert long.results[:5] == short.results
    assert [game_seed(9, i) for i in range(5)] == [r.seed for r in short.results]


def test_game_seeds_are_distinct() -> None:
    seeds = {game_seed(seed, index) for seed in range(5) for index in range(200)}
    assert len(seeds) == 1000


def test_a_bot_that_breaks_a_rule_is_reported_with_its_game(monkeypatch) -> None:
    class Cheater:
        name = "cheater"

        def __init__(self, seat: int, seed: int = 0) -> None:
            pass

        def observe(self, view, action, event) -> None:
            pass

        def act(self, view):
            return Play(99)

    monkeypatch.setitem(BOTS, "cheater", Cheater)
    with pytest.raises(BotError, match=r"seat 0 .* seeded 7 .*no-such-slot"):
        play_game(_theme("hanabi-classic"), 2, "cheater", 7)


def test_an_unknown_bot_is_refused_before_any_game() -> None:
    with pytest.raises(KeyError):
        simulate(_theme("hanabi-classic"), 2, 3, bot="nobody")


# ---- statistics ---------------------------------------------------------------------------


def test_the_mean_comes_with_a_95_percent_confidence_interval() -> None:
    scores = [20, 22, 18, 24, 16, 20, 21, 19]
    summary = _summary(scores, [End.DECK] * 8, [60] * 8)
    assert summary.mean == pytest.approx(20.0)
    sd = math.sqrt(sum((s - 20) ** 2 for s in scores) / 7)
    assert summary.confidence == pytest.approx(2.365 * sd / math.sqrt(8))  # Student's t, 7 df


def test_large_runs_use_the_normal_quantile() -> None:
    scores = [10, 20] * 50
    summary = _summary(scores, [End.DECK] * 100, [50] * 100)
    sd = math.sqrt(sum((s - 15) ** 2 for s in scores) / 99)
    assert summary.confidence == pytest.approx(1.96 * sd / 10)


def test_shares_of_perfect_and_struck_out_games_and_average_turns() -> None:
    summary = _summary(
        [25, 0, 19, 25], [End.PERFECT, End.STRIKEOUT, End.DECK, End.PERFECT], [40, 12, 60, 48]
    )
    assert summary.perfect_share == 0.5
    assert summary.strikeout_share == 0.25
    assert summary.mean_turns == 40.0


def test_the_histogram_runs_from_the_lowest_score_to_the_highest() -> None:
    summary = _summary([18, 21, 21, None], [End.DECK] * 3 + [End.STRIKEOUT], [1] * 4)
    assert summary.histogram() == [(18, 1), (19, 0), (20, 0), (21, 2), (None, 1)]


def test_games_without_a_score_stay_out_of_the_mean() -> None:
    summary = _summary([None, 10, 20], [End.STRIKEOUT, End.DECK, End.DECK], [5, 50, 60])
    assert summary.mean == 15.0
    assert summary.unscored == 1
    assert "over the 2 games with a score" in report(summary)


def test_one_game_has_a_mean_but_no_interval() -> None:
    summary = _summary([17], [End.DECK], [55])
    assert summary.confidence is None
    assert "mean score      17.00 of 25" in report(summary)
    assert ", 1 game, " in report(summary)


def test_the_histogram_bars_are_rounded_so_close_counts_still_differ() -> None:
    summary = _summary([20] * 83 + [21] * 81 + [22], [End.DECK] * 165, [50] * 165)
    bars = {
        line.split("|")[0].strip(): line.split("|")[1].split()[0]
        for line in report(summary, width=40).splitlines()
        if "|" in line
    }
    assert len(bars["20"]) == 40 and len(bars["21"]) == 39
    assert bars["22"] == "#"  # a single game still shows


def test_the_report_gives_every_figure() -> None:
    summary = _summary([20, 25, 0], [End.DECK, End.PERFECT, End.STRIKEOUT], [60, 50, 10])
    text = report(summary, width=10)
    assert "mean score      15.00 ± " in text
    assert "perfect games    33.3 %" in text
    assert "lost on the last error token   33.3 %" in text
    assert "average turns   40.0" in text
    assert "      25 | ##########      1   33.3 %" in text
    assert "      13 |                 0    0.0 %" in text


# ---- the command ----------------------------------------------------------------------------


def _run(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_the_command_prints_the_same_figures_for_the_same_seed() -> None:
    first = _run("hanabi-classic", "--players", "3", "--games", "6", "--seed", "11")
    assert first.exit_code == 0, first.output
    again = _run("hanabi-classic", "-p", "3", "-g", "6", "-s", "11")
    assert again.output == first.output
    other = _run("hanabi-classic", "-p", "3", "-g", "6", "-s", "12")
    assert other.output != first.output
    for words in (
        "mean score",
        "95 % confidence interval",
        "perfect games",
        "lost on the last error token",
        "average turns",
        "scores",
    ):
        assert words in first.output


def test_without_players_every_allowed_count_is_simulated() -> None:
    result = _run("interfaith-festival", "--games", "3")
    assert result.exit_code == 0, result.output
    assert "interfaith-festival: 4 players, 3 games" in result.output
    assert "interfaith-festival: 5 players, 3 games" in result.output
    assert "players  mean score" in result.output


def test_a_theme_file_path_is_accepted_and_the_random_bot_can_play() -> None:
    result = _run(str(ODD_RULES), "-p", "2", "-g", "5", "--bot", "random")
    assert result.exit_code == 0, result.output
    assert "designer-odd-rules: 2 players, 5 games, bot random" in result.output
    assert "none (no game has a score)" in result.output  # random play always strikes out here


def test_no_progress_bar_is_drawn_when_not_on_a_terminal() -> None:
    result = _run("hanabi-classic", "-p", "2", "-g", "2")
    assert result.exit_code == 0
    assert "Playing" not in result.output and "Playing" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "6"], "hanabi-classic is played by 2, 3, 4 or 5 players, not 6"),
        (["-g", "0"], "Invalid value for '--games'"),
        (["-j", "0"], "Invalid value for '--jobs'"),
        (["--bot", "clever"], "'clever' is not one of 'beginner', 'conventions', 'random'"),
        (["-s", "x"], "'x' is not a valid integer"),
    ],
)
def test_bad_options_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = _run("hanabi-classic", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unknown_theme_is_refused_without_a_traceback() -> None:
    result = _run("no-such-theme", "-g", "1")
    assert result.exit_code == 1
    assert "no-such-theme: no such theme file or bundled theme" in result.stderr
    assert result.stdout == ""


def test_a_broken_theme_file_reports_where(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\nextends: hanabi-classic\ntokens: {hint: {count: -1}}\n")
    result = _run(str(broken), "-g", "1")
    assert result.exit_code == 1
    assert "broken.yaml:3:" in result.stderr
    assert result.stdout == ""


# --------------------------------------------------------------------------------------
# The simulate figures for a seed are pinned: a refactoring of the engine or the bots
# must not change a single game (issue 15). Change these numbers only with a rule or a
# bot that is meant to play differently, and say so in the commit.

# theme, players, conventions scores and turns, random bot turns: 8 games, seed 2026
PINNED = [
    (
        "hanabi-classic",
        2,
        [25, 22, 23, 23, 23, 25, 23, 24],
        [70, 68, 71, 70, 69, 61, 68, 70],
        [5, 18, 11, 10, 17, 21, 19, 19],
    ),
    (
        "hanabi-classic",
        3,
        [24, 24, 24, 25, 23, 24, 25, 25],
        [60, 62, 61, 57, 60, 60, 60, 60],
        [13, 28, 17, 14, 10, 15, 36, 19],
    ),
    (
        "hanabi-classic",
        4,
        [23, 22, 23, 22, 20, 24, 23, 20],
        [61, 61, 61, 61, 62, 62, 61, 62],
        [21, 18, 19, 21, 20, 21, 17, 16],
    ),
    (
        "hanabi-classic",
        5,
        [23, 21, 21, 21, 22, 21, 21, 21],
        [55, 55, 55, 55, 54, 56, 56, 55],
        [17, 21, 17, 22, 20, 18, 11, 16],
    ),
    (
        "avalanche",
        2,
        [27, 24, 29, 30, 25, 30, 26, 30],
        [86, 85, 81, 79, 89, 82, 88, 80],
        [6, 16, 11, 9, 5, 21, 19, 33],
    ),
    (
        "avalanche",
        3,
        [30, 28, 27, 27, 27, 28, 30, 30],
        [73, 76, 77, 75, 78, 76, 69, 76],
        [14, 28, 12, 19, 10, 19, 37, 32],
    ),
    (
        "avalanche",
        4,
        [24, 27, 27, 28, 27, 29, 28, 25],
        [78, 78, 77, 78, 76, 77, 75, 79],
        [21, 17, 19, 18, 24, 13, 17, 15],
    ),
    (
        "avalanche",
        5,
        [27, 27, 26, 28, 24, 26, 29, 28],
        [72, 72, 70, 70, 73, 72, 69, 69],
        [17, 18, 23, 31, 20, 18, 11, 28],
    ),
    (
        "black-powder",
        2,
        [22, 23, 21, 25, 22, 18, 25, 23],
        [86, 86, 84, 78, 82, 86, 77, 83],
        [5, 20, 7, 9, 5, 18, 19, 31],
    ),
    (
        "black-powder",
        3,
        [25, 22, 23, 20, 22, 21, 25, 24],
        [73, 79, 78, 77, 78, 80, 73, 77],
        [29, 19, 7, 11, 18, 13, 13, 15],
    ),
    (
        "black-powder",
        4,
        [22, 23, 20, 22, 23, 19, 22, 23],
        [79, 78, 80, 76, 76, 80, 77, 75],
        [21, 17, 14, 18, 45, 13, 22, 15],
    ),
    (
        "black-powder",
        5,
        [24, 21, 22, 22, 22, 23, 22, 21],
        [68, 71, 72, 71, 69, 71, 70, 71],
        [17, 18, 17, 29, 20, 19, 12, 19],
    ),
    (
        "interfaith-festival",
        4,
        [23, 22, 23, 22, 20, 24, 23, 20],
        [61, 61, 61, 61, 62, 62, 61, 62],
        [13, 30, 15, 18, 12, 16, 33, 17],
    ),
    (
        "interfaith-festival",
        5,
        [23, 21, 21, 21, 22, 21, 21, 21],
        [55, 55, 55, 55, 54, 56, 56, 55],
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
    assert digest.hexdigest() == "81c609af0355bbfd19cbbbd3cb7456f0b27c0131d04dcfb14f4d0a5beca088f9"


def test_the_simulate_command_prints_the_pinned_report_for_seed_7() -> None:
    result = CliRunner().invoke(
        main, ["simulate", "hanabi-classic", "--players", "3", "--games", "30", "--seed", "7"]
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        "hanabi-classic: 3 players, 30 games, bot conventions, seed 7\n"
        "  mean score      23.17 ± 0.50 of 25 (95 % confidence interval 22.67 to 23.67)\n"
        "  perfect games    16.7 %\n"
        "  lost on the last error token    0.0 %\n"
        "  average turns   60.7\n"
        "  scores\n"
        "      20 | ####                                          1    3.3 %\n"
        "      21 | #########                                     2    6.7 %\n"
        "      22 | ###############################               7   23.3 %\n"
        "      23 | ###########################                   6   20.0 %\n"
        "      24 | ########################################      9   30.0 %\n"
        "      25 | ######################                        5   16.7 %\n"
    )
