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
  One finesse at a time, and none once the deck is out. When nobody in between
  has a finesse position (the receiver plays next, say), the receiver's own
  finesse position, their newest card the clue does not touch, is the one
  called on: a *self-finesse* (not at 2 players, where every such clue would
  be one and too many clues would be lost).
- *Bluff*: a clue read as a finesse that nobody in between can answer, when
  the next player's finesse position holds a card that plays now but does not
  lead to any card the focus is read as. The next player plays it blind, as
  for a finesse; since the card played does not lead to the focus, everybody
  sees it was a bluff: the others in between no longer play, and the focus is
  known by its clues only (it may be any card).
- *Prompt*: a play clue whose focus can only be one step beyond what plays
  now, when a card already clued may be the card before it (a 3 clued while
  the red 2 plays and someone holds a red card clued earlier), says that card
  is the one before it: its holder plays it, then the receiver plays the
  focus. The clued cards are looked at in turn order from the giver, newest
  first (the receiver's own, other cards of the same clue included), and the
  prompt comes before a finesse.
- *Tempo clue*: a clue that touches only cards clued before and tells none of
  the receiver's clued cards anything new (a 2 clue again on a card known to
  be a 2) says its focus, the newest card it touches, plays now. A card saved
  or clued for later that has come to play is played this way; such a clue is
  worth the certainty it adds (1 less the chance that the card plays as far as
  everybody knows).
- *Stall*: when every hint token is in, discarding is forbidden and the giver
  has nothing known to play, the giver may have had no true clue to give; such
  a clue is read for what it says and no more.
- *Scream*: a player who knows of a card of theirs that plays never discards,
  except to warn: with no hint token left, a discard by such a player (who
  drew a card for it) says the next player's chop is a last copy. The next
  player keeps it as if a save clue had touched it (a *chop move*) and their
  next untouched card becomes their chop.

A giver only gives a clue whose reading is true (it simulates the receiver
with public facts only), so a card is played only when every identity it can
still have plays (or it answers a finesse the giver checked): the bot never
misplays, except when it chooses to guess (at the end of the game, or a likely
card rather than a discard) or is forced to play.

Turn order of preference: answer a finesse; save the next player's chop if
it holds a last copy and they have nothing to play or throw (with no token
for the clue, and a card known to play, scream instead); play a card
known to play (first one that lets a card clued in another hand play next,
then suit-completing cards; once the deck is out, not one that may be a card
somebody else is set to play); give the most valuable clue if it is worth the
token (the more tokens are in, the less it must be worth; in the last round,
only to players who still have a turn; a card a clue touches without telling
that it plays is worth a little too, since the next clue about it tells more,
unless it can never score; a useful card that a clue touching a card for the
first time leaves known exactly is worth more: it will play when due without
another clue; once the deck is out, only the plays a clue makes count, by the
receiver's turn, once the players in between have played the card each knows to
play, and none to a player who already knows of a play: each has one turn left);
once the deck is out (at 5 players, from its last card), guess a likely card
while errors can be afforded; rather than discard, play a card that plays more
often than not (60 % or more) and is unlikely to be a last copy, while an error
can be afforded (the last error token is never risked);
discard a card known to be useless, else the chop, except with four cards or
fewer left in the deck, where any true clue stalls instead (each draw brings
the last round nearer, and cards known to play later need the turns; from four
cards left a clue need be worth little to be given, and from two even a card
known to be useless is kept; at 2 players also the turn after a clue took my
chop and left one card of mine untouched at most: it may be a last copy too);
where discarding is forbidden, stall with any clue.

A clue's plays count for little to a player who already knows of a play for
each turn left to them (near the end of the game). Some values differ by
player count (``BY_PLAYERS``).

Knowledge comes from :class:`~deckforge.rules.view.PlayerView` only: the
bot's own cards are seen through the clues they received.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple

from deckforge.identity_cache import IdentityCache
from deckforge.rules.actions import Action, ColourHint, Discard, Play, RankHint
from deckforge.rules.bots.knowledge import Board, Identities, chances, hand_identities, members
from deckforge.rules.cards import HandCard
from deckforge.rules.game import Event
from deckforge.rules.view import PlayerView

# The records below that are made many times a turn write their ``__init__`` out: the
# compiled build (see docs/designer-guide.md) compiles an ``__init__`` written in the
# class, while the one ``@dataclass`` generates stays interpreted and makes each
# record about ten times slower to build (a tenth of a game on the largest deck).


@dataclass(slots=True, init=False)
class _Clue:
    """A clue under consideration, with what it would achieve."""

    action: ColourHint | RankHint
    value: float
    saves_chop: bool

    def __init__(self, action: ColourHint | RankHint, value: float, saves_chop: bool) -> None:
        self.action = action
        self.value = value
        self.saves_chop = saves_chop

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
    own: bool = False  # a self-finesse: the receiver's own finesse position


@dataclass(slots=True, init=False)
class _Seen:
    """What every giver but the receiver sees of one receiver, shared by the seats
    (``view.shared``) while ``key`` (everything it is worked out from) stays the same:
    at 5 players most receivers are unchanged from one turn to the next (the seat
    changes, their hand, what is known of it and the board do not)."""

    # never changed once made (its lists neither), but for a new key that means the same
    # (see ``ConventionBot._holds_for``)
    key: tuple[object, ...]
    truths: list[int]
    chop: int | None
    has_play: bool
    soon: int
    narrowable: list[int]
    clued_slots: list[int]  # the slots of the cards a clue touched already
    soon_most: int | None  # see _soon_at_most (worked out on first use)
    bounds: _Bounds | None  # see _clued_bounds (_NO_BOUNDS: none; on first use)
    # the candidates as valued unless stall clues: (position in the clue kinds, the
    # slots touched, step, a tempo clue's focus and what it may be), see
    # ConventionBot._plan; on first use
    plan: list[tuple[int, tuple[int, ...], int, int, int]] | None
    # per clue of the plan read as it says: the most it is worth before the giver's
    # distance (see ConventionBot._clued_most; -inf: not worked out yet); on first use
    mosts: list[float] | None
    # per clue of the plan: the receiver's clue masks once it is given (ConventionBot.
    # _after; None: not worked out yet); on first use
    afters: list[list[int] | None] | None
    # per value of a play to the receiver (``_Receiver.scale``), per clue of the plan
    # touching a card for the first time: the most it is worth before the giver's
    # distance (see ConventionBot._newly_bound; -inf: not worked out yet)
    newly_most: dict[float, list[float]]

    def __init__(
        self,
        key: tuple[object, ...],
        truths: list[int],
        chop: int | None,
        has_play: bool,
        soon: int,
        narrowable: list[int],
        clued_slots: list[int],
    ) -> None:
        self.key = key
        self.truths = truths
        self.chop = chop
        self.has_play = has_play
        self.soon = soon
        self.narrowable = narrowable
        self.clued_slots = clued_slots
        self.soon_most = None
        self.bounds = None
        self.plan = None
        self.mosts = None
        self.afters = None
        self.newly_most = {}


class _SeenStore:
    """The receivers the givers share (``_Seen``), per player, on decks where sharing
    pays: those of which at most a quarter of the cards ever play (on the largest
    deck, 90 of 900, most turns are discards and clues that leave the board and
    most hands as they were, and most receivers are found unchanged at 4-5 players;
    on hanabi-classic, 25 of 50, few are, and the look-ups cost more than they save)."""

    __slots__ = ("by_player", "sharing")

    def __init__(self, ids: Identities) -> None:
        self.by_player: dict[int, _Seen] = {}
        self.sharing = 4 * ids.every.bit_count() <= sum(ids.copies)


@dataclass(slots=True, init=False)
class _Receiver:
    """What a giver sees of one possible receiver, worked out once for all clues to them."""

    player: int
    distance: int  # seats after the giver
    truths: list[int]  # per slot: the card's identity (as a bit)
    indexes: list[int]  # per slot: deck index
    before: list[int]  # per slot: the identities its clues allow so far, of those available
    beliefs: list[int | None]  # per slot: what the conventions say it is (None: nothing)
    fresh: list[bool]  # per slot: no clue has touched it yet
    common_before: list[int]  # per slot: what everybody knows of it so far
    chop: int | None
    has_play: bool  # the receiver already knows a card of theirs plays
    known: list[int]  # identities known exactly outside the receiver's hand
    soon: int  # what plays now or once the ``known`` cards are played (see ``_soon``)
    # the cards on the finesse positions of the players in between, which a clue to
    # them may call on (the giver's list, read while their clues are valued, before
    # it grows: see ``ConventionBot._clues``)
    passed: list[HandCard]
    # a clue to them may call on their own finesse position (a self-finesse): a finesse
    # may be read and nobody in between has a finesse position
    own: bool
    # worked out from ``passed`` when a clue's reading needs them (most clues on a
    # large deck are not read so far): see ``ConventionBot._watched``
    watch: frozenset[int] | None  # the deck indexes of those cards
    holders: list[tuple[int, int]] | None  # (successor, identity) of those cards
    view: PlayerView  # the giver's (for the prompts' candidates, worked out if needed)
    # slots a clue that does not touch them may leave known exactly: what everybody
    # knows of them (clues, or clues and reading) has at most one identity more than
    # a clue can take away
    narrowable: list[int]
    seen: _Seen  # the part any giver sees the same, with what is worked out from it
    # once the deck is out: what plays by their turn, once the players in between have
    # played the one card each knows to play (see ``ConventionBot._in_time``); else
    # what plays now
    in_time: int
    scale: float  # what a play they are set to make is worth (see _crowding)

    def __init__(
        self,
        *,
        player: int,
        distance: int,
        truths: list[int],
        indexes: list[int],
        before: list[int],
        beliefs: list[int | None],
        fresh: list[bool],
        common_before: list[int],
        chop: int | None,
        has_play: bool,
        known: list[int],
        soon: int,
        passed: list[HandCard],
        own: bool,
        view: PlayerView,
        narrowable: list[int],
        seen: _Seen,
        in_time: int,
        scale: float,
    ) -> None:
        self.player = player
        self.distance = distance
        self.truths = truths
        self.indexes = indexes
        self.before = before
        self.beliefs = beliefs
        self.fresh = fresh
        self.common_before = common_before
        self.chop = chop
        self.has_play = has_play
        self.known = known
        self.soon = soon
        self.passed = passed
        self.own = own
        self.watch = None
        self.holders = None
        self.view = view
        self.narrowable = narrowable
        self.seen = seen
        self.in_time = in_time
        self.scale = scale


class _Bounds(NamedTuple):
    """What a clue touching no card for the first time may add for each card of a
    receiver (see ``ConventionBot._clued_bounds``)."""

    kinds: list[int]  # per slot: 1 it may be known to play, 2 to play soon, 4 to go
    total: float  # the most all the cards may add together
    soon_most: int  # what may play soon after any clue, at most


_NO_BOUNDS = _Bounds([], 0.0, -1)

# How a clue that is not a stall clue is valued (``ConventionBot._plan``): it touches a
# card for the first time, it is a tempo clue, or it is read as it says
_NEWLY: Final = 0
_TEMPO: Final = 1
_CLUED: Final = 2


class _Prompted(NamedTuple):
    """A prompt's reading: the focus is ``focus`` and the clued card of deck index
    ``deck_index`` (-1: in the receiver's hand, read with the focus) is ``called``."""

    focus: int
    deck_index: int
    called: int
    was: int  # what everybody knew of the called card before
    truth: int  # its identity, as the giver sees it (0: not known to this seat)


