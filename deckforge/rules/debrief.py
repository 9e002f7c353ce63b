"""Looking back at a game: its curve, its key moments and the cards it met.

Everything here is read from the action log by replaying it once with the engine
(state = replay(log)); nothing is stored. Step ``k`` is the table after ``k``
actions (step 0: the deal), the same numbering as the referee's replay page.
Pure: no I/O, no Flask, no reportlab.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from deckforge.rules.actions import Action
from deckforge.rules.cards import Card
from deckforge.rules.errors import IllegalAction
from deckforge.rules.game import End, Event, Game
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.model import SuitScoring, Theme


class MomentKind(StrEnum):
    """What made a step worth going back to."""

    MISPLAY = "misplay"  # a card that did not continue its family: an error token
    LAST_COPY = "last-copy"  # the last copy of a needed card left the game
    COMPLETED = "completed"  # a family finished
    FINAL_ROUND = "final-round"  # the last card was drawn: everyone plays once more
    GOOD_RUN = "good-run"  # a long stretch without a misplay or a point lost


@dataclass(frozen=True, slots=True)
class Point:
    """The table's figures after one step: what the chart draws."""

    step: int
    score: int  # the game's score (a game without one after a strikeout: its piles)
    hint_tokens: int  # available
    error_tokens: int  # placed
    max_reachable: int  # the best score still possible


@dataclass(frozen=True, slots=True)
class Moment:
    """A key moment; ``step`` is the state that shows it (after its action)."""

    kind: MomentKind
    step: int
    player: int | None = None  # who acted (None: the run of several players)
    card: Card | None = None  # the card misplayed, lost or completing its family
    suit: int | None = None  # the family concerned
    points_lost: int = 0  # misplay, last copy: the drop of the best score still possible
    best: int | None = None  # last copy: the family's best possible score from then on
    end_step: int | None = None  # good run: its last step
    plays: int = 0  # good run: the cards it added to the piles
    ends_game: bool = False  # misplay: the last error token (the game is lost)


@dataclass(frozen=True, slots=True)
class LostCard:
    """A card that left the game without reaching a pile."""

    card: Card
    step: int
    player: int
    misplayed: bool  # True: a misplay; False: a discard


@dataclass(frozen=True, slots=True)
class Debrief:
    """A whole game looked back on."""

    points: tuple[Point, ...]  # step 0 (the deal) to the last step
    moments: tuple[Moment, ...]  # by step, in the order they happened
    played: tuple[tuple[Card, ...], ...]  # per suit: the cards on its pile, in order
    lost: tuple[LostCard, ...]  # misplayed and discarded cards, in order

    @property
    def steps(self) -> int:
        """How many actions the game holds."""
        return len(self.points) - 1

    def next_moment(self, step: int) -> Moment | None:
        """The first key moment after ``step`` (None: none left)."""
        for moment in self.moments:
            if moment.step > step:
                return moment
        return None


def good_run_length(players: int) -> int:
    """The shortest run that counts as a long run of good play: two full rounds."""
    return 2 * players


def suit_reach(game: Game, suit: int) -> int:
    """The best score ``suit`` can still reach on ``game``'s table (its piles' worth
    plus every next card while a copy of it is still out of the discards)."""
    book = Rulebook.of(game.theme)
    played = len(game.stacks[suit])
    reach = played
    copies = book.copies[suit]
    discarded = [0] * len(copies)
    for card in game.discards:
        if card.suit == suit:
            discarded[card.rank] += 1
    for rank in book.orders[suit][played:]:
        if copies[rank] - discarded[rank] <= 0:
            break
        reach += 1
    return reach - book.ranks[suit] if book.minus_missing[suit] else reach


