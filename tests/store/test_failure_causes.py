"""Issue 29 §10: an I/O error SQLite gives no cause for is said as what it is — a read-only
(or immutable) file, its companion files or folder, or a full disk — in the window and on the
command line alike (both word failures through ``database_failure``)."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections import namedtuple
from pathlib import Path

import pytest

from refkit.store.errors import DatabaseFullError, DatabaseWriteError, ReadOnlyDatabaseError
from refkit.store.sqlite import failures
from refkit.store.sqlite.failures import database_failure

Usage = namedtuple("Usage", "total used free")


def _io_error() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = 10 | (3 << 8)  # type: ignore[attr-defined]  # SQLITE_IOERR_WRITE
    return error


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "refkit.sqlite3"
    path.write_bytes(b"")
    return path


def test_an_io_error_on_a_full_disk_says_the_disk_is_full(database: Path, monkeypatch) -> None:
    monkeypatch.setattr(shutil, "disk_usage", lambda _folder: Usage(10**6, 10**6, 0))
    said = database_failure(str(database), _io_error())
    assert isinstance(said, DatabaseFullError) and said.reason == "the disk is full"


def test_an_io_error_on_a_read_only_file_says_read_only(database: Path, monkeypatch) -> None:
    unwritable = {str(database)}
    real_access = os.access
    monkeypatch.setattr(
        failures.os,
        "access",
        lambda path, mode: False if str(path) in unwritable else real_access(path, mode),
    )
    said = database_failure(str(database), _io_error())
    assert isinstance(said, ReadOnlyDatabaseError) and said.reason == "the file is read-only"
    wal = database.with_name(database.name + "-wal")
    wal.write_bytes(b"")
    unwritable.clear()
    unwritable.add(str(wal))
    said = database_failure(str(database), _io_error())
    assert said.reason == "its -wal file is read-only"


def test_an_io_error_with_room_and_rights_keeps_the_general_words(database: Path) -> None:
    said = database_failure(str(database), _io_error())
    assert type(said) is DatabaseWriteError
    assert said.reason == "the disk could not be read or written"
