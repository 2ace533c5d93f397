"""Noticing that the database file was deleted or replaced while Refkit has it open, and saving
what the open connection still sees to a new file.

On POSIX a deleted file lives on while a connection holds it open: SQLite goes on writing into
it and every edit looks saved, but nothing reaches the path, and the next connection to that path
makes a new, empty database there. So the file is known by its device and inode from the moment
it is opened (:func:`file_identity`); :func:`gone_reason` says, before each use, whether the path
still leads to it. A connection kept open from the start (the *anchor*) still reads the old file
after it is gone, and :func:`save_copy` copies it through SQLite's backup API to a new file —
under a temporary name, flushed and only then renamed, never over an existing file.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from refkit.store.sqlite.backups import PARTIAL_SUFFIX

FileIdentity = tuple[int, int]
"""The (device, inode) of an open database file."""

Anchor = sqlite3.Connection
"""A connection held open to the file for as long as the database is open."""

DELETED = "the database file was deleted while Refkit had it open"
REPLACED = "the database file was replaced by another file while Refkit had it open"


def file_identity(path: Path) -> FileIdentity | None:
    """The identity of the file at ``path`` (None if there is none)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def gone_reason(path: Path, identity: FileIdentity | None) -> str | None:
    """Why ``path`` no longer leads to the file opened as ``identity`` (None: it still does, or
    nothing was known of it)."""
    if identity is None:
        return None
    now = file_identity(path)
    if now is None:
        return DELETED
    if now != identity:
        return REPLACED
    return None


def open_anchor(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` that stays open (read-only use), so the file can still be read
    after it is deleted or replaced."""
    anchor = sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True, check_same_thread=False)
    try:
        # SQLite opens the file at the first statement, not at connect: read once to hold it.
        anchor.execute("SELECT count(*) FROM sqlite_master").fetchall()
    except BaseException:
        anchor.close()
        raise
    return anchor


def save_copy(source: sqlite3.Connection, target: Path) -> Path:
    """Copy the database ``source`` is connected to into the new file ``target``.

    FileExistsError if ``target`` exists (nothing is overwritten); sqlite3.Error or OSError if
    the copy cannot be written, and then nothing is left behind.
    """
    if target.exists() or target.is_symlink():
        raise FileExistsError(f"{target} exists already")
    partial = target.with_name(target.name + PARTIAL_SUFFIX)
    # Exclusive create: a file or link planted under the temporary name is refused, not followed.
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644))
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
        finally:
            copy.close()
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        if target.exists() or target.is_symlink():
            raise FileExistsError(f"{target} exists already")
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return target
