"""An output folder given on the command line, checked before anything is drawn."""

from __future__ import annotations

import os
from pathlib import Path

from deckforge.cli.boundary import USAGE, Failure, elided

MAX_NAME_BYTES = 255  # one file or folder name, on every common file system
MAX_PATH_BYTES = 4000  # a whole path (Linux allows 4096, macOS 1024 per call but more in all)
MAX_DEPTH = 200  # folders inside folders: deeper is a mistake, and Python's recursion gives up


def check_output_folder(folder: Path) -> None:
    """Raise a usage :class:`Failure` when ``folder`` cannot hold the output.

    Checked before drawing, so a kit that takes seconds to draw is not drawn for
    nothing: names over 255 bytes, paths nested absurdly deep, a file in the way.
    """
    parts = folder.parts
    long = next((p for p in parts if len(os.fsencode(p)) > MAX_NAME_BYTES), None)
    if long is not None:
        raise Failure(
            f"{elided(folder)}: the folder name {elided(long)} is longer than "
            f"{MAX_NAME_BYTES} bytes",
            USAGE,
        )
    if len(parts) > MAX_DEPTH or len(os.fsencode(str(folder))) > MAX_PATH_BYTES:
        raise Failure(f"{elided(folder)}: the folder is nested too deeply", USAGE)
    if folder.exists() and not folder.is_dir():
        raise Failure(f"{elided(folder)}: not a folder (a file of that name is in the way)", USAGE)
