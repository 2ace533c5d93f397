"""Catching the roll log and the session log up after a step (``after_id=…``, the roll log twice
after every step) finds the few rows after the newest shown by their ids: ordered by the time
index, SQLite walked every entry of it to find none (3.8 ms on the filled database's 100,000
rolls, 1.1 ms on its 20,000 session-log entries; ten times that at 10x)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event

from refkit.store import Database, RollLogRepository, SessionLogRepository
from tests.store.test_roll_log import NOON, roll
from tests.store.test_session_log import entry


def _plan_of_the_read(db: Database, read: Any) -> str:
    """SQLite's query plan of the SELECT that ``read()`` runs."""
    seen: list[tuple[str, Any]] = []

    def capture(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(db.engine, "before_cursor_execute", capture)
    try:
        read()
    finally:
        event.remove(db.engine, "before_cursor_execute", capture)
    (statement, parameters), *_ = seen
    with db.engine.connect() as connection:
        rows = connection.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
        return " | ".join(str(row[-1]) for row in rows)


def test_the_rolls_after_the_newest_shown_are_found_by_id_not_by_walking_the_log(
    tmp_path: Path,
) -> None:
    db = Database.open(str(tmp_path / "log.sqlite3"))
    try:
        log = RollLogRepository(db)
        ids = [log.add(roll(rolled_at=NOON + timedelta(seconds=n))) for n in range(30)]
        plan = _plan_of_the_read(db, lambda: log.recent(500, after_id=ids[-1]))
        assert "PRIMARY KEY" in plan and "SCAN" not in plan, plan
        assert log.recent(500, after_id=ids[-1]) == []
        newer = [log.add(roll(rolled_at=NOON - timedelta(seconds=n))) for n in range(3)]
        caught = log.recent(500, after_id=ids[-1])  # newest first: by rolled_at, then id
        assert [r.id for r in caught] == newer
        assert [r.id for r in log.recent(2)] == ids[-1:-3:-1]  # the first read: the index
    finally:
        db.close()


def test_the_session_log_entries_after_the_newest_shown_are_found_by_id(tmp_path: Path) -> None:
    db = Database.open(str(tmp_path / "log.sqlite3"))
    try:
        log = SessionLogRepository(db)
        ids = log.add_all([entry(f"line {n}", minutes=n) for n in range(30)])
        for newest_first in (True, False):
            plan = _plan_of_the_read(
                db, lambda first=newest_first: log.entries(after_id=ids[-1], newest_first=first)
            )
            assert "PRIMARY KEY" in plan and "SCAN" not in plan, plan
        newer = log.add_all([entry("late", minutes=-1), entry("later", minutes=-2)])
        assert [e.id for e in log.entries(after_id=ids[-1])] == list(reversed(newer))
        assert [e.id for e in log.entries(after_id=ids[-1], newest_first=True)] == list(newer)
    finally:
        db.close()
