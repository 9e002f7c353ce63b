"""The replay and the debrief: views of a table's log, rendered on the server.

``/t/<table>/replay?game=n&step=k`` shows game ``n`` as it stood after ``k`` actions:
the projector's screen at that step, the action that led there, the curve, the key
moments and the cards met so far, and the theme's questions. Everything on the page is
computed from the first ``k`` actions only, so nothing later can leak into it (the
theme's questions, which may name any card, wait for the end of the game). A
digital table shows no hand until the game is over for good (a later game has begun:
until then the leader could still undo).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, g, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from deckforge.referee import store
from deckforge.referee.auth import leader_required
from deckforge.referee.checks import form_number
from deckforge.referee.db import get_db
from deckforge.referee.errors import RefereeError
from deckforge.referee.game_chart import ChartWords, game_chart
from deckforge.referee.rendering import in_language, leader_change, no_store
from deckforge.referee.service import load_table, service
from deckforge.referee.state import LogEntry, State
from deckforge.referee.tables import LoadedTable, describe, public_state
from deckforge.rules import Action, Card, Game
from deckforge.rules.debrief import Debrief, debrief
from deckforge.theme.model import Theme

bp = Blueprint("replay", __name__)

MAX_GAMES = 100_000


@dataclass(frozen=True)
class Recorded:
    """One game of a table as its log holds it."""

    number: int
    theme: Theme
    players: int
    deck: tuple[Card, ...] | None
    actions: tuple[Action, ...]
    over_for_good: bool  # a later game has begun: its hands may be shown

    @property
    def steps(self) -> int:
        return len(self.actions)


@dataclass(frozen=True)
class Step:
    """Game ``recorded`` after its first ``step`` actions, and what the page shows of it."""

    recorded: Recorded
    step: int
    game: Game  # the table at this step
    log: tuple[LogEntry, ...]  # what each of the first ``step`` actions did
    looked_back: Debrief  # of the first ``step`` actions only


def recorded_game(snap: LoadedTable, number: int) -> Recorded:
    """Game ``number`` of the table (404 if it has none): the running one from the loaded
    table, an earlier one replayed from the store."""
    table = snap.table
    if not 1 <= number <= table.game:
        raise RefereeError(404, "no-such-game", f"the table has no game {number}")
    players = len(table.players)
    if number == table.game:
        return Recorded(number, snap.theme, players, snap.deck, snap.actions, False)
    earlier = service().game_of(get_db(), table, number)
    return Recorded(number, snap.theme, players, earlier.deck, earlier.history, True)


def step_of(recorded: Recorded, step: int) -> Step:
    """The table after ``step`` actions, with the words of each action so far."""
    actions = recorded.actions[:step]
    game = Game.replay(recorded.theme, recorded.players, recorded.deck, ())
    log = tuple(describe(game.apply(action), action, recorded.theme) for action in actions)
    looked_back = debrief(recorded.theme, recorded.players, recorded.deck, actions)
    return Step(recorded, step, game, log, looked_back)


def _asked(snap: LoadedTable) -> tuple[Recorded, int]:
    """The game and step the request names (``?game=``, ``?step=``; by default the table's
    game and its last step)."""
    args = request.args
    number = snap.table.game
    if "game" in args:
        number = form_number(args.get("game"), "game", 1, MAX_GAMES, code="no-such-game")
    recorded = recorded_game(snap, number)
    step = recorded.steps
    if "step" in args:
        step = form_number(args.get("step"), "step", 0, recorded.steps, code="no-such-step")
    return recorded, step


@bp.get("/t/<table_id>/replay")
def replay(table_id: str) -> Any:
    snap = in_language(load_table(table_id))
    recorded, step = _asked(snap)
    shown = step_of(recorded, step)
    table = dataclasses.replace(snap.table, game=recorded.number)
    state = public_state(table, recorded.theme, shown.game, shown.log)
    if table.kind == "digital":
        state["paused"] = False
    body = render_template(
        "replay.html",
        snap=snap,
        s=state,
        r=shown,
        log={"log": shown.log},
        links=_links(table_id, recorded, step),
        chart=_chart(shown, state),
        hands=_hands(shown) if recorded.over_for_good and table.kind == "digital" else None,
        discovered=_discovered(shown),
        questions=recorded.theme.debrief,
    )
    return no_store(body, 200, snap.version)


@bp.get("/t/<table_id>/replay/next-moment")
def next_moment(table_id: str) -> Any:
    """The step of the first key moment after ``?step=`` (a redirect, so that no page
    holds anything of a later step), or that step again when none is left."""
    snap = load_table(table_id)
    recorded, step = _asked(snap)
    found = debrief(recorded.theme, recorded.players, recorded.deck, recorded.actions)
    moment = found.next_moment(step)
    target = step if moment is None else moment.step
    return redirect(_url(table_id, recorded.number, target), 303)


# ---- the leader moves the projector's replay (the position is kept in the store: a change
# of the table, published like any other, so every projector follows it) ----

STEPS = ("show", "first", "previous", "next", "last", "next-moment")
# a step move shows the table at that step; "section:chart" (...) scrolls the page there
MOVES = (*STEPS, "stop", *(f"section:{name}" for name in store.REPLAY_SECTIONS))


@bp.post("/t/<table_id>/lead/<token>/replay")
@leader_required
def move(table_id: str, token: str) -> Any:
    def change(version: int) -> None:
        wanted = request.form.get("move", "")
        if wanted not in MOVES:
            raise RefereeError(400, "bad-action", "move is not a replay move")
        snap = load_table(table_id)
        position = None if wanted == "stop" else _moved(snap, wanted)
        service().change(get_db(), table_id, store.set_replay_position, version, position)

    return leader_change(table_id, token, change, "#replay-remote")


def _moved(snap: LoadedTable, wanted: str) -> store.ReplayPosition:
    """Where ``wanted`` takes the projector's replay from where it stands (or, when it
    shows the live table, from the last step of the game being played)."""
    current = store.replay_position(get_db(), snap.table.id)
    number, step, _ = current or (snap.table.game, len(snap.actions), "table")
    if wanted.startswith("section:"):
        return number, step, wanted.removeprefix("section:")
    if wanted == "show" and "game" in request.form:
        number = form_number(request.form.get("game"), "game", 1, MAX_GAMES, code="no-such-game")
    recorded = recorded_game(snap, number)
    last = recorded.steps
    step = min(step, last)
    if wanted == "show" and (current is None or current[0] != number):
        return number, last, "table"
    if wanted == "next-moment":
        found = debrief(recorded.theme, recorded.players, recorded.deck, recorded.actions)
        moment = found.next_moment(step)
        return number, step if moment is None else moment.step, "table"
    moves = {"first": 0, "previous": max(0, step - 1), "next": min(last, step + 1), "last": last}
    return number, moves.get(wanted, step), "table"


@bp.get("/t/<table_id>/replay/follow")
def follow(table_id: str) -> Any:
    """Where the projectors should be: ``X-Replay-Url`` is the replay's step the leader
    shows, empty for the live table (read by replay.js at each new version)."""
    snap = load_table(table_id)
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Version"] = str(snap.version)
    response.headers["X-Replay-Url"] = _shown_url(snap.table.id) or ""
    return response


def _shown_url(table_id: str) -> str | None:
    """The replay's address the leader shows, with the part of the page in view."""
    position = store.replay_position(get_db(), table_id)
    if position is None:
        return None
    number, step, section = position
    return _url(table_id, number, step) + ("" if section == "table" else f"#{section}")


