"""``deckforge check`` validates themes; ``deckforge schema`` prints the format's JSON Schema."""

from __future__ import annotations

import click

from deckforge.theme.advice import warnings
from deckforge.theme.loader import ThemeError, load_theme
from deckforge.theme.model import Theme


def summary(theme: Theme) -> str:
    """One line: title, cards, suits, player range, maximum score."""
    counts = theme.players.counts
    players = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    unit = "players or teams" if theme.players.teams else "players"
    title = " ".join(p.strip(" \t") for p in theme.title.splitlines() if p.strip())  # one line
    return (
        f"{title} ({theme.id}): {theme.deck_size} cards, {len(theme.suits)} suits, "
        f"{players} {unit}, maximum score {theme.max_score}"
    )


@click.command()
@click.argument("themes", nargs=-1, required=True, metavar="THEME...")
def check(themes: tuple[str, ...]) -> None:
    """Check THEME (a .yaml file or a bundled theme's name) and print every problem.

    Prints one summary line per good theme. Problems go to stderr, one per line
    as path:line:col: message, and the exit status is 1. Warnings (a card that
    looks forgotten, a quote left open) also go to stderr, as path:line:col: warning: message; they
    do not change the exit status.
    """
    # the print preflight brings reportlab, HarfBuzz and Pillow: only ``check`` needs it
    from deckforge.printing.preflight import legibility_warnings, preflight

    failed = False
    for name in themes:
        try:
            theme = load_theme(name)
        except ThemeError as error:
            failed = True
            for problem in error.problems:
                click.echo(problem, err=True)
            continue
        problems = preflight(theme)
        if problems:
            failed = True
            for problem in problems:
                click.echo(problem, err=True)
        else:
            for warning in warnings(theme, legibility_warnings(theme)):
                click.echo(warning, err=True)
            click.echo(summary(theme))
    if failed:
        raise SystemExit(1)


@click.command()
def schema() -> None:
    """Print the JSON Schema of theme files (for editors: see docs/theme-format.md)."""
    from deckforge.theme.validation import SCHEMA_PATH

    click.echo(SCHEMA_PATH.read_text(encoding="utf-8"), nl=False)
