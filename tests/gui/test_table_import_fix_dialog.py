"""The table import dialog: an overlap's suggested fix applied with one click, and a backlash
table's missing duration kinds asked for row by row before Import is enabled."""

from __future__ import annotations

from PySide6.QtCore import Qt

from refkit.gui.tables.import_dialog import TableImportDialog


def test_one_click_applies_the_suggested_fix_and_the_table_imports(qtbot) -> None:
    imported = []
    dialog = TableImportDialog(imported.append)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.set_text("1-2 bats\n2-4 rats\n5-6 mice", name="Cellar")
    assert dialog.problems() == [
        "rows 1 and 2 (lines 1 and 2) both cover 2: make row 2 start at 3?"
    ]
    assert dialog.fix_button.isVisible() and not dialog.import_button.isEnabled()
    qtbot.mouseClick(dialog.fix_button, Qt.MouseButton.LeftButton)
    assert dialog.problems() == []
    assert dialog.fixes_label.isVisible() and "make row 2 start at 3" in dialog.fixes_label.text()
    assert not dialog.fix_button.isVisible()
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    (table,) = imported
    assert [row.label for row in table.rows] == ["1–2", "3–4", "5–6"]


def test_editing_the_text_forgets_the_fixes(qtbot) -> None:
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    dialog.set_text("1-2 bats\n2-4 rats\n5-6 mice", name="Cellar")
    dialog.apply_suggestion()
    assert dialog.fixes() and dialog.problems() == []
    dialog.text_edit.setPlainText("1-2 bats\n2-4 rats\n5-6 mice\n")
    dialog.reparse()
    assert dialog.fixes() == [] and len(dialog.problems()) == 1


def test_a_backlash_table_asks_for_the_durations_its_text_does_not_give(qtbot) -> None:
    imported = []
    dialog = TableImportDialog(imported.append)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.set_text("1-2 Sparks for 2 UD\n3-4 A loud bang\n5-6 Smoke", name="My backlashes")
    assert dialog.asked_row() == 2 and dialog.duration_box.isVisible()
    assert "A loud bang" in dialog.duration_label.text()
    assert not dialog.import_button.isEnabled()
    dialog.duration_combo.setCurrentText("instant")
    qtbot.mouseClick(dialog.duration_button, Qt.MouseButton.LeftButton)
    assert dialog.asked_row() == 3
    dialog.set_asked_duration("end of DT")
    assert dialog.asked_row() is None and dialog.problems() == []
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    (table,) = imported
    assert [row.duration for row in table.rows] == ["2 UD", "instant", "end of DT"]


def test_a_plain_table_is_not_asked_for_durations(qtbot) -> None:
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    dialog.set_text("1-2 Rats\n3-4 Bats", name="Crypt encounters")
    assert dialog.asked_row() is None and dialog.table() is not None
