"""The wired app: database opened after paint, rolls logged live and kept across a restart,
clearing undoable, exports written through a non-blocking dialog, keyboard-only rolling."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from refkit.gui.main import RefkitApp
from tests.gui.app_readiness import OPEN_TIMEOUT_MS, roll_log_open


@pytest.fixture
def open_app(start_app) -> Callable[[str], RefkitApp]:
    """Start a Refkit window on a database and wait until its roll log is open."""
    return lambda db_url: start_app(db_url, ready=roll_log_open)


def log_texts(app: RefkitApp) -> list[str]:
    model = app.log_model
    return [model.data(model.index(row, 3)) for row in range(model.rowCount())]


def test_database_opens_after_paint_and_the_status_bar_names_it(open_app, tmp_path) -> None:
    db_file = tmp_path / "table.sqlite3"
    app = open_app(str(db_file))
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert label.text() == f"Database: {db_file}"
    assert db_file.exists()
    assert app.dice_panel.roll_button.isEnabled()
    assert app.dice_panel.odds.text().startswith("Tier 1 55%")


def test_rolls_appear_in_the_log_live_and_survive_a_restart(qtbot, open_app, tmp_path) -> None:
    db_url = str(tmp_path / "table.sqlite3")
    first = open_app(db_url)
    first.dice_panel.roll_test()
    first.dice_panel.roll_d100()
    assert first.log_model.rowCount() == 2
    assert first.log_model.roll_at(0).record.kind == "d100"
    before = log_texts(first)
    first.window.close()
    first.shutdown()

    second = open_app(db_url)
    assert log_texts(second) == before
    assert second.log_panel.count_label.text() == "2 rolls"


def test_keyboard_alone_rolls_a_test_with_edges(qtbot, open_app, tmp_path) -> None:
    app = open_app(str(tmp_path / "keys.sqlite3"))
    app.window.activateWindow()
    qtbot.waitUntil(lambda: app.window.isActiveWindow(), timeout=5000)
    spin = app.dice_panel.characteristic  # a focused spin box must not swallow the keys
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_E)
    qtbot.keyClick(spin, Qt.Key.Key_E)
    qtbot.keyClick(spin, Qt.Key.Key_C)
    assert app.dice_panel.edges.value() == 2
    assert spin.value() == 1
    qtbot.keyClick(spin, Qt.Key.Key_Space)
    assert app.log_model.rowCount() == 1
    assert app.log_model.roll_at(0).record.expression == "2d10+1, 2 edges"
    qtbot.keyClick(spin, Qt.Key.Key_D)
    assert app.log_model.roll_at(0).record.kind == "d100"


def test_clear_asks_first_and_undo_brings_the_rolls_back(qtbot, open_app, tmp_path) -> None:
    app = open_app(str(tmp_path / "clear.sqlite3"))
    for _ in range(3):
        app.dice_panel.roll_test()
    before = log_texts(app)

    box = app.log_panel.ask_clear()
    assert box is not None and box.isVisible()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert app.log_model.rowCount() == 3

    box = app.log_panel.ask_clear()
    box.button(QMessageBox.StandardButton.Yes).click()
    assert app.log_model.rowCount() == 0
    assert app.service is not None and app.service.count() == 0
    undo = app.actions.action("undo")
    assert undo.isEnabled() and undo.text() == "&Undo Clear roll log (3 rolls)"

    undo.trigger()
    assert log_texts(app) == before
    assert app.service.count() == 3
    app.actions.action("redo").trigger()
    assert app.log_model.rowCount() == 0


def test_export_csv_through_the_save_dialog(qtbot, open_app, tmp_path) -> None:
    app = open_app(str(tmp_path / "export.sqlite3"))
    app.dice_panel.roll_test()
    app.dice_panel.roll_d100()
    app.log_panel.kind_combo.setCurrentIndex(app.log_panel.kind_combo.findData("test"))

    dialog = app.log_panel.ask_export("csv")
    assert isinstance(dialog, QFileDialog) and dialog.isVisible()  # opened, not exec()ed
    target = tmp_path / "rolls.csv"
    with qtbot.waitSignal(app.log_panel.exported, timeout=10_000) as written:
        dialog.fileSelected.emit(str(target))
    assert written.args == [str(target)]
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert [row["kind"] for row in rows] == ["test"]  # only what the filter shows
    dialog.close()


def test_export_markdown_keeps_time_order(qtbot, open_app, tmp_path) -> None:
    app = open_app(str(tmp_path / "md.sqlite3"))
    app.dice_panel.roll_d100()
    app.dice_panel.usage_dice_count.setValue(2)
    app.dice_panel.roll_usage_dice()
    target = tmp_path / "rolls.md"
    with qtbot.waitSignal(app.log_panel.exported, timeout=10_000):
        app.log_panel.export_to(target, "md")
    lines = target.read_text(encoding="utf-8").splitlines()
    table = [line for line in lines if line.startswith("| 20") or line.startswith("| ")]
    kinds = [line.split(" | ")[1] for line in table[2:]]
    assert kinds == ["d100", "usage\\_dice"]


def test_an_unusable_database_is_refused_in_a_dialog_not_replaced_by_memory(
    qtbot, settings: QSettings, tmp_path
) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not an SQLite file at all" * 100)
    app = RefkitApp(settings, db_url=str(broken))
    qtbot.addWidget(app.window)
    with qtbot.waitSignal(app.window.first_painted, timeout=5000):
        app.window.show()
    app.start()
    qtbot.waitUntil(lambda: app.open_dialog is not None, timeout=OPEN_TIMEOUT_MS)
    assert app.database_error is not None and str(broken) in app.database_error
    assert app.open_dialog.isVisible()
    assert app.service is None and app.database is None  # no roll log "saved" in memory
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert label.text() == "Database: not open"
    assert broken.read_bytes().startswith(b"this is not an SQLite file")
    app.window.close()
    app.shutdown()


def test_exports_written_to_a_missing_folder_report_the_error(qtbot, open_app, tmp_path) -> None:
    app = open_app(str(tmp_path / "err.sqlite3"))
    app.dice_panel.roll_d100()
    target: Path = tmp_path / "no" / "such" / "folder" / "rolls.csv"
    with qtbot.waitSignal(app.log_panel.status_message, timeout=10_000) as message:
        app.log_panel.export_to(target, "csv")
    assert message.args[0].startswith(f"Could not export the roll log to {target}")
    assert not target.exists()
