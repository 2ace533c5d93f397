"""Issue 29 §2: the database file deleted or replaced while it is open is noticed before every
write and read, nothing is written to a new empty file at its path, and what was open can be
saved to a new file and worked on there."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.errors import DatabaseFileGoneError, DatabaseWriteError
from refkit.store.sqlite.file_watch import DELETED, REPLACED

CROW = "Wren Ashdown"
NOTES = "Left the lantern at the ford"


def _service(database: Database) -> CharacterService:
    return CharacterService(CharacterRepository(database), seed_samples=False)


def _save_notes(database: Database, notes: str) -> None:
    service = _service(database)
    with database.unit_of_work():
        service.save(dataclasses.replace(service.get(CROW), notes=notes))


def test_a_write_after_the_file_was_deleted_is_refused_and_makes_no_new_file(
    database_file: Path,
) -> None:
    with Database.open(str(database_file)) as database:
        _save_notes(database, "before")
        assert database.file_gone() is None
        os.unlink(database_file)
        with pytest.raises(DatabaseFileGoneError) as caught:
            _save_notes(database, NOTES)
        assert caught.value.reason == DELETED
        assert str(database_file) in str(caught.value)
        assert not database_file.exists()  # no new, empty database made at the path
        assert database.file_gone() == DELETED


def test_a_file_replaced_by_another_is_noticed(database_file: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    other.write_bytes(database_file.read_bytes())
    with Database.open(str(database_file)) as database:
        os.replace(other, database_file)
        with pytest.raises(DatabaseFileGoneError) as caught:
            _save_notes(database, NOTES)
        assert caught.value.reason == REPLACED


def test_what_was_open_is_saved_to_a_new_file_and_work_goes_on_there(
    database_file: Path, tmp_path: Path
) -> None:
    rescued = tmp_path / "rescued.sqlite3"
    with Database.open(str(database_file)) as database:
        database.keep_file_open()
        _save_notes(database, "saved before the file went")
        os.unlink(database_file)
        with pytest.raises(DatabaseFileGoneError):
            _save_notes(database, NOTES)
        assert database.save_copy(rescued) == rescued
        database.move_to(rescued)
        assert database.file_gone() is None
        _save_notes(database, NOTES)  # the edit refused before goes in now
    with Database.open(str(rescued)) as reopened:
        assert _service(reopened).get(CROW).notes == NOTES
    assert not database_file.exists()


def test_a_copy_never_overwrites_a_file(database_file: Path, tmp_path: Path) -> None:
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("mine")
    with Database.open(str(database_file)) as database, pytest.raises(DatabaseWriteError) as caught:
        database.save_copy(taken)
    assert "exists already" in str(caught.value)
    assert taken.read_text() == "mine"
    assert not list(tmp_path.glob("*.partial"))
