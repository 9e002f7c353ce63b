"""The game state and the rules that change it: one mutable ``Game`` per table."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from deckforge.identity_cache import IdentityCache
from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint
from deckforge.rules.cards import Card, HandCard, new_hand_card
from deckforge.rules.errors import IllegalAction, SetupError
from deckforge.rules.rulebook import Rulebook
from deckforge.theme.model import StrikeoutScore, Theme

if TYPE_CHECKING:
    from deckforge.rules.view import PlayerView


class End(StrEnum):
    """How a game ended."""

    PERFECT = "perfect"  # every suit complete
    DECK = "deck"  # the deck ran out and everybody played once more
    STRIKEOUT = "strikeout"  # the last error token was placed


class Event(NamedTuple):
    """What the last action did (a named tuple: one is made on every action, and a
    frozen dataclass of eleven fields costs ten times as much to build)."""

    kind: str  # "play" | "discard" | "colour-hint" | "rank-hint"
    player: int  # who acted
    card: Card | None = None  # the card played or discarded
    slot: int | None = None  # where it was in the hand
    deck_index: int | None = None  # its position in the deck (hanab.live's "order")
    success: bool | None = None  # play: it continued its suit
    hint_token_gained: bool = False  # discard, or a suit completed with a token to return
    touched: tuple[int, ...] = ()  # hint: slots touched (known deck only)
    touched_count: int | None = None  # hint: how many cards it touched (None: not told)
    drawn: bool = False  # a card was drawn
    drawn_card: Card | None = None  # its identity (None with printed cards)


class Game:
    """A table: the deck, the hands, the piles, the tokens and whose turn it is.

    Every change goes through :meth:`apply`; the state is fully determined by
    the setup (theme, players, deck or printed cards) and the action log.
    """

    __slots__ = (
        "_book",
        "_complete",
        "_deck",
        "_discarded",
        "_discarded_counts",
        "_discards",
        "_drawn",
        "_hand_moves",
        "_hand_size",
        "_hands",
        "_hints",
        "_history",
        "_legal",
        "_masks",
        "_next",
        "_printed",
        "_seen",
        "_shared",
        "_stacks",
        "current_player",
        "end",
        "error_tokens",
        "final_turns_left",
        "hint_tokens",
        "last_event",
        "players",
        "theme",
        "turn",
    )

    def __init__(
        self, theme: Theme, players: int, deck: Sequence[Card] | None, _checked: bool = False
    ) -> None:
        book = Rulebook.of(theme)
        table = _ACTION_TABLES.get((id(book), players), book)  # made for valid counts only
        if table is None:
            if players not in theme.players.hand_sizes:
                allowed = ", ".join(str(n) for n in theme.players.counts)
                raise SetupError(f"{theme.id} is played by {allowed} players, not {players}")
            table = _action_table(book, players, theme.players.hand_size(players))
        self.theme = theme
        self.players = players
        self._book = book
        self._hand_size = table.hand_size
        self._printed = deck is None
        if deck is not None and not _checked:
            deck = _checked_deck(book, deck)
        self._deck: tuple[Card, ...] | None = None if deck is None else tuple(deck)
        self._hands = self._dealt_hands(table.hand_size)
        self._stacks: list[list[Card]] = [[] for _ in range(book.suits)]
        self._next = [*table.first_ranks]  # next rank needed, 0 when complete
        self._complete = 0
        self._discards: list[Card] = []
        self._seen = [[*zeros] for zeros in table.rank_zeros]  # in piles or discards
        self._discarded = [[*zeros] for zeros in table.rank_zeros]
        # the same as tuples, made when first asked after a discard (discarded_counts)
        self._discarded_counts: tuple[tuple[int, ...], ...] | None = None
        self._history: list[Action] = []
        self._shared: dict[str, Any] | None = None  # made on first use: PlayerView.shared
        self._legal = table
        # per player: the hints that touch their hand and the hand's suits and ranks as
        # bit masks (None: not worked out since the hand changed)
        self._hints: list[tuple[ColourHint | RankHint, ...] | None] = [None] * players
        self._masks: list[tuple[int, int] | None] = [None] * players
        # per player: grows whenever their hand or what they were told of it changes
        # (PlayerView.hand_moves)
        self._hand_moves = [0] * players
        self.hint_tokens = book.max_hints
        self.error_tokens = 0
        self.current_player = 0
        self.turn = 0
        self.final_turns_left: int | None = players if self._drawn >= book.deck_size else None
        self.end: End | None = None
        self.last_event: Event | None = None

    def _dealt_hands(self, hand_size: int) -> list[list[HandCard]]:
        """hanab.live deals each player a whole hand in turn, player 0 first (what
        ``_draw_replacement`` does card by card, in one loop); sets ``_drawn``. The
        cards are made as ``new_hand_card`` makes them, without a call per card."""
        book, deck = self._book, self._deck
        suits, ranks = book.all_suits, book.all_ranks
        index, size = 0, book.deck_size
        hands = []
        for _ in range(self.players):
            hand = []
            for at in range(index, min(index + hand_size, size)):
                held = _new(HandCard)
                held.card = None if deck is None else deck[at]
                held.deck_index = at
                held.colour_hinted = held.rank_hinted = None
                held.colours_ruled_out = held.ranks_ruled_out = 0
                held.possible_suits = suits
                held.possible_ranks = ranks
                hand.append(held)
            index += len(hand)
            hands.append(hand)
        self._drawn = index
        return hands

    # ---- construction ---------------------------------------------------------------

    @classmethod
    def deal(cls, theme: Theme, players: int, seed: int) -> Game:
        """A known deck shuffled reproducibly by ``random.Random(seed)``."""
        return cls.shuffled(theme, players, random.Random(seed))

    @classmethod
    def shuffled(cls, theme: Theme, players: int, rng: random.Random) -> Game:
        """A known deck shuffled by ``rng`` exactly as ``rng.shuffle`` would (the theme's
        cards sorted by suit then rank): many games dealt from one generator, without
        seeding one per game (about 5 us, a third of a random game's deal)."""
        deck = Rulebook.of(theme).full_deck()
        _shuffle(deck, rng)
        return cls(theme, players, deck, _checked=True)

    @classmethod
    def from_deck(cls, theme: Theme, players: int, deck: Sequence[Card]) -> Game:
        """A known deck given top first; it must hold exactly the theme's cards."""
        return cls(theme, players, deck)

    @classmethod
    def printed(cls, theme: Theme, players: int) -> Game:
        """Printed cards: identities are learned when cards are played or discarded."""
        return cls(theme, players, None)

    @classmethod
    def replay(
        cls,
        theme: Theme,
        players: int,
        deck: Sequence[Card] | None,
        actions: Iterable[Action],
    ) -> Game:
        """Set up a table and apply ``actions``; an illegal one raises with its ``index``."""
        game = cls(theme, players, deck)
        for index, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as refusal:
                refusal.index = index
                raise
        return game

    def undo(self, steps: int = 1) -> Game:
        """A new game replayed from the log without its last ``steps`` actions."""
        if steps < 0 or steps > len(self._history):
            raise ValueError(f"cannot undo {steps} actions of {len(self._history)}")
        game = Game(self.theme, self.players, self._deck, _checked=True)
        for action in self._history[: len(self._history) - steps]:
            game.apply(action)
        return game

    # ---- state ------------------------------------------------------------------------

    @property
    def is_printed(self) -> bool:
        return self._printed

    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The whole deck, top first (None with printed cards)."""
        return self._deck

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def may_discard(self) -> bool:
        """Whether the current player may discard now (the game runs, and the theme does
        not forbid it with every hint token in)."""
        return self.end is None and not self._book.refuses_discard(self.hint_tokens)

    @property
    def may_hint(self) -> bool:
        """Whether the current player may give a hint now (the game runs, a token is left)."""
        return self.end is None and self.hint_tokens > 0

    @property
    def deck_left(self) -> int:
        return self._book.deck_size - self._drawn

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player at the start."""
        return self._hand_size

    @property
    def hands(self) -> tuple[tuple[HandCard, ...], ...]:
        """Every hand, oldest card first (slot 0). Read only: the engine owns them."""
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, player: int) -> tuple[HandCard, ...]:
        return tuple(self._hands[player])

    @property
    def stacks(self) -> tuple[tuple[Card, ...], ...]:
        """Per suit, the cards played on it in order."""
        return tuple(tuple(stack) for stack in self._stacks)

    def top_ranks(self) -> tuple[int, ...]:
        """Per suit, the last rank played on it (0 if none)."""
        return tuple(stack[-1].rank if stack else 0 for stack in self._stacks)

    def next_ranks(self) -> tuple[int, ...]:
        """Per suit, the rank that plays next (0 when the suit is complete)."""
        return tuple(self._next)

    def is_playable(self, card: Card) -> bool:
        return self._next[card.suit] == card.rank

    def discarded_counts(self) -> tuple[tuple[int, ...], ...]:
        """Per suit, the copies of rank ``r`` discarded or misplayed, at index ``r`` (the
        same tuples until the next discard)."""
        counts = self._discarded_counts
        if counts is None:
            counts = tuple(tuple(suit) for suit in self._discarded)
            self._discarded_counts = counts
        return counts

    @property
    def discards(self) -> tuple[Card, ...]:
        """Discarded and misplayed cards, in order."""
        return tuple(self._discards)

    def copies_left(self, card: Card) -> int:
        """Copies of ``card`` not yet seen in the piles or the discards."""
        return self._book.copies[card.suit][card.rank] - self._seen[card.suit][card.rank]

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: every card but their own."""
        from deckforge.rules.view import PlayerView

        return PlayerView(self, player)

    # ---- score ------------------------------------------------------------------------

    def _piles_score(self) -> int:
        book = self._book
        total = 0
        for suit, stack in enumerate(self._stacks):
            total += len(stack) - book.ranks[suit] if book.minus_missing[suit] else len(stack)
        return total

    @property
    def score(self) -> int | None:
        """What the piles are worth now; after a strikeout, per the theme's switch."""
        if self.end is End.STRIKEOUT:
            rule = self._book.strikeout_score
            if rule is StrikeoutScore.ZERO:
                return 0
            if rule is StrikeoutScore.NONE:
                return None
        return self._piles_score()

    @property
    def rating(self) -> str | None:
        """The theme's label for the final score (None while the game goes on)."""
        if self.end is None:
            return None
        return self.theme.rating_for(self.score)

    @property
    def max_reachable_score(self) -> int:
        """The best score the piles can still reach, given the cards discarded.

        Once the game is over, this is the final score (the piles' worth when
        the theme gives a lost game no score).
        """
        if self.end is not None:
            score = self.score
            return self._piles_score() if score is None else score
        book = self._book
        total = 0
        for suit, stack in enumerate(self._stacks):
            reach = len(stack)
            order = book.orders[suit]
            copies = book.copies[suit]
            discarded = self._discarded[suit]
            for rank in order[reach:]:
                if copies[rank] - discarded[rank] <= 0:
                    break
                reach += 1
            total += reach - book.ranks[suit] if book.minus_missing[suit] else reach
        return total

    @property
    def turns_left(self) -> int:
        """The most turns still to come: every play or discard before the final round draws
        a card, so at most ``deck_left`` of them, then one turn for each player (or what is
        left of the final round). Hints can add turns, never a card to the piles."""
        if self.end is not None:
            return 0
        if self.final_turns_left is not None:
            return self.final_turns_left
        return self.deck_left + self.players

    @property
    def most_reachable_score(self) -> int:
        """The best score still possible: ``max_reachable_score`` (the cards lost) capped by
        the turns left, each of which puts at most one card on the piles. What the referee
        shows; ``max_reachable_score`` alone is hanab.live's early end."""
        if self.end is not None:
            return self.max_reachable_score
        return min(self.max_reachable_score, self._piles_score() + self.turns_left)

    @property
    def pace(self) -> int:
        """score + cards left in the deck + players − maximum reachable score."""
        return self._piles_score() + self.deck_left + self.players - self.max_reachable_score

    # ---- actions ----------------------------------------------------------------------
    # ``apply`` checks an action with the same helpers as ``check`` (``_locate``,
    # ``_discard_slot``, ``_reach``), then carries it out in place: no object is made
    # for the accepted move, the event is built once, the turn ends inline. One action
    # is about 3 us of Python, so each call and object saved shows in bench/engine_hle.py.

    def check(self, action: Action, player: int | None = None) -> IllegalAction | None:
        """The refusal ``apply`` would raise, or None if the action is legal."""
        try:
            self._accept(action, player)
        except IllegalAction as refusal:
            return refusal
        return None

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        return self.check(action, player) is None

    def _accept(self, action: Action, player: int | None) -> None:
        """Raise what ``apply`` would refuse ``action`` with; change nothing."""
        if self.end is not None:
            raise IllegalAction("game-over")
        if player is not None and player != self.current_player:
            raise _not_your_turn(self.current_player, player)
        if isinstance(action, Play):
            self._locate(action.slot, action.card)
        elif isinstance(action, Discard):
            self._discard_slot(action)
        elif isinstance(action, (ColourHint, RankHint)):
            self._reach(action)
        else:
            raise TypeError(f"not an action: {action!r}")

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Apply ``action`` for the current player (``player``, if given, must be them).

        Raises :class:`IllegalAction` and leaves the state unchanged if the
        rules refuse it; returns what happened (also kept as ``last_event``).
        """
        if self.end is not None:
            raise IllegalAction("game-over")
        actor = self.current_player
        if player is not None and player != actor:
            raise _not_your_turn(actor, player)
        kind = action.__class__
        if kind not in _ACTION_CLASSES:
            kind = _action_class(action)
        if kind is Play or kind is Discard:
            if kind is Play:
                slot, card = self._locate(action.slot, action.card)  # type: ignore[union-attr]
                event = self._play(actor, slot, card)
            else:
                slot, card = self._discard_slot(action)  # type: ignore[arg-type]
                event = self._discard(actor, slot, card)
            # the end of the turn: did the game end, the final round's count
            book = self._book
            if self.error_tokens >= book.max_errors:
                self.end = End.STRIKEOUT
            elif self._complete == book.suits:
                self.end = End.PERFECT
            elif self.final_turns_left is not None:
                self.final_turns_left -= 1
                if self.final_turns_left == 0:
                    self.end = End.DECK
            elif self._drawn >= book.deck_size:
                self.final_turns_left = self.players
        else:
            event = self._hint(actor, action)  # type: ignore[arg-type]
            # a hint moves no card and places no error token (the last card drawn set
            # final_turns_left then): only the final round's count can end the game now
            if self.final_turns_left is not None:
                self.final_turns_left -= 1
                if self.final_turns_left == 0:
                    self.end = End.DECK
        self._history.append(action)
        self.turn += 1
        self.current_player = (actor + 1) % self.players
        self.last_event = event
        return event

    def _play(self, actor: int, slot: int, card: Card) -> Event:
        """The card joins its pile if it continues it, else it costs an error token."""
        book = self._book
        held = self._hands[actor].pop(slot)
        self._hints[actor] = self._masks[actor] = None
        self._hand_moves[actor] += 1
        suit, rank = card.suit, card.rank
        self._seen[suit][rank] += 1
        gained = False
        following = self._next
        success = following[suit] == rank
        if success:
            stack = self._stacks[suit]
            stack.append(card)
            order = book.orders[suit]
            if len(stack) < len(order):
                following[suit] = order[len(stack)]
            else:
                following[suit] = 0
                self._complete += 1
                if book.completion_bonus and self.hint_tokens < book.max_hints:
                    self.hint_tokens += 1
                    gained = True
        else:
            self.error_tokens += 1
            self._discards.append(card)
            self._discarded[suit][rank] += 1
            self._discarded_counts = None
        drawn, drawn_card = self._draw_replacement(actor)
        return _event(
            Event,
            (
                "play",
                actor,
                card,
                slot,
                held.deck_index,
                success,
                gained,
                (),
                None,
                drawn,
                drawn_card,
            ),
        )

    def _discard(self, actor: int, slot: int, card: Card) -> Event:
        """The card goes to the discards and a hint token comes back, if one is out."""
        held = self._hands[actor].pop(slot)
        self._hints[actor] = self._masks[actor] = None
        self._hand_moves[actor] += 1
        suit, rank = card.suit, card.rank
        self._seen[suit][rank] += 1
        self._discards.append(card)
        self._discarded[suit][rank] += 1
        self._discarded_counts = None
        gained = self.hint_tokens < self._book.max_hints
        if gained:
            self.hint_tokens += 1
        drawn, drawn_card = self._draw_replacement(actor)
        return _event(
            Event,
            (
                "discard",
                actor,
                card,
                slot,
                held.deck_index,
                None,
                gained,
                (),
                None,
                drawn,
                drawn_card,
            ),
        )

    def _hint(self, actor: int, action: ColourHint | RankHint) -> Event:
        """A hint costs a token and tells the receiver about the cards it touched: with
        a known deck, the touched cards match it, the others are ruled out. (With printed
        cards the engine cannot know which cards a hint touched.)"""
        kind, count = self._reach(action)
        self.hint_tokens -= 1
        self._hand_moves[action.target] += 1
        touched: tuple[int, ...] = ()
        if self._deck is not None:
            hand = self._hands[action.target]
            slots: list[int] = []
            if kind == "colour-hint":
                colour = action.colour  # type: ignore[union-attr]
                mask = self._book.colour_masks[colour]
                bit = 1 << colour
                for slot, held in enumerate(hand):
                    if (mask >> held.card.suit) & 1:  # type: ignore[union-attr]
                        slots.append(slot)
                        held.colour_hinted = colour
                        held.possible_suits &= mask
                    else:
                        held.colours_ruled_out |= bit
                        held.possible_suits &= ~mask
            else:
                rank = action.rank  # type: ignore[union-attr]
                bit = 1 << rank
                for slot, held in enumerate(hand):
                    if held.card.rank == rank:  # type: ignore[union-attr]
                        slots.append(slot)
                        held.rank_hinted = rank
                        held.possible_ranks &= bit
                    else:
                        held.ranks_ruled_out |= bit
                        held.possible_ranks &= ~bit
            touched = tuple(slots)
            count = len(slots)
        return _event(
            Event, (kind, actor, None, None, None, None, False, touched, count, False, None)
        )

    def _draw_replacement(self, player: int) -> tuple[bool, Card | None]:
        """Refill a hand after a play or discard, unless that ended the game, the final
        round (no card left to draw) is under way, or the deck is empty: whether a card
        was drawn, and its identity (known deck). The top card of the deck joins the end
        of the hand."""
        book = self._book
        index = self._drawn
        if (
            self.final_turns_left is not None
            or self.error_tokens >= book.max_errors
            or self._complete == book.suits
            or index >= book.deck_size
        ):
            return False, None
        deck = self._deck
        card = None if deck is None else deck[index]
        self._hands[player].append(new_hand_card(card, index, book.all_suits, book.all_ranks))
        self._drawn = index + 1
        return True, card

    # ---- where printed cards and a known deck differ ----------------------------------
    # With a known deck the engine holds every identity: it finds the card a play or
    # discard means, works out which cards a hint touches and what the receiver learns.
    # With printed cards it is told the card, and at most how many cards a hint touched.

    def _discard_slot(self, action: Discard) -> tuple[int, Card]:
        """The slot and the card a discard means, if the rules allow a discard now."""
        if self._book.refuses_discard(self.hint_tokens):
            raise IllegalAction("discard-at-max-hints")
        return self._locate(action.slot, action.card)

    def _locate(self, slot: int | None, card: Card | None) -> tuple[int, Card]:
        """The slot and the card a play or discard means."""
        hand = self._hands[self.current_player]
        if card is not None:
            problem = self._book.is_card(card)
            if problem is not None:
                raise IllegalAction(problem)
        if slot is not None and (slot.__class__ is not int or not 0 <= slot < len(hand)):
            raise IllegalAction(
                "no-such-slot", f"There is no card at place {slot} in a hand of {len(hand)}."
            )
        deck = self._deck
        if deck is None:
            if card is None:
                raise IllegalAction("card-required")
            if not hand:
                raise IllegalAction("no-such-slot", "This player has no card left.")
            if self.copies_left(card) <= 0:
                raise IllegalAction("no-copies-left")
            return (0 if slot is None else slot), card
        if slot is None:
            if card is None:
                raise IllegalAction("no-such-slot", "Say which card of the hand is meant.")
            for index, held in enumerate(hand):
                if deck[held.deck_index] == card:
                    return index, card
            raise IllegalAction("card-not-in-hand")
        held_card = deck[hand[slot].deck_index]
        if card is not None and card != held_card:
            raise IllegalAction("card-not-in-hand")
        return slot, held_card

    def _reach(self, action: ColourHint | RankHint) -> tuple[str, int | None]:
        """Check a hint against the rules: the event's kind ("colour-hint" | "rank-hint")
        and, with printed cards, how many cards the receiver told it touched (None: not
        told; with a known deck ``_hint`` finds the touched cards)."""
        target = action.target
        if target.__class__ is not int or not 0 <= target < self.players:
            raise IllegalAction("no-such-player")
        if target == self.current_player:
            raise IllegalAction("hint-to-self")
        if self.hint_tokens <= 0:
            raise IllegalAction("no-hint-tokens")
        book = self._book
        known = self._deck is not None
        if isinstance(action, ColourHint):
            kind, colour = "colour-hint", action.colour
            if colour.__class__ is not int or not 0 <= colour < len(book.colour_masks):
                raise IllegalAction("unknown-colour")
            suits, ranks = book.colour_masks[colour], book.all_ranks
        else:
            kind, rank = "rank-hint", action.rank
            if rank.__class__ is not int or not 1 <= rank <= book.max_rank:
                raise IllegalAction("unknown-rank")
            suits, ranks = book.all_suits, 1 << rank
        if not known:
            told = action.touched
            hand_size = len(self._hands[target])
            return kind, self._told_count(told, hand_size, self._unseen(suits, ranks))
        if not book.empty_hints_allowed:
            held_suits, held_ranks = self._masks[target] or self._hand_masks(target)
            if not (suits & held_suits and ranks & held_ranks):
                raise IllegalAction("empty-hint")
        return kind, None

    def _told_count(self, touched: int | None, hand_size: int, unseen: int) -> int | None:
        """Printed cards: check the number of cards a receiver said a hint touched.

        ``unseen`` is how many cards the hint could touch that are not yet in a
        pile or the discards: a hand holds no more of them than that.
        """
        if touched is None:
            return None
        if touched.__class__ is not int or touched < 0 or touched > hand_size:
            raise IllegalAction(
                "too-many-touched",
                f"A hint cannot touch {touched} cards in a hand of {hand_size}.",
            )
        if touched > unseen:
            left = "only 1 such card is" if unseen == 1 else f"only {unseen} such cards are"
            raise IllegalAction(
                "too-many-touched",
                f"A hint cannot touch {touched} cards: {left} not yet played or discarded.",
            )
        if touched == 0 and not self._book.empty_hints_allowed:
            raise IllegalAction("empty-hint")
        return touched

    def _unseen(self, suits: int, ranks: int) -> int:
        """Cards of the suits and ranks in the two masks not yet in a pile or the discards."""
        book = self._book
        return sum(
            book.copies[suit][rank] - self._seen[suit][rank]
            for suit in range(book.suits)
            if (suits >> suit) & 1
            for rank in range(1, book.ranks[suit] + 1)
            if (ranks >> rank) & 1
        )

    def legal_actions(self) -> list[Action]:
        """Every legal action for the current player (known deck only): plays, discards,
        then the hints to each other player in turn.

        The action objects are shared between calls (they are frozen values).
        """
        if self._deck is None:
            raise ValueError("legal actions are only known when the deck is known")
        if self.end is not None:
            return []
        book = self._book
        table = self._legal
        actor = self.current_player
        size = len(self._hands[actor])
        tokens = self.hint_tokens
        if book.discard_at_max_forbidden and tokens >= book.max_hints:
            actions: list[Action] = [*table.plays[:size]]
        else:
            actions = [*table.plays_and_discards[size]]
        if tokens > 0:
            if book.empty_hints_allowed:
                actions += table.hints_from[actor]
                return actions
            hints = self._hints
            for target in table.others[actor]:
                actions += hints[target] or self._hints_for(target)
        return actions

    def _hints_for(self, target: int) -> tuple[ColourHint | RankHint, ...]:
        """The hints that touch a card of ``target``'s hand (known deck), kept until
        the hand changes; one tuple per hand's suit and rank masks, shared by games."""
        masks = self._masks[target]
        if masks is None:  # the loop of _hand_masks, without a call: it runs once per change
            suits = ranks = 0
            for held in self._hands[target]:
                card = held.card  # a known deck: every identity is in the hands
                suits |= 1 << card.suit  # type: ignore[union-attr]
                ranks |= 1 << card.rank  # type: ignore[union-attr]
            self._masks[target] = (suits, ranks)
        else:
            suits, ranks = masks
        table = self._legal
        key = ((suits << table.rank_bits) | ranks) * self.players + target
        hints = table.by_masks.get(key) or table.touching(target, suits, ranks)
        self._hints[target] = hints
        return hints

    def _hand_masks(self, target: int) -> tuple[int, int]:
        """The suits and the ranks in ``target``'s hand as bit masks (known deck), kept
        until the hand changes."""
        suits = ranks = 0
        for held in self._hands[target]:
            card = held.card  # a known deck: every identity is in the hands
            suits |= 1 << card.suit  # type: ignore[union-attr]
            ranks |= 1 << card.rank  # type: ignore[union-attr]
        masks = self._masks[target] = (suits, ranks)
        return masks

    def colour_of_suit(self, suit: int) -> int:
        """The clue colour that names ``suit`` (raises if the suit has none)."""
        book = self._book
        if not 0 <= suit < book.suits:
            raise IllegalAction("unknown-suit")
        try:
            return book.clue_colours.index(suit)
        except ValueError:
            raise IllegalAction("colour-cannot-be-named") from None

    def __repr__(self) -> str:
        kind = "printed" if self._printed else "known deck"
        return (
            f"<Game {self.theme.id} {self.players}p {kind} turn={self.turn} "
            f"hints={self.hint_tokens} errors={self.error_tokens} end={self.end}>"
        )


