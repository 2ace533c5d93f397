"""Issue 30 §4: ``PRAGMA quick_check`` reads every page once per change of the file, not per open.

A file Refkit found sound, or closed after a sound open, is opened again without reading every
page; a file changed behind its back (another program, a process that died before closing it, a
copy over it) is checked again, and damage is still refused.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from refkit.store.database import Database
from refkit.store.errors import DamagedDatabaseError
from refkit.store.location import data_dir
from refkit.store.sqlite import checked_pages, files
from refkit.store.sqlite.quick import open_quick


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files whose pages were read, one entry per ``quick_check``."""
    seen: list[str] = []
    real = files._quick_check

    def counted(connection: sqlite3.Connection) -> str:
        seen.append("check")
        return real(connection)

    monkeypatch.setattr(files, "_quick_check", counted)
    return seen


@pytest.fixture
def database_file(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite3"
    with Database.open(str(path)) as database:
        _write(database, "1")
    return path


def _write(database: Database, value: str) -> None:
    with database.engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT OR REPLACE INTO app_meta (key, value) VALUES ('bench', ?)", (value,)
        )


def _corrupt_a_page(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.seek(4096)
        handle.write(b"\xde\xad\xbe\xef" * 1024)


def test_an_unchanged_file_is_not_read_page_by_page_again(
    database_file: Path, checks: list[str]
) -> None:
    with Database.open(str(database_file)):
        pass
    assert checks == []
    quick = open_quick(str(database_file))
    assert quick is not None
    quick.close()
    with Database.open(str(database_file)) as database:
        _write(database, "2")  # a write by Refkit, closed properly
    with Database.open(str(database_file)):
        pass
    assert checks == [], "a file Refkit closed itself was checked again"


def test_a_file_written_by_another_program_is_checked_again(
    database_file: Path, checks: list[str]
) -> None:
    with sqlite3.connect(database_file) as other:
        other.execute("CREATE TABLE IF NOT EXISTS theirs (x)")
    other.close()
    with Database.open(str(database_file)):
        pass
    assert checks == ["check"]
    with Database.open(str(database_file)):
        pass
    assert checks == ["check"], "found sound once is enough until it changes again"


def test_a_file_left_open_by_a_process_that_died_is_checked_again(
    database_file: Path, checks: list[str]
) -> None:
    died = Database.open(str(database_file))
    _write(died, "3")
    died._engine.dispose()  # its connections go as a killed process's do; close() never runs
    with Database.open(str(database_file)):
        pass
    assert checks == ["check"]


def test_damage_after_a_sound_close_is_still_refused(database_file: Path) -> None:
    _corrupt_a_page(database_file)
    with pytest.raises(DamagedDatabaseError):
        Database.open(str(database_file))
    with pytest.raises(DamagedDatabaseError):  # and every time after
        Database.open(str(database_file))


def test_an_unreadable_note_only_costs_a_check(database_file: Path, checks: list[str]) -> None:
    (data_dir() / checked_pages.MARKER_FILE).write_text("{not json", encoding="utf-8")
    with Database.open(str(database_file)):
        pass
    assert checks == ["check"]
    with Database.open(str(database_file)):
        pass
    assert checks == ["check"]
