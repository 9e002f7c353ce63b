"""One player's view of a table: every card but their own.

Bots and the digital table read the game through a view so that a player's
own cards are never in reach: their hand comes back as :class:`HandCard`
copies without ``card``, carrying only the clue knowledge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckforge.rules.actions import Action, Discard, Play
from deckforge.rules.cards import Card, HandCard
from deckforge.rules.errors import IllegalAction

if TYPE_CHECKING:
    from deckforge.rules.game import End, Game
    from deckforge.theme.model import Theme


@dataclass(frozen=True)
class HintTouches:
    """Which slots of a hand each possible hint would touch."""

    colours: tuple[tuple[int, ...], ...]  # per clue colour index
    ranks: tuple[tuple[int, ...], ...]  # per rank, rank 1 first


class PlayerView:
    """Read-only window on a :class:`Game` from ``player``'s seat (always current)."""

    __slots__ = ("_deck_size", "_game", "_hand_moves", "_shared", "player", "players")

    def __init__(self, game: Game, player: int) -> None:
        if not 0 <= player < game.players:
            raise ValueError(f"no player {player} at a table of {game.players}")
        self._game = game
        self.player = player
        # fixed for the game, read by the bots at every step: kept here, one lookup
        # fewer each (the game's list of hand counts is changed in place, never replaced)
        self.players = game.players
        self._deck_size = game._book.deck_size
        self._hand_moves = game._hand_moves
        self._shared: dict[str, Any] | None = None  # see shared

    # ---- public table state -----------------------------------------------------------

    @property
    def theme(self) -> Theme:
        return self._game.theme

    @property
    def current_player(self) -> int:
        return self._game.current_player

    @property
    def is_my_turn(self) -> bool:
        return self._game.current_player == self.player

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def hint_tokens(self) -> int:
        return self._game.hint_tokens

    @property
    def may_discard(self) -> bool:
        return self._game.may_discard

    @property
    def may_hint(self) -> bool:
        return self._game.may_hint

    @property
    def error_tokens(self) -> int:
        return self._game.error_tokens

    @property
    def deck_left(self) -> int:
        return self._deck_size - self._game._drawn  # Game.deck_left without its call

    @property
    def final_turns_left(self) -> int | None:
        return self._game.final_turns_left

    @property
    def is_over(self) -> bool:
        return self._game.end is not None

    @property
    def end(self) -> End | None:
        return self._game.end

    @property
    def score(self) -> int | None:
        return self._game.score

    @property
    def max_reachable_score(self) -> int:
        return self._game.max_reachable_score

    @property
    def pace(self) -> int:
        return self._game.pace

    def top_ranks(self) -> tuple[int, ...]:
        return self._game.top_ranks()

    def next_ranks(self) -> tuple[int, ...]:
        return self._game.next_ranks()

    def is_playable(self, card: Card) -> bool:
        return self._game.is_playable(card)

    @property
    def stacks(self) -> tuple[tuple[Card, ...], ...]:
        return self._game.stacks

    def pile_heights(self) -> list[int]:
        """Per suit, the cards played on its pile (``stacks`` without copying them)."""
        return [len(stack) for stack in self._game._stacks]

    @property
    def discards(self) -> tuple[Card, ...]:
        return self._game.discards

    @property
    def cards_out(self) -> tuple[int, int]:
        """(cards played on the piles, cards discarded or misplayed): one of them grows
        with every play or discard, so the pair tells two moments of a game apart."""
        game = self._game
        return sum(len(stack) for stack in game._stacks), len(game._discards)

    @property
    def shared(self) -> dict[str, Any]:
        """A dict shared by every seat's view of this game: what bots work out from
        public facts alone (never from what one seat knows), so that one seat works it
        out and the others reuse it; or from what every seat but one sees of that one's
        hand, read only by the others. Keys name their owner (``"conventions.board"``)."""
        shared = self._shared
        if shared is None:
            game = self._game
            shared = game._shared
            if shared is None:
                shared = game._shared = {}
            self._shared = shared  # the game's, for good: the next asks skip the game
        return shared

    def discarded_counts(self) -> tuple[tuple[int, ...], ...]:
        """Per suit, the copies of rank ``r`` discarded or misplayed, at index ``r``."""
        return self._game.discarded_counts()

    def copies_left(self, card: Card) -> int:
        """Copies not yet in the piles or the discards (some may be in hands)."""
        return self._game.copies_left(card)

    def unseen_copies(self, card: Card) -> int:
        """Copies this player cannot see: in the deck or in their own hand."""
        game = self._game
        left = game.copies_left(card)
        me = self.player
        for player, hand in enumerate(game._hands):
            if player != me:
                for held in hand:
                    if held.card == card:
                        left -= 1
        return left

    # ---- hands ------------------------------------------------------------------------

    def hand_count(self, player: int) -> int:
        return len(self._game._hands[player])

    def hand(self, player: int) -> tuple[HandCard, ...]:
        """Another player's hand as it lies (read only), or my own without identities."""
        hand = self._game._hands[player]
        if player == self.player:
            return tuple(held.hidden() for held in hand)
        return tuple(hand)

    def hand_moves(self, player: int) -> int:
        """A count that grows whenever ``player``'s hand or what they were told of it
        changes (a card leaves or comes, a hint reaches it): equal counts, the same hand
        with the same knowledge."""
        return self._hand_moves[player]

    def deck_indexes(self, player: int) -> tuple[int, ...]:
        """The deck indexes of ``player``'s cards, oldest first (anyone's, mine too: they
        say where a card came from, not what it is)."""
        return tuple(held.deck_index for held in self._game._hands[player])

    @property
    def own_hand(self) -> tuple[HandCard, ...]:
        """My cards as I know them: clue knowledge only, ``card`` is None."""
        return self.hand(self.player)

    def cards(self, player: int) -> tuple[Card, ...]:
        """The identities in another player's hand, oldest first."""
        if player == self.player:
            raise ValueError("a player cannot see their own cards")
        return tuple(held.card for held in self._game._hands[player])  # type: ignore[misc]

    def hint_touches(self, player: int) -> HintTouches:
        """The slots of another player's hand that each hint would touch: per clue
        colour (by index) and per rank (rank 1 first)."""
        from deckforge.rules.rulebook import Rulebook

        cards = self.cards(player)
        book = Rulebook.of(self.theme)
        return HintTouches(
            tuple(
                tuple(slot for slot, card in enumerate(cards) if (mask >> card.suit) & 1)
                for mask in book.colour_masks
            ),
            tuple(
                tuple(slot for slot, card in enumerate(cards) if card.rank == rank)
                for rank in range(1, book.max_rank + 1)
            ),
        )

    # ---- actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """My legal actions (empty when it is not my turn)."""
        if not self.is_my_turn:
            return []
        return self._game.legal_actions()

    def check(self, action: Action) -> IllegalAction | None:
        """Would the action be refused? Plays and discards are judged by slot only,
        so that asking cannot reveal a card's identity."""
        if isinstance(action, (Play, Discard)) and action.card is not None:
            action = type(action)(action.slot)
        return self._game.check(action, self.player)
