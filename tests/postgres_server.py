"""A throwaway PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` in a temporary
folder, on a loopback port, run by an unprivileged user.

PostgreSQL refuses to run as root; when the tests run as root (CI), the server's commands
run through ``runuser`` as ``DECKFORGE_PG_USER`` (``postgres`` if the Debian package made
that user, else ``nobody``). Binaries come from ``PATH`` or Debian's
``/usr/lib/postgresql/<version>/bin``.

Without PostgreSQL the tests that need it skip with a message saying how to run them;
with ``CI=true`` they fail instead: CI must run them.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PORTS = range(55432, 55500)  # the range this project's tests may listen on
USER = "deckforge"  # the database superuser the tests connect as (trust on loopback)
HOW_TO_RUN = (
    "PostgreSQL is not installed here, so the PostgreSQL tests are skipped: install the"
    " server (Debian: apt-get install postgresql; macOS: brew install postgresql) so that"
    " initdb and pg_ctl are on PATH or in /usr/lib/postgresql/*/bin, or run CI=true bash .ci/run"
)


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def _free_port() -> int:
    """A port of the range nobody listens on now, tried in a random order (two test
    sessions at once rarely pick the same)."""
    for port in random.sample(PORTS, len(PORTS)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1} for PostgreSQL")


def _runner() -> tuple[list[str], str | None]:
    """The command prefix that runs PostgreSQL's programs unprivileged, and that user."""
    if os.geteuid() != 0:
        return [], None
    name = os.environ.get("DECKFORGE_PG_USER")
    if not name:
        try:
            pwd.getpwnam("postgres")
            name = "postgres"
        except KeyError:
            name = "nobody"
    return ["runuser", "-u", name, "--"], name


class PostgresServer:
    """One server for the whole test session; :meth:`database` gives each test its own."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.prefix, user = _runner()
        self.folder = Path(tempfile.mkdtemp(prefix="deckforge-pg-"))
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")  # fmt: skip
        for attempt in range(1, 6):  # another server may take the port between probe and start
            self.port = _free_port()
            try:
                self.start()
                return
            except RuntimeError as problem:
                if "already in use" not in str(problem) or attempt == 5:
                    raise

    def _run(self, program: str, *args: str) -> None:
        command = [*self.prefix, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}{log}")

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            " -c max_connections=300"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        """``pg_ctl restart``: every connection is cut, the server comes back on its port."""
        self.stop()
        self.start()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def start_postgres() -> Iterator[PostgresServer]:
    """The session's server; skipped without PostgreSQL, except in CI, where it fails."""
    bin_dir = _binaries()
    if bin_dir is None:
        if in_ci():
            pytest.fail("CI=true but PostgreSQL is not installed: .ci/run installs it")
        pytest.skip(HOW_TO_RUN)
    try:
        server = PostgresServer(bin_dir)
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        if in_ci():
            pytest.fail(f"CI=true but PostgreSQL did not start: {error}")
        pytest.skip(f"PostgreSQL did not start here ({error}); {HOW_TO_RUN}")
    try:
        yield server
    finally:
        server.close()
