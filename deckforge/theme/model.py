"""The validated theme model: frozen, pure data that every other layer reads.

A theme file (YAML) is loaded and checked by :mod:`deckforge.theme.loader`, which
builds these objects. Nothing here reads files or knows about YAML.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

# Every default a theme file may leave out is written once, here: as the default of
# a field below (the loader reads them as ``Suit.copies``, ``Rules.empty_hints`` ...),
# or as a constant for a required field. schema.json repeats them for editors;
# tests/theme checks that it says the same.
DEFAULT_LANGUAGE = "en"


class Direction(StrEnum):
    """Order in which a suit's pile is built."""

    UP = "up"  # 1, 2, ..., N
    DOWN = "down"  # N, ..., 2, 1


class ClueMode(StrEnum):
    """How colour hints touch the cards of a suit."""

    OWN = "own"  # the suit has its own clue colour
    EVERY_COLOUR = "every-colour"  # touched by every colour hint (rainbow)
    NONE = "none"  # touched by no colour hint, and cannot be named


class SuitScoring(StrEnum):
    """What a suit's pile is worth at the end."""

    TOP_CARD = "top-card"  # the number of cards played on it (its top rank for an up suit)
    MINUS_MISSING = "minus-missing"  # minus one per card of the suit not played

    def score_range(self, ranks: int) -> tuple[int, int]:
        """(lowest, highest) score of a suit of ``ranks`` ranks scored this way."""
        return (0, ranks) if self is SuitScoring.TOP_CARD else (-ranks, 0)


class DiscardAtMaxHints(StrEnum):
    """Discarding while every hint token is available."""

    FORBIDDEN = "forbidden"
    NO_GAIN = "no_gain"


class EmptyHints(StrEnum):
    """Hints that touch no card ("you have no red")."""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class StrikeoutScore(StrEnum):
    """Score of a game lost on the last error token."""

    ZERO = "zero"  # the score is 0
    NONE = "none"  # the game has no score
    KEEP = "keep"  # the piles count as usual


