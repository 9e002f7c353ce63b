"""A bot that plays by a small set of sound, cheat-free conventions.

Every seat runs the same conventions, so a clue means the same thing to the
one who gives it and the one who gets it:

- *Chop*: a player's oldest card that no clue has touched. Players discard
  from the chop, so untouched cards are the ones at risk and touched cards are
  kept.
- *Focus*: a clue is about one card: the chop if the clue newly touches it,
  else the newest card it newly touches.
- *Play clue*: a focus off the chop is a card that plays now, or once the
  cards everybody knows exactly have been played in order (a *delayed* play):
  the receiver narrows it to the identities that fit and plays it as soon as
  every identity left plays.
- *Save clue*: a focus on the chop is a card that plays (now or delayed) or
  the last copy of a card still needed (a 5, say): the receiver keeps it.
- *Finesse*: a play clue whose focus can only be one step beyond what plays
  now (a 2 when no 2 plays) says that a player between giver and receiver
  holds the missing card on their *finesse position* (newest untouched card).
  The one who sees nobody else in between holding it plays that card blind on
  their next turn; the blind play then tells the receiver what their card is.
  One finesse at a time, and none once the deck is out.
- *Stall*: when every hint token is in, discarding is forbidden and the giver
  has nothing known to play, the giver may have had no true clue to give; such
  a clue is read for what it says and no more.

A giver only gives a clue whose reading is true (it simulates the receiver
with public facts only), so a card is played only when every identity it can
still have plays (or it answers a finesse the giver checked): the bot never
misplays, except when it chooses to guess at the end of the game or is forced
to play.

Turn order of preference: answer a finesse; save the next player's chop if
it holds a last copy and they have nothing to play or throw; play a card
known to play (suit-completing cards first); give the most valuable clue if it
is worth the token (the more tokens are in, the less it must be worth); once
the deck is out, guess a likely card while errors can be afforded; discard a
card known to be useless, else the chop; where discarding is forbidden, stall
with any clue.

Knowledge comes from :class:`~deckforge.rules.view.PlayerView` only: the
bot's own cards are seen through the clues they received.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint
from deckforge.rules.bots.knowledge import Board, Identities, chances, unseen_mask
from deckforge.rules.cards import HandCard
from deckforge.rules.game import Event
from deckforge.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class _Clue:
    """A clue under consideration, with what it would achieve."""

    action: ColourHint | RankHint
    value: float
    saves_chop: bool

    @property
    def target(self) -> int:
        return self.action.target


@dataclass(frozen=True, slots=True)
class _Finesse:
    """A play clue whose focus cannot play now or soon: it rests on a blind play.

    The focus is one of ``finesse`` (identities one step beyond what plays
    now). A player between giver and receiver holds the card before it on their
    *finesse position* (their newest untouched card; ``watch`` holds those
    positions' deck indexes) and plays it blind on their next turn; that play
    tells everybody which identity the focus is.
    """

    focus: int  # deck index of the clued card
    receiver: int
    finesse: int
    watch: frozenset[int]


class ConventionBot:
    """Plays, clues and discards by the conventions in this module's docstring."""

    name = "conventions"

    # value a clue needs, by hint tokens available (scaled to 8 tokens)
    THRESHOLDS = (0.9, 0.9, 0.6, 0.4, 0.2, 0.1, 0.0, 0.0, 0.0)
    FINESSE = 2.0  # value of a finesse: the blind play and the card clued (0: no finesses)
    DELAYED = 0.7  # value of a card that will play after cards already known to play
    EXPOSED = 0.6  # value lost when a clue leaves a last copy on the receiver's chop

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self._clued: set[int] = set()  # deck indexes of cards any clue ever touched
        self._belief: dict[int, int] = {}  # deck index -> identities the conventions allow
        self._finesse: _Finesse | None = None  # a finesse not yet resolved (one at a time)
        self._duty: int | None = None  # deck index of my card to blind-play next turn
        self._ids: Identities | None = None
        # why the last action was chosen: finesse, save, play, clue, guess, discard,
        # stall or forced
        self.reason = ""

    # ---- common knowledge ----------------------------------------------------------

    def _identities(self, view: PlayerView) -> Identities:
        if self._ids is None:
            self._ids = Identities.of(view.theme)
        return self._ids

    def _chop(self, indexes: list[int]) -> int | None:
        """Slot of the oldest card no clue has touched (None if all are touched)."""
        for slot, index in enumerate(indexes):
            if index not in self._clued:
                return slot
        return None

    def _known_by_player(self, view: PlayerView, board: Board) -> list[list[int]]:
        """Per player, identities (as bits) of their cards everybody knows exactly."""
        found = []
        for player in range(view.players):
            known = []
            for held in view.hand(player):
                common = self._common(board, held)
                if common and not common & (common - 1):
                    known.append(common)
            found.append(known)
        return found

    def _known_elsewhere(self, view: PlayerView, board: Board, receiver: int) -> list[int]:
        """Identities (as bits) of the cards outside the receiver's hand that
        everybody knows exactly."""
        by_player = self._known_by_player(view, board)
        return [
            bit for player, known in enumerate(by_player) if player != receiver for bit in known
        ]

    def _soon(
        self,
        board: Board,
        known: list[int],
        indexes: list[int],
        after: list[int],
        touched: tuple[int, ...],
    ) -> int:
        """Identities that play now, or once the cards everybody knows exactly are
        played in turn: ``known`` elsewhere, and the receiver's cards the clue does
        not touch (their ``after`` masks are what everybody sees once it is given)."""
        queued = list(known)
        for slot, mask in enumerate(after):
            if slot not in touched:
                mask &= board.available
                belief = self._belief.get(indexes[slot])
                if belief is not None and mask & belief:
                    mask &= belief
                if mask and not mask & (mask - 1):
                    queued.append(mask)
        soon = board.playable
        successor = board.ids.successor
        grown = True
        while grown and queued:
            grown = False
            for bit in queued:
                if bit & soon:
                    following = successor[bit.bit_length() - 1]
                    queued.remove(bit)
                    if following and not following & soon:
                        soon |= following
                    grown = True
                    break
        return soon

    def _reading(
        self,
        board: Board,
        indexes: list[int],
        after: list[int],
        touched: tuple[int, ...],
        soon: int,
        watch: frozenset[int] = frozenset(),
    ) -> tuple[dict[int, int], bool]:
        """How everybody reads a clue: slot -> the identities its card may have.

        ``indexes`` are the receiver's deck indexes, ``after`` the clue masks of
        their cards once the clue is given, ``touched`` the slots it touches,
        ``soon`` what plays now or after the cards known to play, ``watch`` the
        finesse positions of the players between giver and receiver (empty when
        no finesse may be read). Returns the reading and whether it is a finesse.
        Uses public facts only, so giver and receiver agree.
        """
        newly = [slot for slot in touched if indexes[slot] not in self._clued]
        if not newly:
            return {}, False
        chop = self._chop(indexes)
        focus = chop if chop in newly else newly[-1]
        every = board.ids.every
        available = board.available
        fits = after[focus] & available & self._belief.get(indexes[focus], every)
        wanted = soon | board.critical if focus == chop else soon
        narrowed = fits & wanted
        blind = 0
        if not narrowed and watch and focus != chop:
            blind = fits & self._after_playable(board) & ~soon
            if blind:
                return {focus: blind}, True
        if not narrowed:
            return {}, False
        return {focus: narrowed}, False

    def _after_playable(self, board: Board) -> int:
        """Identities that play right after one that plays now."""
        following = 0
        successor = board.ids.successor
        mask = board.playable
        while mask:
            low = mask & -mask
            following |= successor[low.bit_length() - 1]
            mask ^= low
        return following

    def _finesse_position(self, view: PlayerView, player: int) -> HandCard | None:
        """The newest card of ``player`` that no clue has touched."""
        for held in reversed(view.hand(player)):
            if held.deck_index not in self._clued:
                return held
        return None

    def _between(self, view: PlayerView, giver: int, receiver: int) -> list[int]:
        """The players who act after ``giver`` and before ``receiver``."""
        found = []
        player = (giver + 1) % view.players
        while player != receiver:
            found.append(player)
            player = (player + 1) % view.players
        return found

    def _watch(self, view: PlayerView, giver: int, receiver: int) -> frozenset[int]:
        """Finesse positions that a clue from ``giver`` to ``receiver`` may call on
        (none when a finesse is already pending or the deck is out)."""
        if not self.FINESSE or self._finesse is not None or view.deck_left == 0:
            return frozenset()
        found = set()
        for player in self._between(view, giver, receiver):
            held = self._finesse_position(view, player)
            if held is not None:
                found.add(held.deck_index)
        return frozenset(found)

    def _common(self, board: Board, held: HandCard) -> int:
        """What every seat knows of a card: clues, conventions and public cards."""
        ids = board.ids
        mask = ids.of_hand_card(held) & board.available
        belief = self._belief.get(held.deck_index)
        if belief is not None and mask & belief:
            mask &= belief
        return mask

    def observe(self, view: PlayerView, action: Action, event: Event) -> None:
        """Update the common knowledge after any seat's action."""
        if event.kind in ("play", "discard"):
            index = event.deck_index
            if index is not None:
                blind = index not in self._clued
                self._clued.discard(index)
                self._belief.pop(index, None)
                if index == self._duty:
                    self._duty = None
                pending = self._finesse
                if pending is not None:
                    if index == pending.focus:
                        self._finesse = None
                    elif (
                        event.kind == "play" and blind and index in pending.watch and event.success
                    ):
                        ids = self._identities(view)
                        following = ids.successor[ids.index(event.card)]  # type: ignore[arg-type]
                        if following & pending.finesse:
                            self._belief[pending.focus] = following
                            self._finesse = None
        else:
            self._observe_clue(view, action, event)
        pending = self._finesse
        if pending is not None and view.current_player == pending.receiver:
            # nobody answered with a blind play (not expected): forget the reading
            self._belief.pop(pending.focus, None)
            self._finesse = None

    def _observe_clue(self, view: PlayerView, action: Action, event: Event) -> None:
        target = action.target  # type: ignore[union-attr]
        giver = event.player
        ids = self._identities(view)
        board = Board(ids, view)
        hand = view.hand(target)
        indexes = [held.deck_index for held in hand]
        after = [ids.of_hand_card(held) for held in hand]
        stalling = self._stalling(view, board, giver, view.hint_tokens + 1)
        if not stalling:
            known = self._known_elsewhere(view, board, target)
            soon = self._soon(board, known, indexes, after, event.touched)
            watch = self._watch(view, giver, target)
            reading, finesse = self._reading(board, indexes, after, event.touched, soon, watch)
            for slot, allowed in reading.items():
                self._belief[indexes[slot]] = allowed
            if finesse:
                ((focus, blind),) = reading.items()
                self._finesse = _Finesse(indexes[focus], target, blind, watch)
                if view.player in self._between(view, giver, target):
                    self._take_duty(view, ids, hand[focus], giver, target)
        for slot in event.touched:
            self._clued.add(indexes[slot])

    def _take_duty(
        self,
        view: PlayerView,
        ids: Identities,
        focus: HandCard,
        giver: int,
        receiver: int,
    ) -> None:
        """Between giver and receiver, I see the finessed card: if nobody else in
        between holds the card before it on their finesse position, I do."""
        truth = ids.bit(focus.card)  # type: ignore[arg-type]
        me = view.player
        for player in self._between(view, giver, receiver):
            if player == me:
                continue
            held = self._finesse_position(view, player)
            if held is not None and ids.successor[ids.index(held.card)] == truth:  # type: ignore[arg-type]
                return  # they hold it
        mine = self._finesse_position(view, me)
        if mine is not None:
            self._duty = mine.deck_index

    def _stalling(self, view: PlayerView, board: Board, giver: int, hints: int) -> bool:
        """Whether a clue given with ``hints`` tokens available may be a forced stall:
        every token is in, discarding is forbidden and the giver has nothing known to
        play. Such clues are read for what they say and no more (the giver may have
        had no true clue to give)."""
        book = board.ids.book
        if not (book.discard_at_max_forbidden and hints >= book.max_hints):
            return False
        for held in view.hand(giver):
            common = self._common(board, held)
            if common and not common & ~board.playable:
                return False
        return True

    # ---- choosing an action --------------------------------------------------------

    def act(self, view: PlayerView) -> Action:
        ids = self._identities(view)
        book = ids.book
        board = Board(ids, view)
        unseen = board.unseen(view)
        private = unseen_mask(unseen)
        me = view.player
        mine = view.own_hand
        options = []
        for held in mine:
            common = self._common(board, held)
            narrowed = common & private
            options.append(narrowed if narrowed else common)
        hints = view.hint_tokens
        may_discard = not (book.discard_at_max_forbidden and hints >= book.max_hints)
        playable = board.playable

        queued = 0  # identities already set to be played by someone
        for player in range(view.players):
            if player == me:
                continue
            for held in view.hand(player):
                common = self._common(board, held)
                if common and not common & ~playable:
                    queued |= ids.bit(held.card)  # type: ignore[arg-type]
        for option in options:
            if option and not option & ~playable and option & (option - 1) == 0:
                queued |= option

        # 0. a finesse calls on my newest unclued card
        if self._duty is not None:
            duty, self._duty = self._duty, None
            for slot, held in enumerate(mine):
                if held.deck_index == duty:
                    return self._says("finesse", Play(slot))

        clues = self._clues(view, board, queued) if hints > 0 else []

        # 1. the next player is about to lose a last copy from their chop
        after_me = (me + 1) % view.players
        if hints > 0 and self._needs_save(board, view, after_me):
            saves = [c for c in clues if c.saves_chop and c.target == after_me]
            if saves:
                return self._says("save", max(saves, key=lambda clue: clue.value).action)

        # 2. play a card known to play
        plays = [slot for slot, option in enumerate(options) if option and not option & ~playable]
        if plays:
            return self._says("play", Play(self._best_play(board, options, plays)))

        # 3. a clue worth a token
        best = max(clues, key=lambda clue: clue.value) if clues else None
        threshold = self.THRESHOLDS[min(hints, book.max_hints) * 8 // book.max_hints]
        if best is not None and best.value > threshold:
            return self._says("clue", best.action)

        # 4. the deck is out: a likely card is worth an error we can afford
        if view.deck_left == 0 and view.error_tokens < book.max_errors - 1:
            guess = self._best_guess(options, unseen, playable)
            if guess is not None:
                return self._says("guess", Play(guess))

        # 5. discard, unless a discard would gain no token, or my hand is all clued
        # and every card I could throw may be a last copy: then any true clue
        if may_discard:
            slot = self._discard_slot(board, options, unseen, mine)
            useless = options[slot] and not options[slot] & board.useful
            if best is not None and not useless:
                if hints >= book.max_hints:
                    return self._says("stall", best.action)
                locked = self._chop([held.deck_index for held in mine]) is None
                if locked and options[slot] & board.critical:
                    return self._says("stall", best.action)
            return self._says("discard", Discard(slot))

        # 6. no discard allowed: any clue (a stall, read as no more than it says),
        # else the likeliest card
        if best is not None:
            return self._says("stall", best.action)
        guess = self._best_guess(options, unseen, playable)
        return self._says("forced", Play(guess if guess is not None else 0))

    def _says(self, reason: str, action: Action) -> Action:
        self.reason = reason
        return action

    def _needs_save(self, board: Board, view: PlayerView, player: int) -> bool:
        hand = view.hand(player)
        indexes = [held.deck_index for held in hand]
        chop = self._chop(indexes)
        if chop is None:
            return False
        card = hand[chop].card
        bit = board.ids.bit(card)  # type: ignore[arg-type]
        if not bit & board.critical:
            return False
        for held in hand:
            common = self._common(board, held)
            if common and not common & ~board.playable:
                return False  # they have something to play
            if common and not common & ~board.trash:
                return False  # they have something safe to discard
        return True

    def _best_play(self, board: Board, options: list[int], plays: list[int]) -> int:
        ids = board.ids
        book = ids.book
        finishing = 0
        for suit in range(book.suits):
            last = book.orders[suit][-1]
            finishing |= 1 << (suit * ids.width + last - 1)

        def key(slot: int) -> tuple[bool, int]:
            option = options[slot]
            return (option & ~finishing != 0, -slot)

        return min(plays, key=key)

    def _best_guess(self, options: list[int], unseen: list[int], playable: int) -> int | None:
        best, best_chance = None, 0.0
        for slot, option in enumerate(options):
            chance = chances(option, unseen, playable)
            if chance > best_chance:
                best, best_chance = slot, chance
        return best

    def _discard_slot(
        self, board: Board, options: list[int], unseen: list[int], mine: tuple[HandCard, ...]
    ) -> int:
        for slot, option in enumerate(options):
            if option and not option & board.useful:
                return slot  # known to be useless
        chop = self._chop([held.deck_index for held in mine])
        if chop is not None:
            return chop
        # every card is touched: give up the one least likely to matter
        best, best_cost = 0, 2.0
        for slot, option in enumerate(options):
            cost = chances(option, unseen, board.critical) + 0.5 * chances(
                option, unseen, board.playable
            )
            if cost < best_cost:
                best, best_cost = slot, cost
        return best

    # ---- clues ---------------------------------------------------------------------

    def _clues(self, view: PlayerView, board: Board, queued: int) -> list[_Clue]:
        """Every true, non-empty clue with its value."""
        ids = board.ids
        book = ids.book
        me = view.player
        stalling = self._stalling(view, board, me, view.hint_tokens)
        by_player = [] if stalling else self._known_by_player(view, board)
        found: list[_Clue] = []
        for distance in range(1, view.players):
            target = (me + distance) % view.players
            hand = view.hand(target)
            if not hand:
                continue
            truths = [ids.bit(held.card) for held in hand]  # type: ignore[arg-type]
            indexes = [held.deck_index for held in hand]
            before = [ids.of_hand_card(held) for held in hand]
            common_before = [self._common(board, held) for held in hand]
            known = [
                bit for player, bits in enumerate(by_player) if player != target for bit in bits
            ]
            watch = frozenset() if stalling else self._watch(view, me, target)
            holders = []  # (successor, identity) of the cards on finesse positions in between
            if watch:
                for player in self._between(view, me, target):
                    held = self._finesse_position(view, player)
                    if held is not None:
                        index = ids.index(held.card)  # type: ignore[arg-type]
                        holders.append((ids.successor[index], 1 << index))
            chop = self._chop(indexes)
            has_play = any(c and not c & ~board.playable for c in common_before)
            kinds: list[tuple[ColourHint | RankHint, int]] = [
                (ColourHint(target, colour), mask) for colour, mask in enumerate(ids.colour_masks)
            ]
            kinds += [
                (RankHint(target, rank), ids.rank_masks[rank])
                for rank in range(1, book.max_rank + 1)
            ]
            for action, clue_mask in kinds:
                touched = tuple(slot for slot, truth in enumerate(truths) if truth & clue_mask)
                if not touched:
                    continue
                clue = self._value(
                    board,
                    action,
                    clue_mask,
                    touched,
                    truths,
                    indexes,
                    before,
                    common_before,
                    chop,
                    has_play,
                    queued,
                    distance,
                    stalling,
                    known,
                    watch,
                    holders,
                )
                if clue is not None:
                    found.append(clue)
        return found

    def _value(
        self,
        board: Board,
        action: ColourHint | RankHint,
        clue_mask: int,
        touched: tuple[int, ...],
        truths: list[int],
        indexes: list[int],
        before: list[int],
        common_before: list[int],
        chop: int | None,
        has_play: bool,
        queued: int,
        distance: int,
        stalling: bool,
        known: list[int],
        watch: frozenset[int],
        holders: list[tuple[int, int]],
    ) -> _Clue | None:
        after = [
            mask & clue_mask if slot in touched else mask & ~clue_mask
            for slot, mask in enumerate(before)
        ]
        soon = board.playable if stalling else self._soon(board, known, indexes, after, touched)
        reading: dict[int, int] = {}
        value = 0.0
        counted = queued
        if not stalling:
            reading, finesse = self._reading(board, indexes, after, touched, soon, watch)
            for slot, allowed in reading.items():
                if not truths[slot] & allowed:
                    return None  # the receiver would read it wrong
            if finesse:
                # exactly one finesse position in between must hold the card before
                # the focus, and nobody else be about to play either card
                ((focus, _),) = reading.items()
                truth = truths[focus]
                called = [held for following, held in holders if following == truth]
                if len(called) != 1 or (truth | called[0]) & counted:
                    return None
                value += self.FINESSE
                counted |= truth | called[0]
                reading[focus] = 0  # valued above
        playable = board.playable
        saves_chop = False
        safe_after = False  # the receiver will have a card to play or to throw away
        for slot, truth in enumerate(truths):
            mask = after[slot] & board.available
            belief = reading.get(slot, self._belief.get(indexes[slot]))
            if belief == 0:
                continue
            if belief is not None and mask & belief:
                mask &= belief
            was = common_before[slot]
            newly = slot in touched and indexes[slot] not in self._clued
            if mask and (not mask & ~playable or not mask & board.useful):
                safe_after = True
            if mask and not mask & ~playable and (not was or was & ~playable):
                if truth & counted:
                    value -= 0.5  # another copy is already on its way
                else:
                    value += 1.0
                    counted |= truth
            elif mask and not mask & ~soon and (not was or was & ~soon):
                if truth & counted:
                    value -= 0.5
                else:
                    value += self.DELAYED  # it plays once the cards before it are played
                    counted |= truth
            elif mask and not mask & board.useful and was & board.useful:
                value += 0.2  # they learn it can go
            elif newly:
                if truth & board.trash:
                    value -= 0.4
                elif truth & board.critical:
                    value += 0.2
                elif not truth & playable:
                    value -= 0.1
            if newly and slot == chop and truth & board.critical:
                saves_chop = True
                value += 0.6 if has_play else 1.2
        if not safe_after:
            for slot, index in enumerate(indexes):
                if index not in self._clued and slot not in touched:
                    if truths[slot] & board.critical & ~playable:
                        value -= self.EXPOSED  # their next discard loses a last copy
                    break
        value -= 0.01 * distance
        return _Clue(action, value, saves_chop)
