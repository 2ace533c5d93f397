"""The persistent roll log, spoken in ``RollRecord`` objects; the table stays inside the store."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, func, or_, text
from sqlmodel import col, select

from refkit.dice.records import LoggedRoll, RollRecord
from refkit.store.database import Database
from refkit.store.row_forms import ROLL_COLUMNS, ROLL_SOURCES, logged_roll
from refkit.store.tables import RollLogRow

"""Where a logged roll was made."""

__all__ = ["ROLL_SOURCES", "LoggedRoll", "RollLogRepository"]


class RollLogRepository:
    """Adds, lists and clears logged rolls. Each call is one short session."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, record: RollRecord, source: str = "app") -> int:
        """Store ``record``; returns its id. Raises ValueError for a source not in ROLL_SOURCES."""
        row = roll_row(record, source)
        with self._db.session() as session:
            session.add(row)
            session.flush()
            assert row.id is not None
            return row.id

    def recent(
        self,
        limit: int | None = 500,
        kind: str | None = None,
        text: str | None = None,
        *,
        after_id: int | None = None,
    ) -> list[LoggedRoll]:
        """Logged rolls, newest first (by ``rolled_at``, then by id).

        ``limit`` caps the count (None: all); ``kind`` keeps one kind; ``text`` keeps rolls whose
        expression or summary contains it, ignoring ASCII case; ``after_id`` keeps the rolls
        stored after the one with that id (what a view showing up to it has not shown yet).
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be zero or more, got {limit}")
        # Columns, not RollLogRow objects: building 2,000 ORM objects to read the log at
        # start-up took half of the read.
        statement = select(*_COLUMNS)
        if after_id is not None:
            statement = statement.where(col(RollLogRow.id) > after_id)
        if kind is not None:
            statement = statement.where(RollLogRow.kind == kind)
        if text:
            pattern = "%" + _escape_like(text) + "%"
            statement = statement.where(
                or_(
                    col(RollLogRow.expression).ilike(pattern, escape="\\"),
                    col(RollLogRow.summary).ilike(pattern, escape="\\"),
                )
            )
        newest: Any = col(RollLogRow.rolled_at)
        if after_id is not None:
            # The few rolls after one shown are found by their ids (the primary key's range)
            # and sorted: ordered by rolled_at itself, SQLite walked that index's every entry to
            # find them (3.8 ms on 100,000 rolls, twice after every step). The same order.
            newest = func.coalesce(newest, newest)
        statement = statement.order_by(newest.desc(), col(RollLogRow.id).desc())
        if limit is not None:
            statement = statement.limit(limit)
        with self._db.session() as session:
            rows = session.exec(statement).all()
        return [logged_roll(*row) for row in rows]

    def count(self, kind: str | None = None) -> int:
        """How many rolls are logged (of one kind, if given)."""
        statement = select(func.count()).select_from(RollLogRow)
        if kind is not None:
            statement = statement.where(RollLogRow.kind == kind)
        with self._db.session() as session:
            return session.exec(statement).one()

    def clear(self) -> int:
        """Delete every logged roll; returns how many there were."""
        with self._db.session() as session:
            result = session.exec(delete(RollLogRow))
            return int(result.rowcount)

    def clear_keeping(self, batch: str) -> int:
        """Delete every logged roll, keeping them under ``batch`` for :meth:`restore_kept`
        (``roll_log_cleared``), in one unit of work; returns how many there were. The rows are
        copied by the database, never read into Python: a million rolls take seconds and no
        memory here."""
        with self._db.session() as session:
            session.connection().execute(_KEEP, {"batch": batch})
            return int(session.exec(delete(RollLogRow)).rowcount)

    def restore_kept(self, batch: str) -> int:
        """Put back the rolls :meth:`clear_keeping` kept under ``batch`` (new ids, in their
        old ids' order, so ids grow with time again; times, seeds and all else as they were)
        and forget the batch; returns how many came back (0: none kept, or forgotten)."""
        with self._db.session() as session:
            connection = session.connection()
            restored = int(connection.execute(_PUT_BACK, {"batch": batch}).rowcount)
            connection.execute(_FORGET, {"batch": batch})
            return restored

    def forget_kept_before(self, batch: str) -> int:
        """Forget the rolls kept by clears whose batch sorts before ``batch`` (batches begin
        with their UTC time, so: the clears before then, which no open window can undo any
        more); returns how many rolls were forgotten. Writes nothing when there are none (a
        read-only file, another program's lock: opening the file is not held up by them)."""
        with self._db.session() as session:
            connection = session.connection()
            if connection.execute(_ANY_BEFORE, {"batch": batch}).first() is None:
                return 0
            return int(connection.execute(_FORGET_BEFORE, {"batch": batch}).rowcount)


def roll_row(record: RollRecord, source: str) -> RollLogRow:
    """The row a roll is stored as (``source``: ``app`` or ``cli``)."""
    if source not in ROLL_SOURCES:
        raise ValueError(
            f"unknown roll source {source!r}; expected one of {', '.join(sorted(ROLL_SOURCES))}"
        )
    # A RollRecord is already checked: aware time, JSON-safe detail, whole-number faces.
    return RollLogRow(
        kind=record.kind,
        expression=record.expression,
        faces=json.dumps(list(record.faces)),
        total=record.total,
        seed=None if record.seed is None else str(record.seed),
        rolled_at=record.rolled_at,
        summary=record.summary,
        detail=json.dumps(dict(record.detail), sort_keys=True),
        source=source,
    )


_COLUMNS = tuple(getattr(RollLogRow, column) for column in ROLL_COLUMNS)
_KEPT = ", ".join(column for column in ROLL_COLUMNS if column != "id")
_KEEP = text(
    f"INSERT INTO roll_log_cleared (batch, id, {_KEPT}) SELECT :batch, id, {_KEPT} FROM roll_log"
)
_PUT_BACK = text(
    f"INSERT INTO roll_log ({_KEPT}) SELECT {_KEPT} FROM roll_log_cleared"
    " WHERE batch = :batch ORDER BY id"
)
_FORGET = text("DELETE FROM roll_log_cleared WHERE batch = :batch")
_FORGET_BEFORE = text("DELETE FROM roll_log_cleared WHERE batch < :batch")
_ANY_BEFORE = text("SELECT 1 FROM roll_log_cleared WHERE batch < :batch LIMIT 1")


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