_new = object.__new__
_ACTION_CLASSES = frozenset((Play, Discard, ColourHint, RankHint))
_event = tuple.__new__  # builds an Event from a tuple without NamedTuple's Python-level __new__


def _action_class(action: object) -> type:
    """Which of the four actions ``action`` is an instance of (a subclass of one)."""
    for kind in (Play, Discard, ColourHint, RankHint):
        if isinstance(action, kind):
            return kind
    raise TypeError(f"not an action: {action!r}")


def _not_your_turn(actor: int, player: int) -> IllegalAction:
    return IllegalAction(
        "not-your-turn", f"It is player {actor + 1}'s turn, not player {player + 1}'s."
    )


def _shuffle(deck: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(deck)``, the same permutation from the same generator, without a
    call per card (CPython's Fisher-Yates with ``_randbelow``; a test compares them)."""
    getrandbits = rng.getrandbits
    for i, size, bits in _shuffle_steps(len(deck)):
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


@functools.lru_cache(maxsize=16)
def _shuffle_steps(cards: int) -> tuple[tuple[int, int, int], ...]:
    """``_shuffle``'s steps for a deck of ``cards``: (position, draws below, bits to draw)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(cards - 1, 0, -1))


def _checked_deck(book: Rulebook, deck: Sequence[Card]) -> list[Card]:
    cards = list(deck)
    for index, card in enumerate(cards):
        if not isinstance(card, Card):
            raise SetupError(f"deck card {index} is not a card: {card!r}")
        problem = book.is_card(card)
        if problem is not None:
            raise SetupError(
                f"deck card {index} ({card.suit}, {card.rank}): "
                + ("no such suit" if problem == "unknown-suit" else "no such rank")
            )
    expected = sorted(book.full_deck())
    if sorted(cards) != expected:
        have: dict[Card, int] = {}
        for card in cards:
            have[card] = have.get(card, 0) + 1
        want: dict[Card, int] = {}
        for card in expected:
            want[card] = want.get(card, 0) + 1
        for card in sorted(set(have) | set(want)):
            if have.get(card, 0) != want.get(card, 0):
                raise SetupError(
                    f"the deck has {have.get(card, 0)} of card (suit {card.suit}, "
                    f"rank {card.rank}); the theme has {want.get(card, 0)}"
                    f" ({len(cards)} cards given, {len(expected)} expected)"
                )
    return cards


class _ActionTable:
    """Every action object a table of ``players`` can use, built once per rule set
    and table size, and the hints that touch a hand, per the hand's masks."""

    __slots__ = (
        "_book",
        "by_masks",
        "colour_hints",
        "discards",
        "first_ranks",
        "hand_size",
        "hints_from",
        "others",
        "players",
        "plays",
        "plays_and_discards",
        "rank_bits",
        "rank_hints",
        "rank_zeros",
    )

    def __init__(self, book: Rulebook, players: int, hand_size: int) -> None:
        slots = 16  # more than any hand
        self._book = book
        self.hand_size = hand_size  # cards dealt to each player
        self.players = players
        self.rank_bits = book.max_rank + 1  # a hand's ranks mask is below 1 << rank_bits
        # a new game's state: per suit, the rank that plays first; a 0 per rank and suit
        self.first_ranks = tuple(order[0] for order in book.orders)
        self.rank_zeros = tuple((0,) * (ranks + 1) for ranks in book.ranks)
        self.plays = tuple(Play(slot) for slot in range(slots))
        self.discards = tuple(Discard(slot) for slot in range(slots))
        # per hand size: its plays then its discards
        self.plays_and_discards = tuple(
            self.plays[:size] + self.discards[:size] for size in range(slots + 1)
        )
        # per player: the others, in order
        self.others = tuple(
            tuple(other for other in range(players) if other != player) for player in range(players)
        )
        self.colour_hints = tuple(
            tuple(ColourHint(target, colour) for colour in range(len(book.colour_masks)))
            for target in range(players)
        )
        self.rank_hints = tuple(
            tuple(RankHint(target, rank) for rank in range(1, book.max_rank + 1))
            for target in range(players)
        )
        hints_from: list[tuple[ColourHint | RankHint, ...]] = []
        for giver in range(players):
            hints: list[ColourHint | RankHint] = []
            for target in range(players):
                if target != giver:
                    hints += self.colour_hints[target]
                    hints += self.rank_hints[target]
            hints_from.append(tuple(hints))
        self.hints_from = tuple(hints_from)  # per giver: every hint to the others
        # ((suits mask << rank_bits) | ranks mask) * players + target -> the hints
        self.by_masks: dict[int, tuple[ColourHint | RankHint, ...]] = {}

    def touching(self, target: int, suits: int, ranks: int) -> tuple[ColourHint | RankHint, ...]:
        """The hints to ``target`` that touch a hand holding the ``suits`` and ``ranks``
        (bit masks)."""
        key = ((suits << self.rank_bits) | ranks) * self.players + target
        found = self.by_masks.get(key)
        if found is None:
            masks = self._book.colour_masks
            hints: list[ColourHint | RankHint] = [
                hint
                for colour, hint in enumerate(self.colour_hints[target])
                if masks[colour] & suits
            ]
            hints += [hint for hint in self.rank_hints[target] if (ranks >> hint.rank) & 1]
            found = self.by_masks[key] = tuple(hints)
        return found


_ACTION_TABLES: IdentityCache[_ActionTable] = IdentityCache(256)  # per rulebook and count


def _action_table(book: Rulebook, players: int, hand_size: int) -> _ActionTable:
    """The action table of ``book`` for ``players`` holding ``hand_size`` cards each
    (built on first use; the key leaves the hand size out: a theme's rulebook is its own)."""
    key = (id(book), players)
    cached = _ACTION_TABLES.get(key, book)
    if cached is not None:
        return cached
    return _ACTION_TABLES.put(key, book, _ActionTable(book, players, hand_size))
