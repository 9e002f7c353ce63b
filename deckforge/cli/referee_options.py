"""``deckforge referee``'s options: the click options, and what they say, checked and made
plain once (:class:`Serving`), so that the command itself only serves.

Imports nothing heavy at module level: ``deckforge --help`` must stay quick.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from deckforge.cli.boundary import USAGE, Failure
from deckforge.cli.hosts import checked_host

THREADS = 16  # for pages and actions; an open live stream holds none

Command = TypeVar("Command", bound=Callable[..., Any])

_OPTIONS = (
    click.option(
        "--host",
        default="127.0.0.1",
        show_default=True,
        callback=checked_host,
        help="Address to listen on; 0.0.0.0 serves the classroom network.",
    ),
    click.option(
        "--port",
        default=5000,
        show_default=True,
        type=click.IntRange(0, 65535),
        help="Port to listen on (0: any free port).",
    ),
    click.option(
        "--db",
        "database",
        metavar="FILE|URL",
        help="SQLite file of the tables [default: in the user's data folder], or a PostgreSQL "
        "database shared by several referee processes: postgresql://USER@HOST:PORT/DB "
        "(pip install 'deckforge[postgres]'; docs/hosting.md).",
    ),
    click.option(
        "--sync",
        type=click.Choice(["normal", "full"]),
        default="normal",
        show_default=True,
        help="full: also sync the disk at every action (survives a power cut, slower).",
    ),
    click.option(
        "--threads",
        default=THREADS,
        show_default=True,
        type=click.IntRange(2, 1000),
        help="Worker threads for pages and actions (live streams need none).",
    ),
    click.option(
        "--streams-per-address",
        default=None,
        type=click.IntRange(1, 100000),
        help="Live streams one network address may hold; past it pages poll [default: 24].",
    ),
    click.option(
        "--themes",
        "theme_folders",
        multiple=True,
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        help="A folder of theme files (subfolders too) that anybody on the network may "
        "choose; may be given more than once. Other theme files: only from this "
        "computer.",
    ),
    click.option(
        "--keep-days",
        type=click.IntRange(1, 36500),
        default=None,
        help="Delete the tables without any change for this many days (their team names "
        "are pupils' data), at the start and every hour [default: keep every table].",
    ),
    click.option(
        "--trusted-proxy",
        "trusted_proxies",
        multiple=True,
        metavar="ADDRESS",
        help="A reverse proxy (address or network; repeatable, or a comma list) whose "
        "X-Forwarded-For header names the client; requests it passes on never get this "
        "computer's rights [default: none] (docs/hosting.md).",
    ),
    click.option(
        "--proxy-header",
        type=click.Choice(["x-forwarded-for", "forwarded"]),
        default="x-forwarded-for",
        show_default=True,
        help="The header the trusted proxies write: X-Forwarded-For (with X-Forwarded-Proto "
        "and -Host) or RFC 7239 Forwarded.",
    ),
    click.option(
        "--public-url",
        metavar="URL",
        help="The address people open behind the proxy (https://games.example.org/): links, "
        "QR codes and Secure cookies follow it.",
    ),
    click.option(
        "--workers",
        default=1,
        show_default=True,
        type=click.IntRange(1, 64),
        help="Processes serving this one port, each with its own threads and streams "
        "(PostgreSQL --db only, not on Windows; live updates cross them through the database).",
    ),
    click.option(
        "--org-key-file",
        type=click.Path(dir_okay=False, path_type=Path),
        help="PostgreSQL --db: a file holding the organisation key, which teachers type to use "
        "the studio and save decks in the database (or set DECKFORGE_ORG_KEY; never the key "
        "itself on the command line) [default: the studio is closed].",
    ),
    click.option("--listen-fd", type=int, hidden=True),  # a worker: its parent's listening socket
)


def referee_options(command: Command) -> Command:
    """The referee's options on ``command``, listed in this order by ``--help``."""
    for option in reversed(_OPTIONS):  # as if stacked: the last applied is listed first
        command = option(command)
    return command


@dataclass(frozen=True)
class Serving:
    """What the referee serves, as its options say once checked: ``database`` is a
    PostgreSQL URL as given or a SQLite file made absolute, ``proxies`` the app's
    settings for the proxy options (the trusted addresses one by one)."""

    host: str
    port: int
    database: str
    hosted: bool  # on PostgreSQL (several processes may share it)
    sync: str
    threads: int
    streams_per_address: int | None
    theme_folders: tuple[Path, ...]
    keep_days: int | None
    trusted_proxies: tuple[str, ...]  # as given
    proxy_header: str
    public_url: str | None
    proxies: dict[str, Any]
    workers: int
    org_key_file: Path | None
    organisation: dict[str, Any]  # a hosted referee's ORG_KEY (None: the studio is closed)
    listen_fd: int | None  # set in a worker only

    def app_settings(self) -> dict[str, Any]:
        """The settings ``create_app`` is given."""
        return {
            **self.organisation,
            "DATABASE": self.database,
            "SYNC": self.sync,
            "THEME_FOLDERS": tuple(f.resolve() for f in self.theme_folders),
            **self.proxies,
            "DB_CONNECTIONS": self.threads + 4,  # PostgreSQL: no thread waits for one
        }

    def warning(self) -> str | None:
        """The start-up warning about an unnamed proxy, if any (see :func:`proxy_warning`)."""
        return proxy_warning(self.trusted_proxies, self.public_url, self.hosted)

    def worker_command(self, fd: int) -> list[str]:
        """The command line of one more process serving on the listening socket ``fd``,
        with this one's database, threads, stream share, themes, proxies and address."""
        command = [sys.executable, "-m", "deckforge", "referee", "--db", self.database,
                   "--threads", str(self.threads), "--listen-fd", str(fd)]  # fmt: skip
        if self.streams_per_address is not None:
            command += ["--streams-per-address", str(self.streams_per_address)]
        for folder in self.theme_folders:
            command += ["--themes", str(folder)]
        command += [f"--trusted-proxy={a}" for a in self.trusted_proxies]
        command += [f"--proxy-header={self.proxy_header}"]
        command += [f"--public-url={self.public_url}"] if self.public_url else []
        command += [f"--org-key-file={self.org_key_file}"] if self.org_key_file else []
        return command


