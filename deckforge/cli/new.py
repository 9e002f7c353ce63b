"""``deckforge new``: start a theme file from one of the commented templates."""

from __future__ import annotations

import re
from pathlib import Path

import click

from deckforge.bundled import bundled_folder
from deckforge.theme.loader import (
    NEW_THEMES_FOLDER,
    ThemeError,
    bundled_theme_names,
    load_theme,
    shown_path,
)
from deckforge.theme.validation import schema, with_schema_line

TEMPLATES = bundled_folder("templates")

_ID_LINE = re.compile(r"^(id:[ \t]*)[^\s#]+", re.MULTILINE)


def template_names() -> list[str]:
    """The starter templates that ship with deckforge (templates/*.yaml)."""
    return sorted(p.stem for p in TEMPLATES.glob("*.yaml"))


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a theme's id and file name, or None if it can."""
    rule = schema()["properties"]["id"]
    if name.endswith((".yaml", ".yml")):
        return f"give the name without its extension, e.g. deckforge new {Path(name).stem}"
    if not re.fullmatch(rule["pattern"], name) or len(name) > rule["maxLength"]:
        return f"{rule['patternErrorMessage']} (at most {rule['maxLength']} characters)"
    if name in bundled_theme_names():
        return "a bundled theme already has this name; choose another"
    return None


def render(template: str, name: str, directory: Path) -> str:
    """The template's text with its id set to ``name`` and the schema path fixed."""
    text, count = _ID_LINE.subn(lambda m: m.group(1) + name, template, count=1)
    if count != 1:
        raise click.ClickException("the template has no 'id:' line; deckforge is damaged")
    return with_schema_line(text, directory)


def _shown(path: Path) -> str:
    """A path as the user can type it back: relative when inside the working directory."""
    shown = shown_path(path.absolute())
    return f'"{shown}"' if " " in shown else shown


@click.command()
@click.argument("name")
@click.option(
    "--from",
    "template",
    type=click.Choice(template_names()),
    default="minimal",
    show_default=True,
    help="Starter template: minimal (the base game with your names, colours and texts) "
    "or complete (every field of the format, commented).",
)
@click.option(
    "--dir",
    "directory",
    type=click.Path(path_type=Path),
    default=Path(NEW_THEMES_FOLDER),
    show_default=True,
    help="Directory to write NAME.yaml into.",
)
def new(name: str, template: str, directory: Path) -> None:
    """Write DIR/NAME.yaml, a new theme started from a commented template.

    NAME becomes the theme's id: lowercase letters, digits and hyphens. An
    existing file is never overwritten.
    """
    problem = name_problem(name)
    if problem is not None:
        raise click.ClickException(f"{name!r} is not a usable theme name: {problem}")
    if directory.exists() and not directory.is_dir():
        raise click.ClickException(f"{_shown(directory)}: not a directory")
    target = directory / f"{name}.yaml"
    if target.exists():
        raise click.ClickException(
            f"{_shown(target)} already exists; choose another name or move that file away"
        )
    text = render((TEMPLATES / f"{template}.yaml").read_text(encoding="utf-8"), name, directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with target.open("x", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
    except FileExistsError:
        raise click.ClickException(f"{_shown(target)} already exists") from None
    except OSError as error:
        target.unlink(missing_ok=True)
        raise click.ClickException(
            f"{_shown(target)}: cannot write the file ({error.strerror or error})"
        ) from None
    try:
        load_theme(target)
    except ThemeError as error:  # a damaged template: leave nothing half-made behind
        target.unlink(missing_ok=True)
        raise click.ClickException("; ".join(error.problems)) from None
    shown = _shown(target)
    click.echo(f"Created {shown} from the {template} template.")
    click.echo("Next steps:")
    click.echo("  1. Edit it: the title, the suits' names, colours and symbols, the card texts.")
    click.echo(f"  2. deckforge check {shown}     (every mistake, with its line and column)")
    click.echo(f"  3. deckforge print {shown}     (the print kit, in printouts/)")
    click.echo(f"  4. deckforge simulate {shown}  (how well bots play it, before you print)")
