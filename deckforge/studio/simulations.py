"""Short simulations run in the background while the designer keeps editing.

One run at a time per studio: starting another stops the one still playing
(its next game raises :class:`Stopped`). A run plays ``games`` games at every
player count of the theme with the ``conventions`` bot, seed 0, so two runs of
one deck give the same figures and an edit's effect shows as a difference.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the bots load with the first run
    from deckforge.rules.simulation import Summary
    from deckforge.theme.model import Theme

BOT = "conventions"
MIN_GAMES, MAX_GAMES = 10, 1000
_KEPT = 8  # finished runs whose figures can still be fetched


class Stopped(Exception):
    """A newer run replaced this one."""


@dataclass
class Run:
    theme_title: str
    total: int
    done: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    finished: bool = False
    stop: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "title": self.theme_title,
            "total": self.total,
            "done": self.done,
            "finished": self.finished,
            "error": self.error,
            "results": self.results,
        }


def figures(summary: Summary) -> dict[str, Any]:
    """What the studio shows of one player count's run."""
    return {
        "players": summary.players,
        "games": summary.games,
        "max_score": summary.max_score,
        "mean": round(summary.mean, 2) if summary.mean is not None else None,
        "confidence": round(summary.confidence, 2) if summary.confidence is not None else None,
        "perfect": round(summary.perfect_share, 4),
        "strikeout": round(summary.strikeout_share, 4),
        "histogram": [[score, count] for score, count in summary.histogram()],
    }


class Simulations:
    """The studio's background runs, by id."""

    def __init__(self) -> None:
        self._runs: OrderedDict[str, Run] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, theme: Theme, games: int) -> str:
        games = max(MIN_GAMES, min(MAX_GAMES, games))
        counts = theme.players.counts
        run = Run(theme.title, games * len(counts))
        key = secrets.token_urlsafe(9)
        with self._lock:
            for older in self._runs.values():
                older.stop = True
            self._runs[key] = run
            while len(self._runs) > _KEPT:
                self._runs.popitem(last=False)
        thread = threading.Thread(
            target=self._play, args=(run, theme, counts, games), name="studio-simulation"
        )
        thread.daemon = True
        thread.start()
        return key

    def get(self, key: str) -> Run | None:
        with self._lock:
            return self._runs.get(key)

    @staticmethod
    def _play(run: Run, theme: Theme, counts: tuple[int, ...], games: int) -> None:
        from deckforge.rules.simulation import simulate

        def progress(finished: int) -> None:
            if run.stop:
                raise Stopped
            run.done += finished

        try:
            for players in counts:
                summary = simulate(theme, players, games, seed=0, bot=BOT, progress=progress)
                run.results.append(figures(summary))
        except Stopped:
            run.error = "stopped"
        except Exception as error:  # a bot's bug must not end the server: report it
            run.error = f"{type(error).__name__}: {error}"
        finally:
            run.finished = True
