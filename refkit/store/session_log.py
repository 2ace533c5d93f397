"""The persistent session log: every DT end, usage-dice roll, encounter check, adjustment, rest...

Entries are never rewritten, only marked ``undone`` while the step that made them is undone (and
unmarked on redo), so the log keeps an honest record and an undone step can come back as it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from refkit.present.session_rolls import roll_of_entry
from refkit.store.database import Database
from refkit.store.dungeon_tables import SessionLogRow
from refkit.store.records import SESSION_LOG_KINDS as SESSION_LOG_KINDS
from refkit.store.records import SessionLogEntry as SessionLogEntry
from refkit.store.roll_log import roll_row

if TYPE_CHECKING:
    from sqlmodel.sql.expression import Select


def check_entry(entry: SessionLogEntry) -> str:
    """Validate ``entry``; returns its detail as JSON. ValueError saying what is wrong."""
    if entry.kind not in SESSION_LOG_KINDS:
        kinds = ", ".join(SESSION_LOG_KINDS)
        raise ValueError(f"unknown session-log kind {entry.kind!r}; expected one of {kinds}")
    if isinstance(entry.dt, bool) or not isinstance(entry.dt, int) or entry.dt < 0:
        raise ValueError(f"a session-log entry needs a DT number of 0 or more, got {entry.dt!r}")
    if entry.at.tzinfo is None or entry.at.utcoffset() is None:
        raise ValueError(
            f"session-log entry {entry.text!r} has a naive time ({entry.at.isoformat()}); use UTC"
        )
    try:
        return json.dumps(dict(entry.detail), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"session-log entry {entry.text!r}: its detail cannot be stored as JSON ({exc})"
        ) from exc


def append_entries(session: Session, entries: Iterable[SessionLogEntry]) -> tuple[int, ...]:
    """Add ``entries`` inside an open session (so they commit with whatever else it writes),
    with the rolls they record in the roll log."""
    entries = list(entries)
    rows = [
        SessionLogRow(
            at=entry.at,
            kind=entry.kind,
            dt=entry.dt,
            text=entry.text,
            detail=check_entry(entry),
            undone=entry.undone,
        )
        for entry in entries
    ]
    session.add_all(rows)
    # The rolls these lines record are rolls of the evening: into the roll log with them.
    rolls = [
        roll_of_entry(entry.kind, entry.text, entry.detail, entry.at)
        for entry in entries
        if not entry.undone
    ]
    session.add_all(roll_row(roll, "app") for roll in rolls if roll is not None)
    session.flush()
    ids = []
    for row in rows:
        assert row.id is not None
        ids.append(row.id)
    return tuple(ids)


class SessionLogRepository:
    """Adds, lists, marks and clears session-log entries. Each call is one short session."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, entry: SessionLogEntry) -> int:
        """Store one entry; returns its id."""
        return self.add_all([entry])[0]

    def add_all(self, entries: Sequence[SessionLogEntry]) -> tuple[int, ...]:
        """Store several entries at once (all or none); returns their ids in order."""
        for entry in entries:
            check_entry(entry)
        with self._db.session() as session:
            return append_entries(session, entries)

    def entries(
        self,
        *,
        kinds: Iterable[str] | None = None,
        text: str | None = None,
        include_undone: bool = False,
        limit: int | None = None,
        newest_first: bool = False,
        after_id: int | None = None,
        ids: Iterable[int] | None = None,
        stored_order: bool = False,
    ) -> list[SessionLogEntry]:
        """Entries in time order (oldest first unless ``newest_first``).

        ``kinds`` keeps those kinds; ``text`` keeps entries whose text contains it (ignoring ASCII
        case); undone entries are left out unless ``include_undone``; ``limit`` caps the count;
        ``after_id`` keeps the entries stored after that one, ``ids`` those entries (so a view
        can read just what changed). ``stored_order``: in the order they were stored (their ids)
        rather than their times — the newest few of some kinds are then found by the kind index
        alone, however long the log (by time, SQLite sorted every entry of those kinds: 25,000
        encounter lines on the 10x database, ~60 ms).
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be zero or more, got {limit}")
        # Plain rows: no ORM objects to build and track. sqlmodel types select() for up to four
        # columns; these seven reach its untyped fallback, so the statement's type is said here.
        statement: _EntrySelect = select(*_ENTRY_COLUMNS)  # type: ignore[call-overload]
        if after_id is not None:
            statement = statement.where(col(SessionLogRow.id) > after_id)
        if ids is not None:
            statement = statement.where(col(SessionLogRow.id).in_(list(ids)))
        if kinds is not None:
            wanted = list(kinds)
            unknown = sorted(set(wanted) - set(SESSION_LOG_KINDS))
            if unknown:
                raise ValueError(f"unknown session-log kind(s): {', '.join(unknown)}")
            statement = statement.where(col(SessionLogRow.kind).in_(wanted))
        if text:
            pattern = "%" + _escape_like(text) + "%"
            statement = statement.where(col(SessionLogRow.text).ilike(pattern, escape="\\"))
        if not include_undone:
            statement = statement.where(col(SessionLogRow.undone).is_(False))
        at: Any = col(SessionLogRow.at)
        if after_id is not None:
            # The few entries after one shown are found by their ids (the primary key's range)
            # and sorted: ordered by ``at`` itself, SQLite walked that index's every entry to
            # find them (1.1 ms on 20,000 entries, after every step). The same order.
            at = func.coalesce(at, at)
        if stored_order:
            order = col(SessionLogRow.id)
            statement = statement.order_by(order.desc() if newest_first else order)
        elif newest_first:
            statement = statement.order_by(at.desc(), col(SessionLogRow.id).desc())
        else:
            statement = statement.order_by(at, col(SessionLogRow.id))
        if limit is not None:
            statement = statement.limit(limit)
        with self._db.session() as session:
            rows = session.exec(statement).all()
        return [_to_entry(row) for row in rows]

    def count(self, *, include_undone: bool = False) -> int:
        statement = select(func.count()).select_from(SessionLogRow)
        if not include_undone:
            statement = statement.where(col(SessionLogRow.undone).is_(False))
        with self._db.session() as session:
            return session.exec(statement).one()

    def newest_id(self) -> int:
        """The id of the entry stored last (0 for an empty log): one look at the primary key."""
        with self._db.session() as session:
            return session.exec(select(func.max(SessionLogRow.id))).one() or 0

    def undone_ids(self, *, from_id: int = 0) -> set[int]:
        """The ids, from ``from_id`` on, of the entries marked undone (a primary-key range, so
        asking about the newest few costs the same however long the log is)."""
        statement = select(SessionLogRow.id).where(
            col(SessionLogRow.id) >= from_id, col(SessionLogRow.undone).is_(True)
        )
        with self._db.session() as session:
            return {entry_id for entry_id in session.exec(statement).all() if entry_id is not None}

    def set_undone(self, ids: Iterable[int], undone: bool = True) -> int:
        """Mark entries as undone (or, with ``undone=False``, as done again); returns how many."""
        wanted = list(ids)
        if not wanted:
            return 0
        with self._db.session() as session:
            return set_undone_in(session, wanted, undone)

    def clear(self) -> int:
        """Delete every entry; returns how many there were."""
        with self._db.session() as session:
            result = session.exec(delete(SessionLogRow))
            return int(result.rowcount)


def set_undone_in(session: Session, ids: Sequence[int], undone: bool) -> int:
    """:meth:`SessionLogRepository.set_undone` inside an open session."""
    if not ids:
        return 0
    statement = (
        update(SessionLogRow).where(col(SessionLogRow.id).in_(list(ids))).values(undone=undone)
    )
    result = session.exec(statement)
    return int(result.rowcount)


_EntrySelect: TypeAlias = "Select[int | None, datetime, str, int, str, str, bool]"
"""A select of :data:`_ENTRY_COLUMNS`."""

_ENTRY_COLUMNS = (
    col(SessionLogRow.id),
    col(SessionLogRow.at),
    col(SessionLogRow.kind),
    col(SessionLogRow.dt),
    col(SessionLogRow.text),
    col(SessionLogRow.detail),
    col(SessionLogRow.undone),
)


def _to_entry(row: Any) -> SessionLogEntry:
    """An entry from a stored row (an ORM row or a plain row of its columns)."""
    return SessionLogEntry(
        kind=row.kind,
        dt=row.dt,
        text=row.text,
        at=row.at,
        detail=json.loads(row.detail),
        id=row.id,
        undone=row.undone,
    )


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
