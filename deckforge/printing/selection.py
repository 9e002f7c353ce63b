"""``--only``: which cards to reprint, e.g. ``islam:3, bouddhisme:1x2, judaisme, spares:4``.

An item is a suit (every card of it, as many copies as the deck has), a suit
and a rank (one card), a suit and a range of ranks (``islam:1-3``, one of each),
any of these with ``xN`` for N copies each, or ``spare``/``spares:N`` for blank
cards to write on. A suit is named by its id or its name, in any case.
"""

from __future__ import annotations

import re
import unicodedata

from deckforge.printing.cards import DeckCard, PrintError
from deckforge.theme.model import Theme

ITEM = re.compile(
    r"(?P<suit>[^:]+?)\s*(?::\s*(?P<low>\d+)\s*(?:-\s*(?P<high>\d+))?)?\s*(?:[x×]\s*(?P<times>\d+))?"
)
MAX_COPIES = 100


def _key(name: str) -> str:
    """Names compared without case or accents: "Judaïsme" is "judaisme"."""
    plain = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def select_cards(theme: Theme, text: str) -> list[DeckCard]:
    """The cards ``text`` names, in the order given; PrintError if unreadable."""
    suits = {}
    for index, suit in enumerate(theme.suits):
        suits[_key(suit.id)] = index
        suits.setdefault(_key(suit.name), index)
    chosen: list[DeckCard] = []
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise PrintError("--only: name at least one card, e.g. --only red:3")
    for item in items:
        match = ITEM.fullmatch(item)
        if match is None:
            raise PrintError(f"--only {item!r}: write SUIT, SUIT:RANK, SUIT:LOW-HIGH or spares:N")
        name, low, high, times = match["suit"], match["low"], match["high"], match["times"]
        if _key(name) in ("spare", "spares"):
            count = int(low) if low is not None else 1
            if high is not None or times is not None or not 1 <= count <= MAX_COPIES:
                raise PrintError(f"--only {item!r}: write spares:N, N from 1 to {MAX_COPIES}")
            chosen += [DeckCard(None)] * count
            continue
        found = suits.get(_key(name))
        if found is None:
            names = ", ".join(s.id for s in theme.suits)
            raise PrintError(f"--only {item!r}: no suit {name.strip()!r} (suits: {names})")
        index = found
        suit = theme.suits[index]
        copies = int(times) if times is not None else None
        if copies is not None and not 1 <= copies <= MAX_COPIES:
            raise PrintError(f"--only {item!r}: from 1 to {MAX_COPIES} copies")
        if low is None:  # a whole suit: the deck's copies, unless xN says otherwise
            for rank in range(1, suit.ranks + 1):
                chosen += [DeckCard((index, rank))] * (copies or suit.copies[rank - 1])
            continue
        first, last = int(low), int(high) if high is not None else int(low)
        if not 1 <= first <= last <= suit.ranks:
            raise PrintError(f"--only {item!r}: {suit.id} has ranks 1 to {suit.ranks}")
        for rank in range(first, last + 1):
            chosen += [DeckCard((index, rank))] * (copies or 1)
    return chosen
