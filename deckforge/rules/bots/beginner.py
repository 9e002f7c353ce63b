"""A bot that plays as a class of beginners does: it plays a card only on a clear hint,
and forgets hints it received a while ago.

How it plays, in order, at its turn:

1. **Play a clear card.** A card of its hand touched by a hint it still
   remembers, and whose every possibility left by the hints (suits x ranks) is
   playable now: "your red card is a 1" at the start, "this is the blue 2" when
   blue 1 is down. It never guesses and never reads a hint as a convention
   ("play this", "save this"), as the ``conventions`` bot does.
2. **Give a helpful hint**, if a hint token is there: to the next players in
   turn order, about a playable card they do not already know: its colour
   first, then its number once the colour is known.
3. **Discard** its oldest card that no remembered hint touched (if discarding
   is allowed now).
4. Otherwise any hint the rules allow, else its first legal action.

**Memory.** A hint is remembered for :data:`MEMORY_ROUNDS` rounds (each player's
turn once per round), then forgotten: the card counts as never hinted, so it
may be discarded, and its hint must be given again before it is played.

It reads the table only through its seat's
:class:`~deckforge.rules.view.PlayerView`, like every bot, and is deterministic
(no randomness), so a simulation with a seed gives the same games every time.
"""

from __future__ import annotations

from typing import ClassVar

from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint
from deckforge.rules.cards import Card, HandCard
from deckforge.rules.game import Event
from deckforge.rules.view import PlayerView

MEMORY_ROUNDS = 2  # a hint received longer ago than this many rounds is forgotten


def _members(mask: int) -> list[int]:
    return [bit for bit in range(mask.bit_length()) if (mask >> bit) & 1]


class BeginnerBot:
    """A beginner: plays on clear hints only, forgets old hints (see the module)."""

    name: ClassVar[str] = "beginner"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self._hinted_at: dict[int, int] = {}  # deck index of my card -> turn of its last hint
        self._seen: dict[int, tuple[int | None, int | None]] = {}  # what hints said, per card

    # ---- memory -------------------------------------------------------------------------

    def observe(self, view: PlayerView, action: Action, event: Event) -> None:
        """Remember the turn at which a hint last touched each of my cards."""
        if not isinstance(action, (ColourHint, RankHint)) or action.target != self.seat:
            return
        for held in view.own_hand:
            said = (held.colour_hinted, held.rank_hinted)
            if said != self._seen.get(held.deck_index, (None, None)):
                self._hinted_at[held.deck_index] = view.turn
            self._seen[held.deck_index] = said

    def _remembers(self, view: PlayerView, held: HandCard) -> bool:
        at = self._hinted_at.get(held.deck_index)
        return at is not None and view.turn - at <= MEMORY_ROUNDS * view.players

    # ---- decisions ----------------------------------------------------------------------

    def act(self, view: PlayerView) -> Action:
        hand = view.own_hand
        for slot, held in enumerate(hand):
            if self._remembers(view, held) and self._surely_playable(view, held):
                return Play(slot=slot)
        if view.may_hint:
            hint = self._helpful_hint(view)
            if hint is not None:
                return hint
        if view.may_discard:
            for slot, held in enumerate(hand):
                if not self._remembers(view, held):
                    return Discard(slot=slot)
            return Discard(slot=0)
        legal = view.legal_actions()
        hints = [a for a in legal if isinstance(a, (ColourHint, RankHint))]
        return (hints or legal)[0]

    @staticmethod
    def _surely_playable(view: PlayerView, held: HandCard) -> bool:
        suits, ranks = _members(held.possible_suits), _members(held.possible_ranks)
        return bool(suits and ranks) and all(
            view.is_playable(Card(suit, rank)) for suit in suits for rank in ranks
        )

    def _helpful_hint(self, view: PlayerView) -> Action | None:
        for step in range(1, view.players):
            target = (self.seat + step) % view.players
            touches = view.hint_touches(target)
            for slot, held in enumerate(view.hand(target)):
                card = held.card
                if card is None or not view.is_playable(card):
                    continue
                if self._surely_playable(view, held) and held.touched:
                    continue  # they know it already
                hint: Action | None = None
                if held.colour_hinted is None:
                    colour = next(
                        (c for c, slots in enumerate(touches.colours) if slot in slots), None
                    )
                    hint = None if colour is None else ColourHint(target, colour)
                if hint is None or view.check(hint) is not None:
                    hint = RankHint(target, card.rank)
                if view.check(hint) is None:
                    return hint
        return None
