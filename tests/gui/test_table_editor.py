"""Tables: the import dialog refuses a bad table and names the rows; the editor checks live."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from refkit.gui.tables.editor import TableEditor, check_grid
from refkit.gui.tables.import_dialog import ImportFormat, TableImportDialog, detect_format
from refkit.present.table_grid import SOURCE_WORDS
from refkit.rules.tables.model import RollableTable, TableRow
from tests.gui.dungeon_helpers import DungeonRig


@pytest.fixture
def editor(qtbot, rig: DungeonRig) -> TableEditor:
    editor = TableEditor(rig.tables, rig.undo_stack)
    qtbot.addWidget(editor)
    editor.show()
    return editor


def test_import_dialog_refuses_a_gap_and_names_the_rows(qtbot) -> None:
    imported: list[RollableTable] = []
    dialog = TableImportDialog(imported.append)
    qtbot.addWidget(dialog)
    dialog.set_text("01–02 A lost child calling\n3 1d4 giant rats\n6 Dripping water", name="Cellar")
    dialog.dice_edit.setText("1d6")
    dialog.reparse()
    (gap,) = dialog.problems()
    assert gap.startswith("no row covers 4–5 (between rows 2 and 3")
    assert "lines 2 and 3" in gap
    assert not dialog.import_button.isEnabled()
    assert "nothing is imported" in dialog.status_label.text()
    dialog.accept_import()
    assert imported == []

    dialog.set_text("01–02 A lost child calling\n3-5 1d4 giant rats\n6 Dripping water")
    assert dialog.problems() == []
    assert dialog.import_button.isEnabled()
    assert dialog.preview.model().rowCount() == 3
    dialog.import_button.click()
    assert [table.name for table in imported] == ["Cellar"]
    assert imported[0].rows[1] == TableRow(3, 5, "1d4 giant rats")


def test_import_dialog_names_overlaps_and_unreadable_lines(qtbot) -> None:
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    dialog.set_text("1-3 bats\n3-6 rats\nnot a row", name="Crypt")
    problems = dialog.problems()
    assert any(p.startswith("line 3: no range at the start") for p in problems)
    dialog.set_text("1-3 bats\n3-6 rats", name="Crypt")
    assert dialog.problems() == [
        "rows 1 and 2 (lines 1 and 2) both cover 3: make row 2 start at 4?"
    ]


def test_formats_are_detected_and_csv_and_toml_import(qtbot, tmp_path: Path) -> None:
    assert detect_format("low,high,text\n1,2,a") is ImportFormat.CSV
    assert detect_format("1,3,bats\n4,6,rats") is ImportFormat.CSV
    assert detect_format('[table]\nname = "x"') is ImportFormat.TOML
    assert detect_format("1-2 bats, and more bats\n3-6 rats") is ImportFormat.TEXT
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    dialog.set_text("low,high,text\n1,3,bats\n4,6,rats", name="Cave")
    assert dialog.problems() == [] and dialog.table() is not None
    toml_file = tmp_path / "warren.toml"
    toml_file.write_text(
        '[table]\nname = "Goblin warren"\ndice = "2d6"\n\n'
        '[[rows]]\nlow = 2\nhigh = 6\ntext = "1d4+1 goblins"\n\n'
        '[[rows]]\nlow = 7\nhigh = 12\ntext = "A trap"\n',
        encoding="utf-8",
    )
    dialog.name_edit.clear()
    dialog.load_file(toml_file)
    table = dialog.table()
    assert table is not None and (table.name, table.dice) == ("Goblin warren", "2d6")


def test_importing_through_the_editor_is_undoable(qtbot, editor, rig) -> None:
    dialog = editor.open_import()
    dialog.set_text("1-2 A tired patrol\n3-6 Nothing", name="Sunken chapel encounters")
    dialog.import_button.click()
    assert rig.tables.store.exists("Sunken chapel encounters")
    assert editor.current_table().name == "Sunken chapel encounters"
    rig.undo_stack.undo()
    assert not rig.tables.store.exists("Sunken chapel encounters")


def test_editor_checks_as_you_type_and_names_the_rows(editor, rig) -> None:
    editor.new_button.click()
    assert editor.current_table().name == "New table 1"
    assert editor.problems() == []
    editor.set_cell(1, 0, "3")  # rows 1 (1–3) and 2 (3–6) now overlap on 3
    assert editor.problems() == ["rows 1 and 2 both cover 3"]
    assert not editor.save_button.isEnabled()
    editor.set_cell(1, 0, "5")
    assert editor.problems() == ["no row covers 4 (between rows 1 and 2)"]
    editor.set_cell(1, 0, "x")
    assert editor.problems() == ["row 2: low 'x' is not a whole number"]
    editor.set_cell(1, 0, "4")
    editor.set_cell(1, 2, "2d4 rats")
    editor.name_edit.setText("Cellar")
    assert editor.problems() == []
    assert editor.save_button.isEnabled()
    assert editor.save()
    saved = rig.tables.get("Cellar")
    assert saved.rows == (TableRow(1, 3, "Something stirs in the dark"), TableRow(4, 6, "2d4 rats"))
    assert not rig.tables.store.exists("New table 1")


def test_rolling_with_a_forced_total_rolls_the_dice_in_the_text(editor, rig) -> None:
    editor.new_button.click()
    editor.set_cell(1, 2, "1d4+10 rats")
    editor.save()
    editor.force_check.setChecked(True)
    editor.force_spin.setValue(5)
    result = editor.roll()
    assert result is not None and result.index == 5 and result.row_number == 2
    assert 11 <= int(result.text.split()[0]) <= 14
    assert editor.roll_result.text().startswith("5 → 4–6: ")
    assert "(1d4+10 → " in editor.roll_result.text()
    entries = rig.service.store.session_log.entries(kinds=["table_roll"])
    assert len(entries) == 1 and "(total given)" in entries[0].text


def test_check_grid_ignores_trailing_blank_rows_but_not_blank_rows_inside() -> None:
    base = RollableTable("T", "1d4", ())
    table, problems = check_grid(
        base, "T", "1d4", [["1", "2", "a", ""], ["3", "4", "b", ""], ["", "", "", ""]]
    )
    assert problems == [] and table is not None and len(table.rows) == 2
    _table, problems = check_grid(
        base, "T", "1d4", [["1", "2", "a", ""], ["", "", "", ""], ["3", "4", "b", ""]]
    )
    assert [p.message for p in problems] == ["row 2 is blank: fill it in or remove it"]


# big tables: the previews cost what is on screen, not what is in the table ------------------


def big_table_text(count: int, *, extra: str = "") -> str:
    return "\n".join(
        f"{number} A long corridor, room {number}{extra}" for number in range(1, count + 1)
    )


class ModelSignals:
    def __init__(self, model: QAbstractItemModel) -> None:
        self.resets = 0
        self.changed = 0
        model.modelReset.connect(self._reset)
        model.dataChanged.connect(self._changed)

    def _reset(self) -> None:
        self.resets += 1

    def _changed(self, *_args: object) -> None:
        self.changed += 1


def sized_to_contents(view: QAbstractItemView) -> list[int]:
    header = view.horizontalHeader()
    return [
        column
        for column in range(header.count())
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.ResizeToContents
    ]


def test_the_import_preview_of_a_big_table_is_replaced_not_refilled(qtbot) -> None:
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.set_text(big_table_text(1000), name="Endless halls")
    model = dialog.preview.model()
    assert model.rowCount() == 1000
    assert sized_to_contents(dialog.preview) == []  # no column measures all 1,000 rows
    signals = ModelSignals(dialog.preview.model())
    dialog.set_text(big_table_text(1000, extra=", damp"))  # the preview is already showing
    assert (signals.resets, signals.changed) == (1, 0)  # one replacement, no cell by cell
    assert model.index(999, 1).data() == "A long corridor, room 1000, damp"
    assert model.index(0, 0).data() == "1"


def test_the_editor_shows_a_big_table_without_measuring_every_row(qtbot, editor, rig) -> None:
    rows = tuple(TableRow(number, number, f"Room {number}") for number in range(1, 1001))
    rig.tables.add(RollableTable("Endless halls", "1d1000", rows))
    signals = ModelSignals(editor.grid.model())
    editor.reload(select="Endless halls")
    assert len(editor.cells()) == 1000 and editor.problems() == []
    assert sized_to_contents(editor.grid) == []
    assert signals.changed <= 1  # at most one repaint of the tints, not a write per cell
    editor.set_cell(1, 2, "")  # row 2 loses its text: a problem, tinted
    assert editor.problems() == ["row 2 has no text"]
    tint = editor.grid.model().index(1, 0).data(Qt.ItemDataRole.BackgroundRole)
    assert tint is not None
    assert editor.grid.model().index(2, 0).data(Qt.ItemDataRole.BackgroundRole) is None


def test_the_table_list_is_put_in_at_once_and_the_table_shown_read_once(
    qtbot, editor, rig, monkeypatch
) -> None:
    """Issue 30: the list of tables was filled one table at a time (3,000 insertions at start-up
    on the 10x database, each laid out by the list) and the table chosen was read and shown
    twice, once as the list's current row changed and once more after it."""
    two_rows = (TableRow(1, 1, "Rain"), TableRow(2, 2, "Fog"))
    for number in range(200):
        rig.tables.add(RollableTable(f"Weather {number:03}", "1d2", two_rows))
    summaries = rig.tables.summaries()
    inserted: list[int] = []
    editor.table_list.model().rowsInserted.connect(
        lambda _parent, first, last: inserted.append(last - first + 1)
    )
    reads: list[str] = []
    real_get = rig.tables.get

    def counted_get(name: str) -> RollableTable:
        reads.append(name)
        return real_get(name)

    monkeypatch.setattr(rig.tables, "get", counted_get)
    editor.reload(select="Weather 150")

    assert inserted == [len(summaries)]
    assert reads == ["Weather 150"]
    assert editor.current_table() is not None
    assert editor.current_table().name == "Weather 150"
    row = [summary.name for summary in summaries].index("Weather 150")
    assert editor.table_list.currentRow() == row
    names = [editor.table_list.item(i).text() for i in range(editor.table_list.count())]
    assert names == [summary.name for summary in summaries]
    tips = [editor.table_list.item(i).toolTip() for i in range(editor.table_list.count())]
    assert tips == [
        f"{summary.dice} · {summary.rows} rows · {SOURCE_WORDS[summary.source]}"
        for summary in summaries
    ]
