"""The export dialogs (roll log CSV/Markdown, session log Markdown) open in the user's documents
folder, not wherever Refkit was started, and then in the last folder an export went to."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from refkit.gui.dice.roll_log_model import RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from refkit.gui.dungeon.session_log_panel import SessionLogPanel
from tests.gui.test_roll_log_model import local_today


@pytest.fixture
def documents(tmp_path: Path, monkeypatch) -> Path:
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(home / "Documents"))
    started_in = tmp_path / "started_here"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    return home / "Documents"


def roll_log_panel(qtbot) -> RollLogPanel:
    panel = RollLogPanel(RollLogModel(today=local_today))
    qtbot.addWidget(panel)
    panel.set_loading(False)
    return panel


def session_log_panel(qtbot) -> SessionLogPanel:
    panel = SessionLogPanel()
    qtbot.addWidget(panel)
    return panel


def folder_of(dialog: QFileDialog) -> Path:
    return Path(dialog.directory().absolutePath()).resolve()


def test_every_export_starts_in_the_documents_folder(qtbot, documents: Path) -> None:
    rolls = roll_log_panel(qtbot)
    for file_format in ("csv", "md"):
        dialog = rolls.ask_export(file_format)
        assert dialog is not None
        assert folder_of(dialog) == documents.resolve()
        dialog.reject()
    session = session_log_panel(qtbot)
    dialog = session.ask_export()
    assert folder_of(dialog) == documents.resolve()
    dialog.reject()


def test_the_next_export_starts_where_the_last_one_went(qtbot, documents: Path, tmp_path) -> None:
    table_notes = tmp_path / "table notes"
    table_notes.mkdir()
    session = session_log_panel(qtbot)
    with qtbot.waitSignal(session.exported, timeout=2000):
        session.ask_export().fileSelected.emit(str(table_notes / "tuesday.md"))
    assert (table_notes / "tuesday.md").exists()
    # Another panel, later (the folder is remembered in the settings, not in the panel).
    rolls = roll_log_panel(qtbot)
    dialog = rolls.ask_export("csv")
    assert dialog is not None
    assert folder_of(dialog) == table_notes.resolve()
    dialog.reject()
    # A remembered folder that is gone: back to the documents folder.
    (table_notes / "tuesday.md").unlink()
    table_notes.rmdir()
    dialog = session_log_panel(qtbot).ask_export()
    assert folder_of(dialog) == documents.resolve()
    dialog.reject()


def test_a_roll_log_export_is_remembered_too(qtbot, documents: Path, tmp_path, event_loop_in_qt):
    campaign = tmp_path / "campaign"
    campaign.mkdir()
    rolls = roll_log_panel(qtbot)
    dialog = rolls.ask_export("md")
    assert dialog is not None
    with qtbot.waitSignal(rolls.exported, timeout=10_000):
        dialog.fileSelected.emit(str(campaign / "rolls.md"))
    assert folder_of(session_log_panel(qtbot).ask_export()) == campaign.resolve()
