"""hanab.live's rules next to deckforge's: the options a record needs, what its server
would refuse, and its early end.

hanab.live (server/src: ``options.go``, ``command_action.go``, ``game.go``) plays 3 to 6
suits of 3-2-2-2-1 cards built up from 1, the last suit possibly touched by every colour
hint (its Rainbow variants), with 8 clue tokens, 3 strikes and fixed hand sizes. It
refuses a discard while all 8 clue tokens are in, and a clue that touches no card unless
the game has its ``emptyClues`` option. It also ends a game as soon as the score equals
the most still reachable, where deckforge plays on until the deck runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckforge.rules.actions import Discard
from deckforge.rules.game import Game
from deckforge.theme.model import ClueMode, Direction, EmptyHints, SuitScoring, Theme

HAND_SIZES = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}  # DefaultNumCardsPerHand
CLUE_TOKENS, STRIKES = 8, 3
COPIES = (3, 2, 2, 2, 1)
DEFAULT_VARIANT = "No Variant"
# (suits with a colour of their own, a last suit touched by every colour) -> variant
VARIANTS = {
    (3, False): "3 Suits",
    (4, False): "4 Suits",
    (5, False): DEFAULT_VARIANT,
    (6, False): "6 Suits",
    (2, True): "Rainbow (3 Suits)",
    (3, True): "Rainbow (4 Suits)",
    (4, True): "Rainbow (5 Suits)",
    (5, True): "Rainbow (6 Suits)",
}
EARLY_END = "max-reachable"  # replay's name for hanab.live's end: nothing more can be scored


@dataclass(frozen=True, slots=True)
class Refusal:
    """Something hanab.live cannot replay: a move (``action``, its index in the record's
    actions) or a rule of the theme (``action`` is None)."""

    code: str  # discard-at-max-hints | no-variant | token-counts | hand-size | completion-bonus
    action: int | None
    message: str


def variant(theme: Theme) -> str | None:
    """hanab.live's variant with the theme's suits, or None if it has none."""
    suits = theme.suits
    standard = all(
        suit.copies == COPIES
        and suit.direction is Direction.UP
        and suit.scoring is SuitScoring.TOP_CARD
        for suit in suits
    )
    own = sum(suit.clue is ClueMode.OWN for suit in suits)
    rainbow = suits[-1].clue is ClueMode.EVERY_COLOUR
    if not standard or own + rainbow != len(suits):
        return None
    return VARIANTS.get((own, rainbow))


def options(game: Game, empty_hint_given: bool) -> dict[str, Any]:
    """The record's ``options``: the variant unless it is hanab.live's default, and
    ``emptyClues`` where the theme allows empty hints or the record holds one."""
    found: dict[str, Any] = {}
    name = variant(game.theme)
    if name is not None and name != DEFAULT_VARIANT:
        found["variant"] = name
    if empty_hint_given or game.theme.rules.empty_hints is EmptyHints.ALLOWED:
        found["emptyClues"] = True
    return found


def theme_refusals(theme: Theme, players: int) -> list[Refusal]:
    """The theme's rules that hanab.live cannot play, at a table of ``players``."""
    found = []
    if variant(theme) is None:
        found.append(
            Refusal(
                "no-variant",
                None,
                "hanab.live has no variant with these suits (it plays 3 to 6 suits of "
                "3-2-2-2-1 cards built up from 1, the last one possibly touched by every colour)",
            )
        )
    tokens = theme.tokens
    if (tokens.hint.count, tokens.error.count) != (CLUE_TOKENS, STRIKES):
        found.append(
            Refusal(
                "token-counts",
                None,
                f"hanab.live plays with {CLUE_TOKENS} hint and {STRIKES} error tokens, "
                f"not {tokens.hint.count} and {tokens.error.count}",
            )
        )
    hand = theme.players.hand_size(players)
    if HAND_SIZES.get(players) != hand:
        usual = HAND_SIZES.get(players)
        found.append(
            Refusal(
                "hand-size",
                None,
                f"hanab.live deals {usual} cards each to {players} players, not {hand}"
                if usual is not None
                else f"hanab.live has no table of {players} players",
            )
        )
    if not theme.rules.completion_bonus:
        found.append(
            Refusal(
                "completion-bonus",
                None,
                "hanab.live returns a hint token when a suit is completed",
            )
        )
    return found


def move_refusals(game: Game) -> list[Refusal]:
    """The moves of ``game`` hanab.live refuses: a discard with every hint token in
    (allowed by ``discard_at_max_hints: no_gain``)."""
    found = []
    replay = Game(game.theme, game.players, game.deck)
    for index, action in enumerate(game.history):
        full = replay.hint_tokens
        if isinstance(action, Discard) and full >= CLUE_TOKENS:
            found.append(
                Refusal(
                    "discard-at-max-hints",
                    index,
                    f"action {index} discards with all {full} hint tokens available, "
                    "which hanab.live forbids",
                )
            )
        replay.apply(action)
    return found


def refusals(game: Game) -> list[Refusal]:
    """Everything in ``game`` that makes hanab.live refuse its record."""
    return theme_refusals(game.theme, game.players) + move_refusals(game)


def is_hanab_live_record(data: dict[str, Any]) -> bool:
    """Whether a record was exported by hanab.live (it writes the game's ``id`` and
    ``seed``; deckforge writes neither)."""
    return "id" in data or "seed" in data


def ended_early(game: Game) -> bool:
    """Whether hanab.live would have ended ``game`` now: it is not over by deckforge's
    rules, but its score already equals the most still reachable."""
    return not game.is_over and game.score == game.max_reachable_score
