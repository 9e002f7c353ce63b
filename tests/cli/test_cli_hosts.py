"""``deckforge referee --host`` is checked before anything starts (reproduction G)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.cli.hosts import host_problem, url_host


@pytest.mark.parametrize(
    ("host", "words"),
    [
        ("999.999.999.999", "not an IPv4 address"),
        ("", "give an address"),
        ("   ", "give an address"),
        ("localhost:8080", "--host localhost --port 8080"),
        ("a" * 300, "at most 253"),
        ("::1::2::3", "not an IPv4 or IPv6 address"),
        ("a b", "not an IP address or a host name"),
        ("-bad-.example", "not an IP address or a host name"),
    ],
)
def test_a_bad_host_is_a_usage_error(tmp_path: Path, host: str, words: str) -> None:
    result = CliRunner().invoke(
        main, ["referee", "--host", host, "--port", "0", "--db", str(tmp_path / "t.sqlite")]
    )
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and words in errors[0]
    assert not (tmp_path / "t.sqlite").exists()


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost", "my-laptop.local", "fe80::1%eth0"]
)
def test_addresses_and_names_are_accepted(host: str) -> None:
    assert host_problem(host) is None


def test_an_ipv6_address_is_bracketed_once_in_a_link() -> None:
    assert url_host("::1") == "[::1]"
    assert url_host("[::1]") == "[::1]"
    assert url_host("192.168.1.2") == "192.168.1.2"


def test_an_unknown_name_says_so_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["referee", "--host", "no-such-host.invalid", "--port", "0", "--db", str(tmp_path / "d")],
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: no-such-host.invalid: cannot listen: no such address for this computer"
    )
    assert not (tmp_path / "d").exists(), "a referee that cannot listen leaves no database"