def serving(
    host: str,
    port: int,
    database: str | None,
    sync: str,
    threads: int,
    streams_per_address: int | None,
    theme_folders: tuple[Path, ...],
    keep_days: int | None,
    trusted_proxies: tuple[str, ...],
    proxy_header: str,
    public_url: str | None,
    workers: int,
    org_key_file: Path | None,
    listen_fd: int | None,
) -> Serving:
    """The options checked (a usage error names the option), before anything is opened."""
    from deckforge.referee import default_database
    from deckforge.referee.store import is_postgres

    target = database_target(database or str(default_database()))
    proxies = proxy_settings(trusted_proxies, proxy_header, public_url)
    hosted = is_postgres(target)
    check_workers(workers, hosted)
    organisation = organisation_key(org_key_file, hosted)
    return Serving(
        host=host,
        port=port,
        database=target,
        hosted=hosted,
        sync=sync,
        threads=threads,
        streams_per_address=streams_per_address,
        theme_folders=theme_folders,
        keep_days=keep_days,
        trusted_proxies=trusted_proxies,
        proxy_header=proxy_header,
        public_url=public_url,
        proxies=proxies,
        workers=workers,
        org_key_file=org_key_file,
        organisation=organisation,
        listen_fd=listen_fd,
    )


def database_target(database: str) -> str:
    """A PostgreSQL URL as given (psycopg must be installed), a SQLite file made absolute."""
    from deckforge.referee.store import is_postgres

    if not is_postgres(database):
        return str(Path(database).expanduser().resolve())
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        raise Failure(
            "--db postgresql://...: the PostgreSQL driver is not installed: "
            "pip install 'deckforge[postgres]'",
            USAGE,
        ) from None
    return database


def proxy_settings(trusted: tuple[str, ...], header: str, public_url: str | None) -> dict[str, Any]:
    """The app's settings for --trusted-proxy, --proxy-header and --public-url, checked."""
    from deckforge.forwarded import ProxyError, TrustedProxies

    entries = tuple(part.strip() for entry in trusted for part in entry.split(",") if part.strip())
    try:
        TrustedProxies(entries, header, public_url or "")
    except ProxyError as problem:
        option = (
            "--public-url"
            if public_url and str(problem).startswith(public_url)
            else ("--trusted-proxy")
        )
        raise Failure(f"{option} {problem}", USAGE) from None
    settings: dict[str, Any] = {"TRUSTED_PROXIES": entries, "PROXY_HEADER": header}
    if public_url:
        settings["PUBLIC_URL"] = public_url.rstrip("/") + "/"
    return settings


def proxy_warning(trusted: tuple[str, ...], public_url: str | None, hosted: bool) -> str | None:
    """One line at start-up when the referee is most likely behind a proxy it was not told
    of (--public-url, or a PostgreSQL --db) and so sees every client as the proxy: the
    per-address limits would then count all clients as one."""
    if trusted:
        return None
    if public_url:
        why = "--public-url without --trusted-proxy"
    elif hosted:
        why = "a PostgreSQL referee without --trusted-proxy"
    else:
        return None
    return (
        f"Warning: {why}: behind a reverse proxy every client is seen as the proxy's address"
        " (127.0.0.1 on this machine), so per-address limits (the print kit's, the live"
        " streams' share) count all clients as one; name the proxy with --trusted-proxy"
        " ADDRESS (docs/hosting.md)"
    )


def check_workers(workers: int, hosted: bool) -> None:
    """--workers above 1 needs PostgreSQL and a system that shares a listening socket."""
    if workers == 1:
        return
    if not hosted:
        raise Failure(
            "--workers: several processes need a PostgreSQL --db (postgresql://...): one "
            "SQLite file serves one referee process",
            USAGE,
        )
    if sys.platform == "win32":
        raise Failure(
            "--workers: not on Windows; start one referee per port instead (docs/hosting.md)",
            USAGE,
        )


def organisation_key(key_file: Path | None, hosted: bool) -> dict[str, Any]:
    """A hosted referee's organisation key (``ORG_KEY``), read from ``key_file`` or the
    environment; nothing for SQLite, whose studio keeps its own key."""
    from deckforge.referee.deck_keys import KeyProblem
    from deckforge.referee.deck_keys import organisation_key as read_key

    if not hosted:
        return {}
    try:
        return {"ORG_KEY": read_key(key_file, os.environ)}
    except KeyProblem as problem:
        raise Failure(str(problem), USAGE) from None
