"""Finishing a rest reads how its encounter check was made (Seclude Camp, Prepare Campsite) from
the newest rest and encounter lines of the session log. Ordered by time, SQLite read and sorted
every encounter line ever logged (25,000 on the 10x database: ~60 ms, twice per finished rest,
and twice more on the GUI thread when the finish-rest dialog opened); in the order they were
logged, the kind index gives the newest few at once, however long the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event

from refkit.app.dungeon.rests import rest_check_campsite, rest_check_seclude
from refkit.store import Database, SessionLogRepository
from tests.store.test_session_log import entry


def _steps_of(db: Database, read: Any) -> int:
    """How many SQLite virtual-machine steps (in hundreds) the statements of ``read()`` took."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    def start(conn: Any, *_rest: Any) -> None:
        conn.connection.driver_connection.set_progress_handler(count, 100)

    def stop(conn: Any, *_rest: Any) -> None:
        conn.connection.driver_connection.set_progress_handler(None, 0)

    event.listen(db.engine, "before_cursor_execute", start)
    event.listen(db.engine, "after_cursor_execute", stop)
    try:
        read()
    finally:
        event.remove(db.engine, "before_cursor_execute", start)
        event.remove(db.engine, "after_cursor_execute", stop)
    return steps[0]


def _log_with_past_encounters(path: Path, past: int) -> tuple[Database, SessionLogRepository]:
    db = Database.open(str(path))
    log = SessionLogRepository(db)
    log.add_all([entry(f"Encounter check {n}", "encounter", minutes=n) for n in range(past)])
    log.add_all([entry(f"note {n}", minutes=past + n) for n in range(past)])
    log.add_all(
        [
            entry("Rest started: DT 9 ends with no encounter check", "rest", minutes=2 * past),
            entry(
                "Rest encounter check (seclude camp): 4",
                "encounter",
                minutes=2 * past + 1,
                seclude=True,
                campsite=False,
            ),
        ]
    )
    return db, log


def test_the_rest_check_read_costs_the_same_however_many_encounters_were_logged(
    tmp_path: Path,
) -> None:
    cost = {}
    for past in (300, 3000):
        db, log = _log_with_past_encounters(tmp_path / f"log{past}.sqlite3", past)
        try:
            assert rest_check_seclude(log) is True
            assert rest_check_campsite(log) is False
            cost[past] = _steps_of(db, lambda log=log: rest_check_seclude(log))
        finally:
            db.close()
    assert cost[3000] <= cost[300] + 2, cost


def test_the_check_is_the_one_logged_after_the_rest_started(tmp_path: Path) -> None:
    db = Database.open(str(tmp_path / "log.sqlite3"))
    try:
        log = SessionLogRepository(db)
        log.add(entry("Rest encounter check: 2", "encounter", minutes=0, seclude=True))
        assert rest_check_seclude(log) is True
        # A new rest, whose line carries an earlier time (a clock set back): logged later, it
        # is the newest, and its rest has no check yet.
        log.add(entry("Rest started: DT 3 ends with no encounter check", "rest", minutes=-30))
        assert rest_check_seclude(log) is None
        assert rest_check_campsite(log) is None
        log.add(entry("Rest encounter check (camp): 5", "encounter", minutes=-29, campsite=True))
        assert rest_check_campsite(log) is True
        assert rest_check_seclude(log) is False
    finally:
        db.close()
