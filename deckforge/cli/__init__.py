"""The ``deckforge`` command: a thin click group whose commands load lazily.

Each command lives in its own module under ``deckforge.cli`` so that, for
example, ``deckforge print`` never imports Flask. Every command runs inside
:mod:`deckforge.cli.boundary`: no input ends in a traceback.
"""

from __future__ import annotations

import importlib

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

    def invoke(self, ctx: click.Context) -> object:
        """Run the command inside the boundary: one line and a known status for any failure."""
        with boundary():
            return super().invoke(ctx)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="deckforge")
def main() -> None:
    """Turn a YAML theme file into a classroom card game."""
