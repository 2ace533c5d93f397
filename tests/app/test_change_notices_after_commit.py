"""The app tells its listeners (an open sheet, the crow list) about a crow's change only once the
change is in the file: a step rolled back as a whole is never shown as if it had happened."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterChange
from refkit.app.dungeon_turn_commands import EndTurnCommand
from refkit.store import CharacterRepository, Database
from refkit.store.errors import DatabaseWriteError
from tests.app.test_atomic_steps import refuse_writes_to
from tests.app.test_party_bridge import HESPER, Table, with_rings
from tests.runner import run


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(tmp_path / "refkit.sqlite3")
    table.service.start(dungeon="The Drowned Crypt")
    yield table
    table.close()


def weaken(table: Table) -> None:
    """Weakened ends at End DT, so End DT saves Hesper after writing the DT."""
    table.characters.save(replace(with_rings(table.crow(HESPER)), conditions=("weakened",)))


def test_a_rolled_back_end_dt_tells_no_listener_of_a_change(table: Table) -> None:
    weaken(table)
    heard: list[CharacterChange] = []
    table.characters.add_listener(heard.append)
    fault = refuse_writes_to(table, "session_log")
    original = list(table.service.on_turn_ended)

    def then_fail(service, result, rng):  # type: ignore[no-untyped-def]
        fault.armed = True  # the party's crows are saved, then its log entry is refused
        try:
            outcome = [hook(service, result, rng) for hook in original]
        finally:
            fault.armed = False
        return outcome[-1] if outcome else None

    table.service.on_turn_ended[:] = [then_fail]
    table.dice.script = [5]
    with pytest.raises(DatabaseWriteError):
        run(table.db, EndTurnCommand(table.service, 5)).do()
    assert heard == []  # nothing reached the file, so nothing is shown
    with Database.open(str(table.path)) as fresh:
        assert "weakened" in CharacterRepository(fresh).get(HESPER).conditions


def test_a_committed_end_dt_is_told_once_the_file_holds_it(table: Table) -> None:
    weaken(table)
    seen_in_file: list[list[str]] = []

    def listener(change: CharacterChange) -> None:
        with Database.open(str(table.path)) as fresh:  # another process's view, at that moment
            seen_in_file.append(list(CharacterRepository(fresh).get(HESPER).conditions))

    table.characters.add_listener(listener)
    table.dice.script = [5]
    run(table.db, EndTurnCommand(table.service, 5)).do()
    assert seen_in_file and all("weakened" not in conditions for conditions in seen_in_file)
