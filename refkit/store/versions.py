"""Saves and deletes of a versioned row, made only while the row is at the version read.

A row whose mapper has a ``version_id_col`` (:func:`refkit.store.tables.version_column`) is
written by the ORM with ``WHERE version = ?`` naming the version it loaded; a write landing in
between (a second window, the command line, another laptop) matches no row and the flush fails
with StaleDataError. These helpers check the version the caller read (when it names one), move the
row to its next version and turn StaleDataError into :class:`~refkit.errors.StaleWriteError`
naming the thing, so every aggregate refuses a stale save with the same error.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session

from refkit.errors import StaleWriteError


class VersionedRow(Protocol):
    version: int


def require_version(row: VersionedRow | None, expected: int | None, what: str) -> None:
    """Refuse (StaleWriteError naming ``what``) when the caller read the row at ``expected``
    and it is now gone or at another version; None: the caller read it in this transaction."""
    if expected is None:
        return
    if row is None:
        raise StaleWriteError(what, deleted=True)
    if row.version != expected:
        raise StaleWriteError(what)


def next_version(row: VersionedRow) -> None:
    """Move ``row`` to its next version (its UPDATE then names the version it was read at)."""
    row.version += 1


def flush_versioned(session: Session, what: str) -> None:
    """Flush the session's writes; StaleWriteError naming ``what`` when a versioned row was
    written by someone else since it was loaded (nothing of the step is then kept)."""
    try:
        session.flush()
    except StaleDataError:
        raise StaleWriteError(what) from None


def delete_versioned(session: Session, row: object, what: str) -> None:
    """Delete ``row`` if it is still at the version loaded (StaleWriteError otherwise)."""
    session.delete(row)
    flush_versioned(session, what)
