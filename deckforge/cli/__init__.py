"""The ``deckforge`` command: a thin click group whose commands load lazily.

Each command lives in its own module under ``deckforge.cli`` so that, for
example, ``deckforge print`` never imports Flask. ``deckforge --help`` imports
none of them: the list of commands comes from :data:`SUMMARIES`, each
command's first paragraph of help (a test keeps the two equal). Every command
runs inside :mod:`deckforge.cli.boundary`: no input ends in a traceback.
"""

from __future__ import annotations

import importlib
from gettext import gettext as _

import click

from deckforge.cli.boundary import boundary

# command name -> "module:attribute" of its click command
COMMANDS: dict[str, str] = {
    "check": "deckforge.cli.check:check",
    "schema": "deckforge.cli.check:schema",
    "print": "deckforge.cli.print_kit:print_kit",
    "images": "deckforge.cli.images:images",
    "referee": "deckforge.cli.referee:referee",
    "replay": "deckforge.cli.replay:replay",
    "simulate": "deckforge.cli.simulate:simulate",
    "new": "deckforge.cli.new:new",
    "decks": "deckforge.cli.decks:decks",
}

# command name -> the first paragraph of its help, which ``--help`` shortens
# into the commands' list (a command missing here is imported to list it)
SUMMARIES: dict[str, str] = {
    "check": "Check THEME (a .yaml file or a bundled theme's name) and print every problem.",
    "schema": "Print the JSON Schema of theme files (for editors: see docs/theme-format.md).",
    "print": "Write the print kit of THEME (a .yaml file or a bundled theme's name).",
    "images": (
        "Write PNG images of THEME's cards: one per distinct face (face-SUIT-RANK.png), the"
        " back (back.png) and, for online classes, Tabletop Simulator deck sheets"
        " (tts-deck.png: import it as a custom deck's face, back.png as its back)."
    ),
    "referee": "Run the referee: a projector screen and a leader's remote for each table.",
    "replay": ("Replay RECORD, a game in hanab.live's JSON export format, and print its outcome."),
    "simulate": "Play THEME (a bundled theme name or a .yaml path) many times with bots.",
    "new": "Write DIR/NAME.yaml, a new theme started from a commented template.",
    "decks": (
        "List a hosted referee's library of decks, give a deck a new edit key, or remove one."
    ),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command runs."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{target} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands as click does, from their summaries, importing none of them."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            summary = SUMMARIES.get(name)
            command = click.Command(name, help=summary) if summary else self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command inside the boundary: one line and a known status for any failure."""
        with boundary():
            return super().invoke(ctx)


def compiled_build() -> bool:
    """Whether this install is the compiled build (setup.py: ``DECKFORGE_COMPILE=1``):
    the bot's module is a C extension beside its source. Looked up on disk, so that
    asking imports nothing."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "rules" / "bots"
    return any((folder / f"conventions{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    build = "compiled with mypyc" if compiled_build() else "pure Python"
    click.echo(f"deckforge, version {version('deckforge')} ({build})")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version (and whether this install is the compiled build) and exit.",
)
def main() -> None:
    """Turn a YAML theme file into a classroom card game."""
