"""The Tables panel's "Use as the backlash table" / "Use as the Miasma table": the choice is one
undo step and shown in the panel; a table with other dice is refused with the reason there; deleting
the table in use says Refkit's default is used again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from refkit.gui.tables.editor import TableEditor
from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE, default_table
from refkit.rules.tables.model import TableSource
from refkit.slot_record import replace
from tests.gui.dungeon_helpers import DungeonRig

OWN = "Official Miasma"


@pytest.fixture
def editor(qtbot, rig: DungeonRig) -> TableEditor:
    shipped = default_table(MIASMA_TABLE)
    rig.tables.add(replace(shipped, name=OWN, source=TableSource.IMPORTED))
    editor = TableEditor(rig.tables, rig.undo_stack)
    qtbot.addWidget(editor)
    editor.show()
    return editor


def test_the_panel_says_which_tables_are_in_use(editor: TableEditor) -> None:
    shown = editor.in_use_label.text()
    assert f"Backlash table: {BACKLASH_TABLE} (Refkit's default)" in shown
    assert f"Miasma table: {MIASMA_TABLE} (Refkit's default)" in shown
    assert editor.in_use_label.textFormat() == Qt.TextFormat.PlainText


def test_use_as_the_miasma_table_is_one_undo_step(qtbot, editor: TableEditor, rig) -> None:
    editor.select_table(OWN)
    before = rig.undo_stack.count()
    with qtbot.waitSignal(editor.status_message) as said:
        qtbot.mouseClick(editor.use_miasma_button, Qt.MouseButton.LeftButton)
    assert said.args == [f"{OWN} is now the Miasma table"]
    assert rig.tables.active("miasma").name == OWN
    assert rig.undo_stack.count() == before + 1
    assert f"Miasma table: {OWN}" in editor.in_use_label.text()
    rig.undo_stack.undo()
    assert rig.tables.active("miasma").chosen is False
    assert f"Miasma table: {MIASMA_TABLE} (Refkit's default)" in editor.in_use_label.text()


def test_a_table_with_other_dice_is_refused_with_the_reason_in_the_panel(
    editor: TableEditor, rig
) -> None:
    editor.select_table(OWN)
    before = rig.undo_stack.count()
    assert editor.use_as("backlash") is False
    (problem,) = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert "rolls 1d10" in problem and "d100" in problem
    assert rig.tables.active("backlash").chosen is False
    assert rig.undo_stack.count() == before


def test_deleting_the_table_in_use_says_the_default_is_back(qtbot, editor: TableEditor, rig):
    editor.select_table(OWN)
    assert editor.use_as("miasma")
    with qtbot.waitSignal(editor.status_message) as said:
        editor.delete(OWN)
    assert f"Refkit's default ({MIASMA_TABLE}) is used again" in said.args[0]
    assert f"Miasma table: {MIASMA_TABLE} (Refkit's default)" in editor.in_use_label.text()
