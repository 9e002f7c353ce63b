"""Two real ``deckforge referee`` processes on one PostgreSQL (issue 25 point 5): a teacher
unlocks the studio of process A with the organisation key from ``--org-key-file`` and saves
a deck; process B lists it, makes a table of it, and refuses the same name. Server test (real
processes, a throwaway PostgreSQL: skipped without one, except in CI)."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from referee_helpers import Server, free_ports, start_server

from deckforge.bundled import bundled_folder

pytestmark = pytest.mark.server

PORTS = range(5100, 5150)  # decksdb's share of ports
ORG_KEY = "organisation-key-of-two-processes"
FESTIVAL = bundled_folder("themes") / "interfaith-festival.yaml"


def studio_line(server: Server) -> str:
    """The line the referee prints about its studio, just after its address."""
    assert server.process.stdout is not None
    for _ in range(5):
        line = server.process.stdout.readline()
        if line.startswith("Theme studio"):
            return line
    raise AssertionError("the referee said nothing of its studio")


class Browser:
    """One browser (one cookie jar) talking to any of the referees."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def call(
        self, url: str, body: Any = None, form: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, Any]:
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(url, data=data, headers=headers)
        try:
            with self.opener.open(request, timeout=20) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


@pytest.fixture
def two_referees(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Server, Server]]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    key_file = tmp_path / "org-key"
    key_file.write_text(ORG_KEY + "\n", encoding="utf-8")
    first, second = free_ports(PORTS, 2)
    key = f"--org-key-file={key_file}"
    a = start_server(postgres_url, key, port=first)  # type: ignore[arg-type]
    b = start_server(postgres_url, key, port=second)  # type: ignore[arg-type]
    yield a, b
    a.stop()
    b.stop()


def test_a_deck_saved_through_process_a_is_listed_and_played_on_process_b(
    two_referees: tuple[Server, Server],
) -> None:
    a, b = two_referees
    said = studio_line(a)
    assert said.startswith("Theme studio: http") and ORG_KEY not in said + "".join(a.printed)
    teacher = Browser()
    status, _ = teacher.call(a.url + "studio/unlock", form={"key": ORG_KEY})
    assert status == 200  # redirected to the studio's page
    status, page = teacher.call(a.url + "studio/")
    token = page.split('"token": "', 1)[1].split('"', 1)[0]
    text = FESTIVAL.read_text(encoding="utf-8").replace("id: interfaith-festival", "id: ma-fete", 1)
    status, saved = teacher.call(
        a.url + "studio/api/save", {"text": text, "name": "ma-fete"}, **{"X-Studio-Token": token}
    )
    assert status == 200, saved
    assert len(json.loads(saved)["edit_key"]) == 24
    status, themes = Browser().call(b.url + "api/themes")
    names = [row["name"] for row in json.loads(themes)["themes"]]
    assert status == 200 and "db:ma-fete" in names
    status, table = Browser().call(
        b.url + "api/tables", {"theme": "db:ma-fete", "players": ["A", "B", "C", "D"]}
    )
    assert status == 201, table
    # the session cookie is signed with the database's key: the teacher is known on B too
    status, page = teacher.call(b.url + "studio/")
    assert status == 200 and '"db:ma-fete"' in page
    token = page.split('"token": "', 1)[1].split('"', 1)[0]
    status, taken = teacher.call(
        b.url + "studio/api/save", {"text": text, "name": "ma-fete"}, **{"X-Studio-Token": token}
    )
    assert status == 409 and json.loads(taken)["code"] == "exists"
    edit_key = json.loads(saved)["edit_key"]
    status, opened = teacher.call(
        b.url + "studio/api/open",
        {"source": "db:ma-fete", "edit_key": edit_key},
        **{"X-Studio-Token": token},
    )
    assert status == 200 and json.loads(opened)["kind"] == "database"
    assert json.loads(opened)["text"] == text


def test_a_hosted_referee_without_an_organisation_key_says_its_studio_is_closed(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("DECKFORGE_ORG_KEY", raising=False)
    referee = start_server(postgres_url, port=free_ports(PORTS, 1)[0])  # type: ignore[arg-type]
    try:
        assert studio_line(referee).startswith("Theme studio: closed")
        status, _ = Browser().call(referee.url + "studio/unlock", form={"key": "anything-at-all"})
        assert status == 403
    finally:
        referee.stop()
