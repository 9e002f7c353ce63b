"""The print page is fair: kits asked from other devices wait in one line, one kit at a
time per address, built in worker processes; this computer's kits are built at once."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from deckforge.bundled import bundled_folder
from deckforge.web import create_app
from deckforge.web.kit_line import KitLine
from deckforge.web.print_page import print_line

THEME = "hanabi-classic"
PHONE, TABLET = "192.168.1.31", "192.168.1.32"
FESTIVAL = bundled_folder("themes") / "interfaith-festival.yaml"
pytestmark = pytest.mark.server  # the kits are built in worker processes


def _app(tmp_path: Path, workers: int) -> Flask:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3"), "PRINT_WORKERS": workers}
    return create_app(config)


def _line_of(app: Flask) -> KitLine:
    with app.app_context():
        return print_line()


def _url(offset: str, name: str = "rules.pdf") -> str:
    # a back offset of its own per test: no kit comes from an earlier test's cache
    return f"/print/download?theme={THEME}&lang=fr&offset_x={offset}&file={name}"


def _ask(client: FlaskClient, url: str, address: str) -> tuple[int, str, bytes]:
    answer = client.get(url, environ_base={"REMOTE_ADDR": address})
    return answer.status_code, answer.get_data(as_text=answer.status_code != 200), answer.data


def _until_ready(client: FlaskClient, url: str, address: str) -> bytes:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        status, _text, data = _ask(client, url, address)
        if status == 200:
            return data
        assert status == 202
        time.sleep(0.1)
    raise AssertionError("the kit was never ready")


def test_a_phone_waits_in_line_with_its_place_then_gets_the_same_pdf(tmp_path: Path) -> None:
    app = _app(tmp_path, workers=1)
    client = app.test_client()
    with _line_of(app).held():  # the phone's kit cannot finish before the tablet asks
        status, text, _ = _ask(client, _url("0.31"), PHONE)
        assert status == 202
        assert 'http-equiv="refresh"' in text and "offset_x=0.31" in text  # it asks again
        assert "Votre kit est en préparation" in text
        status, text, _ = _ask(client, _url("0.32"), TABLET)
        assert status == 202 and "à la place 2" in text  # one worker: the tablet waits
    phone_pdf = _until_ready(client, _url("0.31"), PHONE)
    tablet_pdf = _until_ready(client, _url("0.32"), TABLET)
    assert phone_pdf.startswith(b"%PDF") and tablet_pdf.startswith(b"%PDF")
    # the same bytes as a kit built at once on this computer
    assert client.get(_url("0.31")).data == phone_pdf


def test_one_kit_at_a_time_per_address(tmp_path: Path) -> None:
    app = _app(tmp_path, workers=2)
    client = app.test_client()
    line = _line_of(app)
    with line.held():  # no kit finishes meanwhile, so none starts in its place
        assert _ask(client, _url("0.41"), PHONE)[0] == 202
        assert _ask(client, _url("0.42"), PHONE)[0] == 202  # the phone's second kit
        assert _ask(client, _url("0.43"), TABLET)[0] == 202
        building = line.building()
    # two workers: the phone's first kit and the tablet's, not the phone's second
    assert sorted(address for address, _ in building) == [PHONE, TABLET]
    for offset, address in (("0.41", PHONE), ("0.42", PHONE), ("0.43", TABLET)):
        assert _until_ready(client, _url(offset), address).startswith(b"%PDF")


def test_this_computer_is_not_in_line(tmp_path: Path) -> None:
    app = _app(tmp_path, workers=1)
    client = app.test_client()
    assert _ask(client, _url("0.51"), PHONE)[0] == 202
    began = time.monotonic()
    answer = client.get(_url("0.52"))  # 127.0.0.1: built now, while the phone's builds
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    assert time.monotonic() - began < 120
    _until_ready(client, _url("0.51"), PHONE)


def test_a_kit_that_cannot_be_printed_says_why_after_its_turn(tmp_path: Path) -> None:
    folder = tmp_path / "themes"
    folder.mkdir()
    text = FESTIVAL.read_text("utf-8")
    sentence = "bougie en main."
    (folder / "trop-long.yaml").write_text(
        text.replace(sentence, sentence + " Puis on chante longtemps ensemble." * 40, 1), "utf-8"
    )
    config = {"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite3"), "PRINT_WORKERS": 1}
    client = create_app(config | {"THEME_FOLDERS": (folder,)}).test_client()
    url = "/print/download?theme=trop-long.yaml&lang=en&offset_x=0.61&file=cards.pdf"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        status, page, _ = _ask(client, url, PHONE)
        if status != 202:
            break
        time.sleep(0.1)
    assert status == 422 and 'role="alert"' in page and "Bouddhisme 1" in page


def test_a_worker_that_dies_fails_its_kit_once_and_the_line_goes_on(tmp_path: Path) -> None:
    app = _app(tmp_path, workers=1)
    client = app.test_client()
    line = _line_of(app)
    before = set(multiprocessing.active_children())
    with line.held():
        assert _ask(client, _url("0.71"), PHONE)[0] == 202
        assert _ask(client, _url("0.72"), TABLET)[0] == 202  # waits behind the phone's
        workers = set(multiprocessing.active_children()) - before
        assert len(workers) == 1 and line.building() == [(PHONE, line.building()[0][1])]
        # killed as the system kills a process when memory runs out
        os.kill(next(iter(workers)).pid, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while (answer := _ask(client, _url("0.71"), PHONE))[0] == 202:
        assert time.monotonic() < deadline, "the dead worker's kit never said so"
        time.sleep(0.1)
    status, page, _ = answer
    assert status == 422 and 'role="alert"' in page
    assert "the process building it stopped; ask again" in page
    # the tablet's kit, and the phone's asked again, are built by a fresh pool
    assert _until_ready(client, _url("0.72"), TABLET).startswith(b"%PDF")
    assert _until_ready(client, _url("0.71"), PHONE).startswith(b"%PDF")
