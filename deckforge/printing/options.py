"""The print options as a person gives them (words and numbers), checked into KitOptions.

``deckforge print`` and the referee's "Print a deck" page both build their
:class:`KitOptions` here, so the same choices make the same PDFs. A refusal is
an :class:`OptionError` naming the field and saying what is wrong in one line.
"""

from __future__ import annotations

import math

from deckforge.printing.geometry import (
    MAX_BLEED,
    MAX_GAP,
    PAPERS,
    Duplex,
    LayoutError,
    parse_card_size,
)
from deckforge.printing.kit import Ink, KitOptions

MAX_OFFSET = 20.0  # mm: more is not a printer's drift (as parse_offset says)


class OptionError(ValueError):
    """A print option that cannot be used: ``field`` names it, the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def millimetres(text: str | float, field: str, label: str, low: float, high: float) -> float:
    """A length typed in a form: ``1.5``, ``1,5`` (decimal comma) or ``-0.5``, in range.

    ``field`` names the form field for the page; ``label`` is the option in the message.
    """
    if isinstance(text, str):
        cleaned = text.strip().replace(",", ".").replace("−", "-")
        if cleaned.lower().endswith("mm"):
            cleaned = cleaned[:-2].strip()
        try:
            value = float(cleaned or "0")
        except ValueError:
            raise OptionError(field, f"{label}: {text!r} is not a number of millimetres") from None
    else:
        value = float(text)
    if not math.isfinite(value):
        raise OptionError(field, f"{label}: {text!r} is not a number of millimetres")
    if not low <= value <= high:
        raise OptionError(field, f"{label}: {value:g} mm is outside {low:g} to {high:g} mm")
    return value


def kit_options(
    *,
    paper: str = "a4",
    card: str | None = None,
    duplex: str = "long",
    offset_x: str | float = 0.0,
    offset_y: str | float = 0.0,
    bleed: str | float = 0.0,
    marks: bool = True,
    fold: bool = False,
    ink: str = "full",
    gap: str | float = 0.0,
    only: str | None = None,
    shop: bool = False,
) -> KitOptions:
    """Check every option and return the :class:`KitOptions` they describe."""
    key = paper.strip().lower()
    if key not in PAPERS:
        raise OptionError("paper", f"paper {paper!r}: use one of {', '.join(PAPERS)}")
    if card is not None and card.strip():
        try:
            parse_card_size(card)
        except LayoutError as error:
            raise OptionError("card", str(error)) from None
        card = card.strip()
    else:
        card = None
    try:
        edge = Duplex(duplex.strip().lower())
    except ValueError:
        raise OptionError("duplex", f"duplex {duplex!r}: use long or short") from None
    try:
        amount = Ink(ink.strip().lower())
    except ValueError:
        raise OptionError("ink", f"ink {ink!r}: use full or low") from None
    offset = (
        millimetres(offset_x, "offset", "back offset X", -MAX_OFFSET, MAX_OFFSET),
        millimetres(offset_y, "offset", "back offset Y", -MAX_OFFSET, MAX_OFFSET),
    )
    return KitOptions(
        paper=key,
        card=card,
        bleed=millimetres(bleed, "bleed", "bleed", 0.0, MAX_BLEED),
        duplex=edge,
        back_offset=offset,
        marks=marks,
        fold=fold,
        ink=amount,
        gap=millimetres(gap, "gap", "gap", 0.0, MAX_GAP),
        only=only.strip() if only is not None and only.strip() else None,
        shop=shop,
    )
