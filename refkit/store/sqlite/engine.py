"""The SQLite engine: one file (or memory) and the settings every connection gets.

WAL lets the window read while the command line writes; foreign keys are on; a write waits
``busy_timeout`` for another program's lock before it fails (the CLI 5 s, the window much less).
Foreign keys are switched off only around a migration that rebuilds tables.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import StaticPool

from refkit.store.errors import MigrationError, ReadOnlyDatabaseError
from refkit.store.sqlite.settings import BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS

__all__ = [
    "BUSY_TIMEOUT_MS",
    "CONNECTION_PRAGMAS",
    "ConnectionHook",
    "DanglingReferences",
    "create_sqlite_engine",
    "require_writable",
    "schema_change",
    "take_write_lock",
]

ConnectionHook = Callable[[sqlite3.Connection], None]
"""Run on every new DBAPI connection after Refkit's pragmas (tests cap the file size with it)."""


def require_writable(path: Path) -> None:
    """Refuse a file (or folder, which must take the ``-wal`` file) this user cannot write."""
    folder_ok = os.access(path.parent, os.W_OK | os.X_OK)
    if (path.exists() and not os.access(path, os.W_OK)) or not folder_ok:
        what = "the file is read-only" if folder_ok else f"the folder {path.parent} is read-only"
        raise ReadOnlyDatabaseError(str(path), what)


def create_sqlite_engine(
    url: str, *, in_memory: bool, busy_timeout_ms: int, hook: ConnectionHook | None
) -> Engine:
    if in_memory:
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url)
    event.listen(engine, "connect", partial(_apply_pragmas, busy_timeout_ms, hook))
    return engine


def _apply_pragmas(
    busy_timeout_ms: int,
    hook: ConnectionHook | None,
    dbapi_connection: Any,
    _connection_record: object,
) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        deadline = time.monotonic() + busy_timeout_ms / 1000
        for pragma in CONNECTION_PRAGMAS:
            _waiting_out_a_writer(cursor, pragma, deadline)
    finally:
        cursor.close()
    if hook is not None:
        hook(dbapi_connection)


LOCK_RETRY_S = 0.05


def _waiting_out_a_writer(cursor: Any, pragma: str, deadline: float) -> None:
    """Run ``pragma``, trying again until ``deadline`` while the file is locked. A file still in
    rollback-journal mode (a new one another start is creating) refuses the switch to WAL at
    once while another connection writes, without waiting the busy timeout (SQLite's guard
    against a deadlock), so the wait is made here."""
    while True:
        try:
            cursor.execute(pragma)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc).lower() or time.monotonic() >= deadline:
                raise
        time.sleep(LOCK_RETRY_S)


def take_write_lock(connection: Connection, wait_s: float = 0.0) -> None:
    """Begin the transaction on ``connection`` holding the write lock at once (``BEGIN
    IMMEDIATE``), so what it reads cannot be changed by another program before it writes: a
    look-then-write such as seeding a new database is atomic. Waits the busy timeout for the
    lock, and on up to ``wait_s`` more (another window seeding the same new database); nothing
    to do when a transaction is open already (it took the lock with its first write)."""
    if connection.dialect.name != "sqlite":  # another database locks in its own way
        return
    if connection.connection.dbapi_connection.in_transaction:  # type: ignore[union-attr]
        return
    deadline = time.monotonic() + wait_s
    while True:
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            return
        except OperationalError as exc:
            if "locked" not in str(exc.orig).lower() or time.monotonic() >= deadline:
                raise
        time.sleep(LOCK_RETRY_S)


@contextmanager
def schema_change(connection: Connection) -> Iterator[None]:
    """One write transaction for a migration, taken at once (``BEGIN IMMEDIATE``), with foreign
    keys off while it runs and checked before it commits.

    SQLite ignores ``PRAGMA foreign_keys`` inside a transaction, so it is switched off before and
    on again after (the procedure SQLite documents for schema changes); a dangling reference the
    block left behind raises DanglingReferences, and nothing is kept.
    """
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        yield
        dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if dangling:
            raise DanglingReferences(len(dangling))
        connection.commit()
    except BaseException:
        connection.rollback()
        raise
    finally:
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()


class DanglingReferences(MigrationError):
    """A schema change left rows pointing at rows that do not exist (``count`` of them)."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} rows point at rows that do not exist")
        self.count = count