@bp.app_context_processor
def remote() -> dict[str, Any]:
    """``replay_remote(table_id)`` for the leader's page: where the projector's replay
    stands and how many steps that game has."""

    def replay_remote(table_id: str) -> dict[str, Any]:
        snap = load_table(table_id)
        position = store.replay_position(get_db(), table_id)
        steps = len(snap.actions)
        if position is not None and position[0] != snap.table.game:
            steps = recorded_game(snap, position[0]).steps
        return {
            "position": position,
            "steps": steps,
            "games": list(range(1, snap.table.game + 1)),
            "page": _shown_url(table_id) or url_for("replay.replay", table_id=table_id),
        }

    return {"replay_remote": replay_remote, "replay_shown_url": _shown_url}


def _url(table_id: str, number: int, step: int) -> str:
    return url_for("replay.replay", table_id=table_id, game=number, step=step)


def _links(table_id: str, recorded: Recorded, step: int) -> dict[str, str | None]:
    last = recorded.steps
    number = recorded.number
    return {
        "first": _url(table_id, number, 0) if step > 0 else None,
        "previous": _url(table_id, number, step - 1) if step > 0 else None,
        "next": _url(table_id, number, step + 1) if step < last else None,
        "last": _url(table_id, number, last) if step < last else None,
        "next_moment": url_for("replay.next_moment", table_id=table_id, game=number, step=step)
        if step < last
        else None,
        "live": url_for("pages.projector", table_id=table_id),
    }


