"""The command line's one boundary: whatever goes wrong ends in one line and a known status.

Every command runs inside :func:`guarded` (``deckforge.cli.main`` does it for
every command, so commands added later are covered too). A failure that a
command did not turn into its own message is turned into one here:

- a file the system cannot open, read or write (:class:`OSError`: a name too
  long, a symlink loop, no permission, a full disk), a path or a value nested
  too deeply, memory running out, or a value a library refuses
  (:class:`ValueError`): ``Error: <what>: <why>`` and status 2, like a usage
  mistake or malformed input;
- anything else is a bug in deckforge: ``Error: internal error: ...`` and
  status 3.

The statuses every command keeps: 0 done, 1 an invalid theme or an illegal
action, 2 a usage mistake or input that cannot be read, 3 an internal error.
``DECKFORGE_DEBUG=1`` lets the exception through, with its traceback.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import click

INVALID = 1  # an invalid theme or an illegal action
USAGE = 2  # a usage mistake, or input that cannot be read
INTERNAL = 3  # a bug in deckforge
DEBUG_VARIABLE = "DECKFORGE_DEBUG"
LONGEST_NAME = 80  # characters of a file name shown in a message; longer ones are elided

T = TypeVar("T")


class Failure(click.ClickException):
    """A one-line message on stderr and an exit status."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(one_line(message))
        # click declares exit_code on the class; each Failure carries its own status
        self.exit_code = exit_code  # type: ignore[misc]


def debugging() -> bool:
    """Whether ``DECKFORGE_DEBUG`` asks for tracebacks."""
    return os.environ.get(DEBUG_VARIABLE, "").strip().lower() not in ("", "0", "no", "false")


def one_line(text: str) -> str:
    """``text`` on one line: line breaks become spaces."""
    return " ".join(str(text).split()) or "(no message)"


def elided(name: object) -> str:
    """A file name short enough to read in a message (its start and end)."""
    text = os.fsdecode(name) if isinstance(name, (str, bytes, os.PathLike)) else str(name)
    if len(text) <= LONGEST_NAME:
        return text
    half = (LONGEST_NAME - 1) // 2
    return f"{text[:half]}…{text[-half:]}"


def os_message(error: OSError) -> str:
    """``name: reason`` for an :class:`OSError`, in the words of the system."""
    reason = error.strerror or str(error) or type(error).__name__
    if error.errno == errno.ENAMETOOLONG:
        reason += " (a folder or file name may have at most 255 bytes)"
    elif error.errno == errno.ELOOP:
        reason += " (a symbolic link points back to itself)"
    if error.filename is None:
        return reason
    return f"{elided(error.filename)}: {reason}"


def failure_for(error: BaseException) -> Failure | None:
    """The message and status for an exception no command handled; None lets it through."""
    if isinstance(error, OSError):
        return Failure(os_message(error), USAGE)
    if isinstance(error, RecursionError):
        return Failure("a path or a value is nested too deeply to follow", USAGE)
    if isinstance(error, RuntimeError) and str(error).startswith("Symlink loop from "):
        name = str(error).removeprefix("Symlink loop from ").strip("'\"")
        return Failure(f"{elided(name)}: a symbolic link points back to itself", USAGE)
    if isinstance(error, MemoryError):
        return Failure("out of memory: the input is too large", USAGE)
    if isinstance(error, ValueError):
        return Failure(str(error) or type(error).__name__, USAGE)
    if isinstance(error, Exception):
        return Failure(
            f"internal error: {type(error).__name__}: {one_line(str(error))} "
            f"(please report it; {DEBUG_VARIABLE}=1 shows where it happened)",
            INTERNAL,
        )
    return None  # KeyboardInterrupt, SystemExit: click knows them


@contextmanager
def boundary() -> Iterator[None]:
    """Turn an exception from the block into a :class:`Failure` (unless debugging)."""
    try:
        yield
    except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except Exception as error:
        failure = failure_for(error)
        if failure is None or debugging():
            raise
        raise failure from None


def guarded(run: Callable[[], T]) -> T:
    """``run()`` inside the boundary."""
    with boundary():
        return run()
