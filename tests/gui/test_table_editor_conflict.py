"""Issue 22 item 3: a table edited in the editor while another window (a second database object
on the same file) saved it is not overwritten — the editor shows the table as stored now, says
what changed, and keeps the typed edits to put back and save over what is now shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from refkit.app.table_service import TableService
from refkit.compose import table_service_on
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.tables.editor import TableEditor
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.slot_record import replace
from refkit.store import Database

WEATHER = RollableTable("Weather", "1d2", (TableRow(1, 1, "Rain"), TableRow(2, 2, "Fog")))


@pytest.fixture
def two_windows(tmp_path: Path) -> Iterator[tuple[TableService, TableService]]:
    path = str(tmp_path / "refkit.sqlite3")
    with Database.open(path) as first, Database.open(path) as second:
        mine = table_service_on(first)
        mine.add(WEATHER)
        yield mine, table_service_on(second)


@pytest.fixture
def editor(qtbot, two_windows) -> TableEditor:
    made = TableEditor(two_windows[0], RefkitUndoStack())
    qtbot.addWidget(made)
    made.show()
    made.select_table("Weather")
    return made


def test_a_table_changed_elsewhere_while_edited_keeps_the_edits_and_shows_theirs(
    editor: TableEditor, two_windows
) -> None:
    _mine, theirs = two_windows
    editor.set_cell(0, 2, "My drizzle")
    theirs.save_table(replace(WEATHER, dice="1d3", rows=(*WEATHER.rows, TableRow(3, 3, "Sun"))))

    assert not editor.save()

    assert theirs.get("Weather").rows[0].text == "Rain"  # nothing of mine saved
    assert [row[2] for row in editor.cells()] == ["Rain", "Fog", "Sun"]  # the fresh state
    assert editor.dice_edit.text() == "1d3"
    message = editor.conflict.message.text()
    assert message.startswith("The table \u201cWeather\u201d was changed in another window")
    assert "dice" in message and "rows" in message
    assert "My drizzle" in editor.conflict.kept.toPlainText()
    assert editor.conflict.isVisible()

    editor.conflict.put_back_button.click()
    assert [row[2] for row in editor.cells()] == ["My drizzle", "Fog"]
    assert editor.save()
    assert theirs.get("Weather") == replace(
        WEATHER, rows=(TableRow(1, 1, "My drizzle"), WEATHER.rows[1])
    )


def test_a_table_deleted_elsewhere_while_edited_keeps_the_edits_to_save_anew(
    editor: TableEditor, two_windows
) -> None:
    _mine, theirs = two_windows
    editor.set_cell(0, 2, "My drizzle")
    theirs.delete("Weather")
    assert not editor.save()
    assert "deleted" in editor.conflict.message.text()
    assert [row[2] for row in editor.cells()] == ["My drizzle", "Fog"]
    assert editor.save()
    assert theirs.get("Weather").rows[0].text == "My drizzle"
