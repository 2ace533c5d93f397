"""End DT and Finish rest with the party's crows are one composite undo step: when a crow or the
dungeon turn changed since, the undo is refused and nothing — crow, prompt or clock — changes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_commands import EndTurnCommand, FinishRestCommand, StartRestCommand
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.undo import CompositeCommand, UndoConflictError
from refkit.store import CharacterRepository, Database, DungeonTurnStore
from tests.app.test_party_bridge import BRANNOC, HESPER, Table, with_rings


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    yield table
    table.close()


def write_notes_elsewhere(table: Table, name: str, notes: str) -> None:
    """Another process (the CLI, a second window) saves the crow."""
    with Database.open(str(table.path)) as other:
        repo = CharacterRepository(other)
        repo.save(replace(repo.get(name), notes=notes))


def test_end_dt_is_one_composite_step_with_the_overload_wounds(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    table.dice.script = [5]
    command = table.end_dt()
    assert isinstance(command.command, CompositeCommand)  # table.end_dt runs it as a runner
    assert len(command.children) == 2  # the DT step, then the party's wounds
    assert command.text == "End DT 1"


def test_undo_of_end_dt_refuses_when_a_wounded_crow_was_changed_since(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    table.dice.script = [5]  # fills both free slots: placed at once
    command = table.end_dt()
    wounded = table.crow(HESPER)
    write_notes_elsewhere(table, HESPER, "Bled on the map")
    with pytest.raises(UndoConflictError, match=HESPER):
        command.undo()
    stored = table.stored_elsewhere(HESPER)
    assert stored.notes == "Bled on the map"
    assert stored.wounds == wounded.wounds
    assert table.service.status()["dt"] == 2  # the DT stays ended


def test_undo_of_end_dt_refused_by_the_clock_puts_the_crows_back(table: Table) -> None:
    table.characters.save(replace(with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9))))
    table.dice.script = [5]
    command = table.end_dt()
    wounded = table.crow(HESPER)
    with Database.open(str(table.path)) as other:  # the command line adjusts the clock
        DungeonTurnService(DungeonTurnStore(other)).adjust(2, "Picked a lock")
    with pytest.raises(UndoConflictError, match="changed since"):
        command.undo()
    assert table.stored_elsewhere(HESPER).wounds == wounded.wounds
    assert table.service.status()["dt"] == 2


def test_undo_of_a_rest_refused_for_one_crow_leaves_every_crow_rested(table: Table) -> None:
    for name in (BRANNOC, HESPER):
        crow = table.crow(name)
        table.characters.save(replace(crow, stamina=replace(crow.stamina, current=1)))
    StartRestCommand(table.service).do()
    command = FinishRestCommand(table.service)
    command.do()
    rested = {name: table.crow(name) for name in (BRANNOC, HESPER)}
    assert all(crow.stamina.current == crow.stamina.max for crow in rested.values())
    write_notes_elsewhere(table, BRANNOC, "Snored all night")
    with pytest.raises(UndoConflictError, match=BRANNOC):
        command.undo()
    assert table.stored_elsewhere(HESPER) == rested[HESPER]  # not half undone
    assert table.stored_elsewhere(BRANNOC).stamina == rested[BRANNOC].stamina
    assert table.stored_elsewhere(BRANNOC).notes == "Snored all night"
    assert table.service.status()["state"] == "running"  # the rest stays finished


def test_redo_of_a_rest_after_the_crow_was_changed_leaves_the_rest_undone(table: Table) -> None:
    crow = table.crow(HESPER)
    tired = replace(crow, stamina=replace(crow.stamina, current=1))
    table.characters.save(tired)
    StartRestCommand(table.service).do()
    command = FinishRestCommand(table.service)
    command.do()
    command.undo()
    assert table.service.status()["state"] == "resting"
    write_notes_elsewhere(table, HESPER, "Kept watch")
    with pytest.raises(UndoConflictError, match=HESPER):
        command.do()
    stored = table.stored_elsewhere(HESPER)
    assert (stored.stamina, stored.notes) == (tired.stamina, "Kept watch")
    assert table.service.status()["state"] == "resting"  # the clock step was taken back too


class HookBroke(RuntimeError):
    pass


def broken_hook(*_: object) -> None:
    raise HookBroke("the spellbook hook failed")


def test_an_end_dt_whose_hook_raises_leaves_the_dt_and_the_crows_as_they_were(
    table: Table,
) -> None:
    hesper = replace(
        with_rings(table.crow(HESPER)), wounds=tuple(range(1, 9)), conditions=("weakened",)
    )
    table.characters.save(hesper)
    table.service.on_turn_ended.append(broken_hook)  # runs after the party's overload wounds
    table.dice.script = [5]
    with pytest.raises(HookBroke):
        EndTurnCommand(table.service, 5).do()
    assert table.stored_elsewhere(HESPER) == hesper  # wounds off, weakened back
    assert table.service.status()["dt"] == 1  # the DT is not ended
    kinds = [entry.kind for entry in table.service.store.session_log.entries()]
    assert "dt_end" not in kinds


def test_a_finished_rest_whose_hook_raises_leaves_the_rest_and_the_crows_as_they_were(
    table: Table,
) -> None:
    crow = table.crow(BRANNOC)
    tired = replace(crow, stamina=replace(crow.stamina, current=1))
    table.characters.save(tired)
    StartRestCommand(table.service).do()
    table.service.on_rest_finished.append(broken_hook)
    with pytest.raises(HookBroke):
        FinishRestCommand(table.service).do()
    assert table.stored_elsewhere(BRANNOC) == tired
    assert table.service.status()["state"] == "resting"
