"""``deckforge referee``: serve the referee with uvicorn (not Flask's development server).

The pages and the API run in a pool of worker threads; the live streams run on
uvicorn's event loop and hold no thread (see :mod:`deckforge.referee.live`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import click

from deckforge.cli.boundary import USAGE, Failure
from deckforge.cli.hosts import url_host
from deckforge.cli.referee_options import Serving, referee_options, serving

# A thread back from SQLite (which releases the GIL) waits at most this long for
# the GIL instead of Python's 5 ms: shorter hand-overs while it holds the writers'
# lock (docs/benchmarks.md).
SWITCH_INTERVAL = 0.001
OPEN_FILES = 16384  # each open stream is a socket: raise the soft limit this far if allowed


def _raise_open_files_limit() -> None:
    """Let thousands of streams be open at once (Linux's soft limit is often 1,024)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)
    for wanted in (top, 10240, 4096):  # macOS refuses more than its OPEN_MAX (10,240)
        if soft == resource.RLIM_INFINITY or soft >= wanted:
            return
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened here so that the address can be shown before serving."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if sys.platform != "win32":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _only_process(database: Path) -> IO[str]:
    """Hold ``<database>.lock`` while serving: a second referee process on the same SQLite
    file would share its tables but not its live updates (each process only hears of its
    own changes), so it is refused. Released by the system when this process ends, even
    killed; several processes share a PostgreSQL database instead."""
    lock_path = database.with_name(database.name + ".lock")
    database.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 (held while serving)
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip()
        handle.close()
        who = f" (process {holder})" if holder.isdigit() else ""
        raise click.ClickException(
            f"{database}: another deckforge referee is already serving this database{who}."
            " One SQLite file serves one referee process: stop the other one, or give this"
            " one another --db (several processes can share a PostgreSQL database: "
            "docs/hosting.md)"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


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
@referee_options
def referee(**options: Any) -> None:
    """Run the referee: a projector screen and a leader's remote for each table."""
    from deckforge.referee.live import STREAMS_PER_ADDRESS, RefereeASGI

    settings = serving(**options)
    _raise_open_files_limit()
    listening = _listening(settings)
    held = _held(settings, listening)
    app = _app(settings, listening)
    shown, address = _address(settings, listening)
    if settings.public_url:
        app.config["PUBLIC_URL"] = settings.public_url.rstrip("/") + "/"
    elif shown != settings.host:  # serving the network: links for phones name this machine
        app.config["PUBLIC_URL"] = address
    asgi = RefereeASGI(app, settings.threads, settings.streams_per_address or STREAMS_PER_ADDRESS)
    _announce(settings, app)
    children = _start_workers(settings, listening)
    click.echo(f"Referee running: open {address} (Ctrl+C to stop)")
    _echo_studio(app.config, f"{address}studio/", network=shown != settings.host)
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        _server(asgi).run(sockets=[listening])
    except KeyboardInterrupt:  # a second Ctrl+C while stopping
        pass
    finally:
        _stop_workers(children)
        listening.close()
        asgi.wsgi.executor.shutdown(wait=False, cancel_futures=True)
        if held is not None:
            held.close()
    click.echo("Referee stopped.")


def _listening(settings: Serving) -> socket.socket:
    """The socket to serve on (a worker's is its parent's), opened first: an address that
    cannot be served leaves no database behind."""
    host, port = settings.host, settings.port
    try:
        if settings.listen_fd is not None:
            return socket.socket(fileno=settings.listen_fd)
        return _listen(host, port)
    except socket.gaierror:  # a name that does not resolve to an address
        raise Failure(f"{host}: cannot listen: no such address for this computer", USAGE) from None
    except OSError as problem:
        reason = problem.strerror or problem
        raise click.ClickException(f"{host}:{port}: cannot listen: {reason}") from None


def _held(settings: Serving, listening: socket.socket) -> IO[str] | None:
    """The SQLite file's lock, held while serving (none on PostgreSQL)."""
    if settings.hosted:
        return None
    try:
        return _only_process(Path(settings.database))
    except click.ClickException:
        listening.close()
        raise
    except OSError as problem:
        listening.close()
        raise click.ClickException(
            f"{settings.database}: cannot open the referee's database: {problem}"
        ) from None


def _app(settings: Serving, listening: socket.socket) -> Any:
    """The referee's Flask app on its database (which it opens, and migrates if need be)."""
    from deckforge.referee.store import database_errors, shown_database
    from deckforge.web import create_app

    failures: tuple[type[Exception], ...] = (OSError, *database_errors())
    try:
        return create_app(settings.app_settings())
    except failures as problem:
        listening.close()
        raise click.ClickException(
            f"{shown_database(settings.database)}: cannot open the referee's database: {problem}"
        ) from None


def _address(settings: Serving, listening: socket.socket) -> tuple[str, str]:
    """The host shown to people (this machine's network address when serving the network)
    and the referee's address with it."""
    shown = settings.host
    if shown in ("0.0.0.0", "::", ""):
        shown = _lan_address() or socket.gethostname()
    shown = url_host(shown)
    return shown, f"http://{shown}:{listening.getsockname()[1]}/"


def _announce(settings: Serving, app: Any) -> None:
    """What the referee serves with, said before it serves; retention's first pass."""
    from deckforge.referee.store import shown_database

    click.echo(f"Database: {shown_database(settings.database)}")
    warning = settings.warning()
    if warning and settings.listen_fd is None:  # once, not again by each worker
        click.echo(warning, err=True)
    if settings.keep_days is not None:
        _keep_for(app, settings.keep_days)
    if settings.trusted_proxies:
        trusted = ", ".join(settings.proxies["TRUSTED_PROXIES"])
        click.echo(f"Behind proxies: {trusted} ({settings.proxy_header})")
    if settings.public_url:
        click.echo(f"Public address: {app.config['PUBLIC_URL']}")


def _start_workers(settings: Serving, listening: socket.socket) -> list[subprocess.Popen[bytes]]:
    """``--workers`` less one more processes accepting on this process's listening socket
    (the system hands each new connection to one of them); they stop with this one."""
    if settings.workers == 1:
        return []
    fd = listening.fileno()
    command = settings.worker_command(fd)
    children = [
        subprocess.Popen(command, pass_fds=(fd,), stdout=subprocess.DEVNULL)
        for _ in range(settings.workers - 1)
    ]
    others = ", ".join(str(child.pid) for child in children)
    click.echo(f"Workers: {settings.workers} processes on this port (this one, {others})")
    return children


def _stop_workers(children: list[subprocess.Popen[bytes]]) -> None:
    for child in children:
        child.terminate()  # SIGTERM: a worker ends its streams and stops, as on Ctrl+C
    for child in children:
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()


def _keep_for(app: Any, days: int) -> None:
    """Retention: a pass now (its count shown), then one every hour."""
    from deckforge.referee import retention

    click.echo(retention.report(days, retention.delete_idle(app, days)))
    retention.keep_deleting(app, days, click.echo)


def _echo_studio(config: Any, studio: str, network: bool) -> None:
    """The studio's address; from the network, how to get its key, never the key itself
    (the terminal may be on the projector)."""
    if config.get("HOSTED"):
        if not config.get("ORG_KEY"):
            click.echo(
                "Theme studio: closed (a hosted referee opens it with the organisation key:"
                " --org-key-file FILE or DECKFORGE_ORG_KEY)"
            )
        else:
            click.echo(f"Theme studio: {studio} (decks saved in the database; organisation key)")
        return
    folders = ", ".join(str(f) for f in config["STUDIO_FOLDERS"])
    click.echo(f"Theme studio: {studio} (saves into {folders})")
    if network:
        kept = config.get("STUDIO_KEY_FILE")
        where = f" (the key is kept in {kept})" if kept else ""
        click.echo(
            "  from a tablet or another computer: open the studio on this computer and "
            f"scan its QR code{where}"
        )


def _server(asgi: Any) -> Any:
    """A uvicorn server that, on Ctrl+C or SIGTERM, ends the open streams and stops."""
    import uvicorn
    from uvicorn.server import HANDLED_SIGNALS

    class RefereeServer(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # as uvicorn's, but the signal is not raised again afterwards: the command
            # ends normally, with its message and exit status 0
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            before = {sig: signal.signal(sig, self.handle_exit) for sig in HANDLED_SIGNALS}
            try:
                yield
            finally:
                for sig, handler in before.items():
                    signal.signal(sig, handler)

        def handle_exit(self, sig: int, frame: Any) -> None:
            asgi.streams.close_soon()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        asgi,
        lifespan="off",
        log_level="warning",
        proxy_headers=False,  # only --trusted-proxy's headers are believed (deckforge.forwarded)
        access_log=False,
        timeout_keep_alive=30,
        timeout_graceful_shutdown=2,
        server_header=False,
    )
    return RefereeServer(config)
