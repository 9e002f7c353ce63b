"""``deckforge replay``: replay a hanab.live game record and print its outcome."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from deckforge.rules import hanab_live
from deckforge.rules.errors import IllegalAction
from deckforge.rules.game import Game
from deckforge.rules.records import MAX_RECORD_BYTES, RecordError, from_hanab_live
from deckforge.theme.loader import ThemeError, load_theme

INPUT_ERROR = 2  # the record or the theme cannot be read
ILLEGAL_ACTION = 1  # the record is readable but breaks a rule


def outcome(game: Game, hanab_live_rules: bool = False) -> dict[str, object]:
    """The one-line summary ``deckforge replay`` prints. With ``hanab_live_rules`` (a
    record hanab.live exported), a game whose score already equals the most still
    reachable has ended as hanab.live ends it (``end``: ``max-reachable``)."""
    if game.end is not None:
        end, rating = game.end.value, game.rating
    elif hanab_live_rules and hanab_live.ended_early(game):
        end, rating = hanab_live.EARLY_END, game.theme.rating_for(game.score)
    else:
        end, rating = "in-progress", None
    return {
        "score": game.score,
        "end": end,
        "turns": game.turn,
        "hint_tokens": game.hint_tokens,
        "error_tokens": game.error_tokens,
        "stacks": list(game.top_ranks()),
        "rating": rating,
    }


def read_record(path: Path) -> str:
    """The text of a record file: a regular file of at most MAX_RECORD_BYTES of UTF-8."""
    try:
        if path.exists() and not path.is_file():  # a pipe or a device could block forever
            _fail(f"{path}: cannot read the record: not a regular file", INPUT_ERROR)
        with path.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as problem:
        _fail(f"{path}: cannot read the record: {problem.strerror or problem}", INPUT_ERROR)
    if len(data) > MAX_RECORD_BYTES:
        _fail(
            f"{path}: not a game record: larger than {MAX_RECORD_BYTES // 2**20} MiB",
            INPUT_ERROR,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        _fail(f"{path}: cannot read the record: not UTF-8 text", INPUT_ERROR)


def _fail(message: str, status: int) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(status)


@click.command()
@click.argument("record", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--theme",
    "theme_name",
    default="hanabi-classic",
    show_default=True,
    help="Theme the game was played with (a bundled theme name or a .yaml path); "
    "hanab.live records do not name one.",
)
def replay(record: Path, theme_name: str) -> None:
    """Replay RECORD, a game in hanab.live's JSON export format, and print its outcome.

    Prints one JSON object: score, end (perfect, deck, strikeout, in-progress, or
    max-reachable: a record from hanab.live that stopped where the score equals the
    most still reachable, as hanab.live ends games), turns, hint_tokens, error_tokens,
    stacks (per suit, the rank on top of its pile, 0 if empty; for a suit played down,
    the lowest rank so far) and rating. What hanab.live would refuse in the game (a
    discard with every hint token in, a theme it has no variant for) is a warning on
    stderr. Exit status 1 if an action breaks the rules, 2 if the record or the theme
    cannot be read.
    """
    try:
        theme = load_theme(theme_name)
    except ThemeError as problem:
        _fail("; ".join(problem.problems), INPUT_ERROR)
    text = read_record(record)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as problem:
        _fail(
            f"{record}:{problem.lineno}:{problem.colno}: not valid JSON: {problem.msg}", INPUT_ERROR
        )
    except RecursionError:
        _fail(f"{record}: not a game record: its JSON is nested too deeply", INPUT_ERROR)
    except ValueError as problem:  # e.g. a number longer than Python converts
        _fail(f"{record}: not a game record: {problem}", INPUT_ERROR)
    try:
        game = from_hanab_live(theme, data)
    except RecordError as problem:
        _fail(f"{record}: {problem}", INPUT_ERROR)
    except IllegalAction as refusal:
        _fail(
            f"{record}: action {refusal.index}: {refusal.message} ({refusal.code})",
            ILLEGAL_ACTION,
        )
    for refused in hanab_live.refusals(game):
        click.echo(
            f"{record}: warning: hanab.live would refuse this record: {refused.message}", err=True
        )
    click.echo(json.dumps(outcome(game, hanab_live.is_hanab_live_record(data))))
