"""Issue 22: a table saved from the editor is put only over the table the editor showed, and
undo/redo of a save refuse (changing nothing) when another window saved the table in between."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.table_service import SaveTableCommand, TableService
from refkit.app.undo import UndoConflictError
from refkit.compose import table_service_on
from refkit.errors import StaleWriteError
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.slot_record import replace
from refkit.store import Database

WEATHER = RollableTable("Weather", "1d2", (TableRow(1, 1, "Rain"), TableRow(2, 2, "Fog")))


@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[TableService, TableService]]:
    path = str(tmp_path / "refkit.sqlite3")
    with Database.open(path) as first, Database.open(path) as second:
        yield table_service_on(first), table_service_on(second)


def test_an_edit_over_a_table_changed_since_it_was_shown_is_refused(two_windows) -> None:
    mine, theirs = two_windows
    mine.add(WEATHER)
    shown = mine.get("Weather")
    theirs.save_table(replace(WEATHER, description="Theirs"), previous_name="Weather")
    edit = SaveTableCommand(
        mine, replace(WEATHER, description="Mine"), previous_name="Weather", base=shown
    )
    with pytest.raises(StaleWriteError, match="the table \u201cWeather\u201d was changed"):
        edit.do()
    assert theirs.get("Weather").description == "Theirs"
    theirs.delete("Weather")
    with pytest.raises(StaleWriteError, match="deleted"):
        edit.do()


def test_undo_and_redo_over_a_table_changed_elsewhere_refuse_and_change_nothing(
    two_windows,
) -> None:
    mine, theirs = two_windows
    mine.add(WEATHER)
    save = SaveTableCommand(mine, replace(WEATHER, description="Mine"), previous_name="Weather")
    save.do()
    theirs.save_table(replace(WEATHER, description="Theirs"), previous_name="Weather")
    with pytest.raises(UndoConflictError, match="cannot undo 'Save table Weather'"):
        save.undo()
    assert mine.get("Weather").description == "Theirs"

    again = SaveTableCommand(mine, replace(WEATHER, description="Again"), previous_name="Weather")
    again.do()
    again.undo()
    assert mine.get("Weather").description == "Theirs"
    theirs.save_table(replace(WEATHER, description="Later"), previous_name="Weather")
    with pytest.raises(UndoConflictError, match="cannot redo"):
        again.do()
    assert mine.get("Weather").description == "Later"


def test_undo_redo_cycles_of_a_rename_and_of_a_new_table_keep_their_versions(
    two_windows,
) -> None:
    mine, theirs = two_windows
    mine.add(WEATHER)
    renamed = replace(WEATHER, name="Skies")
    save = SaveTableCommand(mine, renamed, previous_name="Weather", base=mine.get("Weather"))
    for _cycle in range(3):
        save.do()
        assert theirs.read("Skies") is not None and theirs.read("Weather") is None
        save.undo()
        assert theirs.read("Weather") is not None and theirs.read("Skies") is None
    new = SaveTableCommand(mine, replace(WEATHER, name="Winds"))
    new.do()
    new.undo()
    new.do()
    assert theirs.read("Winds") == (replace(WEATHER, name="Winds"), 1)
    theirs.save_table(replace(WEATHER, name="Winds", description="Theirs"))
    with pytest.raises(UndoConflictError):
        new.undo()
    assert theirs.get("Winds").description == "Theirs"
