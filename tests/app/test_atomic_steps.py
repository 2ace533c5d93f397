"""End DT and Finish rest commit all or nothing: a write that fails midway leaves the database file
exactly as it was (the DT, the crows, the wound prompts and the session log), as another process
opening the file sees it — not ended and then taken back, with the log showing both."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import EndTurnCommand, FinishRestCommand, StartRestCommand
from refkit.app.party_bridge import WoundPrompts
from refkit.app.undo import UndoConflictError
from refkit.store import CharacterRepository, Database, DungeonTurnStore, SessionLogRepository
from refkit.store.errors import DatabaseWriteError
from tests.app.test_party_bridge import BRANNOC, HESPER, Table, with_rings
from tests.runner import run


@dataclass
class RefusedWrites:
    """A fault hook: once ``armed``, SQLite refuses every INSERT or UPDATE on ``table``."""

    table: str
    armed: bool = False

    def install(self, connection: sqlite3.Connection) -> None:
        def authorise(action: int, first: str | None, *_: object) -> int:
            writes = (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE)
            if self.armed and action in writes and first == self.table:
                return sqlite3.SQLITE_DENY
            return sqlite3.SQLITE_OK

        connection.set_authorizer(authorise)


@dataclass(frozen=True)
class FileState:
    """What another process sees in the file: the DT clock, the crows and the whole log."""

    version: int
    clock: dict[str, object]
    crows: dict[str, object]
    log: tuple[tuple[str, str, bool], ...]
    prompts: dict[str, object]


def file_state(path: Path) -> FileState:
    with Database.open(str(path)) as fresh:
        snapshot = DungeonTurnStore(fresh).load()
        repo = CharacterRepository(fresh)
        entries = SessionLogRepository(fresh).entries(include_undone=True)
        return FileState(
            version=snapshot.version,
            clock=snapshot.clock.to_dict(),
            crows={name: repo.get(name) for name in repo.names()},
            log=tuple((entry.kind, entry.text, entry.undone) for entry in entries),
            prompts=dict(WoundPrompts(repo).pending()),
        )


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    yield table
    table.close()


def refuse_writes_to(table: Table, name: str) -> RefusedWrites:
    fault = RefusedWrites(name)
    table.db.add_connection_hook(fault.install)
    return fault


def test_end_dt_whose_crow_save_fails_leaves_nothing_in_the_file(table: Table) -> None:
    # Weakened ends at End DT, so the crow is saved after the DT itself is written.
    table.characters.save(
        replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9)), conditions=("weakened",))
    )
    before = file_state(table.path)
    fault = refuse_writes_to(table, "character")
    fault.armed = True
    table.dice.script = [5]
    command = run(table.db, EndTurnCommand(table.service, 5))
    with pytest.raises(DatabaseWriteError):
        command.do()
    fault.armed = False
    assert file_state(table.path) == before  # not ended, no crow changed, no log entry
    assert command.change is None  # nothing to put on the undo stack
    assert table.service.status()["dt"] == 1
    table.dice.script = [5]
    run(table.db, EndTurnCommand(table.service, 5)).do()  # the table goes on once the disk is fine
    assert table.service.status()["dt"] == 2


def test_end_dt_whose_overload_log_entry_fails_leaves_nothing_in_the_file(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    before = file_state(table.path)
    fault = refuse_writes_to(table, "session_log")
    table.dice.script = [5]
    original_do = type(table.bridge).turn_ended

    def turn_ended_with_fault(bridge, service, result, rng):  # type: ignore[no-untyped-def]
        fault.armed = True  # the DT's own entries are written; the party's entry will fail
        try:
            return original_do(bridge, service, result, rng)
        finally:
            fault.armed = False

    table.service.on_turn_ended[:] = [
        lambda service, result, rng: turn_ended_with_fault(table.bridge, service, result, rng)
    ]
    command = run(table.db, EndTurnCommand(table.service, 5))
    with pytest.raises(DatabaseWriteError) as caught:
        command.do()
    assert file_state(table.path) == before
    assert command.change is None
    # The rollback took the step back: no note of a failed take-back, and no SQL in the message.
    assert getattr(caught.value, "__notes__", []) == []
    assert "INSERT" not in str(caught.value).upper()


def test_finish_rest_whose_crow_save_fails_leaves_nothing_in_the_file(table: Table) -> None:
    for name in (BRANNOC, HESPER):
        crow = table.crow(name)
        table.characters.save(replace(crow, stamina=replace(crow.stamina, current=1)))
    run(table.db, StartRestCommand(table.service)).do()
    before = file_state(table.path)
    fault = refuse_writes_to(table, "character")
    fault.armed = True
    command = run(table.db, FinishRestCommand(table.service))
    with pytest.raises(DatabaseWriteError):
        command.do()
    fault.armed = False
    assert file_state(table.path) == before  # still resting, no crow rested, no log entry
    assert command.change is None
    assert table.service.status()["state"] == "resting"


def test_end_dt_that_commits_still_undoes_and_redoes_as_one_step(table: Table) -> None:
    table.characters.save(
        replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9)), conditions=("weakened",))
    )
    before = file_state(table.path)
    table.dice.script = [5]
    command = table.end_dt()
    after = file_state(table.path)
    assert after.version == before.version + 1  # one write of the clock for the whole step
    command.undo()
    undone = file_state(table.path)
    assert undone.crows == before.crows
    assert undone.clock == before.clock
    command.do()
    assert file_state(table.path).crows == after.crows
    with pytest.raises(UndoConflictError):
        table.service.revert(replace(command.change, after=command.change.before))  # type: ignore[arg-type]


def revisions(path: Path) -> dict[str, int]:
    with Database.open(str(path)) as fresh:
        repo = CharacterRepository(fresh)
        return {name: repo.revision(name) for name in repo.names()}


def test_undo_of_end_dt_whose_clock_write_fails_leaves_nothing_in_the_file(table: Table) -> None:
    # Undo takes the crow's wounds back first, then the DT: the DT's write fails after the crow's.
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    table.dice.script = [5]
    command = table.end_dt()
    before, saved = file_state(table.path), revisions(table.path)
    fault = refuse_writes_to(table, "dungeon_clock")
    fault.armed = True
    with pytest.raises(DatabaseWriteError):
        command.undo()
    fault.armed = False
    assert file_state(table.path) == before
    assert revisions(table.path) == saved  # the crow was not un-wounded and wounded again
    command.undo()  # once the disk is fine the same undo works
    assert table.service.status()["dt"] == 1
    command.do()
    assert table.service.status()["dt"] == 2
