"""Where the database lives: the user-data folder, or whatever ``--db`` / the environment says.

``REFKIT_DATA_DIR`` replaces the platform user-data folder; ``REFKIT_DATABASE_URL`` (or ``--db``)
replaces the whole database location. Only SQLite is supported.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from refkit.store.errors import UnsupportedDatabaseError

DATA_DIR_ENV = "REFKIT_DATA_DIR"
DATABASE_URL_ENV = "REFKIT_DATABASE_URL"
DATABASE_FILE_NAME = "refkit.sqlite3"

_SQLITE_DRIVERS = {"sqlite", "sqlite+pysqlite"}
_MEMORY_NAMES = {"", ":memory:"}
"""Database names that mean memory, as no name at all does."""


def data_dir() -> Path:
    """Refkit's data folder (``REFKIT_DATA_DIR`` if set, else the platform's), created if needed."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        folder = Path(override).expanduser()
    else:
        folder = Path(platformdirs.user_data_dir("refkit", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder.resolve()


def default_database_url() -> str:
    """URL of the database file in the data folder: ``sqlite:///<data_dir>/refkit.sqlite3``."""
    return _sqlite_url(data_dir() / DATABASE_FILE_NAME)


def resolve_database_url(url: str | None = None) -> str:
    """Turn ``--db`` input into an SQLAlchemy URL for an SQLite file.

    ``url`` may be a full URL (``sqlite:///path``) or a bare file path; ``None`` means
    ``REFKIT_DATABASE_URL`` if that is set, else :func:`default_database_url`. Relative paths are
    made absolute against the current folder. ``sqlite://`` (in memory) is passed through.
    Raises UnsupportedDatabaseError for any other kind of database or a malformed URL.
    """
    if url is None:
        url = os.environ.get(DATABASE_URL_ENV, "").strip() or None
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
    except ArgumentError as exc:
        raise UnsupportedDatabaseError(f"cannot read database URL {text!r}: {exc}") from None
    if parsed.drivername not in _SQLITE_DRIVERS:
        shown = parsed.render_as_string(hide_password=True)
        raise UnsupportedDatabaseError(
            f"unsupported database {shown!r}: Refkit stores its data in SQLite only; "
            "give a file path or a sqlite:/// URL"
        )
    if parsed.database is None or parsed.database in _MEMORY_NAMES:
        return "sqlite://"
    path = Path(parsed.database).expanduser().resolve()
    return parsed.set(database=str(path)).render_as_string(hide_password=False)


def database_path(url: str) -> Path | None:
    """The file behind a resolved SQLite URL, or None for an in-memory database."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.database is None or parsed.database in _MEMORY_NAMES:
        return None
    return Path(parsed.database)


def _sqlite_url(path: Path) -> str:
    from sqlalchemy.engine import URL

    return URL.create("sqlite", database=str(path.resolve())).render_as_string()
