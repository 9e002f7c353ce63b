"""Print kits asked from the network wait in one line, built in worker processes.

A kit that is not built yet takes seconds of CPU; eight phones asking at once
would keep the referee's process busy and the projector slow. So a request
from another device is not built in the request: it joins a line, and the
print page answers at once with its place (the page reloads itself and the
download starts when the kit is there). The line builds at most one kit at a
time per address, and at most ``workers`` kits at once (default: one core
fewer than the computer has, so the referee keeps one), each in a process of
its own pool, so the referee's process stays free for the pages and streams.
The browser on this computer (127.0.0.1 or ::1) is not in line: its kits are
built at once, as before.

A worker that dies (killed for memory, say) breaks its pool: the kits it was
building say they could not be built, and the next kit gets a fresh pool.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckforge.printing.kit import KitOptions
    from deckforge.theme.model import Theme

THIS_COMPUTER = ("127.0.0.1", "::1")  # a browser on the referee's computer connects so
KEPT_SECONDS = 600  # a built kit nobody came back for is dropped after this


def quiet_worker() -> None:
    """Ctrl+C in the referee's terminal reaches its workers too: the referee stops
    them, so they print no traceback of their own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def build_in_worker(theme: Theme, options: KitOptions) -> tuple[dict[str, bytes], list[str]]:
    """The kit's files, or no files and the problems that stop it (in a worker process)."""
    from deckforge.printing.kit import PrintError, build_kit

    try:
        return build_kit(theme, options), []
    except PrintError as error:
        return {}, error.problems or [str(error)]


@dataclass
class Job:
    address: str
    key: tuple[Any, ...]
    theme: Theme
    options: KitOptions
    started: bool = False
    files: dict[str, bytes] | None = None
    problems: list[str] | None = None
    finished_at: float = 0.0


class KitLine:
    """The line of kits asked from the network."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or (os.cpu_count() or 2) - 1)
        self._jobs: OrderedDict[tuple[str, tuple[Any, ...]], Job] = OrderedDict()
        self._lock = threading.RLock()  # a callback may run in the thread that submitted
        self._pool: Executor | None = None

    def ask(
        self, address: str, key: tuple[Any, ...], theme: Theme, options: KitOptions
    ) -> tuple[str, Any]:
        """("ready", files), ("problems", lines) or ("waiting", place in line, 1 = building)."""
        with self._lock:
            self._forget_old()
            job = self._jobs.get((address, key))
            if job is not None and job.files is not None:
                del self._jobs[(address, key)]
                return ("problems", job.problems) if job.problems else ("ready", job.files)
            if job is None:
                job = Job(address, key, theme, options)
                self._jobs[(address, key)] = job
            self._next()
            return "waiting", self._place(job)

    def building(self) -> list[tuple[str, tuple[Any, ...]]]:
        """(address, kit) of the kits being built now."""
        with self._lock:
            return [
                (j.address, j.key) for j in self._jobs.values() if j.started and j.files is None
            ]

    @contextmanager
    def held(self) -> Iterator[None]:
        """Nothing in the line moves while held: no kit finishes or starts, so what
        ``ask`` and ``building`` answer in the meantime is one moment's picture."""
        with self._lock:
            yield

    def _place(self, job: Job) -> int:
        waiting = [j for j in self._jobs.values() if j.files is None]
        waiting.sort(key=lambda j: not j.started)  # those being built first, then the line
        return waiting.index(job) + 1

    def _forget_old(self) -> None:
        now = time.monotonic()
        for key, job in list(self._jobs.items()):
            if job.files is not None and now - job.finished_at > KEPT_SECONDS:
                del self._jobs[key]

    def _next(self) -> None:
        """Start the first kits in line whose address builds none (the lock is held)."""
        building = [j for j in self._jobs.values() if j.started and j.files is None]
        busy = {j.address for j in building}
        for job in self._jobs.values():
            if len(building) >= self.workers:
                return
            if job.started or job.address in busy:
                continue
            job.started = True
            busy.add(job.address)
            building.append(job)
            pool = self._executor()
            try:
                future = pool.submit(build_in_worker, job.theme, job.options)
            except BrokenProcessPool:  # broken since its last kit: this one gets a new pool
                self._drop(pool)
                pool = self._executor()
                future = pool.submit(build_in_worker, job.theme, job.options)
            future.add_done_callback(functools.partial(self._built, job, pool))

    def _built(
        self, job: Job, pool: Executor, done: Future[tuple[dict[str, bytes], list[str]]]
    ) -> None:
        broken = False
        try:
            files, problems = done.result()
        except Exception as error:  # a worker that died: the page says so, once
            broken = isinstance(error, BrokenProcessPool)
            why = "the process building it stopped; ask again" if broken else type(error).__name__
            files, problems = {}, [f"the kit could not be built ({why})"]
        with self._lock:
            job.files, job.problems, job.finished_at = files, problems, time.monotonic()
            if broken:
                self._drop(pool)
            self._next()

    def _executor(self) -> Executor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=quiet_worker
            )
        return self._pool

    def _drop(self, pool: Executor) -> None:
        """Forget a broken pool (once, whichever of its kits tells first)."""
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