@dataclass(slots=True, init=False)
class _Tally:
    """A clue's value as it is counted up, card by card (the order of the additions is
    kept so that the floating-point sums, and so the bot's choices, never change)."""

    value: float
    counted: int  # identities already on their way to a pile
    saves_chop: bool
    safe_after: bool  # the receiver will have a card to play or to throw away
    soon: int  # identities a prompt sets to play after the card it calls on
    scale: float  # what a play counts for (see ConventionBot._crowding)

    def __init__(self, counted: int, scale: float) -> None:
        self.value = 0.0
        self.counted = counted
        self.saves_chop = False
        self.safe_after = False
        self.soon = 0
        self.scale = scale


@dataclass(slots=True, init=False)
class _Turn:
    """What a seat works out once at the start of its turn, for every step of ``act``
    (the clues only if a step asks for them: a turn that plays a known card needs none)."""

    view: PlayerView
    board: Board
    unseen: list[int]  # per identity: copies this seat cannot see
    mine: list[int]  # the deck indexes of my cards, oldest first
    options: list[int]  # per slot of mine: the identities it may have
    hints: int  # hint tokens available
    may_discard: bool
    valued: Callable[[], list[_Clue]]  # every true clue I could give, with its value
    # the clues that may be worth more than a value (the others are not valued); with
    # True, those touching a card for the first time too, else every one of them
    valued_over: Callable[[float, bool], list[_Clue]]
    # once worked out: the clues (None: only the best was asked for) and the best
    found: tuple[list[_Clue] | None, _Clue | None] | None

    def __init__(
        self,
        *,
        view: PlayerView,
        board: Board,
        unseen: list[int],
        mine: list[int],
        options: list[int],
        hints: int,
        may_discard: bool,
        valued: Callable[[], list[_Clue]],
        valued_over: Callable[[float, bool], list[_Clue]],
    ) -> None:
        self.view = view
        self.board = board
        self.unseen = unseen
        self.mine = mine
        self.options = options
        self.hints = hints
        self.may_discard = may_discard
        self.valued = valued
        self.valued_over = valued_over
        self.found = None

    @property
    def clues(self) -> list[_Clue]:
        """The true clues I could give that may be the best, and every one that touches
        a card for the first time (the saves among them), with their values (``valued``
        gives them all)."""
        clues = self.found[0] if self.found is not None else None
        if clues is None:
            # branch and bound from no bar at all: a clue that cannot beat one found
            # before it is not valued (as in best_over), so the best is the same
            clues = self.valued_over(-math.inf, False)
            self.found = (clues, max(clues, key=lambda clue: clue.value) if clues else None)
        return clues

    @property
    def best(self) -> _Clue | None:
        """The most valuable clue (the first of them on a tie). Unless ``clues`` are
        worked out already, by branch and bound on every clue (see ``best_over``)."""
        found = self.found
        if found is None:
            clues = self.valued_over(-math.inf, True)
            found = self.found = (None, max(clues, key=lambda clue: clue.value) if clues else None)
        return found[1]

    def best_over(self, threshold: float, prune: bool = True) -> _Clue | None:
        """``best`` if it is worth more than ``threshold``, else None. With ``prune``,
        unless every clue is valued already, a clue that cannot be worth more than the
        threshold or the best found before it is not valued: the answer is the same."""
        if self.found is not None or not prune:
            best = self.best
        else:
            clues = self.valued_over(threshold, True)
            best = max(clues, key=lambda clue: clue.value) if clues else None
        return best if best is not None and best.value > threshold else None


