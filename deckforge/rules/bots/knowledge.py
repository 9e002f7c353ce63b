"""What a seat can deduce about cards: identity sets as bit masks, from public facts.

An *identity* is one (suit, rank) pair of the theme, numbered ``suit * max_rank +
rank - 1``; a set of identities is an ``int`` whose bit ``i`` stands for identity
``i``. Bit operations keep the bots fast enough to simulate thousands of games.

Everything here reads a :class:`~deckforge.rules.view.PlayerView`, so a seat's
own cards stay out of reach: only clue knowledge and the cards in the piles,
the discards and the other hands are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from deckforge.identity_cache import IdentityCache
from deckforge.rules.cards import Card, HandCard
from deckforge.rules.rulebook import Rulebook
from deckforge.rules.view import PlayerView
from deckforge.theme.model import Theme


@dataclass(frozen=True, slots=True)
class Identities:
    """The identities of one theme and the masks clues select."""

    book: Rulebook
    width: int  # max rank: identities per suit
    copies: tuple[int, ...]  # identity -> copies in the deck (0: no such card)
    every: int  # mask of every identity that exists
    suit_masks: tuple[int, ...]  # suit -> its identities
    rank_masks: tuple[int, ...]  # rank -> identities of that rank (index 0 unused)
    colour_masks: tuple[int, ...]  # clue colour -> identities it touches
    successor: tuple[int, ...]  # identity -> bit of the identity played after it (0: none)
    bits: tuple[int, ...]  # identity -> its bit (made once: on a large deck a big integer)
    # (possible suits, possible ranks) of a card, as one number -> its identities
    clue_cache: dict[int, int] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, theme: Theme) -> Identities:
        cached = _CACHE.get(id(theme), theme)
        if cached is not None:
            return cached
        book = Rulebook.of(theme)
        width = book.max_rank
        copies = [0] * (book.suits * width)
        suit_masks = []
        for suit in range(book.suits):
            mask = 0
            for rank in range(1, book.ranks[suit] + 1):
                copies[suit * width + rank - 1] = book.copies[suit][rank]
                mask |= 1 << (suit * width + rank - 1)
            suit_masks.append(mask)
        every = 0
        for mask in suit_masks:
            every |= mask
        rank_masks = [0]
        for rank in range(1, width + 1):
            mask = 0
            for suit in range(book.suits):
                if rank <= book.ranks[suit]:
                    mask |= 1 << (suit * width + rank - 1)
            rank_masks.append(mask)
        colour_masks = []
        for suits in book.colour_masks:
            mask = 0
            for suit in range(book.suits):
                if (suits >> suit) & 1:
                    mask |= suit_masks[suit]
            colour_masks.append(mask)
        successor = [0] * len(copies)
        for suit in range(book.suits):
            order = book.orders[suit]
            for before, after in pairwise(order):
                successor[suit * width + before - 1] = 1 << (suit * width + after - 1)
        made = cls(
            book,
            width,
            tuple(copies),
            every,
            tuple(suit_masks),
            tuple(rank_masks),
            tuple(colour_masks),
            tuple(successor),
            tuple([1 << index for index in range(len(copies))]),
        )
        return _CACHE.put(id(theme), theme, made)

    def index(self, card: Card) -> int:
        return card.suit * self.width + card.rank - 1

    def card(self, identity: int) -> Card:
        return Card(identity // self.width, identity % self.width + 1)

    def bit(self, card: Card) -> int:
        return self.bits[card.suit * self.width + card.rank - 1]

    def following(self, mask: int) -> int:
        """The identities played right after those in ``mask``."""
        successor, bits = self.successor, self.bits
        found = 0
        while mask:
            top = mask.bit_length() - 1
            found |= successor[top]
            mask ^= bits[top]
        return found

    def of_hand_card(self, held: HandCard) -> int:
        """The identities consistent with every clue the card received."""
        suits, ranks = held.possible_suits, held.possible_ranks
        key = suits << (self.width + 1) | ranks  # (ranks: bits 1 to ``width``)
        mask = self.clue_cache.get(key)
        if mask is None:
            mask = 0
            for suit, suit_mask in enumerate(self.suit_masks):
                if (suits >> suit) & 1:
                    mask |= suit_mask
            ranked = 0
            for rank in range(1, self.width + 1):
                if (ranks >> rank) & 1:
                    ranked |= self.rank_masks[rank]
            mask &= ranked
            self.clue_cache[key] = mask
        return mask


_CACHE: IdentityCache[Identities] = IdentityCache(64)  # per theme object


def members(mask: int) -> list[int]:
    """The identity numbers in ``mask``, lowest first."""
    found = []
    while mask:  # highest first: no negative number (``mask & -mask``), see ``Board``
        top = mask.bit_length() - 1
        found.append(top)
        mask ^= 1 << top
    found.reverse()
    return found


@dataclass(slots=True, init=False)
class _SuitFacts:
    """The public facts of one suit, kept until a card of that suit is played or
    discarded (the masks cover that suit's identities only; never changed once made).
    Its ``__init__`` is written out for the compiled build: see ``_Clue`` in
    ``conventions``."""

    played: int  # cards on the pile
    discarded: tuple[int, ...]  # copies of rank ``r`` discarded or misplayed, at index ``r``
    left: tuple[int, ...]  # per rank (rank 1 first): copies outside the pile and the discards
    playable: int
    trash: int
    critical: int
    available: int

    def __init__(
        self,
        played: int,
        discarded: tuple[int, ...],
        left: tuple[int, ...],
        playable: int,
        trash: int,
        critical: int,
        available: int,
    ) -> None:
        self.played = played
        self.discarded = discarded
        self.left = left
        self.playable = playable
        self.trash = trash
        self.critical = critical
        self.available = available

    @staticmethod
    def of(ids: Identities, suit: int, played: int, discarded: tuple[int, ...]) -> _SuitFacts:
        width = ids.width
        copies = ids.copies
        order = ids.book.orders[suit]
        base = suit * width - 1
        public = [0] * (width + 1)  # by rank
        for rank in range(1, len(discarded)):
            public[rank] = discarded[rank]
        # the masks within the suit first, bit ``rank - 1`` for a rank (small numbers,
        # fast even where the deck's masks are big integers), moved to its place last
        playable = trash = critical = 0
        for rank in order[:played]:
            public[rank] += 1
            trash |= 1 << (rank - 1)
        dead = False
        for position in range(played, len(order)):
            rank = order[position]
            left = copies[base + rank] - discarded[rank]
            if dead or left <= 0:
                dead = True
                trash |= 1 << (rank - 1)
                continue
            if position == played:
                playable |= 1 << (rank - 1)
            if left == 1:
                critical |= 1 << (rank - 1)
        lefts = tuple(copies[base + rank] - public[rank] for rank in range(1, width + 1))
        available = 0
        for rank, count in enumerate(lefts, start=1):
            if count > 0:
                available |= 1 << (rank - 1)
        shift = base + 1
        return _SuitFacts(
            played,
            discarded,
            lefts,
            playable << shift,
            trash << shift,
            critical << shift,
            available << shift,
        )


class Board:
    """The public facts of one moment: what plays, what is dead, what is the last copy.

    ``playable``: identities that play now. ``trash``: identities that can never
    score again (already played, or cut off by discarded cards). ``critical``:
    useful identities with a single copy left outside the piles and discards.
    ``left``: per identity, copies outside the piles and the discards.
    ``after_playable``: identities that play right after one that plays now.

    Built from the ``previous`` board of the same game, only the suits whose pile
    or discards changed since are worked out again: a play or a discard changes
    one suit, so the cost does not grow with the size of the deck.
    """

    __slots__ = (
        "_left",
        "after_playable",
        "available",
        "critical",
        "ids",
        "next_ranks",
        "playable",
        "suits",
        "trash",
        "unplayable",
        "useful",
        "waiting",
    )

    suits: list[_SuitFacts]
    playable: int
    after_playable: int
    trash: int
    critical: int
    available: int

    def __init__(self, ids: Identities, view: PlayerView, previous: Board | None = None) -> None:
        self.ids = ids
        heights = view.pile_heights()
        kept = previous.suits if previous is not None else None
        suits: list[_SuitFacts] = []
        changed: list[int] = []  # the suits worked out again
        for suit, discarded in enumerate(view.discarded_counts()):
            played = heights[suit]
            if kept is not None:
                facts = kept[suit]
                if facts.played == played and facts.discarded == discarded:
                    suits.append(facts)
                    continue
            suits.append(_SuitFacts.of(ids, suit, played, discarded))
            changed.append(suit)
        # the previous board's masks with the changed suits' parts replaced (the suits'
        # identities are apart, and what follows a card is of its suit); without a
        # previous board every suit is worked out, into empty masks
        if previous is not None:
            playable, trash = previous.playable, previous.trash
            critical, available = previous.critical, previous.available
            following = previous.after_playable
        else:
            playable = trash = critical = available = following = 0
        for suit in changed:
            facts, other = suits[suit], ids.every ^ ids.suit_masks[suit]
            playable = playable & other | facts.playable
            trash = trash & other | facts.trash
            critical = critical & other | facts.critical
            available = available & other | facts.available
            following = following & other | ids.following(facts.playable)
        self.suits = suits
        self._left: list[int] | None = None
        self.playable = playable
        self.after_playable = following  # identities that play right after one that plays now
        self.trash = trash
        self.critical = critical
        # Complements are taken within ``ids.every``, never with ``~``: a negative
        # number makes every ``&`` with it slow (compiled, a mask past 62 bits is a
        # big integer, and mypyc's fast path takes non-negative ones only). The bots
        # test against these again and again, so they are taken once: for a mask of
        # identities, ``mask & unplayable`` is ``mask & ~playable``.
        self.useful = ids.every ^ trash
        self.unplayable = ids.every ^ playable
        self.waiting = self.useful & self.unplayable  # useful ones that do not play yet
        self.available = available  # identities with a copy outside piles and discards
        self.next_ranks = view.next_ranks()

    @property
    def left(self) -> list[int]:
        """Per identity, copies outside the piles and the discards (a new list)."""
        left = self._left
        if left is None:
            left = []
            for facts in self.suits:
                left += facts.left
            self._left = left
        return left.copy()

    def unseen(self, view: PlayerView) -> tuple[list[int], int]:
        """Per identity, copies ``view``'s player cannot see (deck or own hand), and
        the mask of the identities with at least one such copy."""
        left = self.left
        mask = self.available
        ids = self.ids
        for player in range(view.players):
            if player != view.player:
                for index in hand_identities(view, ids, player):
                    count = left[index] - 1
                    left[index] = count
                    if count <= 0 and mask & ids.bits[index]:
                        mask ^= ids.bits[index]
        return left, mask


def hand_identities(view: PlayerView, ids: Identities, player: int) -> list[int]:
    """The identities (``Identities.index``) of another player's cards, oldest first:
    worked out by the first seat that asks after the hand changed (``hand_moves``),
    the other seats take them from ``view.shared``. Never changed once made."""
    if player == view.player:
        raise ValueError("a player cannot see their own cards")
    moves = view.hand_moves(player)
    shared = view.shared
    kept: dict[int, tuple[int, Identities, list[int]]] | None = shared.get("knowledge.hands")
    if kept is None:
        kept = shared["knowledge.hands"] = {}
    found = kept.get(player)
    if found is not None and found[0] == moves and found[1] is ids:
        return found[2]
    identities = [ids.index(card) for card in view.cards(player)]
    kept[player] = (moves, ids, identities)
    return identities


def chances(mask: int, unseen: list[int], target: int) -> float:
    """Probability that a card whose identity is in ``mask`` is in ``target``."""
    total = hit = 0
    for index in members(mask):
        weight = unseen[index]
        if weight > 0:
            total += weight
            if (target >> index) & 1:
                hit += weight
    return hit / total if total else 0.0
