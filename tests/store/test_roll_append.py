"""The roll's lean path (refkit.store.sqlite.roll_append): on an up-to-date file it writes the
very row the quick path writes; on anything else it writes nothing and hands over (None), so
the quick path creates, migrates, refuses or reports as before; a failed INSERT is said as the
quick path says it."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.dice.records import RollRecord
from refkit.store import location
from refkit.store.database import Database
from refkit.store.errors import DamagedDatabaseError, DatabaseLockedError
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.roll_log import RollLogRepository
from refkit.store.schema_heads import VERSIONS_FOLDER
from refkit.store.sqlite import roll_append
from refkit.store.sqlite.quick import open_quick, quick_path
from refkit.store.sqlite.roll_append import append_roll, roll_file

pytestmark = pytest.mark.sqlite_only

RECORD = RollRecord(
    kind="notation",
    expression="4d6kh3",
    faces=(6, 2, 5, 1),
    total=13,
    seed=987654321,
    rolled_at=datetime(2031, 3, 4, 12, 0, 5, 123456, tzinfo=UTC),
    summary="total 13",
    detail={"kept": [6, 2, 5], "note": "Café"},
)
COLUMNS = "kind, expression, faces, total, seed, rolled_at, summary, detail, source"


@pytest.fixture
def up_to_date(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite3"
    Database.open(str(path)).close()
    return path


def _rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT {COLUMNS} FROM roll_log ORDER BY id").fetchall()


def test_the_row_is_the_quick_paths_row_and_reads_back(up_to_date: Path) -> None:
    quick = open_quick(str(up_to_date))
    assert quick is not None
    with quick:
        first = quick.add_roll(RECORD, "cli")

    second = append_roll(str(up_to_date), RECORD, "cli")

    assert second == first + 1
    quick_row, lean_row = _rows(up_to_date)
    assert lean_row == quick_row
    database = Database.open(str(up_to_date))
    try:
        logged = RollLogRepository(database).recent(limit=1)[0]
    finally:
        database.close()
    assert (logged.id, logged.record, logged.source) == (second, RECORD, "cli")


def test_the_data_folders_file_by_default(refkit_data_dir: Path) -> None:
    path = refkit_data_dir / "refkit.sqlite3"
    Database.open(str(path)).close()

    assert append_roll(None, RECORD, "app") is not None
    assert _rows(path)[-1][-1] == "app"


@pytest.mark.parametrize(
    "url",
    [
        None,
        "",
        "  ",
        "a.sqlite3",
        "~/b.sqlite3",
        "sqlite:///c.sqlite3",
        "sqlite://",
        "x://y",
        "sqlite:///:memory:",
        "sqlite:///d.sqlite3?mode=ro",
        "sqlite:///e%20f.sqlite3",
    ],
)
def test_the_file_is_the_one_the_quick_path_finds(refkit_data_dir: Path, url: str | None) -> None:
    found = quick_path(url)
    assert roll_file(url) == (None if found is None else str(found))


def test_the_names_it_spells_out_are_the_stores() -> None:
    assert roll_append.DATABASE_FILE_NAME == location.DATABASE_FILE_NAME
    assert roll_append.URL_ENVIRONMENT == (
        location.DATABASE_URL_ENV,
        location.DATABASE_URL_SHORT_ENV,
    )
    assert str(SCRIPT_LOCATION) == VERSIONS_FOLDER


def _unchanged_after_append(path: Path) -> None:
    before = path.read_bytes()
    assert append_roll(str(path), RECORD, "cli") is None
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_no_file_yet_is_handed_over_and_not_made(tmp_path: Path) -> None:
    assert append_roll(str(tmp_path / "new.sqlite3"), RECORD, "cli") is None
    assert list(tmp_path.iterdir()) == []


def test_an_older_schema_is_handed_over_untouched(up_to_date: Path) -> None:
    with sqlite3.connect(up_to_date) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0011'")
    connection.close()
    _unchanged_after_append(up_to_date)


def test_another_programs_database_is_handed_over_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    _unchanged_after_append(path)


@pytest.mark.parametrize("content", [b"", b"hello, not a database\n"])
def test_an_empty_or_text_file_is_handed_over_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(content)
    _unchanged_after_append(path)


def test_a_damaged_file_is_handed_over_and_the_quick_path_refuses_it(up_to_date: Path) -> None:
    with up_to_date.open("r+b") as handle:  # a write by another program: checked again
        handle.seek(4096)
        handle.write(b"\xde\xad\xbe\xef" * 1024)

    assert append_roll(str(up_to_date), RECORD, "cli") is None
    with pytest.raises(DamagedDatabaseError):
        open_quick(str(up_to_date))


def test_a_folder_it_cannot_write_is_handed_over(up_to_date: Path, monkeypatch) -> None:
    folder = str(up_to_date.parent)
    real_access = os.access
    monkeypatch.setattr(
        roll_append.os,
        "access",
        lambda path, mode: False if str(path) == folder else real_access(path, mode),
    )
    assert append_roll(str(up_to_date), RECORD, "cli") is None
    assert _rows(up_to_date) == []


def test_a_lock_while_checking_hands_over_at_once(up_to_date: Path) -> None:
    holder = sqlite3.connect(up_to_date, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO app_meta (key, value) VALUES ('held', '1')")
        assert append_roll(str(up_to_date), RECORD, "cli", busy_timeout_ms=60_000) is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_lock_at_the_insert_is_said_as_the_quick_path_says_it(up_to_date: Path) -> None:
    holder = sqlite3.connect(up_to_date, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # a writer in WAL mode: the checks read, the INSERT waits
        with pytest.raises(DatabaseLockedError) as raised:
            append_roll(str(up_to_date), RECORD, "cli", busy_timeout_ms=50)
        quick = open_quick(str(up_to_date), busy_timeout_ms=50)
        assert quick is not None
        with quick, pytest.raises(DatabaseLockedError) as said:
            quick.add_roll(RECORD, "cli")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert str(raised.value) == str(said.value)
    assert str(up_to_date) in str(raised.value)
    assert _rows(up_to_date) == []


def test_an_unknown_source_writes_nothing(up_to_date: Path) -> None:
    with pytest.raises(ValueError, match="unknown roll source 'bot'; expected one of app, cli"):
        append_roll(str(up_to_date), RECORD, "bot")
    assert _rows(up_to_date) == []
