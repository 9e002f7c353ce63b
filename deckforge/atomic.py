"""Files written whole or not at all, one way for the print kit and the studio.

The new content is written in full to a temporary file beside the target (same
folder, so same file system), then renamed over it: a reader sees the old file
or the new one, never half of one, and a failure (a full disk) leaves the old
file as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def stage(path: Path, data: bytes, mode: int | None = None) -> Path:
    """``data`` written to a new temporary file beside ``path`` (its folder created);
    ``mode`` is its permissions (default: a new file's, 0o666 less the umask; mkstemp's
    0o600 would hide a print kit from the other users of a shared computer)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, 0o666 & ~_umask() if mode is None else mode)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return Path(temp)


def write_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` in one rename (see :func:`stage` for ``mode``)."""
    temp = stage(path, data, mode)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
