"""SQLite's failures in Refkit's words: a locked, full, read-only or damaged file becomes the
DatabaseError subclass that says so, naming the file and never the SQL or its parameters.

``DRIVER_ERROR`` is the base of the driver's own exceptions, for code that must catch them beside
SQLAlchemy's wrappers.
"""

from __future__ import annotations

import sqlite3

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
        return DatabaseWriteError(path, "the disk could not be read or written")
    if primary == _SQLITE_CANTOPEN or "unable to open" in lowered:
        return DatabaseWriteError(path, "the file or its folder cannot be opened")
    return DatabaseWriteError(path, f"SQLite says: {said}")
