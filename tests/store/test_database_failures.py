"""SQLite failures while Refkit uses or opens its database: plain messages, nothing written."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.errors import (
    DamagedDatabaseError,
    DatabaseError,
    DatabaseFullError,
    DatabaseLockedError,
    DatabaseTooNewError,
    DatabaseWriteError,
    NotADatabaseError,
    ReadOnlyDatabaseError,
)

SECRET_NOTES = "Mara keeps the map to the Gallows Crypt in her left boot"


@pytest.fixture
def locked(database_file: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding a write lock on the file (``BEGIN EXCLUSIVE`` in plain sqlite3)."""
    other = sqlite3.connect(database_file, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    yield other
    other.rollback()
    other.close()


CROW = "Wren Ashdown"


def _service(database: Database) -> CharacterService:
    return CharacterService(CharacterRepository(database), seed_samples=False)


def _save_notes(database: Database, notes: str) -> None:
    service = _service(database)
    service.save(dataclasses.replace(service.get(CROW), notes=notes))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- failures while the database is in use -----------------------------------------------------


def test_a_write_lock_held_elsewhere_fails_fast_with_a_plain_message(
    database_file: Path, locked: sqlite3.Connection
) -> None:
    with Database.open(str(database_file), busy_timeout_ms=200) as database:
        started = time.monotonic()
        with pytest.raises(DatabaseLockedError) as caught:
            _save_notes(database, SECRET_NOTES)
        waited = time.monotonic() - started
    assert waited < 2.0  # generous: the timeout is 200 ms, the old default froze for 5 s
    message = str(caught.value)
    assert message == (
        f"could not use the database {database_file}: the database is locked by another program"
    )
    assert caught.value.reason == "the database is locked by another program"
    assert isinstance(caught.value, DatabaseWriteError)


def test_once_the_lock_is_gone_the_same_write_succeeds(
    database_file: Path, locked: sqlite3.Connection
) -> None:
    with Database.open(str(database_file), busy_timeout_ms=100) as database:
        with pytest.raises(DatabaseLockedError):
            _save_notes(database, SECRET_NOTES)
        locked.rollback()
        _save_notes(database, SECRET_NOTES)
    with Database.open(str(database_file)) as database:
        assert _service(database).get(CROW).notes == SECRET_NOTES


def test_no_sql_and_no_parameters_in_the_message_or_its_cause(
    database_file: Path, locked: sqlite3.Connection
) -> None:
    with (
        Database.open(str(database_file), busy_timeout_ms=50) as database,
        pytest.raises(DatabaseError) as caught,
    ):
        _save_notes(database, SECRET_NOTES)
    shown = "".join(
        str(error) for error in (caught.value, caught.value.__cause__) if error is not None
    )
    assert SECRET_NOTES not in shown
    assert "UPDATE" not in shown.upper().split("LOCKED")[0]
    assert caught.value.__suppress_context__


def _cap_pages(pages: int):
    def hook(connection: sqlite3.Connection) -> None:
        connection.execute(f"PRAGMA max_page_count={pages}")

    return hook


def test_a_full_disk_is_said_as_such_and_nothing_of_the_write_is_kept(
    database_file: Path,
) -> None:
    with sqlite3.connect(database_file) as plain:
        pages = int(plain.execute("PRAGMA page_count").fetchone()[0])
    huge = "x" * 200_000
    with Database.open(str(database_file), on_connect=_cap_pages(pages)) as database:
        with pytest.raises(DatabaseFullError) as caught:
            _save_notes(database, huge)
        assert caught.value.reason == "the disk is full"
        assert huge not in str(caught.value)
    with Database.open(str(database_file)) as database:
        assert _service(database).get(CROW).notes != huge


def _query_only(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA query_only=ON")


def test_a_file_that_turned_read_only_is_said_as_such(database_file: Path) -> None:
    # Root may write anything, so SQLite's refusal for an ordinary user comes from query_only.
    with Database.open(str(database_file), on_connect=_query_only) as database:
        assert _service(database).get(CROW).name == CROW
        with pytest.raises(ReadOnlyDatabaseError) as caught:
            _save_notes(database, SECRET_NOTES)
    assert caught.value.reason == "the file is read-only"


# -- refusals at open --------------------------------------------------------------------------


def _corrupt_a_page_mid_file(path: Path) -> None:
    size = path.stat().st_size
    page = 4096
    with path.open("r+b") as handle:
        handle.seek((size // page // 2) * page)
        handle.write(b"\xde\xad\xbe\xef" * (page // 4))


def _fill(path: Path, crows: int = 400) -> None:
    with Database.open(str(path)) as database:
        service = _service(database)
        wren = service.get(CROW)
        for number in range(crows):
            service.save(dataclasses.replace(wren, name=f"Crow {number}", notes="n" * 2000))


def test_a_damaged_page_is_found_at_open_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as database:
        CharacterService(CharacterRepository(database)).list_characters()  # seeds the party
    _fill(path)
    _corrupt_a_page_mid_file(path)
    before = _digest(path)
    with pytest.raises(DamagedDatabaseError) as caught:
        Database.open(str(path))
    assert str(path) in str(caught.value)
    assert "damaged" in str(caught.value)
    assert _digest(path) == before
    assert not path.with_name(path.name + "-wal").exists()


def test_a_truncated_file_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "refkit.sqlite3"
    with Database.open(str(path)) as database:
        CharacterService(CharacterRepository(database)).list_characters()  # seeds the party
    _fill(path, crows=100)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = _digest(path)
    with pytest.raises((DamagedDatabaseError, NotADatabaseError)) as caught:
        Database.open(str(path))
    assert str(path) in str(caught.value)
    assert _digest(path) == before


def test_a_read_only_file_is_refused_before_anything_touches_it(
    database_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_access = os.access

    def access(path: object, mode: int, **kwargs: object) -> bool:
        if Path(str(path)) == database_file and mode & os.W_OK:
            return False
        return real_access(path, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    before = _digest(database_file)
    with pytest.raises(ReadOnlyDatabaseError) as caught:
        Database.open(str(database_file))
    assert str(caught.value) == (
        f"could not use the database {database_file}: the file is read-only"
    )
    assert _digest(database_file) == before


def test_other_refusals_keep_their_own_types(tmp_path: Path) -> None:
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    with pytest.raises(NotADatabaseError):
        Database.open(str(folder))
    assert issubclass(DatabaseTooNewError, DatabaseError)


def test_a_negative_busy_timeout_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="busy_timeout_ms"):
        Database.open(str(tmp_path / "x.sqlite3"), busy_timeout_ms=-1)
