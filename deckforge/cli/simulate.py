"""``deckforge simulate``: let bots play a theme many times and report how hard it is."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import click

from deckforge.rules.bots import BOTS, DEFAULT_BOT
from deckforge.rules.simulation import BotError, Summary, report
from deckforge.rules.simulation import simulate as run_games
from deckforge.theme.loader import ThemeError, load_theme
from deckforge.theme.model import Theme

PARALLEL_FROM = 200  # games per run from which every core is used (unless --jobs says)
MAX_GAMES = 1_000_000  # per player count: a day of computing; far more than any estimate needs


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def table(summaries: list[Summary]) -> str:
    """One line per player count, for runs over several counts."""
    lines = ["players  mean score        perfect  lost on errors  turns"]
    for summary in summaries:
        mean, half = summary.mean, summary.confidence
        shown = "none" if mean is None else f"{mean:5.2f}"
        if mean is not None and half is not None:
            shown += f" ± {half:.2f}"
        lines.append(
            f"{summary.players:>7}  {shown:<16}  {100 * summary.perfect_share:5.1f} %"
            f"  {100 * summary.strikeout_share:12.1f} %  {summary.mean_turns:5.1f}"
        )
    return "\n".join(lines)


@click.command()
@click.argument("theme_name", metavar="THEME")
@click.option(
    "--players",
    "-p",
    type=click.IntRange(min=1),
    default=None,
    help="Number of players (or teams). Default: every count the theme allows, one run each.",
)
@click.option(
    "--games",
    "-g",
    type=click.IntRange(1, MAX_GAMES),
    default=500,
    show_default=True,
    help="Games to play for each player count.",
)
@click.option(
    "--seed",
    "-s",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the run: the same seed gives the same numbers.",
)
@click.option(
    "--bot",
    "-b",
    type=click.Choice(sorted(BOTS)),
    default=DEFAULT_BOT,
    show_default=True,
    help="The bot at every seat: 'conventions' plays by sound conventions, "
    "'random' takes any legal action (a floor to compare with).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help=f"Processes to play in, at most one per game and per core. "
    f"Default: one per core from {PARALLEL_FROM} games, else one.",
)
def simulate(
    theme_name: str,
    players: int | None,
    games: int,
    seed: int,
    bot: str,
    jobs: int | None,
) -> None:
    """Play THEME (a bundled theme name or a .yaml path) many times with bots.

    Prints, for each player count: the mean score with its 95 % confidence
    interval, the share of perfect games, the share of games lost on the last
    error token, the average number of turns and a histogram of the scores.
    """
    try:
        theme = load_theme(theme_name)
    except ThemeError as error:
        for problem in error.problems:
            click.echo(problem, err=True)
        sys.exit(1)
    counts = theme.players.counts
    if players is not None and players not in counts:
        words = [str(n) for n in counts]
        allowed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
        raise click.BadParameter(
            f"{theme.id} is played by {allowed} players, not {players}.",
            param_hint="'--players'",
        )
    runs = [players] if players is not None else list(counts)
    if jobs is None:
        jobs = _cores() if games >= PARALLEL_FROM else 1
    jobs = min(jobs, games, _cores())  # more processes than games or cores only cost time

    summaries = []
    total = games * len(runs)
    if sys.stderr.isatty():
        with click.progressbar(
            length=total, label="Playing", file=sys.stderr, show_eta=True
        ) as bar:
            summaries = _run_all(theme, runs, games, seed, bot, jobs, bar.update)
    else:
        summaries = _run_all(theme, runs, games, seed, bot, jobs, None)
    click.echo("\n\n".join(report(summary) for summary in summaries))
    if len(summaries) > 1:
        click.echo()
        click.echo(table(summaries))


def _run_all(
    theme: Theme,
    runs: list[int],
    games: int,
    seed: int,
    bot: str,
    jobs: int,
    progress: Callable[[int], None] | None,
) -> list[Summary]:
    try:
        return [run_games(theme, n, games, seed, bot, jobs, progress) for n in runs]
    except BotError as error:  # a bug, not a user mistake: say so plainly
        raise click.ClickException(f"internal error: {error}") from error
