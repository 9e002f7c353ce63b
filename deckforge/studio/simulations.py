"""Simulations a teacher can start from the studio, several browsers at once.

Each browser (its session's page token) has its own runs: starting a new one
stops only that browser's previous run. At most :attr:`Simulations.workers`
runs play at a time (one process each, as many as the computer has cores,
so the referee's pages stay fast); the others wait in line, and each browser
sees its place. A run plays ``games`` games at every player count of the
theme, seed 0, in chunks of :data:`CHUNK` games, so a cancel takes effect
within a chunk and two runs of one deck give the same figures.

Two profiles: ``class`` (the :mod:`~deckforge.rules.bots.beginner` bot, the
figure a class can hope for, with a verdict: easy, fair or hard for beginners)
and ``experts`` (the ``conventions`` bot, the best a trained table does).
Before a run starts, :meth:`Simulations.estimate` plays one game per player
count here to say how long it will take, and how long it would wait.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the bots load with the first run (the referee's first page stays light)
    from deckforge.rules.simulation import GameResult, Summary
    from deckforge.theme.model import Theme

PROFILES = {"class": "beginner", "experts": "conventions"}  # profile -> bot
MIN_GAMES, MAX_GAMES = 10, 1000
CHUNK = 10  # games per task
_KEPT = 64  # runs whose figures can still be fetched
# share of the best score a class of beginners reaches: at least EASY is easy, below FAIR hard
EASY, FAIR = 0.6, 0.4


class Stopped(Exception):
    """The run was cancelled, or replaced by a newer run of the same browser."""


def verdict(summary: Summary) -> str:
    """``easy``, ``fair`` or ``hard`` for beginners, from the beginner bot's mean."""
    if summary.mean is None or summary.max_score <= 0:
        return "hard"
    share = summary.mean / summary.max_score
    return "easy" if share >= EASY else "fair" if share >= FAIR else "hard"


def figures(summary: Summary, profile: str) -> dict[str, Any]:
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
        "verdict": verdict(summary) if profile == "class" else "",
    }


