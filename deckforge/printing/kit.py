"""The whole print kit of a theme: every PDF, built in memory, then written atomically.

``build_kit`` returns file name -> bytes and writes nothing, so a failure at
any point leaves the output folder as it was; ``write_kit`` then replaces the
files all together or not at all (temporary files and renames).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from deckforge.atomic import stage
from deckforge.languages import is_rtl_language
from deckforge.printing.calibration import calibration_sheet
from deckforge.printing.cards import (
    CardSheets,
    PrintError,
    Progress,
    back_face,
    deck_order,
    front_faces,
)
from deckforge.printing.catalogue import Catalogue, catalogue
from deckforge.printing.faces import FrontFace
from deckforge.printing.fonts import FontError, FontPair, theme_fonts
from deckforge.printing.geometry import (
    PAPERS,
    Duplex,
    FoldLayout,
    LayoutError,
    SheetLayout,
    parse_card_size,
)
from deckforge.printing.pdf import PrintCanvas
from deckforge.printing.preflight import preflight
from deckforge.printing.rules_sheet import rules_sheet
from deckforge.printing.score_sheet import score_sheet
from deckforge.printing.selection import select_cards
from deckforge.printing.tokens import token_layout, token_sheet
from deckforge.theme.model import Theme

__all__ = ["Ink", "KitOptions", "PrintError", "build_kit", "kit_files", "write_kit"]


class Ink(StrEnum):
    """How much ink the cards and tokens take."""

    FULL = "full"  # faces filled with the suit's colour, dark backs
    LOW = "low"  # white faces with a coloured frame and symbol, backs in a light pattern


@dataclass(frozen=True)
class KitOptions:
    """How to print: paper, card size (None: the theme's), bleed, duplex edge, offsets."""

    paper: str = "a4"
    card: str | None = None
    bleed: float = 0.0
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    marks: bool = True
    fold: bool = False
    ink: Ink = Ink.FULL
    gap: float = 0.0  # mm between neighbouring cards on a sheet
    only: str | None = None  # reprint these cards only (see selection.py)
    shop: bool = False  # also cards-shop.pdf: one card per page, for a print shop


SHOP_BLEED = 3.0  # mm: what print shops ask for when --bleed is not given


def kit_files(options: KitOptions) -> list[str]:
    """The names of the files a kit consists of, in the order they are built."""
    names = ["cards.pdf", "cards-fronts.pdf", "cards-backs.pdf"]
    if options.fold:
        names.append("cards-fold.pdf")
    if options.shop:
        names.append("cards-shop.pdf")
    if options.only is not None:  # a reprint: the chosen cards only
        return names
    return [*names, "tokens.pdf", "rules.pdf", "scoresheet.pdf", "calibration.pdf"]


def deck_faces(
    theme: Theme, card: tuple[float, float]
) -> tuple[FontPair, Catalogue, dict[tuple[int, int], FrontFace]]:
    """The theme checked for ``card``, its fonts, its words and every distinct face."""
    problems = preflight(theme, card)
    if problems:
        raise PrintError(f"{len(problems)} printing problem(s) in the theme", problems)
    try:
        fonts = theme_fonts(
            theme.print_style.title_fonts,
            theme.print_style.body_fonts,
            theme.path,
            theme.language,
        )
    except FontError as error:
        raise PrintError(str(error)) from None
    words = catalogue(theme.language)
    return fonts, words, front_faces(theme.suits, fonts, card, words)


def build_kit(
    theme: Theme, options: KitOptions = KitOptions(), progress: Progress | None = None
) -> dict[str, bytes]:
    """Every file of the kit, as bytes. Raises PrintError with a one-line reason."""
    try:
        paper = PAPERS[options.paper]
    except KeyError:
        raise PrintError(f"paper {options.paper!r}: use one of {', '.join(PAPERS)}") from None
    try:
        card = parse_card_size(options.card or theme.print_style.card)
        layout = SheetLayout(
            paper=paper,
            card=card,
            bleed=options.bleed,
            duplex=options.duplex,
            back_offset=options.back_offset,
            gap=options.gap,
            rtl=is_rtl_language(theme.language),
        )
        fold = FoldLayout(paper=paper, card=card, bleed=options.bleed) if options.fold else None
    except LayoutError as error:
        raise PrintError(str(error)) from None
    fonts, words, faces = deck_faces(theme, card)
    deck = deck_order(theme.suits) if options.only is None else select_cards(theme, options.only)
    low_ink = options.ink is Ink.LOW
    reprint = options.only is not None
    sheets = CardSheets(
        faces, back_face(theme), fonts, card, options.bleed, words, low_ink, not reprint
    )

    def canvas(
        what: str, size: tuple[float, float] = paper, duplex: Duplex | None = options.duplex
    ) -> PrintCanvas:
        return PrintCanvas(size, f"{theme.title}: {what}", duplex)

    files: dict[str, bytes] = {}
    files["cards.pdf"] = sheets.render(
        canvas("cards"),
        layout,
        deck,
        fronts=True,
        backs=True,
        marks=options.marks,
        progress=progress,
    )
    files["cards-fronts.pdf"] = sheets.render(
        canvas("card fronts", duplex=None),
        layout,
        deck,
        fronts=True,
        backs=False,
        marks=options.marks,
    )
    files["cards-backs.pdf"] = sheets.render(
        canvas("card backs", duplex=None), layout, deck, fronts=False, backs=True
    )
    if fold is not None:
        files["cards-fold.pdf"] = sheets.render_fold(
            canvas("cards to fold", fold.page, None), fold, deck, marks=options.marks
        )
    if options.shop:
        bleed = options.bleed or SHOP_BLEED
        shop = CardSheets(faces, back_face(theme), fonts, card, bleed, words, low_ink)
        size = (card[0] + 2 * bleed, card[1] + 2 * bleed)
        files["cards-shop.pdf"] = shop.render_shop(
            canvas("cards for a print shop", size, None), deck
        )
    if options.only is not None:
        return files
    files["tokens.pdf"] = token_sheet(
        theme,
        fonts,
        token_layout(theme, paper, options.duplex, options.back_offset),
        words,
        canvas("tokens"),
        low_ink,
    )
    files["rules.pdf"] = rules_sheet(theme, words, fonts, canvas("rules", duplex=None))
    landscape = (max(paper), min(paper))
    files["scoresheet.pdf"] = score_sheet(
        theme, words, fonts, canvas("score sheet", landscape, None)
    )
    files["calibration.pdf"] = calibration_sheet(
        paper, options.duplex, options.back_offset, words, fonts, canvas("calibration")
    )
    return files


def write_kit(files: dict[str, bytes], directory: Path) -> list[Path]:
    """Write every file into ``directory`` (created if needed): all of them or none.

    Every new file is first written in full under a temporary name; then the old
    files are moved aside and the new ones moved in. If any step fails (a full
    disk, a file held open by a PDF viewer on Windows), the old kit is put back
    as it was, so a kit never mixes new cards with old tokens or calibration.
    """
    staged: dict[Path, Path] = {}  # target -> its new content, under a temporary name
    aside: dict[Path, Path] = {}  # target -> its old content, under a temporary name
    placed: list[Path] = []
    try:
        for name, data in files.items():
            staged[directory / name] = stage(directory / name, data)
        for target in staged:
            if target.exists():
                old = _free_name(target, ".old")
                try:
                    os.replace(target, old)
                except BaseException:
                    old.unlink(missing_ok=True)
                    raise
                aside[target] = old
        for target, temp in staged.items():
            os.replace(temp, target)
            placed.append(target)
    except BaseException:
        for target in placed:
            if target not in aside:
                target.unlink(missing_ok=True)
        for target, old in aside.items():
            with contextlib.suppress(OSError):
                os.replace(old, target)
        for temp in staged.values():
            temp.unlink(missing_ok=True)
        raise
    for old in aside.values():
        with contextlib.suppress(OSError):
            old.unlink()
    return list(staged)


def _free_name(path: Path, suffix: str) -> Path:
    """A new, unused name beside ``path`` (the empty file holding it is replaced)."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
    os.close(fd)
    return Path(name)
