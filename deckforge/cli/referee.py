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
from deckforge.cli.hosts import checked_host, url_host

THREADS = 16  # for pages and actions; an open live stream holds none
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


def _database_target(database: str) -> str:
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


def _proxy_settings(
    trusted: tuple[str, ...], header: str, public_url: str | None
) -> dict[str, Any]:
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


def _proxy_warning(trusted: tuple[str, ...], public_url: str | None, hosted: bool) -> str | None:
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
    metavar="FILE|URL",
    help="SQLite file of the tables [default: in the user's data folder], or a PostgreSQL "
    "database shared by several referee processes: postgresql://USER@HOST:PORT/DB "
    "(pip install 'deckforge[postgres]'; docs/hosting.md).",
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
    type=click.IntRange(2, 1000),
    help="Worker threads for pages and actions (live streams need none).",
)
@click.option(
    "--streams-per-address",
    default=None,
    type=click.IntRange(1, 100000),
    help="Live streams one network address may hold; past it pages poll [default: 24].",
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
@click.option(
    "--keep-days",
    type=click.IntRange(1, 36500),
    default=None,
    help="Delete the tables without any change for this many days (their team names "
    "are pupils' data), at the start and every hour [default: keep every table].",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="ADDRESS",
    help="A reverse proxy (address or network; repeatable, or a comma list) whose "
    "X-Forwarded-For header names the client; requests it passes on never get this "
    "computer's rights [default: none] (docs/hosting.md).",
)
@click.option(
    "--proxy-header",
    type=click.Choice(["x-forwarded-for", "forwarded"]),
    default="x-forwarded-for",
    show_default=True,
    help="The header the trusted proxies write: X-Forwarded-For (with X-Forwarded-Proto "
    "and -Host) or RFC 7239 Forwarded.",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="The address people open behind the proxy (https://games.example.org/): links, "
    "QR codes and Secure cookies follow it.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Processes serving this one port, each with its own threads and streams "
    "(PostgreSQL --db only, not on Windows; live updates cross them through the database).",
)
@click.option(
    "--org-key-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="PostgreSQL --db: a file holding the organisation key, which teachers type to use "
    "the studio and save decks in the database (or set DECKFORGE_ORG_KEY; never the key "
    "itself on the command line) [default: the studio is closed].",
)
@click.option("--listen-fd", type=int, hidden=True)  # a worker: its parent's listening socket
def referee(
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
) -> None:
    """Run the referee: a projector screen and a leader's remote for each table."""
    from deckforge.referee import default_database
    from deckforge.referee.live import STREAMS_PER_ADDRESS, RefereeASGI
    from deckforge.referee.store import database_errors, is_postgres, shown_database
    from deckforge.web import create_app

    target = _database_target(database or str(default_database()))
    proxies = _proxy_settings(trusted_proxies, proxy_header, public_url)
    _check_workers(workers, is_postgres(target))
    _raise_open_files_limit()
    try:  # listen first: an address that cannot be served leaves no database behind
        listening = _listen(host, port) if listen_fd is None else socket.socket(fileno=listen_fd)
    except socket.gaierror:  # a name that does not resolve to an address
        raise Failure(f"{host}: cannot listen: no such address for this computer", USAGE) from None
    except OSError as problem:
        reason = problem.strerror or problem
        raise click.ClickException(f"{host}:{port}: cannot listen: {reason}") from None
    try:
        held = None if is_postgres(target) else _only_process(Path(target))
    except click.ClickException:
        listening.close()
        raise
    except OSError as problem:
        listening.close()
        raise click.ClickException(
            f"{target}: cannot open the referee's database: {problem}"
        ) from None
    failures: tuple[type[Exception], ...] = (OSError, *database_errors())
    try:
        org_key = _organisation_key(org_key_file, is_postgres(target))
    except click.ClickException:
        listening.close()
        raise
    try:
        app = create_app(
            {
                **org_key,
                "DATABASE": target,
                "SYNC": sync,
                "THEME_FOLDERS": tuple(f.resolve() for f in theme_folders),
                **proxies,
                "DB_CONNECTIONS": threads + 4,  # PostgreSQL: no thread waits for one
            }
        )
    except failures as problem:
        listening.close()
        raise click.ClickException(
            f"{shown_database(target)}: cannot open the referee's database: {problem}"
        ) from None
    actual = listening.getsockname()[1]
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = _lan_address() or socket.gethostname()
    shown = url_host(shown)
    if public_url:
        app.config["PUBLIC_URL"] = public_url.rstrip("/") + "/"
    elif shown != host:  # serving the network: links for phones name this machine
        app.config["PUBLIC_URL"] = f"http://{shown}:{actual}/"
    asgi = RefereeASGI(app, threads, streams_per_address or STREAMS_PER_ADDRESS)
    click.echo(f"Database: {shown_database(target)}")
    warning = _proxy_warning(trusted_proxies, public_url, is_postgres(target))
    if warning and listen_fd is None:  # once, not again by each worker
        click.echo(warning, err=True)
    if keep_days is not None:
        _keep_for(app, keep_days)
    if trusted_proxies:
        click.echo(f"Behind proxies: {', '.join(proxies['TRUSTED_PROXIES'])} ({proxy_header})")
    if public_url:
        click.echo(f"Public address: {app.config['PUBLIC_URL']}")
    proxied = [f"--trusted-proxy={a}" for a in trusted_proxies]
    proxied += [f"--proxy-header={proxy_header}"]
    proxied += [f"--public-url={public_url}"] if public_url else []
    proxied += [f"--org-key-file={org_key_file}"] if org_key_file else []
    children = _start_workers(
        workers, listening, target, threads, streams_per_address, theme_folders, proxied
    )
    click.echo(
        f"Referee running: open http://{shown}:{actual}/ (Ctrl+C to stop)",
    )
    _echo_studio(app.config, f"http://{shown}:{actual}/studio/", network=shown != host)
    sys.setswitchinterval(SWITCH_INTERVAL)
    server = _server(asgi)
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # a second Ctrl+C while stopping
        pass
    finally:
        _stop_workers(children)
        listening.close()
        asgi.wsgi.executor.shutdown(wait=False, cancel_futures=True)
        if held is not None:
            held.close()
    click.echo("Referee stopped.")


def _check_workers(workers: int, hosted: bool) -> None:
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


def _start_workers(
    workers: int,
    listening: socket.socket,
    database: str,
    threads: int,
    streams_per_address: int | None,
    theme_folders: tuple[Path, ...],
    proxied: list[str],
) -> list[subprocess.Popen[bytes]]:
    """``workers - 1`` more processes accepting on this process's listening socket (the
    system hands each new connection to one of them); they stop with this one."""
    if workers == 1:
        return []
    fd = listening.fileno()
    command = [sys.executable, "-m", "deckforge", "referee", "--db", database,
               "--threads", str(threads), "--listen-fd", str(fd)]  # fmt: skip
    if streams_per_address is not None:
        command += ["--streams-per-address", str(streams_per_address)]
    for folder in theme_folders:
        command += ["--themes", str(folder)]
    command += proxied  # the same trusted proxies and public address
    children = [
        subprocess.Popen(command, pass_fds=(fd,), stdout=subprocess.DEVNULL)
        for _ in range(workers - 1)
    ]
    others = ", ".join(str(child.pid) for child in children)
    click.echo(f"Workers: {workers} processes on this port (this one, {others})")
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


def _organisation_key(key_file: Path | None, hosted: bool) -> dict[str, Any]:
    """A hosted referee's organisation key (``ORG_KEY``), read from ``key_file`` or the
    environment; nothing for SQLite, whose studio keeps its own key."""
    from deckforge.referee.deck_keys import KeyProblem, organisation_key

    if not hosted:
        return {}
    try:
        return {"ORG_KEY": organisation_key(key_file, os.environ)}
    except KeyProblem as problem:
        raise Failure(str(problem), USAGE) from None


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
