"""``deckforge images``: PNG card images and Tabletop Simulator sheets of a theme."""

from __future__ import annotations

from pathlib import Path

import click

from deckforge.cli.output_folder import check_output_folder
from deckforge.cli.print_kit import _card
from deckforge.theme.advice import warnings
from deckforge.theme.loader import ThemeError, load_theme


@click.command("images")
@click.argument("theme")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the images (default: printouts/<theme id>/images/).",
)
@click.option(
    "--card",
    callback=_card,
    metavar="SIZE",
    help="poker, bridge, tarot or WxH in mm (default: the theme's).",
)
@click.option(
    "--dpi",
    type=click.IntRange(50, 600),
    default=300,
    show_default=True,
    help="Resolution of the single card images.",
)
@click.option(
    "--ink",
    type=click.Choice(["full", "low"], case_sensitive=False),
    default="full",
    show_default=True,
    help="low: white faces with a coloured frame, as deckforge print --ink low.",
)
@click.option(
    "--tts/--no-tts",
    default=True,
    show_default=True,
    help="Also write Tabletop Simulator deck sheets (10 x 7 cards at most, the last cell "
    "the hidden card) and tts-hidden.png.",
)
def images(
    theme: str, output: Path | None, card: str | None, dpi: int, ink: str, tts: bool
) -> None:
    """Write PNG images of THEME's cards: one per distinct face (face-SUIT-RANK.png), the
    back (back.png) and, for online classes, Tabletop Simulator deck sheets
    (tts-deck.png: import it as a custom deck's face, back.png as its back)."""
    from deckforge.printing.images import ImageOptions, build_images
    from deckforge.printing.kit import Ink, PrintError, write_kit

    try:
        loaded = load_theme(theme)
    except ThemeError as error:
        for problem in error.problems:
            click.echo(problem, err=True)
        raise SystemExit(1) from None
    options = ImageOptions(card=card, dpi=dpi, ink=Ink(ink.lower()), tts=tts)
    directory = output if output is not None else Path("printouts") / loaded.id / "images"
    check_output_folder(directory)  # before drawing: a bad folder fails at once
    try:
        files = build_images(loaded, options)
    except PrintError as error:
        for line in error.problems or [f"Error: {error}"]:
            click.echo(line, err=True)
        raise SystemExit(1) from None
    for warning in warnings(loaded):
        click.echo(warning, err=True)
    try:
        write_kit(files, directory)
    except OSError as error:
        click.echo(f"Error: cannot write to {directory}: {error.strerror or error}", err=True)
        raise SystemExit(1) from None
    faces = sum(1 for name in files if name.startswith("face-"))
    size = sum(len(data) for data in files.values()) // 1024
    click.echo(f"{directory}: {faces} faces, the back", nl=False)
    sheets = [name for name in files if name.startswith("tts-deck")]
    if sheets:
        click.echo(f", {len(sheets)} Tabletop Simulator sheet(s) and its hidden card", nl=False)
    click.echo(f" ({len(files)} PNG files, {size} KB)")
