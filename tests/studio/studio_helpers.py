"""An app with the theme studio, a themes folder holding a festival deck to adapt, a server."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from deckforge.bundled import bundled_folder
from deckforge.studio import register

FESTIVAL = bundled_folder("themes") / "interfaith-festival.yaml"
# the Magha Puja card, made too long to print at a readable size
SHORT_SENTENCE = "bougie en main."
LONG_ADDITION = " Puis on chante longtemps ensemble dans la nuit tiède." * 6


def festival_comments() -> list[str]:
    """The festival deck's comment lines, but its first (the editor's schema reference,
    which a saved copy points at the schema from its own folder)."""
    lines = FESTIVAL.read_text(encoding="utf-8").splitlines()
    return [line for line in lines[1:] if line.lstrip().startswith("#")]


def schema_line_is_valid(text: str, folder: Path) -> bool:
    """The saved file's schema comment names the schema file, from where it is."""
    found = re.search(r"^# yaml-language-server: \$schema=(\S+)$", text, re.M)
    if found is None:
        return False
    reference = found.group(1)
    target = Path(reference.removeprefix("file://")) if "://" in reference else folder / reference
    return target.resolve().name == "schema.json" and target.resolve().is_file()


def long_festival_text() -> str:
    """The festival deck with one card's text far too long (a legibility warning)."""
    text = FESTIVAL.read_text(encoding="utf-8")
    assert text.count(SHORT_SENTENCE) == 1
    return text.replace(SHORT_SENTENCE, SHORT_SENTENCE + LONG_ADDITION)


def themes_folder(root: Path) -> Path:
    folder = root / "themes"
    folder.mkdir()
    (folder / "fete-longue.yaml").write_text(long_festival_text(), encoding="utf-8")
    return folder


def studio_app(folder: Path, **config: Any) -> Flask:
    app = Flask("studio-test")
    app.config.update(
        TESTING=True,
        SECRET_KEY="test",
        STUDIO_SECRET="open-sesame",
        STUDIO_FOLDERS=(folder,),
        **config,
    )
    register(app)
    return app


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """The app on a free loopback port; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


class Studio:
    """A browser on the studio: loads the page once (for its token), then calls the API."""

    def __init__(self, client: FlaskClient, address: str = "127.0.0.1") -> None:
        self.client = client
        self.environ = {"REMOTE_ADDR": address}
        page = client.get("/studio/", environ_base=self.environ)
        self.status = page.status_code
        text = page.get_data(as_text=True)
        marker = '"token": "'
        found = text.find(marker)
        self.token = text[found + len(marker) :].split('"', 1)[0] if found >= 0 else ""

    def post(self, path: str, body: Any) -> Any:
        return self.client.post(
            f"/studio/api/{path}",
            json=body,
            headers={"X-Studio-Token": self.token},
            environ_base=self.environ,
        )

    def get(self, path: str) -> Any:
        return self.client.get(path, environ_base=self.environ)
