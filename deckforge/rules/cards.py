"""Cards and the cards held in a hand, with what the holder was told about them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: ``suit`` indexes ``theme.suits``, ``rank`` runs from 1."""

    suit: int
    rank: int

    def to_dict(self) -> dict[str, int]:
        return {"suit": self.suit, "rank": self.rank}


def _members(mask: int) -> frozenset[int]:
    found = []
    bit = 0
    while mask >> bit:
        if (mask >> bit) & 1:
            found.append(bit)
        bit += 1
    return frozenset(found)


class HandCard:
    """A card in a hand and the clue knowledge its holder has about it.

    Only the engine changes these objects; everybody else reads them.
    ``card`` is None when the identity is unknown (printed cards, or a card
    seen from its holder's seat through :class:`~deckforge.rules.view.PlayerView`).

    Knowledge is kept as bit masks for speed (bit ``i`` of ``possible_suits``
    is suit ``i``; bit ``r`` of ``possible_ranks`` is rank ``r``; bit ``c`` of
    ``colours_ruled_out`` is clue colour ``c``, an index into
    ``theme.clue_colours()``). The ``*_set`` properties give them as sets.
    """

    __slots__ = (
        "card",
        "colour_hinted",
        "colours_ruled_out",
        "deck_index",
        "possible_ranks",
        "possible_suits",
        "rank_hinted",
        "ranks_ruled_out",
    )

    def __init__(
        self,
        card: Card | None,
        deck_index: int,
        possible_suits: int,
        possible_ranks: int,
    ) -> None:
        self.card = card
        self.deck_index = deck_index
        self.colour_hinted: int | None = None  # clue colour of the latest colour hint touching it
        self.rank_hinted: int | None = None  # rank named by the latest rank hint touching it
        self.colours_ruled_out = 0  # clue colours named by hints that did not touch it
        self.ranks_ruled_out = 0  # ranks named by hints that did not touch it
        self.possible_suits = possible_suits  # suits consistent with every hint received
        self.possible_ranks = possible_ranks  # ranks consistent with every hint received

    @property
    def touched(self) -> bool:
        """Whether any hint has ever touched this card."""
        return self.colour_hinted is not None or self.rank_hinted is not None

    @property
    def possible_suits_set(self) -> frozenset[int]:
        return _members(self.possible_suits)

    @property
    def possible_ranks_set(self) -> frozenset[int]:
        return _members(self.possible_ranks)

    @property
    def colours_ruled_out_set(self) -> frozenset[int]:
        return _members(self.colours_ruled_out)

    @property
    def ranks_ruled_out_set(self) -> frozenset[int]:
        return _members(self.ranks_ruled_out)

    def hidden(self) -> HandCard:
        """A copy without the identity: what the holder knows of this card."""
        copy = _new(HandCard)
        copy.card = None
        copy.deck_index = self.deck_index
        copy.colour_hinted = self.colour_hinted
        copy.rank_hinted = self.rank_hinted
        copy.colours_ruled_out = self.colours_ruled_out
        copy.ranks_ruled_out = self.ranks_ruled_out
        copy.possible_suits = self.possible_suits
        copy.possible_ranks = self.possible_ranks
        return copy

    def __repr__(self) -> str:
        return (
            f"HandCard({self.card!r}, deck_index={self.deck_index}, "
            f"colour_hinted={self.colour_hinted}, rank_hinted={self.rank_hinted})"
        )


_new = object.__new__


def new_hand_card(
    card: Card | None, deck_index: int, possible_suits: int, possible_ranks: int
) -> HandCard:
    """``HandCard(card, deck_index, possible_suits, possible_ranks)`` in half the time
    (calling a class with a Python ``__init__`` costs about 90 ns more than this):
    the engine makes one for every card dealt or drawn."""
    held = _new(HandCard)
    held.card = card
    held.deck_index = deck_index
    held.colour_hinted = None
    held.rank_hinted = None
    held.colours_ruled_out = 0
    held.ranks_ruled_out = 0
    held.possible_suits = possible_suits
    held.possible_ranks = possible_ranks
    return held
