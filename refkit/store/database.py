"""The open database: an engine with Refkit's SQLite settings, migrated at start-up, and sessions.

Sessions are short and keep their objects usable after commit (``expire_on_commit=False``), so
repositories can hand plain values back to the app layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from refkit.store.errors import DatabaseError
from refkit.store.location import database_path, resolve_database_url
from refkit.store.migration import MigrationOutcome, bring_up_to_date
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.schema_version import FileState, read_file_state

BUSY_TIMEOUT_MS = 5000

CONNECTION_PRAGMAS = (
    f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}",
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA synchronous=NORMAL",
)
"""Run on every new connection (busy_timeout first, so switching to WAL waits for locks)."""


def utc_now() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class Database:
    """An open, migrated Refkit database: made by :meth:`open`, ended by :meth:`close`."""

    def __init__(self, engine: Engine, url: str, path: Path | None, outcome: MigrationOutcome):
        self._engine = engine
        self.url = url
        """The resolved SQLAlchemy URL."""
        self.path = path
        """The database file, or None for an in-memory database."""
        self.backup_path = outcome.backup
        """The copy made before migrating at this start-up, or None if none was needed."""
        self.migrated = outcome.migrated
        """True if this start-up changed the schema."""

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        script_location: Path = SCRIPT_LOCATION,
    ) -> Database:
        """Open (creating if needed) and migrate the database at ``url``.

        ``url`` is a ``sqlite:///`` URL or a bare file path; None means the default location
        (see :func:`refkit.store.location.resolve_database_url`). Before the schema is changed,
        an existing file is copied beside itself (see :mod:`refkit.store.backups`). ``clock``
        stamps backup names; ``script_location`` is for tests of the migration machinery.

        Raises UnsupportedDatabaseError (not SQLite), NotADatabaseError (not a Refkit database),
        DatabaseTooNewError (written by a newer Refkit), MigrationError, or DatabaseError; in
        every refusal the file is left untouched.
        """
        resolved = resolve_database_url(url)
        path = database_path(resolved)
        if path is None:
            state = FileState(has_data=False, revisions=())
        else:
            # The default data folder is created by data_dir(); a folder the user named for
            # --db must already exist, so a mistyped path is reported, not quietly created.
            if not path.parent.is_dir():
                raise DatabaseError(f"the folder {path.parent} for the database does not exist")
            state = read_file_state(path)
        engine = _create_engine(resolved, in_memory=path is None)
        try:
            outcome = bring_up_to_date(engine, path, state, clock, script_location)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, resolved, path, outcome)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A short session: committed when the block ends, rolled back if it raises."""
        with Session(self._engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def close(self) -> None:
        """Close every pooled connection (SQLite then folds the WAL back into the file)."""
        self._engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Database({self.url!r})"


def _create_engine(url: str, *, in_memory: bool) -> Engine:
    if in_memory:
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url)
    event.listen(engine, "connect", _apply_pragmas)
    return engine


def _apply_pragmas(dbapi_connection: Any, _connection_record: object) -> None:
    cursor = dbapi_connection.cursor()
    try:
        for pragma in CONNECTION_PRAGMAS:
            cursor.execute(pragma)
    finally:
        cursor.close()
