"""A theme's rules flattened into plain ints and tuples for the engine's hot path."""

from __future__ import annotations

from dataclasses import dataclass

from deckforge.identity_cache import IdentityCache
from deckforge.rules.cards import Card
from deckforge.theme.model import (
    ClueMode,
    DiscardAtMaxHints,
    EmptyHints,
    StrikeoutScore,
    SuitScoring,
    Theme,
)


@dataclass(frozen=True, slots=True)
class Rulebook:
    """What the engine needs from a theme, precomputed once per theme."""

    suits: int
    ranks: tuple[int, ...]  # per suit: number of ranks
    max_rank: int
    orders: tuple[tuple[int, ...], ...]  # per suit: ranks in playing order
    copies: tuple[tuple[int, ...], ...]  # per suit: copies of rank r at index r (index 0 unused)
    minus_missing: tuple[bool, ...]  # per suit: scores minus the cards not played
    clue_colours: tuple[int, ...]  # clue colour -> the suit that owns it
    colour_masks: tuple[int, ...]  # clue colour -> bit mask of the suits it touches
    all_suits: int  # bit mask of every suit
    all_ranks: int  # bit mask of ranks 1..max_rank
    max_hints: int
    max_errors: int
    empty_hints_allowed: bool
    discard_at_max_forbidden: bool
    strikeout_score: StrikeoutScore
    completion_bonus: bool
    deck_size: int
    sorted_deck: tuple[Card, ...]  # every card, by suit then rank

    @classmethod
    def of(cls, theme: Theme) -> Rulebook:
        cached = _CACHE.get(id(theme), theme)
        if cached is not None:
            return cached
        return _CACHE.put(id(theme), theme, cls._build(theme))

    @classmethod
    def _build(cls, theme: Theme) -> Rulebook:
        suits = theme.suits
        every = 0
        for index, suit in enumerate(suits):
            if suit.clue is ClueMode.EVERY_COLOUR:
                every |= 1 << index
        clue_colours = theme.clue_colours()
        sorted_deck = tuple(
            Card(index, rank)
            for index, suit in enumerate(suits)
            for rank in range(1, suit.ranks + 1)
            for _ in range(suit.copies[rank - 1])
        )
        return cls(
            suits=len(suits),
            ranks=tuple(s.ranks for s in suits),
            max_rank=theme.ranks,
            orders=tuple(s.rank_order() for s in suits),
            copies=tuple((0, *s.copies) for s in suits),
            minus_missing=tuple(s.scoring is SuitScoring.MINUS_MISSING for s in suits),
            clue_colours=clue_colours,
            colour_masks=tuple((1 << suit) | every for suit in clue_colours),
            all_suits=(1 << len(suits)) - 1,
            all_ranks=((1 << (theme.ranks + 1)) - 1) & ~1,
            max_hints=theme.tokens.hint.count,
            max_errors=theme.tokens.error.count,
            empty_hints_allowed=theme.rules.empty_hints is EmptyHints.ALLOWED,
            discard_at_max_forbidden=(
                theme.rules.discard_at_max_hints is DiscardAtMaxHints.FORBIDDEN
            ),
            strikeout_score=theme.rules.strikeout_score,
            completion_bonus=theme.rules.completion_bonus,
            deck_size=theme.deck_size,
            sorted_deck=sorted_deck,
        )

    def refuses_discard(self, hint_tokens: int) -> bool:
        """Whether a discard is refused with ``hint_tokens`` available: the one place of the
        `discard_at_max_hints: forbidden` rule (every hint token in, no discard)."""
        return self.discard_at_max_forbidden and hint_tokens >= self.max_hints

    def full_deck(self) -> list[Card]:
        """Every card of the theme, sorted by suit then rank."""
        return list(self.sorted_deck)

    def is_card(self, card: Card) -> str | None:
        """None if ``card`` exists in this theme, else the refusal code."""
        suit, rank = card.suit, card.rank
        if suit.__class__ is not int or not 0 <= suit < self.suits:
            return "unknown-suit"
        if rank.__class__ is not int or not 1 <= rank <= self.ranks[suit]:
            return "unknown-rank"
        return None


_CACHE: IdentityCache[Rulebook] = IdentityCache(64)  # per theme object
