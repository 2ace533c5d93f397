"""Units of work do not nest, and a database that takes writes only in units refuses any other.

Only the runner of a user's step opens a unit (the window's undo stack, the command line's
``Services``); a command that opened its own inside would split or hide the step's transaction,
so it is a programming error. The window and the command line switch on
``writes_only_in_units``: a write that would commit on its own is a path around the runner.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from refkit.store.database import Database
from refkit.store.unit_of_work import NestedUnitOfWorkError, WriteOutsideUnitError


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    with Database.open(str(tmp_path / "refkit.sqlite3")) as db:
        yield db


def meta(db: Database, key: str) -> str | None:
    with db.session() as session:
        row = session.connection().execute(
            text("SELECT value FROM app_meta WHERE key = :key"), {"key": key}
        )
        found = row.first()
    return None if found is None else str(found[0])


def put(db: Database, key: str) -> None:
    with db.session() as session:
        session.connection().execute(
            text("INSERT INTO app_meta (key, value) VALUES (:key, 'x')"), {"key": key}
        )


def test_a_unit_opened_inside_another_is_refused_and_the_outer_one_still_commits(
    database: Database,
) -> None:
    with database.unit_of_work():
        put(database, "outer")
        with (
            pytest.raises(NestedUnitOfWorkError, match="opens the one unit"),
            database.unit_of_work(),
        ):
            put(database, "inner")  # never reached
    assert meta(database, "outer") == "x"
    assert meta(database, "inner") is None


def test_writes_only_in_units_refuses_a_write_outside_one_and_keeps_reads_free(
    database: Database,
) -> None:
    put(database, "before")  # not switched on yet: a test's set-up may write freely
    database.writes_only_in_units()
    with pytest.raises(WriteOutsideUnitError, match=r"write \(INSERT\) outside a unit of work"):
        put(database, "outside")
    assert meta(database, "outside") is None
    assert meta(database, "before") == "x"  # a read needs no unit
    with database.unit_of_work():
        put(database, "inside")
    assert meta(database, "inside") == "x"


def test_a_unit_that_raises_keeps_nothing_and_the_next_one_opens(database: Database) -> None:
    database.writes_only_in_units()
    with pytest.raises(RuntimeError, match="refused"), database.unit_of_work():
        put(database, "lost")
        raise RuntimeError("refused")
    assert meta(database, "lost") is None
    with database.unit_of_work():
        put(database, "kept")
    assert meta(database, "kept") == "x"
