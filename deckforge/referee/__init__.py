"""The referee: a Flask app that keeps a classroom game's log and shows its state.

``create_app`` is the application factory (as in Flask's tutorial); the CLI
serves it with uvicorn (``deckforge referee``, see :mod:`deckforge.referee.live`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface

from deckforge.forwarded import ForwardedMiddleware, TrustedProxies
from deckforge.referee import store
from deckforge.referee.db import release_db
from deckforge.referee.decks import pin_older_tables
from deckforge.referee.lazy_routes import LazyRoutesFlask
from deckforge.referee.library_source import StoreDecks
from deckforge.referee.tables import TableService
from deckforge.referee.theme_summaries import ThemeSummaries
from deckforge.theme.library import ThemeLibrary

DEFAULT_THEME = "interfaith-festival"
TEMPLATE_CACHE = "template-cache"  # beside the database: the pages' compiled templates


def default_database() -> Path:
    """``referee.sqlite3`` in the user's data folder (e.g. ~/.local/share/deckforge)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("deckforge", appauthor=False)) / "referee.sqlite3"


def _keep_compiled_templates(app: Flask, folder: Path) -> None:
    """Jinja's compiled templates kept in ``folder`` (keyed by each template's source), so a
    restarted referee answers its first page without compiling them again (12 ms)."""
    from jinja2 import FileSystemBytecodeCache

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # a folder that cannot be written: templates are compiled at each start
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(folder))


def _data_folder(app: Flask) -> Path:
    """Where the referee keeps its files (compiled templates, the studio's key and decks):
    beside a SQLite database, in the user's data folder for PostgreSQL, or ``DATA_FOLDER``."""
    if not app.config.get("DATA_FOLDER"):
        database = app.config["DATABASE"]
        base = default_database() if store.is_postgres(database) else Path(database)
        app.config["DATA_FOLDER"] = str(base.parent)
    return Path(app.config["DATA_FOLDER"])


def _open_store(database: str, sync: str) -> Any:
    if store.is_postgres(database):
        from deckforge.referee import postgres

        return postgres.connect(database)
    return store.connect(database, sync)


def _postgres_pool(url: str, size: int) -> Any:
    from deckforge.referee import postgres

    return postgres.PgPool(url, size)


class _SessionCookies(SecureCookieSessionInterface):
    """The session cookie is Secure whenever its request came over https (directly, or
    from a trusted proxy that said so), so a public https address keeps it off plain http."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (
            has_request_context() and request.scheme == "https"
        )


def _behind_proxies(app: Flask) -> None:
    """Believe the forwarding headers of the trusted proxies only (deckforge.forwarded).

    ``PUBLIC_URL`` given when the app is made (``--public-url``) is the public address of
    proxied requests; the CLI sets its own LAN address later, for links only.
    """
    proxies = TrustedProxies(
        app.config["TRUSTED_PROXIES"],
        app.config["PROXY_HEADER"],
        (app.config.get("PUBLIC_URL") or "") if app.config["TRUSTED_PROXIES"] else "",
    )
    app.extensions["deckforge.proxies"] = proxies
    app.session_interface = _SessionCookies()
    if proxies:
        app.wsgi_app = ForwardedMiddleware(app.wsgi_app, proxies)  # type: ignore[method-assign,assignment]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the referee app; ``test_config`` overrides the defaults (e.g. ``DATABASE``)."""
    app = LazyRoutesFlask(__name__)
    app.config.from_mapping(
        DATABASE=None,
        DEFAULT_THEME=DEFAULT_THEME,
        THEME_FOLDERS=(),  # folders of theme files anybody may choose (--themes)
        SYNC="normal",  # SQLite's synchronous setting: "normal" or "full" (see store.py)
        # PostgreSQL: connections at most in this process's pool (one per worker thread
        # at work, and the listening thread's loads; the CLI gives --threads + 4)
        DB_CONNECTIONS=20,
        KEEPALIVE_SECONDS=15.0,  # a comment line on idle event streams
        STREAM_SECONDS=300.0,  # a stream then closes; the browser reconnects by itself
        POLL_SECONDS=3.0,  # the projector's fallback when event streams fail
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        MAX_CONTENT_LENGTH=1024 * 1024,
        TRUSTED_PROXIES=(),  # addresses or networks of reverse proxies (--trusted-proxy)
        PROXY_HEADER="x-forwarded-for",  # or "forwarded" (RFC 7239): see deckforge.forwarded
    )
    if test_config is not None:
        app.config.update(test_config)
    _behind_proxies(app)
    if app.config["DATABASE"] is None:
        app.config["DATABASE"] = str(default_database())
    hosted = store.is_postgres(app.config["DATABASE"])
    # for an organisation: no "this computer" rights, decks in the database (tests may
    # force it on SQLite through test_config)
    app.config["HOSTED"] = hosted or bool(app.config.get("HOSTED"))
    data_folder = _data_folder(app)
    data_folder.mkdir(parents=True, exist_ok=True)

    library = ThemeLibrary(
        tuple(Path(folder) for folder in app.config["THEME_FOLDERS"]),
        StoreDecks() if app.config["HOSTED"] else None,  # the decks saved in the database
    )
    conn = _open_store(app.config["DATABASE"], app.config["SYNC"])
    try:
        store.init_schema(conn)
        pin_older_tables(conn, library)  # a store made before tables kept their deck
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = store.secret_key(conn)
    finally:
        conn.close()

    _keep_compiled_templates(app, data_folder / TEMPLATE_CACHE)
    app.extensions["deckforge.library"] = library
    app.extensions["deckforge.tables"] = TableService(library)
    app.extensions["deckforge.summaries"] = ThemeSummaries()
    app.extensions["deckforge.db"] = (
        _postgres_pool(app.config["DATABASE"], app.config["DB_CONNECTIONS"])
        if hosted
        else store.ConnectionPool(app.config["DATABASE"], app.config["SYNC"])
    )
    app.teardown_appcontext(release_db)

    from deckforge.referee import api, digital, errors, pages, replay

    errors.register(app)
    if hosted:  # other processes' changes reach this one's streams
        from deckforge.referee.listener import follow_other_processes

        follow_other_processes(app)

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(digital.bp)
    app.register_blueprint(replay.bp)

    @app.after_request
    def security_headers(response: Any) -> Any:
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
            "form-action 'self'",
        )
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    return app
