"""The one web app: the referee, with the print page (and the theme studio) beside it.

``printing`` and ``referee`` never import each other (docs/architecture.md);
this package sits above both. ``create_app`` builds the referee's app and
registers the other pages' blueprints on it; ``deckforge referee`` serves the
result. Each page adds itself to the referee's home page through
``HOME_LINKS`` (the referee's template shows whatever links it is given).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, url_for

from deckforge.web.i18n import web_text

# (endpoint, catalogue key of the link's text), in the order the home page lists them
HOME_LINKS: list[tuple[str, str]] = [
    ("print_page.form", "home.print"),
    ("studio.page", "home.studio"),
]
# where the studio sends a saved theme: endpoints of this app (see deckforge.studio)
STUDIO_LINKS = {"print": "print_page.form", "play": "pages.index", "home": "pages.index"}
STUDIO_FOLDER = "themes"  # beside the referee's database, when no --themes folder is given


def _keep_studio_key(app: Flask) -> None:
    """The studio key from the data folder (beside a SQLite database), stable across restarts;
    a folder that cannot be written leaves the studio to make a key for this run."""
    from deckforge.studio.key import KEY_FILE, stored_key

    folder = Path(app.config["DATA_FOLDER"])
    try:
        app.config["STUDIO_SECRET"] = stored_key(folder)
        app.config["STUDIO_KEY_FILE"] = str(folder / KEY_FILE)
    except OSError:
        pass


def _hosted_library(app: Flask) -> None:
    """A hosted referee's studio saves into the database, unlocked by the organisation key:
    ``ORG_KEY`` as given (the CLI reads it), else read from ``ORG_KEY_FILE`` or the
    environment (``DECKFORGE_ORG_KEY``); with none, nobody may use the studio."""
    from deckforge.referee.deck_keys import organisation_key
    from deckforge.web.hosted_decks import DatabaseLibrary

    if "ORG_KEY" not in app.config:
        app.config["ORG_KEY"] = organisation_key(app.config.get("ORG_KEY_FILE"), os.environ)
    app.extensions["deckforge.studio.library"] = DatabaseLibrary(app.config["ORG_KEY"])


def _tables_using(path: Path) -> int:
    """How many of the referee's tables were started with the deck file ``path`` (for the
    studio's "replace?" question: they keep the deck they started with)."""
    from deckforge.referee import store
    from deckforge.referee.db import get_db

    return store.tables_of_ref(get_db(), str(path.resolve()))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The referee app (see :func:`deckforge.referee.create_app`) with the print page
    and the theme studio.

    Without a themes folder (``--themes``), the studio saves into ``themes/``
    beside the referee's database, and that folder becomes the referee's
    themes folder: a saved deck can be printed and played from any computer.
    """
    from deckforge.referee import create_app as referee_app
    from deckforge.studio import register as register_studio
    from deckforge.web import game_record, print_page

    app = referee_app(test_config)
    app.register_blueprint(print_page.bp)
    app.register_blueprint(game_record.bp)
    app.context_processor(game_record.context)
    if not app.config["THEME_FOLDERS"]:
        app.config["THEME_FOLDERS"] = (Path(app.config["DATA_FOLDER"]) / STUDIO_FOLDER,)
        app.extensions["deckforge.library"].folders = app.config["THEME_FOLDERS"]
    app.config.setdefault("STUDIO_LINKS", STUDIO_LINKS)
    app.config.setdefault("STUDIO_TABLES_USING", _tables_using)
    if not app.config.get("STUDIO_SECRET"):
        _keep_studio_key(app)
    if app.config["HOSTED"]:
        _hosted_library(app)
    register_studio(app)

    @app.context_processor
    def home_links() -> dict[str, Any]:
        def links(language: str) -> list[tuple[str, str]]:
            return [
                (url_for(endpoint), web_text(language, key))
                for endpoint, key in HOME_LINKS
                if endpoint.split(".")[0] in app.blueprints
            ]

        def adapt_link(language: str) -> dict[str, str] | None:
            """The studio's deep link (``?deck=`` is added by the page) and its words."""
            if "studio" not in app.blueprints:
                return None
            return {"url": url_for("studio.page"), "label": web_text(language, "home.adapt")}

        return {"home_links": links, "adapt_link": adapt_link}

    return app
