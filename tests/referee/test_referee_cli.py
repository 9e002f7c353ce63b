"""``deckforge referee``: what it prints, and one clear line when it cannot start."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from referee_helpers import start_server


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "deckforge", "referee", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.server
def test_the_referee_prints_its_database_and_url(tmp_path: Path) -> None:
    server = start_server(tmp_path / "tables.sqlite3")
    try:
        assert server.url.startswith("http://127.0.0.1:")
        assert server.printed[0] == f"Database: {tmp_path / 'tables.sqlite3'}\n"
        assert server.printed[1].startswith(f"Referee running: open {server.url} ")
    finally:
        server.stop()
    assert (tmp_path / "tables.sqlite3").is_file()


def test_a_database_that_cannot_be_opened_is_one_line_and_exit_1(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = _run("--port", "0", "--db", str(blocker / "referee.sqlite3"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "database" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _run("--port", str(port), "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 1
    expected = f"Error: 127.0.0.1:{port}: cannot listen: Address already in use"
    assert result.stderr.strip() == expected


def test_a_port_out_of_range_is_refused_by_click(tmp_path: Path) -> None:
    result = _run("--port", "70000", "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2 and "--port" in result.stderr


def test_the_help_names_every_option() -> None:
    result = _run("--help")
    assert result.returncode == 0
    for option in ("--host", "--port", "--db", "--threads", "--themes"):
        assert option in result.stdout


@pytest.mark.server
def test_ctrl_c_stops_the_referee_even_with_an_open_event_stream(tmp_path: Path) -> None:
    """How soon: bench/wall_clock.py."""
    server = start_server(tmp_path / "r.sqlite3")
    try:
        request = urllib.request.Request(
            server.url + "api/tables",
            headers={"Content-Type": "application/json"},
            data=json.dumps({"theme": "hanabi-classic", "players": ["A", "B"]}).encode(),
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            table = json.loads(response.read())["id"]
        host, port = server.url[len("http://") : -1].split(":")
        with socket.create_connection((host, int(port)), timeout=10) as stream:
            stream.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: t\r\n\r\n".encode())
            assert stream.recv(64).startswith(b"HTTP/1.1 200")
            server.process.send_signal(signal.SIGINT)
            server.process.wait(timeout=10)
        assert server.process.returncode == 0
        assert server.process.stdout is not None
        assert "Referee stopped." in server.process.stdout.read()
    finally:
        server.stop()


def test_a_themes_folder_that_does_not_exist_is_refused_by_click(tmp_path: Path) -> None:
    result = _run(
        "--port", "0", "--db", str(tmp_path / "r.sqlite3"), "--themes", str(tmp_path / "missing")
    )
    assert result.returncode == 2 and "--themes" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_referee_most_likely_behind_an_unnamed_proxy_is_warned_in_one_line() -> None:
    from deckforge.cli.referee_options import proxy_warning as _proxy_warning

    public = _proxy_warning((), "https://games.example.org/", hosted=False)
    hosted = _proxy_warning((), None, hosted=True)
    for line in (public, hosted):
        assert line is not None and "\n" not in line
        assert "--trusted-proxy ADDRESS" in line and "docs/hosting.md" in line
    assert public is not None and "--public-url without --trusted-proxy" in public
    assert hosted is not None and "PostgreSQL" in hosted
    assert _proxy_warning(("127.0.0.1",), "https://games.example.org/", hosted=True) is None
    assert _proxy_warning((), None, hosted=False) is None  # a teacher's laptop: nothing


@pytest.mark.server
def test_the_warning_is_printed_at_start_up_and_not_with_a_trusted_proxy(tmp_path: Path) -> None:
    public = ("--public-url", "https://games.example.org/")
    for extra, warned in (((), True), (("--trusted-proxy", "127.0.0.1"), False)):
        server = start_server(tmp_path / "tables.sqlite3", *public, *extra)
        try:
            said = "".join(server.printed)
        finally:
            server.stop()
        assert ("Warning: --public-url without --trusted-proxy" in said) is warned, said
