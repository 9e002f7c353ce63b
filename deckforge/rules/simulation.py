"""Play many games with bots and sum them up: how hard is a deck?

Game ``i`` of a run seeded ``S`` is dealt from :func:`game_seed` ``(S, i)``, so a
run gives the same numbers whatever the number of processes that play it.
Pure apart from the optional process pool: no printing, no files.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deckforge.rules.bots import make_bot
from deckforge.rules.errors import IllegalAction
from deckforge.rules.game import End, Game
from deckforge.theme.model import Theme

# Student's t for a two-sided 95 % interval, by degrees of freedom (1.96 beyond)
# fmt: off
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
# fmt: on


class BotError(RuntimeError):
    """A bot attempted an action the rules refuse (a bug in the bot)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one simulated game ended."""

    seed: int
    score: int | None  # None: lost on the last error token, in a theme that gives no score
    end: End
    turns: int  # actions taken


def game_seed(seed: int, index: int) -> int:
    """The deal of game ``index`` in a run seeded ``seed`` (independent of the others)."""
    digest = hashlib.sha256(f"deckforge-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_game(theme: Theme, players: int, bot: str, seed: int) -> GameResult:
    """Deal from ``seed`` and let one ``bot`` per seat play the game out."""
    game = Game.deal(theme, players, seed)
    bots = [make_bot(bot, seat, seed) for seat in range(players)]
    views = [game.view(seat) for seat in range(players)]
    while game.end is None:
        seat = game.current_player
        action = bots[seat].act(views[seat])
        try:
            event = game.apply(action)
        except IllegalAction as refusal:
            raise BotError(
                f"bot {bot!r} at seat {seat} tried {action!r} on turn {game.turn} of the game "
                f"seeded {seed} ({theme.id}, {players} players): {refusal.code}"
            ) from refusal
        for other, view in zip(bots, views, strict=True):
            other.observe(view, action, event)
    assert game.end is not None
    return GameResult(seed, game.score, game.end, game.turn)


@dataclass(frozen=True)
class Summary:
    """The results of a run and the figures a designer reads."""

    theme: str
    players: int
    bot: str
    seed: int
    max_score: int
    results: tuple[GameResult, ...]

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def scores(self) -> list[int]:
        """The scores of the games that have one."""
        return [r.score for r in self.results if r.score is not None]

    @property
    def unscored(self) -> int:
        return sum(1 for r in self.results if r.score is None)

    @property
    def mean(self) -> float | None:
        scores = self.scores
        return sum(scores) / len(scores) if scores else None

    @property
    def confidence(self) -> float | None:
        """Half-width of the 95 % confidence interval of the mean (None below 2 scores)."""
        scores = self.scores
        n = len(scores)
        if n < 2:
            return None
        mean = sum(scores) / n
        variance = sum((s - mean) ** 2 for s in scores) / (n - 1)
        t = _T95[n - 2] if n - 1 <= len(_T95) else 1.96
        return t * math.sqrt(variance / n)

    def share(self, end: End) -> float:
        return sum(1 for r in self.results if r.end is end) / len(self.results)

    @property
    def perfect_share(self) -> float:
        return self.share(End.PERFECT)

    @property
    def strikeout_share(self) -> float:
        return self.share(End.STRIKEOUT)

    @property
    def mean_turns(self) -> float:
        return sum(r.turns for r in self.results) / len(self.results)

    def histogram(self) -> list[tuple[int | None, int]]:
        """(score, games) from the lowest score seen to the highest; None: no score."""
        scores = self.scores
        rows: list[tuple[int | None, int]] = []
        if scores:
            counts: dict[int, int] = {}
            for score in scores:
                counts[score] = counts.get(score, 0) + 1
            rows = [(s, counts.get(s, 0)) for s in range(min(scores), max(scores) + 1)]
        if self.unscored:
            rows.append((None, self.unscored))
        return rows


def simulate(
    theme: Theme,
    players: int,
    games: int,
    seed: int = 0,
    bot: str = "conventions",
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games; ``jobs`` > 1 spreads them over processes.

    ``progress(n)`` is called as every ``n`` further games finish.
    """
    if games < 1:
        raise ValueError("at least one game is needed")
    make_bot(bot, 0)  # unknown names fail here, not in a worker
    seeds = [game_seed(seed, index) for index in range(games)]
    results: list[GameResult] = []
    if jobs <= 1 or games < 2:
        for game in seeds:
            results.append(play_game(theme, players, bot, game))
            if progress is not None:
                progress(1)
    else:
        chunks = _chunks(seeds, jobs)
        context = multiprocessing.get_context()
        with context.Pool(jobs, _start_worker, (theme, players, bot)) as pool:
            for chunk in pool.imap(_play_chunk, chunks):
                results.extend(chunk)
                if progress is not None:
                    progress(len(chunk))
    return Summary(theme.id, players, bot, seed, theme.max_score, tuple(results))


def _chunks(seeds: list[int], jobs: int) -> list[list[int]]:
    """The games in the order played, cut for the pool: each piece a share of the
    games still to hand out (at most 25, for few round trips on quick games), so the
    pieces shrink to single games at the end and the processes finish together even
    when a game takes a tenth of a second (the largest decks)."""
    chunks = []
    start = 0
    while start < len(seeds):
        size = max(1, min(25, (len(seeds) - start) // (jobs * 4)))
        chunks.append(seeds[start : start + size])
        start += size
    return chunks


_WORKER: dict[str, object] = {}


def _start_worker(theme: Theme, players: int, bot: str) -> None:
    # Ctrl-C reaches the parent, which stops the pool: no traceback from each worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER.update(theme=theme, players=players, bot=bot)


def _play_chunk(seeds: Sequence[int]) -> list[GameResult]:
    theme, players, bot = _WORKER["theme"], _WORKER["players"], _WORKER["bot"]
    return [play_game(theme, players, bot, seed) for seed in seeds]  # type: ignore[arg-type]


def report(summary: Summary, width: int = 40) -> str:
    """The run's figures as plain text, one fact per line, with a histogram of scores."""
    games = summary.games
    lines = [
        f"{summary.theme}: {summary.players} players, {_count(games, 'game')}, "
        f"bot {summary.bot}, seed {summary.seed}"
    ]
    mean, half = summary.mean, summary.confidence
    if mean is None:
        lines.append("  mean score      none (no game has a score)")
    elif half is None:
        lines.append(f"  mean score      {mean:.2f} of {summary.max_score}")
    else:
        lines.append(
            f"  mean score      {mean:.2f} ± {half:.2f} of {summary.max_score} "
            f"(95 % confidence interval {mean - half:.2f} to {mean + half:.2f})"
        )
    if summary.unscored:
        lines.append(
            f"                  over the {_count(games - summary.unscored, 'game')} with a score"
        )
    lines.append(f"  perfect games   {_percent(summary.perfect_share)}")
    lines.append(f"  lost on the last error token  {_percent(summary.strikeout_share)}")
    lines.append(f"  average turns   {summary.mean_turns:.1f}")
    lines.append("  scores")
    rows = summary.histogram()
    most = max(count for _, count in rows)
    for score, count in rows:
        label = "none" if score is None else str(score)
        bar = "#" * max(1, round(width * count / most)) if count else ""  # a few games show
        lines.append(f"  {label:>6} | {bar:<{width}} {count:>6}  {_percent(count / games)}")
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _percent(share: float) -> str:
    return f"{100 * share:5.1f} %"
