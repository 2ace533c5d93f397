"""SQLite's failures in Refkit's words: a locked, full, read-only or damaged file becomes the
DatabaseError subclass that says so, naming the file and never the SQL or its parameters.

``DRIVER_ERROR`` is the base of the driver's own exceptions, for code that must catch them beside
SQLAlchemy's wrappers.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from refkit.store.errors import (
    DamagedDatabaseError,
    DatabaseError,
    DatabaseFullError,
    DatabaseLockedError,
    DatabaseWriteError,
    ReadOnlyDatabaseError,
)

DRIVER_ERROR = sqlite3.Error
"""The base of the exceptions the SQLite driver raises itself (not wrapped by SQLAlchemy)."""

# SQLite's primary result codes (sqlite3.h); extended codes keep them in the low byte.
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26

LOW_SPACE_BYTES = 64 * 1024
"""Less free space than this on the file's disk makes an I/O error "the disk is full": SQLite
says "disk I/O error" when the shared-memory or journal file cannot grow on a full disk."""


def database_failure(path: str, error: BaseException) -> DatabaseError:
    """The DatabaseError that says in plain words why ``error`` (from sqlite3) happened.

    ``error`` is a ``sqlite3.Error`` or anything with one in ``.orig`` (SQLAlchemy's wrappers,
    whose text holds the SQL and its parameters and is therefore never used).
    """
    original = getattr(error, "orig", None) or error
    said = str(original.args[0]) if getattr(original, "args", None) else str(original)
    code = getattr(original, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    lowered = said.lower()
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED) or "locked" in lowered:
        return DatabaseLockedError(path, "the database is locked by another program")
    if primary == _SQLITE_FULL or "disk is full" in lowered:
        return DatabaseFullError(path, "the disk is full")
    if primary == _SQLITE_READONLY or "readonly" in lowered or "read-only" in lowered:
        return ReadOnlyDatabaseError(path, "the file is read-only")
    damaged = "malformed" in lowered or "not a database" in lowered
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or damaged:
        return DamagedDatabaseError(path, said)
    if primary == _SQLITE_IOERR or "i/o error" in lowered:
        return _cause_on_disk(path) or DatabaseWriteError(
            path, "the disk could not be read or written"
        )
    if primary == _SQLITE_CANTOPEN or "unable to open" in lowered:
        return _cause_on_disk(path) or DatabaseWriteError(
            path, "the file or its folder cannot be opened"
        )
    return DatabaseWriteError(path, f"SQLite says: {said}")


def _cause_on_disk(path: str) -> DatabaseWriteError | None:
    """What the file and its disk say of an I/O error SQLite gives no cause for: the file, its
    ``-wal`` or ``-shm`` companion or its folder cannot be written (read-only, or immutable,
    which binds even the administrator), or the disk is (all but) full. None if neither."""
    if not path or not os.path.isabs(path):
        return None
    file = Path(path)
    for companion, words in (
        (file, "the file is read-only"),
        (file.with_name(file.name + "-wal"), "its -wal file is read-only"),
        (file.with_name(file.name + "-shm"), "its -shm file is read-only"),
    ):
        if companion.exists() and not os.access(companion, os.W_OK):
            return ReadOnlyDatabaseError(path, words)
    if file.parent.is_dir() and not os.access(file.parent, os.W_OK | os.X_OK):
        return ReadOnlyDatabaseError(path, f"the folder {file.parent} is read-only")
    import shutil  # only once a write failed: every quick command imports this module

    try:
        free = shutil.disk_usage(file.parent).free
    except OSError:
        return None
    if free < LOW_SPACE_BYTES:
        return DatabaseFullError(path, "the disk is full")
    return None
