"""The unit of work: the repositories used inside it commit together, or nothing is kept."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.store.character_store import CharacterChangedError, CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import ConcurrentChangeError, DungeonTurnStore
from refkit.store.errors import DatabaseFullError, DatabaseWriteError
from refkit.store.session_log import SessionLogEntry, SessionLogRepository
from tests.store.store_helpers import sqlite_rows

CROW = "Wren Ashdown"
AT = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)


@pytest.fixture
def database(database_file: Path) -> Iterator[Database]:
    with Database.open(str(database_file)) as opened:
        yield opened


def _entry(text: str) -> SessionLogEntry:
    return SessionLogEntry(kind="note", dt=1, text=text, at=AT)


def _notes_stored(path: Path) -> str:
    with Database.open(str(path)) as fresh:
        return CharacterRepository(fresh).get(CROW).notes


def _log_texts(path: Path) -> list[str]:
    with Database.open(str(path)) as fresh:
        return [entry.text for entry in SessionLogRepository(fresh).entries(include_undone=True)]


def _clock_version(path: Path) -> int:
    with Database.open(str(path)) as fresh:
        return DungeonTurnStore(fresh).version()


def _with_notes(repo: CharacterRepository, notes: str):
    return dataclasses.replace(repo.get(CROW), notes=notes)


def test_two_repositories_writes_commit_together(database: Database, database_file: Path) -> None:
    with database.unit_of_work() as uow:
        uow.characters.save(_with_notes(uow.characters, "kept"))
        uow.session_log.add(_entry("written with the crow"))
        uow.dungeon.save(DungeonTurnClock.new(10), (), expected_version=0)
        # Inside the block the step reads its own writes...
        assert uow.characters.get(CROW).notes == "kept"
        assert uow.dungeon.version() == 1
        # ...and another connection sees none of them yet: there was no commit.
        assert sqlite_rows(database_file, "SELECT count(*) FROM session_log") == [(0,)]
    assert _notes_stored(database_file) == "kept"
    assert _log_texts(database_file) == ["written with the crow"]
    assert _clock_version(database_file) == 1


def test_repositories_made_outside_the_block_join_it_too(
    database: Database, database_file: Path
) -> None:
    characters = CharacterRepository(database)
    log = SessionLogRepository(database)
    with pytest.raises(RuntimeError, match="the table is flipped"), database.unit_of_work():
        characters.save(_with_notes(characters, "never kept"))
        log.add(_entry("never kept"))
        raise RuntimeError("the table is flipped")
    assert _notes_stored(database_file) != "never kept"
    assert _log_texts(database_file) == []


def test_a_raise_after_the_first_write_leaves_nothing(
    database: Database, database_file: Path
) -> None:
    before = _notes_stored(database_file)
    refused = pytest.raises(ValueError, match="unknown session-log kind")
    with refused, database.unit_of_work() as uow:
        uow.characters.save(_with_notes(uow.characters, "half a step"))
        uow.dungeon.save(DungeonTurnClock.new(10), (), expected_version=0)
        uow.session_log.add(dataclasses.replace(_entry("bad"), kind="gossip"))
    assert _notes_stored(database_file) == before
    assert _clock_version(database_file) == 0
    assert _log_texts(database_file) == []
    # The database is usable at once afterwards.
    CharacterRepository(database).save(_with_notes(CharacterRepository(database), "later"))
    assert _notes_stored(database_file) == "later"


def test_a_crow_changed_elsewhere_aborts_the_whole_unit(
    database: Database, database_file: Path
) -> None:
    read = CharacterRepository(database).revision(CROW)
    CharacterRepository(database).save(_with_notes(CharacterRepository(database), "elsewhere"))
    with pytest.raises(CharacterChangedError), database.unit_of_work() as uow:
        uow.session_log.add(_entry("before the check"))
        uow.characters.save(_with_notes(uow.characters, "mine"), expected_revision=read)
    assert _notes_stored(database_file) == "elsewhere"
    assert _log_texts(database_file) == []


def test_a_dt_clock_changed_elsewhere_aborts_the_whole_unit(
    database: Database, database_file: Path
) -> None:
    DungeonTurnStore(database).save(DungeonTurnClock.new(10), (), expected_version=0)
    with pytest.raises(ConcurrentChangeError), database.unit_of_work() as uow:
        uow.characters.save(_with_notes(uow.characters, "mine"))
        uow.dungeon.save(DungeonTurnClock.new(20), (), expected_version=0)
    assert _notes_stored(database_file) != "mine"
    assert _clock_version(database_file) == 1


def test_a_unit_opened_inside_another_joins_it(database: Database, database_file: Path) -> None:
    with pytest.raises(RuntimeError), database.unit_of_work() as outer:
        with database.unit_of_work() as inner:
            assert inner is outer
            inner.session_log.add(_entry("inner"))
        assert sqlite_rows(database_file, "SELECT count(*) FROM session_log") == [(0,)]
        raise RuntimeError("the outer step fails")
    assert _log_texts(database_file) == []


def test_another_thread_keeps_its_own_sessions(database: Database, database_file: Path) -> None:
    seen: list[int] = []
    with database.unit_of_work() as uow:
        uow.session_log.add(_entry("not yet committed"))
        reader = SessionLogRepository(database)
        worker = threading.Thread(target=lambda: seen.append(reader.count()))
        worker.start()
        worker.join(timeout=30)
    assert seen == [0]
    assert _log_texts(database_file) == ["not yet committed"]


def _cap_pages(pages: int):
    def hook(connection: sqlite3.Connection) -> None:
        connection.execute(f"PRAGMA max_page_count={pages}")

    return hook


def test_a_full_disk_is_a_database_error_and_nothing_is_kept(database_file: Path) -> None:
    with sqlite3.connect(database_file) as plain:
        pages = int(plain.execute("PRAGMA page_count").fetchone()[0])
    huge = "x" * 200_000
    with Database.open(str(database_file), on_connect=_cap_pages(pages)) as database:
        with pytest.raises(DatabaseFullError) as caught, database.unit_of_work() as uow:
            uow.session_log.add(_entry("small"))
            uow.characters.save(_with_notes(uow.characters, huge))
        assert huge not in str(caught.value)
    assert _log_texts(database_file) == []
    assert _notes_stored(database_file) != huge


def test_a_failure_caught_inside_the_block_is_still_not_committed(database_file: Path) -> None:
    with sqlite3.connect(database_file) as plain:
        pages = int(plain.execute("PRAGMA page_count").fetchone()[0])
    huge = "x" * 200_000
    refused = pytest.raises(DatabaseWriteError, match="a write in this step failed earlier")
    with (
        Database.open(str(database_file), on_connect=_cap_pages(pages)) as database,
        refused,
        database.unit_of_work() as uow,
    ):
        uow.session_log.add(_entry("small"))
        # A careless caller going on after a failed write: the unit must not commit half a step.
        with contextlib.suppress(DatabaseFullError):
            uow.characters.save(_with_notes(uow.characters, huge))
    assert _log_texts(database_file) == []