def _chart(shown: Step, state: State) -> Markup:
    t = g.t
    theme = shown.recorded.theme
    points = shown.looked_back.points
    last = points[-1]
    hint, error = theme.tokens.hint, theme.tokens.error
    words = ChartWords(
        title=str(t("replay.chart_title")),
        description=str(
            t(
                "replay.chart_description",
                step=last.step,
                score=last.score,
                best=last.max_reachable,
                hints=f"{last.hint_tokens} {t.noun(last.hint_tokens, hint.name, hint.plural)}",
                errors=f"{last.error_tokens} {t.noun(last.error_tokens, error.name, error.plural)}",
            )
        ),
        score=str(t("replay.chart_score")),
        best=str(t("replay.chart_best")),
        hints=_short(hint.plural, str(t("replay.chart_hints"))),
        errors=_short(error.plural, str(t("replay.chart_errors"))),
        steps=str(t("replay.chart_steps")),
    )
    return game_chart(
        points,
        words,
        max_score=max(theme.max_score, 1),
        max_hints=hint.count,
        max_errors=error.count,
        hint_colour=state["hint_tokens"]["colour"],
        error_colour=state["error_tokens"]["colour"],
    )


CHART_LABEL = 14  # characters that fit beside the chart's lines at its type size


def _short(name: str, instead: str) -> str:
    """A token's name for the chart's label, or the page's short word when it is too long
    ("moments de grâce et de vérité" would run off the chart)."""
    return name if len(name) <= CHART_LABEL else instead


def _discovered(shown: Step) -> list[dict[str, Any]]:
    """Per suit: the cards on its pile at this step, with their titles and texts."""
    theme = shown.recorded.theme
    found = []
    for index, stack in enumerate(shown.looked_back.played):
        suit = theme.suits[index]
        cards = []
        for card in stack:
            text = suit.text_for(card.rank)
            cards.append(
                {
                    "card": card.to_dict(),
                    "title": text.title if text else "",
                    "text": text.text if text else "",
                }
            )
        found.append({"index": index, "cards": cards, "questions": theme.debrief.for_suit(suit.id)})
    return found


def _hands(shown: Step) -> list[dict[str, Any]]:
    """Every hand at this step, the cards the step's hint touched marked (a game over for
    good only)."""
    last = shown.log[-1] if shown.log else None
    event = shown.game.last_event
    touched: set[tuple[int, int]] = set()
    if last is not None and event is not None and last.get("target") is not None:
        touched = {(int(last["target"]), slot) for slot in event.touched}
    return [
        {
            "player": player,
            "cards": [
                {"card": held.card.to_dict(), "touched": (player, slot) in touched}
                for slot, held in enumerate(hand)
                if held.card is not None
            ],
        }
        for player, hand in enumerate(shown.game.hands)
    ]
