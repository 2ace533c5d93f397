"""The sheet's direct editor: every field of a crow at once, one Save, one undo step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.crow_editor import CrowEditor
from refkit.gui.characters.install import CharacterPanels, install_character_panels
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.undo_adapter import RefkitUndoStack

WREN = "Wren Ashdown"
HESPER = "Hesper Quill"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def panels(qtbot, settings: QSettings, service: CharacterService) -> Iterator[CharacterPanels]:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    installed = install_character_panels(
        window, ActionRegistry(window), RefkitUndoStack(window), service
    )
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    installed.session.open(WREN)
    yield installed
    installed.session.shutdown()


def open_editor(panels: CharacterPanels, qtbot) -> CrowEditor:
    editor = panels.open_editor()
    assert isinstance(editor, CrowEditor)
    qtbot.waitExposed(editor)
    return editor


def test_every_field_is_reachable_at_once(qtbot, panels: CharacterPanels) -> None:
    editor = open_editor(panels, qtbot)
    fields = [
        editor.name,
        editor.player,
        *editor.spins.values(),
        editor.stamina_max,
        editor.stamina_now,
        editor.expertise.table,
        editor.expertise.add_button,
        editor.notes,
        editor.save_button,
    ]
    assert all(field.isVisible() for field in fields)
    assert editor.name.text() == WREN
    assert editor.height() <= 768 - 60  # fits a 1366×768 screen with its title bar
    editor.close()


def test_a_rename_is_one_field_one_save_and_one_undo(
    qtbot, panels: CharacterPanels, service: CharacterService
) -> None:
    before = service.get(WREN)
    editor = open_editor(panels, qtbot)
    editor.name.setText("Wren Ash")
    editor.notes.setPlainText("Left the ferry.")
    editor.save_button.click()
    assert not editor.isVisible()
    assert not service.exists(WREN)
    renamed = service.get("Wren Ash")
    assert renamed.notes == "Left the ferry."
    assert renamed.items == before.items and renamed.wounds == before.wounds
    assert panels.session.name() == "Wren Ash"
    panels.session.undo_stack.undo()
    assert service.get(WREN).notes == before.notes
    assert not service.exists("Wren Ash")


def test_illegal_characteristics_keep_save_disabled_with_the_reason(
    qtbot, panels: CharacterPanels
) -> None:
    editor = open_editor(panels, qtbot)
    assert not editor.advanced.isChecked()
    for spin in editor.spins.values():
        spin.setValue(0)
    assert not editor.save_button.isEnabled()
    assert "A background sets one characteristic to 2" in editor.message.text()
    assert "Advanced" in editor.message.text()
    editor.advanced.setChecked(True)
    assert editor.save_button.isEnabled()
    editor.close()


def test_a_taken_name_or_an_empty_one_is_refused(qtbot, panels: CharacterPanels) -> None:
    editor = open_editor(panels, qtbot)
    editor.name.setText(HESPER.upper())
    assert not editor.save_button.isEnabled()
    assert "There is already a crow called" in editor.message.text()
    editor.name.setText("  ")
    assert not editor.save_button.isEnabled()
    assert "Give the crow a name" in editor.message.text()
    editor.name.setText(WREN.lower())  # its own name in other letters is not "taken"
    assert editor.save_button.isEnabled()
    editor.close()


def test_a_refused_save_is_said_in_the_dialog_and_keeps_the_typing(
    qtbot, panels: CharacterPanels, service: CharacterService, monkeypatch
) -> None:
    editor = open_editor(panels, qtbot)
    editor.notes.setPlainText("Typed with care.")

    def refuse(*_args: object, **_keywords: object) -> None:
        raise ValueError("the disk is full")

    monkeypatch.setattr(panels.session, "replace_character", refuse)
    editor.save_button.click()
    assert editor.isVisible()
    assert "Not saved: the disk is full" in editor.message.text()
    assert editor.notes.toPlainText() == "Typed with care."
    assert service.get(WREN).notes != "Typed with care."
    editor.close()