def debrief(
    theme: Theme, players: int, deck: Sequence[Card] | None, actions: Sequence[Action]
) -> Debrief:
    """Replay ``actions`` once and read the game's curve, moments and cards from it.

    An illegal action raises :class:`~deckforge.rules.IllegalAction` with its index,
    as :meth:`Game.replay` does.
    """
    game = Game(theme, players, deck)
    reader = _Reader(game)
    for index, action in enumerate(actions):
        try:
            event = game.apply(action)
        except IllegalAction as refusal:
            refusal.index = index
            raise
        reader.after(event)
    return reader.finish()


class _Reader:
    """Follows a game step by step and notes what a debrief needs."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.points = [_point(game, 0)]
        self.moments: list[Moment] = []
        self.lost: list[LostCard] = []
        self.reach = [suit_reach(game, s) for s in range(len(game.theme.suits))]
        self.final_round = game.final_turns_left is not None
        self.run_start: int | None = None  # first step of the current good run
        self.run_plays = 0

    def after(self, event: Event) -> None:
        game = self.game
        step = game.turn
        self.points.append(_point(game, step))
        # what the piles can still reach, the end aside (a game over "reaches" its score)
        reach = [suit_reach(game, s) for s in range(len(self.reach))]
        lost = max(0, sum(self.reach) - sum(reach))
        misplay = event.kind == "play" and not event.success
        if misplay:
            moment = Moment(MomentKind.MISPLAY, step, event.player, event.card, _suit(event), lost)
            if game.end is End.STRIKEOUT:
                moment = replace(moment, ends_game=True)
            self.moments.append(moment)
        if event.card is not None and (misplay or event.kind == "discard"):
            self.lost.append(LostCard(event.card, step, event.player, misplay))
            self._last_copy(event, step, reach)
        card = event.card
        if event.success and card is not None and game.next_ranks()[card.suit] == 0:
            self.moments.append(Moment(MomentKind.COMPLETED, step, event.player, card, card.suit))
        if not self.final_round and game.final_turns_left is not None:
            self.final_round = True
            self.moments.append(Moment(MomentKind.FINAL_ROUND, step, event.player))
        self.reach = reach
        self._follow_run(step, good=not misplay and lost == 0, played=bool(event.success))

    def _last_copy(self, event: Event, step: int, reach: list[int]) -> None:
        card = event.card
        assert card is not None
        suit = card.suit
        if reach[suit] < self.reach[suit]:
            self.moments.append(
                Moment(
                    MomentKind.LAST_COPY,
                    step,
                    event.player,
                    card,
                    suit,
                    points_lost=self.reach[suit] - reach[suit],
                    best=reach[suit],
                )
            )

    def _follow_run(self, step: int, *, good: bool, played: bool) -> None:
        if good:
            if self.run_start is None:
                self.run_start, self.run_plays = step, 0
            self.run_plays += played
            return
        self._close_run(step - 1)

    def _close_run(self, last: int) -> None:
        start, self.run_start = self.run_start, None
        if start is None:
            return
        players = self.game.players
        if last - start + 1 >= good_run_length(players) and self.run_plays >= players:
            self.moments.append(
                Moment(MomentKind.GOOD_RUN, start, end_step=last, plays=self.run_plays)
            )

    def finish(self) -> Debrief:
        self._close_run(self.game.turn)
        moments = sorted(self.moments, key=lambda m: m.step)  # a run is noted at its end
        return Debrief(
            tuple(self.points),
            tuple(moments),
            tuple(tuple(stack) for stack in self.game.stacks),
            tuple(self.lost),
        )


def _suit(event: Event) -> int | None:
    return None if event.card is None else event.card.suit


def _point(game: Game, step: int) -> Point:
    score = game.score  # after a strikeout, the theme's rule (None: the piles, for the chart)
    if score is None:
        score = sum(
            len(stack) - suit.ranks if suit.scoring is SuitScoring.MINUS_MISSING else len(stack)
            for suit, stack in zip(game.theme.suits, game.stacks, strict=True)
        )
    return Point(step, score, game.hint_tokens, game.error_tokens, game.most_reachable_score)
