"""``deckforge referee``: serve the referee with waitress (not Flask's development server)."""

from __future__ import annotations

import signal
import socket
import sqlite3
import sys
from pathlib import Path
from typing import Any

import click

from deckforge.cli.boundary import USAGE, Failure
from deckforge.cli.hosts import checked_host, url_host

THREADS = 64  # each open event stream (projector, leader's phone) holds one
# A thread back from SQLite (which releases the GIL) waits at most this long for
# the GIL instead of Python's 5 ms: shorter hand-overs while it holds the writers'
# lock (docs/benchmarks.md).
SWITCH_INTERVAL = 0.001


def _lan_address() -> str | None:
    """This machine's address on the local network, found without sending anything."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    callback=checked_host,
    help="Address to listen on; 0.0.0.0 serves the classroom network.",
)
@click.option(
    "--port",
    default=5000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file of the tables [default: in the user's data folder].",
)
@click.option(
    "--sync",
    type=click.Choice(["normal", "full"]),
    default="normal",
    show_default=True,
    help="full: also sync the disk at every action (survives a power cut, slower).",
)
@click.option(
    "--threads",
    default=THREADS,
    show_default=True,
    type=click.IntRange(4, 1000),
    help="Worker threads: open event streams each hold one.",
)
@click.option(
    "--themes",
    "theme_folders",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of theme files (subfolders too) that anybody on the network may "
    "choose; may be given more than once. Other theme files: only from this "
    "computer.",
)
def referee(
    host: str,
    port: int,
    database: Path | None,
    sync: str,
    threads: int,
    theme_folders: tuple[Path, ...],
) -> None:
    """Run the referee: a projector screen and a leader's remote for each table."""
    from waitress import create_server  # type: ignore[import-untyped]

    from deckforge.referee import default_database
    from deckforge.web import create_app

    path = (database or default_database()).expanduser().resolve()
    try:
        app = create_app(
            {
                "DATABASE": str(path),
                "SYNC": sync,
                "THEME_FOLDERS": tuple(f.resolve() for f in theme_folders),
            }
        )
    except (OSError, sqlite3.Error) as problem:
        raise click.ClickException(
            f"{path}: cannot open the referee's database: {problem}"
        ) from None
    try:
        server = create_server(
            app,
            host=host,
            port=port,
            threads=threads,
            ident="deckforge",
            channel_timeout=120,
            connection_limit=500,
        )
    except OSError as problem:
        reason = problem.strerror or problem
        raise click.ClickException(f"{host}:{port}: cannot listen: {reason}") from None
    except ValueError:  # waitress: a name that does not resolve to an address
        raise Failure(f"{host}: cannot listen: no such address for this computer", USAGE) from None
    actual = server.effective_port  # type: ignore[union-attr]
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = _lan_address() or socket.gethostname()
    shown = url_host(shown)
    if shown != host:  # serving the network: links for phones name this machine
        app.config["PUBLIC_URL"] = f"http://{shown}:{actual}/"
    click.echo(f"Database: {path}")
    click.echo(
        f"Referee running: open http://{shown}:{actual}/ (Ctrl+C to stop)",
    )
    board = app.extensions["deckforge.tables"].board
    sys.setswitchinterval(SWITCH_INTERVAL)

    def stop(_signal: int, _frame: Any) -> None:
        board.close()  # open event streams end now, so waitress need not wait for them
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()  # returns on Ctrl+C
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    click.echo("Referee stopped.")