class ConventionBot:
    """Plays, clues and discards by the conventions in this module's docstring."""

    name: ClassVar[str] = "conventions"

    # value a clue needs, by hint tokens available (scaled to 8 tokens)
    THRESHOLDS = (0.9, 0.9, 0.6, 0.4, 0.2, 0.1, 0.0, 0.0, 0.0)
    PROMPTS = True  # read prompts (a clue one step ahead calls a clued card to play)
    # value of a card a clue touches for the first time without telling that it plays
    # or can go (it is kept, and the next clue about it tells more): by what it is
    TRASH = -0.2  # it can never score
    LATER = 0.1  # it plays later
    CRITICAL = 0.4  # a last copy
    PLAYABLE = 0.4  # it plays now
    FINESSE = 2.5  # value of a finesse: the blind play and the card clued (0: no finesses)
    DELAYED = 0.7  # value of a card that will play after cards already known to play
    EXPOSED = 0.6  # value lost when a clue leaves a last copy on the receiver's chop
    GOES = 0.1  # value of telling a card can go (it was useful as far as they knew)
    SAVE_BUSY = 0.6  # value of saving a last copy on the chop of a player with a play
    SAVE_IDLE = 1.2  # the same for a player with nothing to play
    RISK = 0.6  # chance that a card plays, for playing it rather than discarding
    ENDGAME = 4  # from this many cards left in the deck, a stall clue rather than a discard
    LATE_BAR = 0.2  # from ENDGAME cards left, the most a clue must be worth (a draw costs a turn)
    GUESS_LEFT = 0  # from this many cards left in the deck, a guess rather than a discard
    LAST_DRAWS = 2  # from this many cards left, a stall clue even rather than a useless discard
    CROWDED = 0.3  # a play is worth this much to a player with a known play per turn left
    # value of a useful card that does not play yet, for being known exactly once the clue
    # is given: it will play when due without another clue
    EXACT = 0.2
    # per player count, the values above that play better there (see docs/benchmarks.md:
    # chosen on hanabi-classic's seeds 2 and 3, checked on seed 1); a seat takes them
    # before its first act or observation
    BY_PLAYERS: ClassVar[dict[int, dict[str, object]]] = {
        2: {"LATER": 0.0, "SELF_FINESSE": False, "HOLD_AFTER_SAVE": True},
        3: {"RISK": 0.65, "GOES": 0.05, "PLAYABLE": 0.3},
        4: {"GOES": 0.05, "SAVE_IDLE": 1.0},
        5: {
            "GUESS_LEFT": 1,
            "DELAYED": 0.6,
            "SAVE_BUSY": 0.4,
            "SAVE_IDLE": 1.0,
            "PLAYABLE": 0.3,
        },
    }
    BLUFF = 1.5  # value of a bluff's blind play by the next player (0: no bluffs)
    SELF_FINESSE = True  # self-finesses: a finesse on the receiver's own finesse position
    # once the deck is out, a clue may be for a card that plays after the players in
    # between have played the card each knows to play (False: only for cards that play now)
    IN_TIME = True
    # once the deck is out, of my cards known to play, not one that may be the card
    # somebody else is set to play (False: whichever plays first)
    NO_TWIN = True
    # the turn after a clue touched my chop and left me one untouched card at most, a
    # clue (if there is one) rather than a discard: that card may be a last copy too
    HOLD_AFTER_SAVE = False
    TEMPO = True  # tempo clues: a clue telling the clued cards nothing says the newest plays
    # scream discards: with no token to save the next player's last copy, a discard by a
    # player who is known to hold a play moves the next player's chop (they keep it)
    SCREAM = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self._clued: set[int] = set()  # deck indexes of cards any clue ever touched
        self._belief: dict[int, int] = {}  # deck index -> identities the conventions allow
        self._finesse: _Finesse | None = None  # a finesse not yet resolved (one at a time)
        self._duty: int | None = None  # deck index of my card to blind-play next turn
        self._saved_at: int | None = None  # the turn a clue took my chop (HOLD_AFTER_SAVE)
        # deck index -> what its clues allowed once the last clue to its hand was given
        # (a clued card's clue mask before the next clue, for reading a tempo clue)
        self._clue_masks: dict[int, int] = {}
        self._ids: Identities | None = None
        # per player, what everybody knows of each card (see _commons_of), and what its
        # clues allow of the identities available: worked out once per act or observe,
        # forgotten when it ends (the knowledge changes in between)
        self._commons: list[list[int]] | None = None
        self._masks: list[list[int]] = []
        self._indexes: list[list[int]] = []  # per player, their cards' deck indexes (the same)
        self._known: list[list[int]] = []  # see _known_by_player (the same)
        self._kinds: list[list[tuple[ColourHint | RankHint, int]]] | None = None  # per target
        # per player, their clued cards as prompt candidates (see _clued_cards)
        self._held: list[tuple[list[tuple[int, int, int, int]], int]] | None = None
        self._steps_of: tuple[Board, list[tuple[int, int]]] | None = None  # see _steps
        self._last_round = False  # the clues are valued once the deck is out
        self._widest = 0  # 1 + the most identities a clue touches (see _Receiver.narrowable)
        self._touching: list[list[int]] = []  # per identity: the clue kinds that touch it
        # the reading of each clue valued this turn, as the seats will read it (see act)
        self._given: dict[ColourHint | RankHint, _Read] = {}
        # why the last action was chosen: finesse, save, scream, play, clue, guess,
        # risk, discard, stall or forced
        self.reason = ""
        self._players = 0  # the player count whose values (BY_PLAYERS) this seat took

    # ---- common knowledge ----------------------------------------------------------

    def _identities(self, view: PlayerView) -> Identities:
        if self._ids is None:
            self._ids = Identities.of(view.theme)
        return self._ids

    def _board_of(self, view: PlayerView) -> Board:
        """The public facts now: built again only after a play or a discard, by the
        first seat that asks (the others share it through ``view.shared``)."""
        out = view.cards_out
        ids = self._identities(view)
        shared = view.shared
        kept = shared.get("conventions.board")
        previous = None
        if isinstance(kept, _SharedBoard) and kept.ids is ids:
            if kept.out == out:
                return kept.board
            previous = kept.board
        board = Board(ids, view, previous)
        shared["conventions.board"] = _SharedBoard(out, ids, board)
        return board

    def _chop(self, indexes: list[int]) -> int | None:
        """Slot of the oldest card no clue has touched (None if all are touched)."""
        for slot, index in enumerate(indexes):
            if index not in self._clued:
                return slot
        return None

    def _commons_of(self, view: PlayerView, board: Board) -> list[list[int]]:
        """Per player, per slot: what every seat knows of the card (its clues, the
        conventions' reading and the public cards); ``self._masks`` gets the same
        without the reading."""
        commons = self._commons
        if commons is None:
            now = _clue_masks_now(view, board)
            masks, indexes, singles = now.masks, now.indexes, now.singles
            beliefs = self._belief
            commons = []
            by_player = []
            for player, clue_masks in enumerate(masks):
                deck_indexes, single = indexes[player], singles[player]
                theirs = []
                known = []
                for slot, mask in enumerate(clue_masks):
                    belief = beliefs.get(deck_indexes[slot])
                    narrowed = mask & belief if belief is not None else 0
                    if narrowed:
                        mask = narrowed
                        if not mask & (mask - 1):
                            known.append(mask)
                    elif single[slot]:
                        known.append(mask)
                    theirs.append(mask)
                commons.append(theirs)
                by_player.append(known)
            self._commons = commons
            self._known = by_player
            self._masks = masks
            self._indexes = indexes
        return commons

    def _known_by_player(self, view: PlayerView, board: Board) -> list[list[int]]:
        """Per player, identities (as bits) of their cards everybody knows exactly
        (worked out with ``_commons_of``)."""
        self._commons_of(view, board)
        return self._known

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
        beliefs: list[int | None],
        after: list[int],
        touched: tuple[int, ...],
        known_soon: int | None = None,
        slots: list[int] | None = None,
    ) -> int:
        """Identities that play now, or once the cards everybody knows exactly are
        played in turn: ``known`` elsewhere, and the receiver's cards the clue does
        not touch (their ``after`` masks are what everybody sees once it is given).
        ``known_soon``: the answer for ``known`` alone, if already worked out;
        ``slots``: the only slots a clue not touching them may leave known exactly
        (None: all)."""
        queued: list[int] = []
        for slot in range(len(after)) if slots is None else slots:
            if slot not in touched:
                mask = after[slot] & board.available
                belief = beliefs[slot]
                if belief is not None:
                    narrowed = mask & belief
                    if narrowed:
                        mask = narrowed
                if mask and not mask & (mask - 1):
                    queued.append(mask)
        if not queued and known_soon is not None:
            return known_soon
        return _played_in_turn(board, known + queued)

    def _tempo_reading(
        self, board: Board, indexes: list[int], after: list[int], touched: tuple[int, ...]
    ) -> dict[int, int] | None:
        """A *tempo* clue, as the seats read it once given: it touches only cards clued
        before and tells no clued card of the receiver anything new (``_clue_masks``
        against ``after``, their clue masks now); its focus, the newest card it touches,
        plays now. The reading, or None when the clue is no tempo clue."""
        if not self.TEMPO or not touched:
            return None
        clued, available, masks = self._clued, board.available, self._clue_masks
        for slot in touched:
            if indexes[slot] not in clued:
                return None
        for slot, index in enumerate(indexes):
            if index in clued:
                told = masks.get(index, 0) & available
                if (told & after[slot]) != told:
                    return None  # it tells a clued card something
        focus = touched[-1]
        allowed = self._tempo_focus(board, indexes[focus], after[focus] & available)
        return None if allowed is None else {focus: allowed}

    def _tempo_focus(self, board: Board, index: int, mask: int) -> int | None:
        """What a tempo clue's focus may be (``mask``: its clue mask, of the identities
        available): what its reading allows that plays now. None when everybody knows
        it plays already (the clue is then read as it says)."""
        fits = mask & self._belief.get(index, board.ids.every)
        if not fits & board.unplayable:
            return None
        return fits & board.playable

    def _reading(
        self,
        board: Board,
        indexes: list[int],
        after: list[int],
        touched: tuple[int, ...],
        soon: int,
        watch: frozenset[int],
        chop: int | None,
        prompts: tuple[PlayerView, int, int] | None = None,
    ) -> tuple[dict[int, int], bool, _Prompted | None]:
        """How everybody reads a clue: slot -> the identities its card may have.

        ``indexes`` are the receiver's deck indexes, ``after`` the clue masks of
        their cards once the clue is given, ``touched`` the slots it touches,
        ``soon`` what plays now or after the cards known to play, ``watch`` the
        finesse positions of the players between giver and receiver (empty when
        no finesse may be read), ``chop`` the receiver's chop before the clue,
        ``prompts`` (a view, the giver, the receiver) where a prompt may be read.
        Returns the reading, whether it is a finesse, and the card a prompt calls on
        (in another hand) with what it reads. Uses public facts only, so giver and
        receiver agree.
        """
        clued = self._clued
        newly = [slot for slot in touched if indexes[slot] not in clued]
        if not newly:
            return {}, False, None
        focus = chop if chop in newly else newly[-1]
        every = board.ids.every
        available = board.available
        fits = after[focus] & available & self._belief.get(indexes[focus], every)
        wanted = soon | board.critical if focus == chop else soon
        narrowed = fits & wanted
        if narrowed:
            return {focus: narrowed}, False, None
        if focus == chop:
            return {}, False, None
        beyond = fits & board.after_playable
        beyond ^= beyond & soon  # one step beyond what plays now
        if beyond and self.PROMPTS:
            prompt = self._prompt(board, indexes, after, touched, beyond, focus, prompts)
            if prompt is not None:
                return prompt
        if beyond and watch:
            return {focus: beyond}, True, None
        return {}, False, None

    def _prompt(
        self,
        board: Board,
        indexes: list[int],
        after: list[int],
        touched: tuple[int, ...],
        beyond: int,
        focus: int,
        prompts: tuple[PlayerView, int, int] | None,
    ) -> tuple[dict[int, int], bool, _Prompted | None] | None:
        """A *prompt*: the focus can only be one step ``beyond`` what plays now, and a
        clued card may be the card before it: that card is the one before it, and the
        focus follows it. The clued cards are looked at in turn order from the giver
        (the receiver's own, the same clue's other cards included, in their turn),
        newest first in each hand. Read only when exactly one identity of the focus
        has such a card."""
        available = board.available
        clued = self._clued
        beliefs = self._belief
        lows = [pair for pair in self._steps(board) if pair[1] & beyond]
        if not lows:
            return None
        before, after_receiver = (
            self._prompt_candidates(prompts[0], board, prompts[1], prompts[2])
            if prompts is not None
            else ((), ())
        )
        # (slot, -1 in another hand; deck index; what everybody knows of it; its identity)
        candidates = list(before)
        for slot in range(len(indexes) - 1, -1, -1):
            index = indexes[slot]
            if slot != focus and (index in clued or slot in touched):
                common = after[slot] & available
                belief = beliefs.get(index)
                if belief is not None and common & belief:
                    common &= belief
                candidates.append((slot, index, common, 0))
        candidates += after_receiver
        found: tuple[int, int, tuple[int, int, int, int]] | None = None
        for low, following in lows:
            for called in candidates:
                if called[2] & low:
                    if found is not None:
                        return None  # two readings: none
                    found = (following, low, called)
                    break
        if found is None:
            return None
        following, low, (slot, index, common, truth) = found
        if slot >= 0:
            return {focus: following, slot: low}, False, _Prompted(following, -1, low, common, 0)
        return {focus: following}, False, _Prompted(following, index, low, common, truth)

    def _finesse_position(self, view: PlayerView, player: int) -> HandCard | None:
        """The newest card of ``player`` that no clue has touched."""
        for held in reversed(view.hand(player)):
            if held.deck_index not in self._clued:
                return held
        return None

    def _finesse_index(self, view: PlayerView, player: int) -> int | None:
        """The deck index of ``player``'s finesse position (see ``_finesse_position``)."""
        clued = self._clued
        for index in reversed(view.deck_indexes(player)):
            if index not in clued:
                return index
        return None

    def _between(self, view: PlayerView, giver: int, receiver: int) -> list[int]:
        """The players who act after ``giver`` and before ``receiver``."""
        found = []
        player = (giver + 1) % view.players
        while player != receiver:
            found.append(player)
            player = (player + 1) % view.players
        return found

    def _steps(self, board: Board) -> list[tuple[int, int]]:
        """(identity that plays now, the identity after it) for each suit that has
        both, worked out once per board."""
        kept = self._steps_of
        if kept is not None and kept[0] is board:
            return kept[1]
        successor = board.ids.successor
        steps = []
        bits = board.ids.bits
        for index in members(board.playable):
            following = successor[index]
            if following:
                steps.append((bits[index], following))
        self._steps_of = (board, steps)
        return steps

    def _prompt_candidates(
        self, view: PlayerView, board: Board, giver: int, receiver: int
    ) -> _Prompts:
        """The clued cards a prompt from ``giver`` to ``receiver`` may call on outside the
        receiver's hand (see ``_Prompts``): read from public facts only (the identities
        are for the giver's check)."""
        lists: tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]
        lists = ([], [])
        held = self._clued_cards(view, board)
        side = 0
        player = (giver + 1) % view.players
        while player != giver:
            if player == receiver:
                side = 1
            else:
                lists[side].extend(held[player][0])
            player = (player + 1) % view.players
        return tuple(lists[0]), tuple(lists[1])

    def _clued_cards(
        self, view: PlayerView, board: Board
    ) -> list[tuple[list[tuple[int, int, int, int]], int]]:
        """Per player: their clued cards, newest first, as prompt candidates (with their
        identity where this seat sees it, else 0), and the union of what everybody
        knows of them (worked out once per act or observe)."""
        found = self._held
        if found is None:
            commons = self._commons_of(view, board)
            clued = self._clued
            ids = board.ids
            found = []
            for player in range(view.players):
                theirs = commons[player]
                indexes = view.deck_indexes(player)
                cards = view.cards(player) if player != view.player else None
                held = []
                union = 0
                for slot in range(len(indexes) - 1, -1, -1):
                    index = indexes[slot]
                    common = theirs[slot]
                    if common and index in clued:
                        truth = 0 if cards is None else ids.bit(cards[slot])
                        held.append((-1, index, common, truth))
                        union |= common
                found.append((held, union))
            self._held = found
        return found

    def _finesse_allowed(self, view: PlayerView) -> bool:
        """Whether a clue may be read as a finesse now: one finesse at a time, and none
        once the deck is out."""
        return bool(self.FINESSE) and self._finesse is None and view.deck_left > 0

    def _own_watch(self, indexes: list[int], touched: tuple[int, ...]) -> frozenset[int]:
        """A receiver's own finesse position for a self-finesse: their newest card that
        no clue has touched, this one included (none: empty)."""
        clued = self._clued
        for slot in range(len(indexes) - 1, -1, -1):
            if slot not in touched and indexes[slot] not in clued:
                return frozenset((indexes[slot],))
        return frozenset()

    def _watch(
        self,
        view: PlayerView,
        giver: int,
        receiver: int,
        indexes: list[int],
        touched: tuple[int, ...],
    ) -> frozenset[int]:
        """Finesse positions that a clue from ``giver`` touching ``touched`` of the
        receiver's cards (deck ``indexes``) may call on: those of the players in
        between, else the receiver's own (a self-finesse); none when a finesse is
        already pending or the deck is out."""
        if not self._finesse_allowed(view):
            return frozenset()
        found = set()
        for player in self._between(view, giver, receiver):
            index = self._finesse_index(view, player)
            if index is not None:
                found.add(index)
        if not found and self.SELF_FINESSE:
            return self._own_watch(indexes, touched)
        return frozenset(found)

    def _take_count_values(self, view: PlayerView) -> None:
        """Take the values of this player count (``BY_PLAYERS``) once, before the
        seat's first act or observation: some change how a clue is read, and every
        seat must read it alike."""
        if self._players != view.players:
            self._players = view.players
            for name, value in self.BY_PLAYERS.get(view.players, {}).items():
                setattr(self, name, value)

    def observe(self, view: PlayerView, action: Action, event: Event) -> None:
        """Update the common knowledge after any seat's action."""
        self._take_count_values(view)
        self._commons = self._held = None
        try:
            self._observe(view, action, event)
        finally:
            self._commons = self._held = None

    def _observe(self, view: PlayerView, action: Action, event: Event) -> None:
        if event.kind in ("play", "discard"):
            index = event.deck_index
            if index is not None:
                blind = index not in self._clued
                self._clued.discard(index)
                self._clue_masks.pop(index, None)
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
                        elif self.BLUFF:
                            # a bluff: the focus is known by its clues only, and
                            # nobody else in between plays
                            self._belief.pop(pending.focus, None)
                            self._duty = None
                            self._finesse = None
            if event.kind == "discard" and self.SCREAM and view.players > 1:
                self._screamed(view, event)
        else:
            self._observe_clue(view, action, event)
        pending = self._finesse
        if pending is not None and (
            event.player == pending.receiver
            if pending.own
            else view.current_player == pending.receiver
        ):
            # nobody answered with a blind play (not expected): forget the reading
            self._belief.pop(pending.focus, None)
            self._finesse = None

    def _observe_clue(self, view: PlayerView, action: Action, event: Event) -> None:
        target = action.target  # type: ignore[union-attr]
        giver = event.player
        ids = self._identities(view)
        indexes, after = _clued_hand(view, ids, event, target)
        read = self._clue_read(view, action, event, target, giver, indexes, after)
        if read is not None:
            reading, finesse, watch, outside = read
            for slot, allowed in reading.items():
                self._belief[indexes[slot]] = allowed
            if outside is not None and outside.deck_index >= 0:
                self._belief[outside.deck_index] = outside.called
            if finesse:
                ((focus, blind),) = reading.items()
                own = not watch.isdisjoint(indexes)
                self._finesse = _Finesse(indexes[focus], target, blind, watch, own)
                if own:
                    if view.player == target:
                        (self._duty,) = watch
                elif view.player in self._between(view, giver, target):
                    self._take_duty(view, ids, view.hand(target)[focus], giver, target)
        chop = self._chop(indexes) if view.player == target and self.HOLD_AFTER_SAVE else None
        for slot in event.touched:
            self._clued.add(indexes[slot])
        # (short-circuit: the untouched cards are counted only when it took my chop)
        if (
            chop is not None
            and chop in event.touched
            and sum(index not in self._clued for index in indexes) <= 1
        ):
            self._saved_at = view.turn  # it took my chop and left one untouched at most
        if self.TEMPO:
            for slot, index in enumerate(indexes):
                self._clue_masks[index] = after[slot]

    def _clue_read(
        self,
        view: PlayerView,
        action: Action,
        event: Event,
        target: int,
        giver: int,
        indexes: list[int],
        after: list[int],
    ) -> _Read | None:
        """How every seat reads a clue just given: the reading, whether it is a
        finesse, the finesse positions it may call on and the card outside the
        receiver's hand a prompt calls on (None: a stall, read for no
        more than it says). It is common knowledge, so the first seat to observe the
        clue works it out and the others, holding the same common knowledge, take it
        from ``view.shared`` (seats that observed the same actions hold the same; the
        number of clued cards and beliefs and the pending finesse are compared too)."""
        state = (len(self._clued), len(self._belief), self._finesse)
        shared = view.shared
        kept = shared.get("conventions.reading")
        if kept is not None and kept[0] is event and kept[1] == state:
            return kept[2]  # type: ignore[no-any-return]
        given = shared.get("conventions.given")
        if given is not None and given[:4] == (view.turn - 1, giver, action, state):
            # the giver worked it out when it valued the clue, from the same facts
            shared["conventions.reading"] = (event, state, given[4])
            return given[4]  # type: ignore[no-any-return]
        board = self._board_of(view)
        read: _Read | None = None
        stalling = self._stalling(view, board, giver, view.hint_tokens + 1)
        tempo = None if stalling else self._tempo_reading(board, indexes, after, event.touched)
        if tempo is not None:
            read = tempo, False, frozenset(), None
        elif not stalling:
            known = self._known_elsewhere(view, board, target)
            beliefs = [self._belief.get(index) for index in indexes]
            soon = self._soon(board, known, beliefs, after, event.touched)
            watch = self._watch(view, giver, target, indexes, event.touched)
            reading, finesse, outside = self._reading(
                board,
                indexes,
                after,
                event.touched,
                soon,
                watch,
                self._chop(indexes),
                (view, giver, target),
            )
            read = reading, finesse, watch, outside
        shared["conventions.reading"] = (event, state, read)
        return read

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
        mine = self._finesse_index(view, me)
        if mine is not None:
            self._duty = mine

    def _stalling(self, view: PlayerView, board: Board, giver: int, hints: int) -> bool:
        """Whether a clue given with ``hints`` tokens available may be a forced stall:
        every token is in, discarding is forbidden and the giver has nothing known to
        play. Such clues are read for what they say and no more (the giver may have
        had no true clue to give)."""
        book = board.ids.book
        if not book.refuses_discard(hints):
            return False
        for common in self._commons_of(view, board)[giver]:
            if common and not common & board.unplayable:
                return False
        return True

    # ---- choosing an action --------------------------------------------------------

    def act(self, view: PlayerView) -> Action:
        """The first of the steps in this module's docstring that finds something to do.
        A clue's reading worked out while valuing it is left in ``view.shared`` for the
        seats that observe it (see ``_clue_read``)."""
        self._given = {}
        self._take_count_values(view)
        action = self._act(view)
        read = self._given.get(action) if isinstance(action, ColourHint | RankHint) else None
        if read is not None:
            state = (len(self._clued), len(self._belief), self._finesse)
            view.shared["conventions.given"] = (view.turn, view.player, action, state, read)
        return action

    def _act(self, view: PlayerView) -> Action:
        self._commons = self._held = None
        answer = self._answer_finesse(view)
        if answer is not None:
            return answer
        turn = self._read_turn(view)
        steps = (
            self._save_next_chop,
            self._scream,
            self._play_known,
            self._clue_worth_a_token,
            self._guess_late,
            self._discard,
        )
        for step in steps:
            action = step(turn)
            if action is not None:
                return action
        return self._stall_or_force(turn)

    def _read_turn(self, view: PlayerView) -> _Turn:
        """What this seat knows at the start of its turn, and the clues it could give."""
        ids = self._identities(view)
        book = ids.book
        board = self._board_of(view)
        unseen, private = board.unseen(view)
        options = []
        for common in self._commons_of(view, board)[view.player]:
            narrowed = common & private
            options.append(narrowed if narrowed else common)
        mine = self._indexes[view.player]
        hints = view.hint_tokens

        def valued(bar: float | None = None, first_touches: bool = False) -> list[_Clue]:
            if hints <= 0:
                return []
            queued = self._queued(view, board, options)
            return self._clues(view, board, queued, bar, first_touches)

        return _Turn(
            view=view,
            board=board,
            unseen=unseen,
            mine=mine,
            options=options,
            hints=hints,
            may_discard=not book.refuses_discard(hints),
            valued=valued,
            valued_over=valued,
        )

    def _queued(self, view: PlayerView, board: Board, options: list[int]) -> int:
        """Identities already set to be played by someone: cards everybody knows to
        play in the other hands, and mine I know exactly."""
        unplayable = board.unplayable
        queued = self._played_elsewhere(view, board)
        for option in options:
            if option and not option & unplayable and option & (option - 1) == 0:
                queued |= option
        return queued

    def _played_elsewhere(self, view: PlayerView, board: Board) -> int:
        """Identities of the cards in the other hands that everybody knows to play."""
        ids = board.ids
        unplayable = board.unplayable
        found = 0
        commons = self._commons_of(view, board)
        for player in range(view.players):
            if player == view.player:
                continue
            identities: list[int] | None = None
            for slot, common in enumerate(commons[player]):
                if common and not common & unplayable:
                    if identities is None:
                        identities = hand_identities(view, ids, player)
                    found |= ids.bits[identities[slot]]
        return found

    def _answer_finesse(self, view: PlayerView) -> Action | None:
        """0. A finesse calls on my newest unclued card: play it blind."""
        if self._duty is None:
            return None
        duty, self._duty = self._duty, None
        for slot, index in enumerate(view.deck_indexes(view.player)):
            if index == duty:
                return self._says("finesse", Play(slot))
        return None

    def _save_next_chop(self, turn: _Turn) -> Action | None:
        """1. The next player is about to lose a last copy from their chop."""
        view = turn.view
        after_me = (view.player + 1) % view.players
        if turn.hints > 0 and self._needs_save(turn.board, view, after_me):
            saves = [c for c in turn.clues if c.saves_chop and c.target == after_me]
            if saves:
                return self._says("save", max(saves, key=lambda clue: clue.value).action)
        return None

    def _scream(self, turn: _Turn) -> Action | None:
        """1b. The same with no token for a save: a discard instead of a known play (a
        *scream*), read by everybody as the next player's chop to keep (``_screamed``)."""
        view, board = turn.view, turn.board
        if not self.SCREAM or turn.hints or view.deck_left < 2 or not turn.may_discard:
            return None
        unplayable = board.unplayable
        if not any(c and not c & unplayable for c in self._commons_of(view, board)[view.player]):
            return None  # (what _knows_a_play says of my hand: everybody knows of no play)
        if not self._needs_save(board, view, (view.player + 1) % view.players):
            return None
        slot = self._discard_slot(board, turn.options, turn.unseen, turn.mine)
        commons = self._commons_of(view, board)[view.player]
        if commons[slot] and not commons[slot] & board.unplayable:
            return None  # the play would go with it: nobody could read the scream
        return self._says("scream", Discard(slot))

    def _knows_a_play(self, held: tuple[HandCard, ...], board: Board, available: int) -> bool:
        """Whether everybody knows one of the cards ``held`` plays, with ``available``
        the identities not all discarded or played (as in ``_commons_of``)."""
        unplayable = board.unplayable
        ids, beliefs = board.ids, self._belief
        for card in held:
            common = ids.of_hand_card(card) & available
            belief = beliefs.get(card.deck_index)
            if belief is not None and common & belief:
                common &= belief
            if common and not common & unplayable:
                return True
        return False

    def _screamed(self, view: PlayerView, event: Event) -> None:
        """After a discard: if it was a scream (the discarder had no token before it,
        drew a card and is known to hold a play), the next player's chop is moved: it
        is kept, read as a last copy."""
        if view.hint_tokens != 1 or view.deck_left < 1:
            return
        board = self._board_of(view)
        thrown = event.card
        assert thrown is not None
        # what the discarder knew before it: the card thrown still available, the
        # card drawn not yet held
        before = board.available | board.ids.bit(thrown)
        if not self._knows_a_play(view.hand(event.player)[:-1], board, before):
            return
        hand = view.hand((event.player + 1) % view.players)
        chop = self._chop([held.deck_index for held in hand])
        if chop is not None:
            held = hand[chop]
            index = held.deck_index
            self._clued.add(index)
            # a last copy before the discard: still one, or useless now if the card
            # thrown was a last copy of its suit that the kept card needed
            ids = board.ids
            self._belief[index] = board.critical | board.trash & ids.suit_masks[thrown.suit]
            if self.TEMPO:  # kept as if clued now: a later clue is read against this
                self._clue_masks[index] = ids.of_hand_card(held)

    def _play_known(self, turn: _Turn) -> Action | None:
        """2. Play a card known to play: one that lets a card clued in another hand play
        next, if any; suit-completing cards first."""
        unplayable = turn.board.unplayable
        options = turn.options
        plays = [slot for slot, option in enumerate(options) if option and not option & unplayable]
        if plays:
            if len(plays) > 1 and self.NO_TWIN and turn.view.deck_left == 0:
                # not a card that may be one somebody else is set to play
                elsewhere = self._played_elsewhere(turn.view, turn.board)
                plays = [slot for slot in plays if not options[slot] & elsewhere] or plays
            if len(plays) > 1:
                plays = self._chained(turn, plays) or plays
            return self._says("play", Play(self._best_play(turn.board, options, plays)))
        return None

    def _chained(self, turn: _Turn, plays: list[int]) -> list[int]:
        """Of my known plays, those that let a card someone else holds clued play next."""
        view, board = turn.view, turn.board
        successor = board.ids.successor
        waiting = 0
        for player in range(view.players):
            if player != view.player:
                for held in view.hand(player):
                    if held.deck_index in self._clued:
                        waiting |= board.ids.bit(held.card)  # type: ignore[arg-type]
        found = []
        for slot in plays:
            following = 0
            for identity in members(turn.options[slot]):
                following |= successor[identity]
            if following & waiting:
                found.append(slot)
        return found

    def _clue_worth_a_token(self, turn: _Turn) -> Action | None:
        """3. The most valuable clue, if it is worth what the tokens in hand make a token."""
        book = turn.board.ids.book
        threshold = self.THRESHOLDS[min(turn.hints, book.max_hints) * 8 // book.max_hints]
        late = 0 < turn.view.deck_left <= self.ENDGAME
        if late:
            threshold = min(threshold, self.LATE_BAR)
        # where a discard would take a stall clue instead, every clue is valued now
        stalls = late or turn.hints >= book.max_hints
        best = turn.best_over(threshold, prune=not stalls)
        if best is not None:
            return self._says("clue", best.action)
        return None

    def _guess_late(self, turn: _Turn) -> Action | None:
        """4. The deck is out (or holds ``GUESS_LEFT`` cards or fewer): a likely card is
        worth an error we can afford."""
        view = turn.view
        if (
            view.deck_left <= self.GUESS_LEFT
            and view.error_tokens < turn.board.ids.book.max_errors - 1
        ):
            guess = self._best_guess(turn.options, turn.unseen, turn.board.playable)
            if guess is not None:
                return self._says("guess", Play(guess))
        return None

    def _discard(self, turn: _Turn) -> Action | None:
        """5. Discard, unless a discard would gain no token, the deck is nearly out (a
        draw brings the last round nearer: from ``LAST_DRAWS`` cards left, even for a
        card known to be useless), or my hand is all clued and every card I could
        throw may be a last copy: then any true clue (a stall)."""
        if not turn.may_discard:
            return None
        board, options = turn.board, turn.options
        risky = self._risk_instead(turn)
        if risky is not None:
            return risky
        slot = self._discard_slot(board, options, turn.unseen, turn.mine)
        useless = options[slot] and not options[slot] & board.useful
        if useless and not 0 < turn.view.deck_left <= self.LAST_DRAWS:
            return self._says("discard", Discard(slot))
        if self._would_stall(turn, slot):
            best = turn.best  # valued only now: most discards need no clue's value
            if best is not None:
                return self._says("stall", best.action)
        return self._says("discard", Discard(slot))

    def _would_stall(self, turn: _Turn, slot: int) -> bool:
        """Whether a clue, if there is one, replaces the discard of ``slot``: every
        token is in, a draw brings the end nearer, a clue just took my chop and left
        one card untouched at most (``HOLD_AFTER_SAVE``), or my hand is all clued and
        the card may be a last copy."""
        board = turn.board
        if turn.hints >= board.ids.book.max_hints:
            return True
        if 0 < turn.view.deck_left <= self.ENDGAME:
            return True
        if self._saved_at == turn.view.turn:
            return True  # a clue just took my chop and left one card untouched at most
        locked = self._chop(turn.mine) is None
        return bool(locked and turn.options[slot] & board.critical)

    def _risk_instead(self, turn: _Turn) -> Action | None:
        """Instead of a discard: a card of mine that likely plays (``RISK`` or more) and
        is unlikely to be a last copy that does not play, while an error can be
        afforded (the error is the price, the card the stake)."""
        if turn.view.error_tokens >= turn.board.ids.book.max_errors - 1:
            return None
        board, unseen = turn.board, turn.unseen
        lost_if_wrong = board.critical & board.unplayable
        best, best_worth = None, 0.0
        playable = board.playable
        for slot, option in enumerate(turn.options):
            hits = option & playable
            if not hits:
                continue
            # the copies of the identities that play, against at least one copy of
            # each other identity: skip the full count when even that misses RISK
            weight = sum(unseen[identity] for identity in members(hits))
            others = option.bit_count() - hits.bit_count()
            if weight < self.RISK * (weight + others):
                continue
            chance = chances(option, unseen, playable)
            if chance < self.RISK:
                continue
            worth = chance - 10 * chances(option, unseen, lost_if_wrong)
            if worth > best_worth:
                best, best_worth = slot, worth
        if best is None:
            return None
        return self._says("risk", Play(best))

    def _stall_or_force(self, turn: _Turn) -> Action:
        """6. No discard allowed: any clue (a stall, read as no more than it says),
        else the likeliest card."""
        if turn.best is not None:
            return self._says("stall", turn.best.action)
        guess = self._best_guess(turn.options, turn.unseen, turn.board.playable)
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
        for common in self._commons_of(view, board)[player]:
            if common and not common & board.unplayable:
                return False  # they have something to play
            if common and not common & board.useful:
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
            return ((option & finishing) != option, -slot)

        return min(plays, key=key)

    def _best_guess(self, options: list[int], unseen: list[int], playable: int) -> int | None:
        best, best_chance = None, 0.0
        for slot, option in enumerate(options):
            chance = chances(option, unseen, playable)
            if chance > best_chance:
                best, best_chance = slot, chance
        return best

    def _discard_slot(
        self, board: Board, options: list[int], unseen: list[int], mine: list[int]
    ) -> int:
        for slot, option in enumerate(options):
            if option and not option & board.useful:
                return slot  # known to be useless
        chop = self._chop(mine)
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

    def _clues(
        self,
        view: PlayerView,
        board: Board,
        queued: int,
        bar: float | None = None,
        first_touches: bool = False,
    ) -> list[_Clue]:
        """Every true, non-empty clue with its value; with a ``bar``, only those that
        may be worth more than it and than every clue found before them (branch and
        bound: a clue touching no card for the first time is skipped when the most
        it can be worth, ``_clued_bounds``, is not more; with ``first_touches`` too,
        one that touches a card for the first time, see ``_newly_bound``)."""
        stalling = self._stalling(view, board, view.player, view.hint_tokens)
        bars = None if bar is None or stalling else [bar]
        by_player = [] if stalling else self._known_by_player(view, board)
        found: list[_Clue] = []
        kinds = self._kinds
        if kinds is None:
            kinds = [self._clue_kinds(board.ids, target) for target in range(view.players)]
            self._kinds = kinds
            self._widest = 1 + max(mask.bit_count() for _, mask in kinds[0])
            touching: list[list[int]] = [[] for _ in board.ids.copies]
            for kind, (_, mask) in enumerate(kinds[0]):
                for identity in members(mask):
                    touching[identity].append(kind)
            self._touching = touching
        last = view.final_turns_left
        self._last_round = view.deck_left == 0
        # finesse positions of the players passed so far, in turn order (None: no finesse
        # may be read, see _watch)
        passed: list[HandCard] | None = None
        if not stalling and self._finesse_allowed(view):
            passed = []
        in_time = board.playable
        for distance in range(1, view.players):
            if last is not None and distance >= last:
                break  # they have played their last turn
            receiver = self._receiver(view, board, distance, by_player, passed, in_time)
            if receiver is not None:
                # (the bounds count only what plays now: none beyond it)
                bound = bars if in_time == board.playable else None
                found += self._clues_to(
                    board, receiver, kinds[receiver.player], queued, stalling, bound, first_touches
                )
            if passed is not None:
                held = self._finesse_position(view, (view.player + distance) % view.players)
                if held is not None:
                    passed.append(held)
            if self._last_round and self.IN_TIME:
                in_time = self._in_time(view, board, distance, in_time)
        return found

    def _in_time(self, view: PlayerView, board: Board, distance: int, in_time: int) -> int:
        """Once the deck is out, what plays by the turn of the player after the one
        ``distance`` seats after me: ``in_time`` (what plays by theirs) and, if they
        know of exactly one card of theirs that plays by then, the card after it."""
        player = (view.player + distance) % view.players
        ids = board.ids
        hand = view.hand(player)
        plays = [
            hand[slot]
            for slot, common in enumerate(self._commons_of(view, board)[player])
            if common and (common & in_time) == common
        ]
        if len(plays) != 1:
            return in_time
        return in_time | ids.successor[ids.index(plays[0].card)]  # type: ignore[arg-type]

    def _clues_to(
        self,
        board: Board,
        receiver: _Receiver,
        kinds: list[tuple[ColourHint | RankHint, int]],
        queued: int,
        stalling: bool,
        bars: list[float] | None = None,
        first_touches: bool = False,
    ) -> list[_Clue]:
        """Every true, non-empty clue to ``receiver`` with its value (with ``bars``
        and ``first_touches``, see ``_clues``: ``bars[0]`` is the value to beat,
        raised as clues are found)."""
        found: list[_Clue] = []
        seen = receiver.seen
        if not stalling:
            plan = seen.plan
            if plan is None:
                plan = seen.plan = self._plan(board, receiver, kinds)
            distance = 0.01 * receiver.distance
            clue: _Clue | None
            for index, (kind, touched, step, focus, allowed) in enumerate(plan):
                action, clue_mask = kinds[kind]
                if step == _TEMPO:
                    clue = self._tempo_value(
                        board, receiver, action, touched, focus, allowed, queued
                    )
                else:
                    if step == _CLUED and bars is not None:
                        bounds = seen.bounds
                        if bounds is None:
                            bounds = seen.bounds = self._clued_bounds(board, receiver) or _NO_BOUNDS
                        if bounds is not _NO_BOUNDS:
                            if bounds.total - distance + 1e-9 <= bars[0]:
                                continue  # it cannot beat the best so far, whatever it tells
                            mosts = seen.mosts
                            if mosts is None:
                                mosts = seen.mosts = [-math.inf] * len(plan)
                            most = mosts[index]
                            if most == -math.inf:
                                most = mosts[index] = self._clued_most(
                                    board, receiver, bounds, clue_mask, touched
                                )
                            if most - distance + 1e-9 <= bars[0]:
                                continue  # nor with what it tells
                    afters = seen.afters
                    if afters is None:
                        afters = seen.afters = [None] * len(plan)
                    after = afters[index]
                    if after is None:
                        after = afters[index] = self._after(board, receiver, clue_mask, touched)
                    if step == _NEWLY and bars is not None and first_touches:
                        if seen.key:  # (shared by the givers: see ``_newly_bound``)
                            most = self._newly_bound(board, receiver, index, after, touched)
                        else:  # worked out only as far as the bar needs
                            limit = bars[0] + distance
                            most = self._newly_most(board, receiver, after, touched, limit)
                        if most - distance + 1e-9 <= bars[0]:
                            continue  # it cannot beat the best so far
                    clue = self._value(
                        board, receiver, action, after, touched, queued, False, step == _NEWLY
                    )
                if clue is not None:
                    found.append(clue)
                    if bars is not None and clue.value > bars[0]:
                        bars[0] = clue.value
            return found
        for kind, touched, newly in self._candidates(receiver, kinds):  # stall clues: as they say
            action, clue_mask = kinds[kind]
            after = self._after(board, receiver, clue_mask, touched)
            clue = self._value(board, receiver, action, after, touched, queued, True, newly)
            if clue is not None:
                found.append(clue)
        return found

    def _plan(
        self,
        board: Board,
        receiver: _Receiver,
        kinds: list[tuple[ColourHint | RankHint, int]],
    ) -> list[tuple[int, tuple[int, ...], int, int, int]]:
        """How each clue to ``receiver`` that touches a card (``_touches``) is valued
        unless it is a stall clue, from what any giver sees the same (kept with it,
        ``_Seen.plan``): the clues surely read wrong left out (``_misread``, and a tempo
        clue whose focus does not play), each of the others with its step."""
        plan: list[tuple[int, tuple[int, ...], int, int, int]] = []
        slots_of, fresh_of = self._touches(receiver, len(kinds))
        for kind, slots in enumerate(slots_of):
            if not slots:
                continue  # it touches no card: not a clue
            touched = tuple([slot for slot in range(slots.bit_length()) if slots >> slot & 1])
            if fresh_of[kind]:
                soon_most = self._soon_at_most(board, receiver)
                if soon_most < 0 or not self._misread(
                    board, receiver, kinds[kind][1], touched, soon_most
                ):
                    plan.append((kind, touched, _NEWLY, -1, 0))
                continue
            if self.TEMPO:
                shape = self._tempo_shape(board, receiver, kinds[kind][1], touched, slots)
                if shape is not None:
                    focus, allowed = shape
                    if receiver.truths[focus] & allowed:
                        plan.append((kind, touched, _TEMPO, focus, allowed))
                    continue  # (else they would play a card that does not play)
            plan.append((kind, touched, _CLUED, -1, 0))
        return plan

    def _candidates(
        self, receiver: _Receiver, kinds: list[tuple[ColourHint | RankHint, int]]
    ) -> list[tuple[int, tuple[int, ...], bool]]:
        """The clues to ``receiver`` that touch a card, in the order of the clue kinds:
        their position in the clue kinds, the slots they touch and whether they touch a
        card for the first time."""
        slots_of, fresh_of = self._touches(receiver, len(kinds))
        return [
            (
                kind,
                tuple([slot for slot in range(slots.bit_length()) if slots >> slot & 1]),
                bool(fresh_of[kind]),
            )
            for kind, slots in enumerate(slots_of)
            if slots  # (else it touches no card: not a clue)
        ]

    def _touches(self, receiver: _Receiver, count: int) -> tuple[list[int], list[int]]:
        """Per clue kind (``count`` of them): the slots of the receiver's cards it
        touches, and of those no clue touched yet, as bits; from the kinds that touch
        each card (``_touching``)."""
        touching = self._touching
        fresh = receiver.fresh
        slots_of = [0] * count
        fresh_of = [0] * count
        for slot, truth in enumerate(receiver.truths):
            for kind in touching[truth.bit_length() - 1]:
                slots_of[kind] |= 1 << slot
                if fresh[slot]:
                    fresh_of[kind] |= 1 << slot
        return slots_of, fresh_of

    @staticmethod
    def _soon_at_most(board: Board, receiver: _Receiver) -> int:
        """What may play soon (``_soon``) after any clue to ``receiver``: at most what
        plays once the cards known exactly elsewhere and all the receiver's cards are
        played, since a card a clue leaves known exactly is known as what it is. -1
        when a card's reading or clues do not allow its identity (no such bound).
        Worked out once per receiver (the bounds and the misread check both ask)."""
        found = receiver.seen.soon_most
        if found is None:
            found = receiver.seen.soon_most = _soon_bound(board, receiver)
        return found

    def _misread(
        self,
        board: Board,
        receiver: _Receiver,
        clue_mask: int,
        touched: tuple[int, ...],
        soon_most: int,
    ) -> bool:
        """Whether a clue that touches a card for the first time is surely read wrong,
        before what plays soon is worked out: as in ``_reading``, its focus is the chop
        if touched for the first time, else the newest card touched for the first time;
        when what plays now or after the cards known elsewhere (``receiver.soon``, a
        part of what plays soon) already gives the focus a direct reading, that reading
        is some of what it ``fits`` among what may play soon at most (``soon_most``),
        and the card is read wrong if it is not among them (``_true_reading``: None)."""
        fresh, chop = receiver.fresh, receiver.chop
        focus = _first_touch_focus(touched, fresh, chop)
        belief = receiver.beliefs[focus]
        fits = receiver.before[focus] & clue_mask & board.available
        if belief is not None:
            fits &= belief
        if focus == chop:
            critical = board.critical
            return bool(
                fits & (receiver.soon | critical)
                and not receiver.truths[focus] & fits & (soon_most | critical)
            )
        return bool(fits & receiver.soon and not receiver.truths[focus] & fits & soon_most)

    def _clued_most(
        self,
        board: Board,
        receiver: _Receiver,
        bounds: _Bounds,
        clue_mask: int,
        touched: tuple[int, ...],
    ) -> float:
        """The most a clue touching no card for the first time can be worth, before the
        giver's distance (``bounds``: see ``_clued_bounds``): ``bounds.total`` whatever
        it tells, and at most, for each card whose clue mask it changes, what the card
        can add given what it is then known to be at least (its clues' mask and its
        reading: a play needs all of them to play, a delayed play all of them to play
        soon at most, a go none of them useful). The same for every giver: kept in
        ``_Seen.mosts``."""
        most = 0.0
        before, beliefs = receiver.before, receiver.beliefs
        unclued = board.ids.every ^ clue_mask  # within every identity: see ``Board``
        useful, unplayable = board.useful, board.unplayable
        for slot, kinds in enumerate(bounds.kinds):
            if not kinds:
                continue
            after = before[slot] & (clue_mask if slot in touched else unclued)
            if after == before[slot]:
                continue  # nothing learnt
            belief = beliefs[slot]
            known = after & belief if belief is not None else after
            card = 0.0
            if kinds & 1 and not known & unplayable:
                card = 1.0
            if kinds & 2 and (known & bounds.soon_most) == known:
                card = max(card, self.DELAYED)
            if kinds & 4 and not known & useful:
                card = max(card, self.GOES)
            most += card
        return min(most, bounds.total)

    def _clued_bounds(self, board: Board, receiver: _Receiver) -> _Bounds | None:
        """Per slot of the receiver, what a clue that touches no card for the first
        time may make its card add in ``_count_clued``: known to play (1.0), to play
        soon (``DELAYED``) or to go (``GOES``). The card is among what it is then
        known to be, so its identity must play now, play once cards that may become
        known exactly are played (at most every card outside the receiver's hand
        known exactly and all of theirs) or be useless. None (no bound) when a
        card's reading or clues do not allow its identity."""
        playable, useful = board.playable, board.useful
        soon_most = self._soon_at_most(board, receiver)
        if soon_most < 0:
            return None
        kinds_of = []
        total = 0.0
        for slot, truth in enumerate(receiver.truths):
            if receiver.beliefs[slot] == 0:
                kinds_of.append(0)  # not counted
                continue
            was = receiver.common_before[slot]
            kinds = 0
            most = 0.0
            if truth & playable and (not was or was & board.unplayable):
                kinds, most = 1, 1.0
            if not self._last_round:  # in the last round only plays count
                if truth & soon_most and (not was or (was & receiver.soon) != was):
                    kinds |= 2
                    most = max(most, self.DELAYED)
                if not truth & useful and was & useful:
                    kinds |= 4
                    most = max(most, self.GOES)
            kinds_of.append(kinds)
            total += most
        return _Bounds(kinds_of, total, soon_most)

    def _receiver(
        self,
        view: PlayerView,
        board: Board,
        distance: int,
        by_player: list[list[int]],
        passed: list[HandCard] | None,
        in_time: int,
    ) -> _Receiver | None:
        """What I see of the player ``distance`` seats after me (None: an empty hand).
        ``passed``: the finesse positions of the players in between (None: no finesse
        may be read); ``in_time``: what plays by their turn (see ``_Receiver``)."""
        target = (view.player + distance) % view.players
        common_before = self._commons_of(view, board)[target]
        indexes = self._indexes[target]
        if not indexes:
            return None  # an empty hand
        before = self._masks[target]
        known = [bit for player, bits in enumerate(by_player) if player != target for bit in bits]
        readings, clued = self._belief, self._clued
        beliefs = [readings.get(index) for index in indexes]
        fresh = [index not in clued for index in indexes]
        seen = self._seen(
            view, board, target, (indexes, before, common_before, beliefs, fresh, known)
        )
        return _Receiver(
            scale=self._crowding(view, board, distance, len(indexes), common_before),
            player=target,
            distance=distance,
            truths=seen.truths,
            indexes=indexes,
            before=before,
            beliefs=beliefs,
            fresh=fresh,
            common_before=common_before,
            chop=seen.chop,
            has_play=seen.has_play,
            known=known,
            soon=seen.soon,
            passed=passed if passed is not None else [],
            own=passed is not None and not passed and self.SELF_FINESSE,
            view=view,
            narrowable=seen.narrowable,
            seen=seen,
            in_time=in_time,
        )

    def _crowding(
        self,
        view: PlayerView,
        board: Board,
        distance: int,
        held: int,
        common_before: list[int],
    ) -> float:
        """What a play a clue sets is worth to the player ``distance`` seats after me
        (``CROWDED`` or 1): little when they already know of a play for each turn they
        have left, counting as if every turn from now on draws a card (the deck runs out
        after ``deck_left`` turns, then each player has one more). They could hold as
        many only with fewer turns left than cards in hand. Once the deck is out, nothing
        to a player who already knows of a play: their one turn left is taken."""
        players, deck_left = view.players, view.deck_left
        if deck_left >= held * players:
            return 1.0
        unplayable = board.unplayable
        plays = sum(1 for common in common_before if common and not common & unplayable)
        if deck_left == 0:
            # only the players with a turn left get clues, and they have one
            return 0.0 if plays else 1.0
        turns = len(range(distance, deck_left + players, players))
        return self.CROWDED if plays >= turns else 1.0

    def _seen(
        self,
        view: PlayerView,
        board: Board,
        target: int,
        facts: tuple[list[int], list[int], list[int], list[int | None], list[bool], list[int]],
    ) -> _Seen:
        """The part of a receiver any giver sees the same (see ``_Seen``), from the
        shared dict if nothing it is worked out from changed. ``target``: the receiver;
        ``facts``: the deck indexes of their cards, clue masks, what everybody knows of
        each, readings, untouched cards, and the identities known exactly elsewhere."""
        indexes, before, common_before, _, _, known = facts
        found = view.shared.get("conventions.seen")
        store = found if isinstance(found, _SeenStore) else None  # (typed when compiled)
        if store is None:
            store = view.shared["conventions.seen"] = _SeenStore(board.ids)
        key: tuple[object, ...] = ()
        if store.sharing:
            key = (
                self._last_round,
                board.playable,
                board.trash,
                board.critical,
                board.available,
                type(self),
                facts,
            )
            seen = store.by_player.get(target)
            if seen is not None and (seen.key == key or self._holds_for(board, seen, key, known)):
                return seen
        widest = self._widest
        seen = _Seen(
            key=key,
            truths=[board.ids.bits[index] for index in hand_identities(view, board.ids, target)],
            chop=self._chop(indexes),
            has_play=any(c and not c & board.unplayable for c in common_before),
            soon=_played_in_turn(board, known),
            narrowable=[
                slot
                for slot, mask in enumerate(before)
                if mask.bit_count() <= widest or common_before[slot].bit_count() <= widest
            ],
            clued_slots=[slot for slot, fresh in enumerate(facts[4]) if not fresh],
        )
        if store.sharing:
            store.by_player[target] = seen
        return seen

    @staticmethod
    def _holds_for(board: Board, seen: _Seen, key: tuple[object, ...], known: list[int]) -> bool:
        """Whether ``seen`` still holds under ``key``, which differs at most by the
        identities known exactly elsewhere (``known``, the last of the facts): it reads
        them only through what they make play soon, alone (``soon``) and with the
        receiver's cards (``soon_most``). Most such changes leave both as they were (a
        card known exactly that plays later); then ``seen`` takes the new key."""
        was = seen.key
        if was[:6] != key[:6]:
            return False
        facts, now = was[6], key[6]
        assert isinstance(facts, tuple) and isinstance(now, tuple)
        if facts[:5] != now[:5] or _played_in_turn(board, known) != seen.soon:
            return False
        most = seen.soon_most  # (-1: no bound, whatever is known; None: not worked out)
        if most is not None and most >= 0 and _played_in_turn(board, known + seen.truths) != most:
            return False
        seen.key = key
        return True

    @staticmethod
    def _clue_kinds(ids: Identities, target: int) -> list[tuple[ColourHint | RankHint, int]]:
        """Every clue to ``target``, with the identities it touches (built once per theme)."""
        kinds = _CLUE_KINDS.get((id(ids), target), ids)
        if kinds is None:
            found: list[tuple[ColourHint | RankHint, int]] = [
                (ColourHint(target, colour), mask) for colour, mask in enumerate(ids.colour_masks)
            ]
            found += [
                (RankHint(target, rank), ids.rank_masks[rank])
                for rank in range(1, ids.book.max_rank + 1)
            ]
            kinds = _CLUE_KINDS.put((id(ids), target), ids, found)
        return kinds

    def _tempo_value(
        self,
        board: Board,
        receiver: _Receiver,
        action: ColourHint | RankHint,
        touched: tuple[int, ...],
        focus: int,
        allowed: int,
        queued: int,
    ) -> _Clue:
        """What a tempo clue (see ``_tempo_reading``; ``touched``, ``focus`` and
        ``allowed``: its shape, see ``_tempo_shape``) whose focus plays is worth: the
        certainty that its focus plays, since everybody may already count on it playing
        by chance."""
        tally = _Tally(queued, receiver.scale)
        certain = 1.0 - chances(receiver.common_before[focus], board.left, board.playable)
        _count_play(tally, receiver.truths[focus], certain)
        self._given[action] = ({focus: allowed}, False, frozenset(), None)
        return self._valued(board, receiver, action, touched, tally)

    def _tempo_shape(
        self,
        board: Board,
        receiver: _Receiver,
        clue_mask: int,
        touched: tuple[int, ...],
        slots: int,
    ) -> tuple[int, int] | None:
        """For ``_plan``: a tempo clue's focus and what the focus may be (``touched``:
        the slots of the clued cards it touches, it touches no card for the first time;
        ``slots``: the same as bits); None when the clue is no tempo clue. Worked out
        from what any giver sees the same, so kept with it (``_Seen.plan``)."""
        before = receiver.before
        for slot in receiver.seen.clued_slots:
            was = before[slot]
            if slots >> slot & 1:
                if (was & clue_mask) != was:
                    return None  # it tells this clued card something
            elif was & clue_mask:
                return None
        if not touched:
            return None
        focus = touched[-1]
        allowed = self._tempo_focus(board, receiver.indexes[focus], before[focus])
        if allowed is None:
            return None
        return focus, allowed

    def _value(
        self,
        board: Board,
        receiver: _Receiver,
        action: ColourHint | RankHint,
        after: list[int],
        touched: tuple[int, ...],
        queued: int,
        stalling: bool,
        newly: bool = True,
    ) -> _Clue | None:
        """What a clue is worth (None: the receiver would read it wrong, or a finesse
        it rests on does not hold). ``after``: the receiver's clue masks once it is
        given (``_after``); ``newly``: it touches a card for the first time."""
        tally = _Tally(queued, receiver.scale)
        reading: dict[int, int] = {}
        if stalling:
            soon = board.playable
        else:
            if not newly:  # touches no card for the first time: read as it says, no more
                self._count_clued(board, receiver, after, touched, tally)
                return self._valued(board, receiver, action, touched, tally)
            soon = self._soon(
                board,
                receiver.known,
                receiver.beliefs,
                after,
                touched,
                receiver.soon,
                receiver.narrowable,
            )
            found = self._true_reading(board, receiver, after, touched, soon, tally)
            if found is None:
                return None
            reading, self._given[action] = found
        self._count_cards(board, receiver, after, touched, soon | tally.soon, reading, tally)
        return self._valued(board, receiver, action, touched, tally)

    @staticmethod
    def _after(
        board: Board, receiver: _Receiver, clue_mask: int, touched: tuple[int, ...]
    ) -> list[int]:
        """The receiver's clue masks once a clue is given (``touched``: the slots whose
        card it touches; ``clue_mask``: the identities it names)."""
        unclued = board.ids.every ^ clue_mask  # within every identity: see ``Board``
        return [
            mask & (clue_mask if slot in touched else unclued)
            for slot, mask in enumerate(receiver.before)
        ]

    def _valued(
        self,
        board: Board,
        receiver: _Receiver,
        action: ColourHint | RankHint,
        touched: tuple[int, ...],
        tally: _Tally,
    ) -> _Clue:
        if not tally.safe_after and self._exposes_last_copy(board, receiver, touched):
            tally.value -= self.EXPOSED  # their next discard loses a last copy
        tally.value -= 0.01 * receiver.distance
        return _Clue(action, tally.value, tally.saves_chop)

    def _true_reading(
        self,
        board: Board,
        receiver: _Receiver,
        after: list[int],
        touched: tuple[int, ...],
        soon: int,
        tally: _Tally,
    ) -> tuple[dict[int, int], _Read] | None:
        """How the receiver will read the clue, if every card fits that reading and a
        finesse it calls on holds (the finesse is valued into ``tally``); else None.
        With it, the reading as every seat works it out once the clue is given (see
        ``_clue_read``)."""
        truths = receiver.truths
        if receiver.own:
            watch = self._own_watch(receiver.indexes, touched)
        elif receiver.passed:
            watch, _ = self._watched(board, receiver)
        else:
            watch = frozenset()  # nobody in between
        reading, finesse, outside = self._reading(
            board,
            receiver.indexes,
            after,
            touched,
            soon,
            watch,
            receiver.chop,
            (receiver.view, receiver.view.player, receiver.player),
        )
        for slot, allowed in reading.items():
            if not truths[slot] & allowed and not finesse:
                return None  # the receiver would read it wrong (a finesse may be a bluff)
        read = (dict(reading), finesse, watch, outside)
        if outside is not None:
            # a prompt: the focus plays once the card it calls on has played
            tally.soon |= outside.focus
            if outside.deck_index >= 0:  # the card it calls on is in another hand
                if outside.truth != outside.called:
                    return None  # the prompted player would read it wrong
                if outside.was & board.unplayable:
                    _count_play(tally, outside.truth, 1.0, scaled=False)  # not theirs
        if finesse:
            # exactly one finesse position in between must hold the card before
            # the focus, and nobody else be about to play either card; else it may
            # be a bluff
            ((focus, allowed),) = reading.items()
            truth = truths[focus]
            _, holders = self._watched(board, receiver)
            if receiver.own:  # a self-finesse: the receiver's own finesse position
                (index,) = watch
                own = truths[receiver.indexes.index(index)]
                holders = [(board.ids.successor[own.bit_length() - 1], own)]
            called = [held for following, held in holders if following == truth]
            if truth & allowed and len(called) == 1:
                if (truth | called[0]) & tally.counted:
                    return None
                tally.value += self.FINESSE
                tally.counted |= truth | called[0]
            elif not self._bluffs(board, receiver, allowed, truth, tally):
                return None
            reading[focus] = 0  # valued above
        return reading, read

    @staticmethod
    def _watched(board: Board, receiver: _Receiver) -> tuple[frozenset[int], list[tuple[int, int]]]:
        """The finesse positions of the players between the giver and ``receiver``
        (``receiver.passed``), which a clue to them may call on: their deck indexes,
        and (successor, identity) of their cards. Worked out once per receiver."""
        watch, holders = receiver.watch, receiver.holders
        if watch is None or holders is None:
            ids = board.ids
            watch = receiver.watch = frozenset([held.deck_index for held in receiver.passed])
            holders = receiver.holders = []
            for held in receiver.passed:
                index = ids.index(held.card)  # type: ignore[arg-type]
                holders.append((ids.successor[index], ids.bits[index]))
        return watch, holders

    def _bluffs(
        self, board: Board, receiver: _Receiver, allowed: int, truth: int, tally: _Tally
    ) -> bool:
        """Whether a clue read as a finesse that no finesse position answers is a
        *bluff* (valued into ``tally``: the blind play, and the focus as a card touched
        for the first time, since it is then known by its clues only). Every player in
        between has a finesse position and none holds the card before the focus (so
        each of them takes the finesse for theirs); the next player's plays now, nobody
        else is about to play it, and the card after it is none of the identities the
        focus is read as (so its blind play, the first, cannot read as the finesse's
        answer, and the others in between then drop theirs). The focus itself may be
        any card."""
        _, holders = self._watched(board, receiver)
        if not self.BLUFF or not holders or len(holders) != receiver.distance - 1:
            return False
        if any(following == truth for following, _ in holders):
            return False
        following, held = holders[0]
        if not held & board.playable or held & tally.counted or following & allowed:
            return False
        tally.value += self.BLUFF + self._first_touch(board, truth)
        tally.counted |= held
        return True

    def _count_cards(
        self,
        board: Board,
        receiver: _Receiver,
        after: list[int],
        touched: tuple[int, ...],
        soon: int,
        reading: dict[int, int],
        tally: _Tally,
    ) -> None:
        """Add what the clue does for each card of the receiver's hand to ``tally``."""
        # (the complements taken once: on a large deck each one is a new big integer)
        useful, unplayable = board.useful, board.unplayable
        common_before, chop = receiver.common_before, receiver.chop
        beliefs, fresh = receiver.beliefs, receiver.fresh
        later = board.ids.every ^ soon  # within every identity: see ``Board``
        for slot, truth in enumerate(receiver.truths):
            mask = after[slot]  # of the identities available
            belief = reading.get(slot, beliefs[slot])
            if belief == 0:
                continue
            if belief is not None:
                narrowed = mask & belief
                if narrowed:
                    mask = narrowed
            was = common_before[slot]
            newly = fresh[slot] and slot in touched
            plays = bool(mask) and not mask & unplayable
            if plays or (mask and not mask & useful):
                tally.safe_after = True
            if plays and (not was or was & unplayable):
                _count_play(tally, truth, 1.0)
            elif self._last_round:
                # once the deck is out, only the plays by their turn count
                in_time = receiver.in_time
                if mask and (mask & in_time) == mask and (not was or (was & in_time) != was):
                    _count_play(tally, truth, 1.0)
                continue
            elif mask and not mask & later and (not was or was & later):
                _count_play(tally, truth, self.DELAYED)  # plays once those before it do
            elif mask and not mask & useful and was & useful:
                tally.value += self.GOES  # they learn it can go
            elif newly:
                tally.value += self._first_touch(board, truth)
            if self.EXACT and _left_known_exactly(board, mask, was):
                tally.value += self.EXACT  # it plays without a clue when due
            if newly and slot == chop:
                self._count_save(board, receiver, truth, tally)

    def _count_save(self, board: Board, receiver: _Receiver, truth: int, tally: _Tally) -> None:
        """A clue touches the receiver's chop for the first time: a save if it is a last
        copy."""
        if truth & board.critical:
            tally.saves_chop = True
            tally.value += self.SAVE_BUSY if receiver.has_play else self.SAVE_IDLE

    def _count_clued(
        self,
        board: Board,
        receiver: _Receiver,
        after: list[int],
        touched: tuple[int, ...],
        tally: _Tally,
    ) -> None:
        """``_count_cards`` for a clue that touches no card for the first time (most
        clues on a large deck): no reading, no first touch, no save, no value for a
        card left known exactly (``EXACT``: valuing it for such clues played worse),
        and what plays soon (``_soon``) worked out only for a card the clue tells
        something of that does not play now; the same additions in the same order."""
        useful, unplayable = board.useful, board.unplayable
        last_round = self._last_round
        soon = -1  # not worked out yet
        for slot, was in enumerate(receiver.common_before):
            mask = after[slot]
            belief = receiver.beliefs[slot]
            if belief == 0:
                continue
            if belief is not None:
                narrowed = mask & belief
                if narrowed:
                    mask = narrowed
            if not mask:
                continue
            plays = not mask & unplayable
            if plays or not mask & useful:
                tally.safe_after = True
            if mask == was:
                continue  # nothing learnt: neither a play, nor a delayed play, nor a go
            if plays and (not was or was & unplayable):
                _count_play(tally, receiver.truths[slot], 1.0)
                continue
            if last_round:
                in_time = receiver.in_time
                if (mask & in_time) == mask and (not was or (was & in_time) != was):
                    _count_play(tally, receiver.truths[slot], 1.0)
                continue
            if soon < 0:
                soon = self._soon(
                    board, receiver.known, receiver.beliefs, after, touched, receiver.soon
                )
            if (mask & soon) == mask and (not was or (was & soon) != was):
                _count_play(tally, receiver.truths[slot], self.DELAYED)
            elif not mask & useful and was & useful:
                tally.value += self.GOES

    def _newly_bound(
        self,
        board: Board,
        receiver: _Receiver,
        index: int,
        after: list[int],
        touched: tuple[int, ...],
    ) -> float:
        """For a receiver the givers share: the most the clue at ``index`` of its plan,
        which touches a card for the first time, can be worth before the giver's
        distance (``_newly_most`` in full), worked out once per value of a play to the
        receiver (``scale``, the only part that depends on the giver) and kept."""
        seen = receiver.seen
        mosts = seen.newly_most.get(receiver.scale)
        if mosts is None:
            mosts = seen.newly_most[receiver.scale] = [-math.inf] * len(seen.plan or ())
        most = mosts[index]
        if most == -math.inf:
            most = mosts[index] = self._newly_most(board, receiver, after, touched, math.inf)
        return most

    def _newly_most(
        self,
        board: Board,
        receiver: _Receiver,
        after: list[int],
        touched: tuple[int, ...],
        limit: float,
    ) -> float:
        """The most a clue that touches a card for the first time can be worth before
        the giver's distance, worked out before what plays soon and how it is read are
        (most such clues on a large deck touch cards that play later, worth little),
        or, once the sum passes ``limit``, that sum; +inf when there is no bound. Only
        when no prompt or finesse may be read (the focus is the chop, or what it may
        be plays now or is not one step beyond what plays now) and every card's reading
        allows its identity (``_soon_at_most`` gives a bound), and not in the last
        round. Then ``_count_cards`` adds, per card, at most: for the focus, whose
        reading allows its identity, what that identity allows (a play if it plays
        now, a delayed play if it may play soon at most, a go if it is trash, else a
        first touch; known exactly if it waits; a save on the chop); for the other
        cards, what their masks once the clue is given allow, with what plays soon at
        most for what plays soon."""
        if self._last_round:
            return math.inf
        soon_most = self._soon_at_most(board, receiver)
        if soon_most < 0:
            return math.inf
        fresh, chop, truths = receiver.fresh, receiver.chop, receiver.truths
        focus = _first_touch_focus(touched, fresh, chop)
        playable = board.playable
        if focus != chop:
            fits = after[focus] & board.available
            belief = receiver.beliefs[focus]
            if belief is not None:
                fits &= belief
            if not fits & playable and fits & board.after_playable:
                return math.inf  # a prompt or a finesse may be read
        useful, waiting = board.useful, board.waiting
        scale = receiver.scale
        delayed = self.DELAYED * scale
        most = 0.0
        # the cards touched for the first time first: the others add nothing below 0,
        # so once the sum passes the limit it cannot come back under it
        for slot in touched:
            if not fresh[slot]:
                continue
            truth = truths[slot]
            card = self._first_touch(board, truth)
            if slot == focus:
                if truth & playable:
                    card = max(card, scale)
                if truth & soon_most:
                    card = max(card, delayed)
                if not truth & useful:
                    card = max(card, self.GOES)
                if self.EXACT and truth & waiting:
                    card += self.EXACT
            else:
                card = self._card_most(board, receiver, slot, after, soon_most, card)
            if slot == chop and truth & board.critical:
                card += self.SAVE_BUSY if receiver.has_play else self.SAVE_IDLE
            most += card
        for slot in range(len(truths)):
            if fresh[slot] and slot in touched:
                continue
            if most + 1e-9 > limit:
                return most
            most += self._card_most(board, receiver, slot, after, soon_most, 0.0)
        return most

    def _card_most(
        self,
        board: Board,
        receiver: _Receiver,
        slot: int,
        after: list[int],
        soon_most: int,
        card: float,
    ) -> float:
        """For ``_newly_most``: the most a card other than the focus adds, from
        its mask once the clue is given (``after``): the play, the delayed play or the
        go ``_count_cards`` may count, else ``card`` (a first touch, or nothing), and
        the value of being known exactly."""
        belief = receiver.beliefs[slot]
        if belief == 0:
            return 0.0  # not counted
        mask = after[slot]
        if belief is not None:
            narrowed = mask & belief
            if narrowed:
                mask = narrowed
        if not mask:
            return card
        was = receiver.common_before[slot]
        unplayable = board.unplayable
        if not mask & unplayable and (not was or was & unplayable):
            card = receiver.scale
        else:
            if (mask & soon_most) == mask:
                card = max(card, self.DELAYED * receiver.scale)
            if not mask & board.useful and was & board.useful:
                card = max(card, self.GOES)
        # (``_left_known_exactly``, written out: a call per card costs in the pure build)
        if self.EXACT and mask.bit_count() == 1 and was.bit_count() > 1 and mask & board.waiting:
            card += self.EXACT
        return card

    def _first_touch(self, board: Board, truth: int) -> float:
        """A card a clue touches for the first time without making it play or go:
        keeping trash costs, a last copy kept is worth a little."""
        if truth & board.trash:
            return self.TRASH
        if truth & board.critical:
            return self.CRITICAL
        if not truth & board.playable:
            return self.LATER
        return self.PLAYABLE

    def _exposes_last_copy(
        self, board: Board, receiver: _Receiver, touched: tuple[int, ...]
    ) -> bool:
        """Whether the receiver's chop after the clue is a last copy that does not play."""
        for slot, fresh in enumerate(receiver.fresh):
            if fresh and slot not in touched:
                return bool(receiver.truths[slot] & board.critical & board.unplayable)
        return False


# prompt candidates, outside the receiver's hand: (-1, deck index, what everybody knows
# of it, its identity for the giver's check or 0) for the clued cards of the players
# between giver and receiver, then of those after the receiver, in turn order, newest
# first
_Prompts = tuple[tuple[tuple[int, int, int, int], ...], tuple[tuple[int, int, int, int], ...]]

# how every seat reads a clue once given (see ConventionBot._clue_read): the reading,
# whether it is a finesse, the finesse positions it may call on, a prompt's card
_Read = tuple[dict[int, int], bool, frozenset[int], _Prompted | None]

# per theme's identities and target seat
_CLUE_KINDS: IdentityCache[list[tuple[ColourHint | RankHint, int]]] = IdentityCache(512)


class _SharedBoard:
    """The board every seat shares (``ConventionBot._board_of``) and the moment it
    is of (``PlayerView.cards_out``); typed, as ``_ClueMasks``."""

    __slots__ = ("board", "ids", "out")

    def __init__(self, out: tuple[int, int], ids: Identities, board: Board) -> None:
        self.out = out
        self.ids = ids
        self.board = board


class _ClueMasks:
    """``_clue_masks_now``'s answer for one turn, kept in ``view.shared`` (a class, not a
    tuple: the compiled build reads its fields typed)."""

    __slots__ = ("available", "board", "indexes", "masks", "moves", "singles", "turn")

    def __init__(
        self,
        turn: int,
        board: Board,
        masks: list[list[int]],
        indexes: list[list[int]],
        singles: list[list[bool]],
        moves: list[int],
    ) -> None:
        self.turn = turn
        self.board = board
        self.masks = masks
        self.indexes = indexes
        self.singles = singles
        self.moves = moves
        self.available = board.available


def _clue_masks_now(view: PlayerView, board: Board) -> _ClueMasks:
    """Per player, per slot: what the card's clues allow of the identities available,
    its deck index, and whether those clues leave it one identity. Public and the
    same for every seat: worked out by the first seat that asks at this turn (the
    others take it from ``view.shared``), and only for the hands that changed since
    it was last worked out (``hand_moves``: at most one hand a turn). Never changed
    once made (its lists neither)."""
    shared = view.shared
    turn = view.turn
    found = shared.get("conventions.clue_masks")
    kept = found if isinstance(found, _ClueMasks) else None
    if kept is not None and kept.turn == turn and kept.board is board:
        return kept
    ids = board.ids
    available = board.available
    moves = [view.hand_moves(player) for player in range(view.players)]
    if kept is not None and (
        kept.board.ids is not ids or (available & kept.available) != available
    ):
        kept = None  # another deck, or more available (not in one game): all again
    masks: list[list[int]] = []
    indexes: list[list[int]] = []
    singles: list[list[bool]] = []
    for player, moved in enumerate(moves):
        if kept is not None and kept.moves[player] == moved:
            indexes.append(kept.indexes[player])
            if kept.available == available:
                masks.append(kept.masks[player])
                singles.append(kept.singles[player])
                continue
            # the same cards, told the same: only fewer identities may be available
            # now (copies only ever leave), so narrowing the masks is enough
            hand_masks = [mask & available for mask in kept.masks[player]]
        else:
            hand = view.hand(player)
            indexes.append([held.deck_index for held in hand])
            hand_masks = [ids.of_hand_card(held) & available for held in hand]
        masks.append(hand_masks)
        singles.append([bool(mask) and not mask & (mask - 1) for mask in hand_masks])
    made = _ClueMasks(turn, board, masks, indexes, singles, moves)
    shared["conventions.clue_masks"] = made
    return made


class _CluedHand:
    """``_clued_hand``'s answer for one clue, kept in ``view.shared`` (typed, as
    ``_ClueMasks``)."""

    __slots__ = ("after", "event", "ids", "indexes")

    def __init__(self, event: Event, ids: Identities, indexes: list[int], after: list[int]) -> None:
        self.event = event
        self.ids = ids
        self.indexes = indexes
        self.after = after


def _clued_hand(
    view: PlayerView, ids: Identities, event: Event, target: int
) -> tuple[list[int], list[int]]:
    """The hand a clue just reached: its cards' deck indexes and what their clues
    allow now. The same for every seat: worked out by the first to observe the clue,
    the others take it from ``view.shared``. Never changed once made."""
    shared = view.shared
    kept = shared.get("conventions.clued_hand")
    if isinstance(kept, _CluedHand) and kept.event is event and kept.ids is ids:
        return kept.indexes, kept.after
    hand = view.hand(target)
    indexes = [held.deck_index for held in hand]
    after = [ids.of_hand_card(held) for held in hand]
    shared["conventions.clued_hand"] = _CluedHand(event, ids, indexes, after)
    return indexes, after


def _soon_bound(board: Board, receiver: _Receiver) -> int:
    """``ConventionBot._soon_at_most`` worked out."""
    truths = receiver.truths
    for slot, truth in enumerate(truths):
        belief = receiver.beliefs[slot]
        if not receiver.before[slot] & truth or (belief is not None and not belief & truth):
            return -1
    return _played_in_turn(board, receiver.known + truths)


def _played_in_turn(board: Board, queued: list[int]) -> int:
    """Identities that play now, or once the ``queued`` identities (as bits) are played
    in turn. The same whatever the order of ``queued``: an identity joins the answer
    when the one before it is queued and is in the answer (worked out on masks: each
    round takes every queued identity that plays by then)."""
    soon = board.playable
    pending = 0
    for bit in queued:
        pending |= bit
    ids = board.ids
    ready = pending & soon
    while ready:
        pending ^= ready
        soon |= ids.following(ready)
        ready = pending & soon
    return soon


def _first_touch_focus(touched: tuple[int, ...], fresh: list[bool], chop: int | None) -> int:
    """The slot a clue that touches a card for the first time is about, as ``_reading``
    finds it: the chop if the clue touches it, else the newest card it touches for the
    first time (``touched``: the slots it touches, oldest first)."""
    focus = -1
    for slot in touched:
        if fresh[slot]:
            focus = slot
            if slot == chop:
                break
    return focus


def _left_known_exactly(board: Board, mask: int, was: int) -> bool:
    """Whether a card that everybody took for one of ``was`` is known exactly once a
    clue is given (``mask``), and is useful but does not play yet (see ``EXACT``)."""
    return bool(mask and not mask & (mask - 1) and was & (was - 1) and mask & board.waiting)


def _count_play(tally: _Tally, truth: int, worth: float, scaled: bool = True) -> None:
    """A card the clue sets to play: worth ``worth`` (times the receiver's
    ``tally.scale`` unless not ``scaled``: a card in another hand), unless another copy
    of it is already on its way."""
    if truth & tally.counted:
        tally.value -= 0.5
    else:
        tally.value += worth * tally.scale if scaled else worth
        tally.counted |= truth
