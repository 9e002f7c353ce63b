"""``deckforge print``: write a theme's print kit (cards, tokens, rules, score sheet)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import click

from deckforge.cli.numbers import FiniteFloatRange
from deckforge.cli.output_folder import check_output_folder
from deckforge.printing.geometry import LayoutError, parse_card_size, parse_offset
from deckforge.theme.advice import warnings
from deckforge.theme.loader import ThemeError, load_theme

PROGRESS_FROM = 200  # cards: smaller decks are done before a bar would be read
POLL_SECONDS = 0.5


def _card(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        try:
            parse_card_size(value)
        except LayoutError as error:
            raise click.BadParameter(str(error)) from None
    return value


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        return parse_offset(value)
    except LayoutError as error:
        raise click.BadParameter(str(error)) from None


def on_terminal() -> bool:
    """Whether a person watches stderr (then large decks get a progress bar)."""
    return sys.stderr.isatty()


def build_once(theme_name: str, output: Path | None, options: object) -> bool:
    """Load, check and print the kit; report problems on stderr. True when it was written."""
    from deckforge.printing.kit import KitOptions, PrintError, build_kit, write_kit
    from deckforge.printing.preflight import legibility_warnings

    assert isinstance(options, KitOptions)
    try:
        theme = load_theme(theme_name)
    except ThemeError as error:
        for problem in error.problems:
            click.echo(problem, err=True)
        return False
    directory = output if output is not None else Path("printouts") / theme.id
    if options.only is not None:  # never over the full kit's cards
        directory = directory / "reprint"
    check_output_folder(directory)
    try:
        if on_terminal() and theme.deck_size >= PROGRESS_FROM:
            with click.progressbar(
                length=theme.deck_size, label="Drawing cards", file=sys.stderr
            ) as bar:
                files = build_kit(theme, options, progress=bar.update)
        else:
            files = build_kit(theme, options)
    except PrintError as error:
        for line in error.problems or [f"Error: {error}"]:
            click.echo(line, err=True)
        return False
    # as deckforge check shows them: the kit is still written
    for warning in warnings(theme, legibility_warnings(theme, options.card)):
        click.echo(warning, err=True)
    try:
        paths = write_kit(files, directory)
    except OSError as error:
        click.echo(f"Error: cannot write to {directory}: {error.strerror or error}", err=True)
        return False
    for path in paths:
        click.echo(f"{path} ({len(files[path.name]) // 1024} KB)")
    click.echo(how_to_print(options), err=True)
    return True


def how_to_print(options: object) -> str:
    """The one sentence a teacher needs at the printer."""
    from deckforge.printing.kit import KitOptions

    assert isinstance(options, KitOptions)
    return (
        f"Print at 100 % (actual size, no 'fit to page'): cards.pdf double-sided, "
        f"flipping on the {options.duplex.value} edge. New printer? Print calibration.pdf "
        "the same way first and pass the offset it shows with --back-offset."
    )


def pause(seconds: float) -> None:
    """Wait between two looks at the theme file (replaced in tests)."""
    time.sleep(seconds)


def theme_files(theme_name: str, path: Path) -> list[Path]:
    """The theme file and every file it extends (as far as it still loads)."""
    try:
        theme = load_theme(theme_name)
    except ThemeError:
        return [path]
    others = sorted({Path(p.file) for p in theme.positions.values()} - {path})
    return [path, *others]


def watch(
    path: Path,
    rebuild: Callable[[], bool],
    poll: float = POLL_SECONDS,
    files: Callable[[], list[Path]] | None = None,
) -> None:
    """Rebuild whenever ``path`` (or another of ``files()``) changes, until Ctrl-C."""

    def listed() -> list[Path]:
        return files() if files is not None else [path]

    def stamp(watched: list[Path]) -> tuple[int | None, ...]:
        stamps: list[int | None] = []
        for file in watched:
            try:
                stamps.append(file.stat().st_mtime_ns)
            except OSError:
                stamps.append(None)
        return tuple(stamps)

    watched = listed()
    last = stamp(watched)
    click.echo(f"Watching {path} (Ctrl-C to stop)", err=True)
    while True:
        pause(poll)
        current = stamp(watched)
        if current != last and current[0] is not None:
            changed = next(
                (f for f, a, b in zip(watched, last, current, strict=True) if a != b), path
            )
            click.echo(f"{changed} changed: rebuilding", err=True)
            rebuild()
            watched = listed()
            last = stamp(watched)


@click.command("print")
@click.argument("theme")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the PDFs (default: printouts/<theme id>/); --only writes into its "
    "reprint/ folder.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "a3", "legal"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)
@click.option(
    "--card",
    callback=_card,
    metavar="SIZE",
    help="poker (63x88), bridge (57x89), tarot (70x120) or WxH in mm "
    "(default: the theme's, usually poker).",
)
@click.option(
    "--bleed",
    type=FiniteFloatRange(0, 10),
    default=0,
    show_default=True,
    metavar="MM",
    help="Bleed around each card (3 for a print shop).",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="Edge the printer flips the sheet on.",
)
@click.option(
    "--back-offset",
    callback=_offset,
    default="0,0",
    show_default=True,
    metavar="X,Y",
    help="Shift the backs by X,Y mm, as read off calibration.pdf.",
)
@click.option(
    "--marks/--no-marks", default=True, show_default=True, help="Crop marks in the margins."
)
@click.option(
    "--ink",
    type=click.Choice(["full", "low"], case_sensitive=False),
    default="full",
    show_default=True,
    help="low: white card faces with a coloured frame and symbol, backs and tokens in a "
    "light pattern (a school inkjet's cartridges last about three times longer).",
)
@click.option(
    "--gap",
    type=FiniteFloatRange(0, 20),
    default=0,
    show_default=True,
    metavar="MM",
    help="Paper left between neighbouring cards (for a guillotine: two cuts per gap).",
)
@click.option(
    "--only",
    metavar="CARDS",
    help="Reprint these cards only (card files only): SUIT, SUIT:RANK, SUIT:LOW-HIGH, "
    "each with xN for N copies, or spares:N; comma-separated, e.g. 'red:3, blue:1x2, spares:2'.",
)
@click.option(
    "--shop",
    is_flag=True,
    help="Also write cards-shop.pdf for a print shop: one card per page, front then back, "
    "with TrimBox and BleedBox (3 mm bleed unless --bleed says otherwise).",
)
@click.option("--fold", is_flag=True, help="Also write cards-fold.pdf, to fold and glue.")
@click.option(
    "--watch",
    "watch_file",
    is_flag=True,
    help="Rebuild whenever the theme file, or a theme it extends, changes (Ctrl-C to stop).",
)
def print_kit(
    theme: str,
    output: Path | None,
    paper: str,
    card: str | None,
    bleed: float,
    duplex: str,
    back_offset: tuple[float, float],
    marks: bool,
    ink: str,
    gap: float,
    only: str | None,
    shop: bool,
    fold: bool,
    watch_file: bool,
) -> None:
    """Write the print kit of THEME (a .yaml file or a bundled theme's name).

    cards.pdf (fronts and backs on alternate pages, for duplex printing),
    cards-fronts.pdf and cards-backs.pdf (for printers without duplex),
    tokens.pdf, rules.pdf, scoresheet.pdf and calibration.pdf. Print at 100 %.
    With --only, just the chosen cards' files, in the reprint/ folder of the output
    folder (printouts/<theme id>/reprint/ by default), so the full kit stays whole.
    """
    from deckforge.printing.options import OptionError, kit_options

    try:  # the same checks as the referee's "Print a deck" page
        options = kit_options(
            paper=paper,
            card=card,
            bleed=bleed,
            duplex=duplex,
            offset_x=back_offset[0],
            offset_y=back_offset[1],
            marks=marks,
            fold=fold,
            ink=ink,
            gap=gap,
            only=only,
            shop=shop,
        )
    except OptionError as error:
        raise click.UsageError(error.message) from None
    ok = build_once(theme, output, options)
    if not watch_file:
        if not ok:
            raise SystemExit(1)
        return
    try:
        path = load_theme(theme).path if ok else _theme_path(theme)
        if path is None:
            raise click.ClickException(f"{theme}: --watch needs a theme file")
        watch(
            path, lambda: build_once(theme, output, options), files=lambda: theme_files(theme, path)
        )
    except KeyboardInterrupt:
        click.echo("Stopped watching.", err=True)


def _theme_path(theme: str) -> Path | None:
    from deckforge.theme.loader import resolve_theme_path

    try:
        return resolve_theme_path(theme)
    except ThemeError as error:
        raise click.ClickException(error.problems[0]) from None
