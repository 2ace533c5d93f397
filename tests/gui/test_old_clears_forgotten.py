"""A window opening the database forgets the rolls kept by clears over a day old (issue 30).

"Clear roll log" keeps the rolls it takes out in the database for its undo (``roll_log_cleared``,
migration 0014), not in the undo step. An undo step lives as long as its window: the window that
opens the file next forgets the clears no open window can undo any more, so they do not pile up.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from refkit.dice.records import RollRecord
from refkit.store import Database, RollLogRepository


def a_roll(seed: int) -> RollRecord:
    return RollRecord(
        kind="d100",
        expression="d100",
        faces=(42,),
        total=42,
        seed=seed,
        rolled_at=datetime(2031, 3, 4, 12, 0, tzinfo=UTC),
        summary="d100: 42",
        detail={},
    )


def test_opening_the_window_forgets_clears_over_a_day_old(start_app, db_file: Path) -> None:
    now = datetime.now(UTC)
    old = f"{now - timedelta(days=2):%Y-%m-%dT%H:%M:%S.%f}Z-0ld0"
    recent = f"{now - timedelta(hours=1):%Y-%m-%dT%H:%M:%S.%f}Z-n3w0"
    with Database.open(str(db_file)) as db:
        log = RollLogRepository(db)
        log.add(a_roll(1))
        log.clear_keeping(old)
        log.add(a_roll(2))
        log.clear_keeping(recent)

    app = start_app(db_file)

    with sqlite3.connect(db_file) as connection:
        batches = [row[0] for row in connection.execute("SELECT batch FROM roll_log_cleared")]
    assert batches == [recent]
    assert app.window.isVisible()
