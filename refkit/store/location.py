"""Where the database lives: the user-data folder, or whatever ``--db`` / the environment says.

``REFKIT_DATA_DIR`` replaces the platform user-data folder; ``REFKIT_DATABASE_URL`` (or its short
name ``REFKIT_DB``, or ``--db``) replaces the whole database location: an SQLite file, or a
PostgreSQL server as ``postgresql://user[:password]@host[:port]/db[?libpq options]``.

A server URL may hold a password: show it only through :func:`shown_url`, which masks it.
"""

from __future__ import annotations

import os
from pathlib import Path

from refkit.store.data_folder import DATA_DIR_ENV as DATA_DIR_ENV
from refkit.store.data_folder import data_folder
from refkit.store.errors import UnsupportedDatabaseError

DATABASE_URL_ENV = "REFKIT_DATABASE_URL"
DATABASE_URL_SHORT_ENV = "REFKIT_DB"
"""The same as DATABASE_URL_ENV, shorter to type; DATABASE_URL_ENV wins when both are set."""
DATABASE_FILE_NAME = "refkit.sqlite3"

_SQLITE_DRIVERS = {"sqlite", "sqlite+pysqlite"}
_POSTGRESQL_DRIVERS = {"postgresql", "postgres", "postgresql+psycopg"}
POSTGRESQL_DRIVER = "postgresql+psycopg"
"""How a resolved server URL names its dialect and driver (psycopg 3)."""
_MEMORY_NAMES = {"", ":memory:"}
"""Database names that mean memory, as no name at all does."""


def data_dir() -> Path:
    """Refkit's data folder (``REFKIT_DATA_DIR`` if set, else the platform's), created if needed."""
    return Path(data_folder())


def default_database_url() -> str:
    """URL of the database file in the data folder: ``sqlite:///<data_dir>/refkit.sqlite3``."""
    return _sqlite_url(data_dir() / DATABASE_FILE_NAME)


def resolve_database_url(url: str | None = None) -> str:
    """Turn ``--db`` input into an SQLAlchemy URL for an SQLite file or a PostgreSQL server.

    ``url`` may be a full URL (``sqlite:///path``, ``postgresql://user@host/db?sslmode=require``)
    or a bare file path; ``None`` means ``REFKIT_DATABASE_URL`` (or ``REFKIT_DB``) if set, else
    :func:`default_database_url`. Relative paths are made absolute against the current folder.
    ``sqlite://`` (in memory) is passed through; a server URL gets the psycopg driver and keeps
    its libpq options. Raises UnsupportedDatabaseError for any other kind of database or a
    malformed URL (its message never holds the password).
    """
    if url is None:
        url = environment_url()
    if url is None:
        return default_database_url()
    text = url.strip()
    if not text:
        raise UnsupportedDatabaseError("the database location is empty; give a file path or URL")
    if "://" not in text:
        return _sqlite_url(Path(text).expanduser())
    # SQLAlchemy is imported only for URLs: data_dir() and plain paths stay light for the
    # command line's quick path (see refkit.store.sqlite.quick).
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(text)
    except (ArgumentError, ValueError):
        # The text may hold a password: say only what kind of URL it looked like.
        scheme = text.split("://", 1)[0]
        raise UnsupportedDatabaseError(
            f"cannot read the database URL (a {scheme}:// URL); write it as "
            "postgresql://user[:password]@host[:port]/database or give a file path"
        ) from None
    if parsed.drivername in _POSTGRESQL_DRIVERS:
        if not parsed.database:
            raise UnsupportedDatabaseError(
                f"the database URL {shown_url(text)!r} names no database; "
                "write it as postgresql://user@host/database"
            )
        return parsed.set(drivername=POSTGRESQL_DRIVER).render_as_string(hide_password=False)
    if parsed.drivername not in _SQLITE_DRIVERS:
        shown = parsed.render_as_string(hide_password=True)
        raise UnsupportedDatabaseError(
            f"unsupported database {shown!r}: Refkit stores its data in an SQLite file or on "
            "a PostgreSQL server; give a file path, a sqlite:/// URL or a postgresql:// URL"
        )
    if parsed.database is None or parsed.database in _MEMORY_NAMES:
        return "sqlite://"
    path = Path(parsed.database).expanduser().resolve()
    return parsed.set(database=str(path)).render_as_string(hide_password=False)


def environment_url() -> str | None:
    """The database the environment names (``REFKIT_DATABASE_URL``, else ``REFKIT_DB``)."""
    for name in (DATABASE_URL_ENV, DATABASE_URL_SHORT_ENV):
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


def is_server_url(url: str) -> bool:
    """True when ``url`` (given or resolved) names a PostgreSQL server, not an SQLite file."""
    scheme = url.strip().split("://", 1)[0].lower() if "://" in url else ""
    return scheme in _POSTGRESQL_DRIVERS


def shown_url(url: str) -> str:
    """``url`` as it may be shown or logged: a server URL with its password masked (``***``),
    an SQLite URL or path as it is. Never raises; a URL it cannot read is cut to its scheme."""
    if not is_server_url(url):
        return url
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url.strip())
    except Exception:  # an unreadable URL may still hold a password
        return url.strip().split("://", 1)[0] + "://…"
    if "password" in parsed.query:  # libpq takes a password as an option too
        parsed = parsed.update_query_dict({"password": "***"})
    # As the user writes it: the driver Refkit adds is no business of theirs.
    return parsed.set(drivername="postgresql").render_as_string(hide_password=True)


def without_password(url: str) -> str:
    """A server ``url`` with no password in it (nor in its options), as the user writes it: what
    a window may remember between runs (libpq's password file can supply the password)."""
    from sqlalchemy.engine import URL, make_url

    parsed = make_url(url.strip())
    if "password" in parsed.query:
        parsed = parsed.difference_update_query(["password"])
    # URL.set() takes None as "leave as it is": build the URL again without the password.
    bare = URL.create(
        "postgresql", parsed.username, None, parsed.host, parsed.port, parsed.database, parsed.query
    )
    return bare.render_as_string(hide_password=False)


def database_path(url: str) -> Path | None:
    """The file behind a resolved SQLite URL; None for an in-memory database or a server."""
    from sqlalchemy.engine import make_url

    if is_server_url(url):
        return None
    parsed = make_url(url)
    if parsed.database is None or parsed.database in _MEMORY_NAMES:
        return None
    return Path(parsed.database)


def _sqlite_url(path: Path) -> str:
    from sqlalchemy.engine import URL

    return URL.create("sqlite", database=str(path.resolve())).render_as_string()
