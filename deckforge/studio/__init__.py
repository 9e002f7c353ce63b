"""The theme studio: adapt or write a deck in the browser, see every card as you type.

A blueprint of its own (``/studio``) that calls :mod:`deckforge.theme` (load,
check) and :mod:`deckforge.printing` (the card faces) directly; the app that
serves it beside the referee registers it with :func:`register`.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from deckforge.studio.key import new_key
from deckforge.studio.places import Places
from deckforge.studio.preview import FaceCache
from deckforge.studio.simulations import Simulations

DEFAULT_FOLDER = "themes"  # where `deckforge new` writes, when no --themes folder is given


def register(app: Flask) -> None:
    """Add the studio to ``app``.

    Reads ``STUDIO_FOLDERS`` (where themes are opened from and saved to;
    default: ``THEME_FOLDERS``, else ``./themes``), ``STUDIO_SIMULATION_WORKERS``
    (simulations playing at once; default: one per core) and ``STUDIO_SECRET`` (the web app
    reads it from the data folder, see :mod:`deckforge.studio.key`; made here, for
    this run only, when not set).
    """
    from deckforge.studio.views import bp

    folders = app.config.get("STUDIO_FOLDERS") or app.config.get("THEME_FOLDERS") or ()
    if not folders:
        folders = (Path.cwd() / DEFAULT_FOLDER,)
    app.config["STUDIO_FOLDERS"] = tuple(Path(f) for f in folders)
    if not app.config.get("STUDIO_SECRET"):
        app.config["STUDIO_SECRET"] = new_key()
    app.config.setdefault("STUDIO_LINKS", {})
    app.extensions["deckforge.studio.places"] = Places(app.config["STUDIO_FOLDERS"])
    app.extensions["deckforge.studio.faces"] = FaceCache()
    app.extensions["deckforge.studio.simulations"] = Simulations(
        app.config.get("STUDIO_SIMULATION_WORKERS")
    )
    app.register_blueprint(bp)