def quiet_worker() -> None:
    """Ctrl+C in the referee's terminal reaches its workers too: the referee stops
    them, so they print no traceback of their own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_games(theme: Theme, players: int, bot: str, seeds: Sequence[int]) -> list[GameResult]:
    """One chunk of a run (in a worker process)."""
    from deckforge.rules.simulation import play_game

    return [play_game(theme, players, bot, seed) for seed in seeds]


@dataclass
class Run:
    owner: str
    title: str
    profile: str
    total: int
    estimate: float  # seconds to play, from the calibration
    done: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    finished: bool = False
    stop: bool = False
    started: float | None = None  # time.monotonic() when it left the line

    def seconds_left(self) -> float:
        """From the pace so far once games are done, else from the calibration."""
        if self.started is None or self.done == 0:
            return self.estimate
        spent = time.monotonic() - self.started
        return spent / self.done * (self.total - self.done)

    def as_json(self, place: int) -> dict[str, Any]:
        return {
            "title": self.title,
            "profile": self.profile,
            "total": self.total,
            "done": self.done,
            "finished": self.finished,
            "error": self.error,
            "results": self.results,
            "waiting": place,  # runs before this one in the line (0: playing or done)
            "seconds_left": 0 if self.finished else round(self.seconds_left(), 1),
        }


def _structure(theme: Theme, bot: str) -> tuple[Any, ...]:
    """What a game's length depends on (not the texts): the calibration's cache key."""
    return (bot, theme.deck_size, len(theme.suits), repr(theme.players), repr(theme.tokens))


class Simulations:
    """The studio's runs, by id, in one line served by ``workers`` processes."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._runs: OrderedDict[str, Run] = OrderedDict()
        self._line: list[str] = []  # waiting runs, first first
        self._playing: set[str] = set()
        self._jobs: dict[str, tuple[Theme, tuple[int, ...], int, str]] = {}
        self._pace: dict[tuple[Any, ...], float] = {}  # seconds per game
        self._lock = threading.Lock()
        self._pool: Executor | None = None

    # ---- estimate -----------------------------------------------------------------------

    def seconds_per_game(self, theme: Theme, players: int, bot: str) -> float:
        from deckforge.rules.simulation import game_seed, play_game

        key = (*_structure(theme, bot), players)
        with self._lock:
            known = self._pace.get(key)
        if known is None:
            began = time.perf_counter()
            play_game(theme, players, bot, game_seed(0, 0))
            known = time.perf_counter() - began
            with self._lock:
                self._pace[key] = known
        return known

    def estimate(self, theme: Theme, games: int, profile: str) -> dict[str, float]:
        """Seconds this run would play, and wait before it starts (the line now)."""
        bot = PROFILES[profile]
        games = max(MIN_GAMES, min(MAX_GAMES, games))
        play = sum(games * self.seconds_per_game(theme, n, bot) for n in theme.players.counts)
        with self._lock:
            busy = [self._runs[k].seconds_left() for k in (*self._playing, *self._line)]
        wait = 0.0 if len(self._playing) < self.workers else sum(busy) / self.workers
        return {"play": round(play, 1), "wait": round(wait, 1)}

    # ---- runs ---------------------------------------------------------------------------

    def start(self, owner: str, theme: Theme, games: int, profile: str) -> str:
        bot = PROFILES[profile]
        games = max(MIN_GAMES, min(MAX_GAMES, games))
        counts = theme.players.counts
        play = self.estimate(theme, games, profile)["play"]
        run = Run(owner, theme.title, profile, games * len(counts), play)
        key = secrets.token_urlsafe(9)
        with self._lock:
            for older_key, older in self._runs.items():
                if older.owner == owner and not older.finished:
                    self._stop(older_key, older)
            self._runs[key] = run
            self._jobs[key] = (theme, counts, games, bot)
            self._line.append(key)
            while len(self._runs) > _KEPT:
                oldest = next(iter(self._runs))
                if oldest in self._playing or oldest in self._line:
                    break
                self._runs.popitem(last=False)
            self._next()
        return key

    def get(self, owner: str, key: str) -> dict[str, Any] | None:
        """A run of this browser's, with its place in the line (None: not this browser's)."""
        with self._lock:
            run = self._runs.get(key)
            if run is None or run.owner != owner:
                return None
            place = self._line.index(key) + 1 if key in self._line else 0
            return run.as_json(place)

    def cancel(self, owner: str, key: str) -> bool:
        with self._lock:
            run = self._runs.get(key)
            if run is None or run.owner != owner:
                return False
            self._stop(key, run)
            return True

    def _stop(self, key: str, run: Run) -> None:
        run.stop = True
        if key in self._line:  # never started: done at once
            self._line.remove(key)
            self._jobs.pop(key, None)
            run.error, run.finished = "stopped", True

    def _next(self) -> None:
        """Start waiting runs while a process is free (the lock is held)."""
        while self._line and len(self._playing) < self.workers:
            key = self._line.pop(0)
            self._playing.add(key)
            run, job = self._runs[key], self._jobs.pop(key)
            run.started = time.monotonic()
            thread = threading.Thread(
                target=self._play, args=(key, run, *job), name="studio-simulation", daemon=True
            )
            thread.start()

    def _executor(self) -> Executor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")  # no fork of a threaded server
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=quiet_worker
                )
            return self._pool

    def _play(
        self, key: str, run: Run, theme: Theme, counts: tuple[int, ...], games: int, bot: str
    ) -> None:
        from deckforge.rules.simulation import Summary, game_seed

        try:
            pool = self._executor()
            seeds = [game_seed(0, index) for index in range(games)]
            for players in counts:
                results: list[GameResult] = []
                for start in range(0, games, CHUNK):
                    if run.stop:
                        raise Stopped
                    chunk = seeds[start : start + CHUNK]
                    results += pool.submit(play_games, theme, players, bot, chunk).result()
                    run.done += len(chunk)
                summary = Summary(theme.id, players, bot, 0, theme.max_score, tuple(results))
                run.results.append(figures(summary, run.profile))
        except Stopped:
            run.error = "stopped"
        except Exception as error:  # a bot's bug must not end the server: report it
            run.error = f"{type(error).__name__}: {error}"
        finally:
            run.finished = True
            with self._lock:
                self._playing.discard(key)
                self._next()