@dataclass(frozen=True)
class SourcePosition:
    """Where a value was written: file, 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class CardText:
    """What is printed on one card besides its suit and rank."""

    title: str = ""
    text: str = ""
    image: Path | None = None
    source: str = ""  # where the facts on the card can be checked (not printed on the card)


@dataclass(frozen=True)
class Suit:
    """One suit (a firework, a family, a religion ...)."""

    id: str
    name: str
    colour: str  # "#rrggbb"
    symbol: str
    direction: Direction = Direction.UP
    copies: tuple[int, ...] = (3, 2, 2, 2, 1)  # copies of rank 1, 2, ..., N
    clue: ClueMode = ClueMode.OWN
    scoring: SuitScoring = SuitScoring.TOP_CARD
    cards: Mapping[int, CardText] = field(default_factory=dict)  # rank -> text

    @property
    def ranks(self) -> int:
        return len(self.copies)

    @property
    def size(self) -> int:
        """Number of cards of this suit in the deck."""
        return sum(self.copies)

    @property
    def max_score(self) -> int:
        return self.scoring.score_range(self.ranks)[1]

    @property
    def min_score(self) -> int:
        return self.scoring.score_range(self.ranks)[0]

    def rank_order(self) -> tuple[int, ...]:
        """The ranks in the order they must be played."""
        ranks = tuple(range(1, self.ranks + 1))
        return ranks if self.direction is Direction.UP else tuple(reversed(ranks))

    def text_for(self, rank: int) -> CardText:
        return self.cards.get(rank, CardText())


@dataclass(frozen=True)
class TokenKind:
    """One kind of token: how many, what it is called, its colour."""

    count: int
    name: str
    plural: str
    colour: str


@dataclass(frozen=True)
class Tokens:
    hint: TokenKind
    error: TokenKind


@dataclass(frozen=True)
class Players:
    """Who may sit at the table."""

    counts: tuple[int, ...]  # allowed numbers of players (or teams), ascending
    hand_sizes: Mapping[int, int]  # player count -> cards in each hand
    teams: bool = False  # seats may be teams of several people
    first: str = ""  # the sentence that says who starts

    def hand_size(self, players: int) -> int:
        return self.hand_sizes[players]


@dataclass(frozen=True)
class Rules:
    """Rule switches where the sources disagree."""

    discard_at_max_hints: DiscardAtMaxHints = DiscardAtMaxHints.NO_GAIN
    empty_hints: EmptyHints = EmptyHints.ALLOWED
    strikeout_score: StrikeoutScore = StrikeoutScore.ZERO
    completion_bonus: bool = True  # completing a suit returns one hint token


@dataclass(frozen=True)
class RatingBand:
    """Scores from ``low`` to ``high`` inclusive earn ``label``."""

    low: int
    high: int
    label: str


@dataclass(frozen=True)
class BackDesign:
    """The one back shared by every card."""

    title: str
    colour: str  # background
    accent: str  # title and pattern
    pattern: str = "stars"  # stars | dots | stripes | plain
    image: Path | None = None  # a picture covering the whole back, instead of the design


@dataclass(frozen=True)
class PrintStyle:
    card: str = "poker"  # poker | bridge | tarot | WxH in millimetres
    back: BackDesign | None = None  # None: derived from the theme's title and tokens
    # bundled font names or .ttf/.ttc/.otf paths, in order of preference; the kit adds
    # DejaVu last (printing.fonts.font_stack)
    title_fonts: tuple[str, ...] = ("DejaVuSans-Bold",)
    body_fonts: tuple[str, ...] = ("DejaVuSans",)

    @property
    def title_font(self) -> str:
        """The first title font."""
        return self.title_fonts[0]

    @property
    def body_font(self) -> str:
        """The first body font."""
        return self.body_fonts[0]


@dataclass(frozen=True)
class DebriefQuestions:
    """Questions a leader may ask the class after a game (the theme's ``debrief``)."""

    questions: tuple[str, ...] = ()  # about the whole deck and the game
    by_suit: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # suit id -> questions

    def for_suit(self, suit_id: str) -> tuple[str, ...]:
        return self.by_suit.get(suit_id, ())


@dataclass(frozen=True)
class Theme:
    """A complete, validated deck and its rules."""

    id: str
    title: str
    language: str  # "fr", "en", "de" ... (DEFAULT_LANGUAGE when the file says none)
    suits: tuple[Suit, ...]
    tokens: Tokens
    players: Players
    rules: Rules = Rules()
    rating: tuple[RatingBand, ...] = ()
    description: str = ""
    authors: tuple[str, ...] = ()
    licence: str = ""
    notes: str = ""  # notes for the teacher, printed on the rules sheet
    sources: tuple[str, ...] = ()  # where the card facts can be checked
    print_style: PrintStyle = PrintStyle()
    debrief: DebriefQuestions = DebriefQuestions()  # questions for the class after a game
    path: Path | None = None  # the file it was loaded from
    positions: Mapping[tuple[str | int, ...], SourcePosition] = field(
        default_factory=dict, compare=False, repr=False
    )  # key path -> where it was written, e.g. ("suits", 0, "cards", 1, "text")

    @property
    def ranks(self) -> int:
        return max(s.ranks for s in self.suits)

    @property
    def deck_size(self) -> int:
        return sum(s.size for s in self.suits)

    @property
    def max_score(self) -> int:
        return sum(s.max_score for s in self.suits)

    @property
    def min_score(self) -> int:
        return sum(s.min_score for s in self.suits)

    def clue_colours(self) -> tuple[int, ...]:
        """Indices of the suits that have a clue colour of their own, in theme order.

        A colour hint names one of these; its value in game records is the
        position in this tuple (as in hanab.live's export format).
        """
        return tuple(i for i, s in enumerate(self.suits) if s.clue is ClueMode.OWN)

    def rating_for(self, score: int | None) -> str | None:
        """The rating label for a score (scores below every band take the lowest)."""
        if score is None or not self.rating:
            return None
        for band in self.rating:
            if band.low <= score <= band.high:
                return band.label
        return self.rating[0].label if score < self.rating[0].low else self.rating[-1].label

    def position(self, *key: str | int) -> SourcePosition | None:
        """Where the value at ``key`` (or its nearest written parent) comes from."""
        while key:
            if key in self.positions:
                return self.positions[key]
            key = key[:-1]
        return self.positions.get(())
