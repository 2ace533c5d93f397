"""Two windows on one database editing the same crow (issue 22): no edit is lost.

Each window is its own client, with its own connection to the file, as a second laptop or a
second Refkit would be. A step worked out from the stored crow (damage, a condition) lands on the
crow as it is; typing made over notes that changed meanwhile is refused, the window shows the
notes as stored and keeps the typing to put back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def open_window(
    qtbot, settings: QSettings, db_file: Path
) -> Iterator[Callable[[], CharacterPanels]]:
    opened: list[tuple[CharacterPanels, CharacterService]] = []

    def open_one() -> CharacterPanels:
        service = open_character_service(str(db_file))
        window = MainWindow(settings)
        qtbot.addWidget(window)
        panels = install_character_panels(
            window, ActionRegistry(window), RefkitUndoStack(window), service
        )
        window.resize(1366, 768)
        window.show()
        qtbot.waitExposed(window)
        panels.session.open(WREN)
        opened.append((panels, service))
        return panels

    yield open_one
    for panels, service in opened:
        panels.session.shutdown()
        service.close()


def _editor(panels: CharacterPanels, qtbot) -> CrowEditor:  # type: ignore[no-untyped-def]
    editor = panels.open_editor()
    assert isinstance(editor, CrowEditor)
    qtbot.waitExposed(editor)
    return editor


def test_notes_typed_over_notes_changed_in_the_other_window_are_kept_and_told(
    open_window: Callable[[], CharacterPanels],
) -> None:
    first, second = open_window(), open_window()
    notes = second.sheet.notes
    notes.setPlainText("Second window's careful notes")  # typed, waiting for its save delay

    first.session.edit_notes("First window's notes")  # saved at once in the other window

    notes.commit()  # the second window's save comes due
    stored = second.session.service.get(WREN)
    assert stored.notes == "First window's notes"  # not written over
    bar = second.sheet.notes_conflict
    assert bar.isVisible()
    assert bar.kept.toPlainText() == "Second window's careful notes"
    assert WREN in bar.message.text()
    assert notes.toPlainText() == "First window's notes"  # the fresh state is shown

    bar.put_back_button.click()  # the user has seen theirs and wants their own text
    assert not bar.isVisible()
    assert notes.toPlainText() == "Second window's careful notes"
    notes.commit()
    assert second.session.service.get(WREN).notes == "Second window's careful notes"
    assert not bar.isVisible()


def test_notes_changed_elsewhere_with_no_typing_here_just_show(
    open_window: Callable[[], CharacterPanels],
) -> None:
    first, second = open_window(), open_window()
    first.session.edit_notes("From the first window")
    second.session.reload()
    assert second.sheet.notes.toPlainText() == "From the first window"
    second.sheet.notes.setPlainText("From the first window, and more")
    second.sheet.notes.commit()
    assert second.session.service.get(WREN).notes == "From the first window, and more"
    assert not second.sheet.notes_conflict.isVisible()


def test_a_step_on_a_crow_read_before_the_other_window_saved_lands_on_the_fresh_crow(
    open_window: Callable[[], CharacterPanels],
) -> None:
    first, second = open_window(), open_window()
    first.session.toggle_condition("blessed", True)
    second.session.toggle_condition("weakened", True)  # its crow on screen is the older one
    stored = second.session.service.get(WREN)
    assert "blessed" in stored.conditions and "weakened" in stored.conditions


def test_the_editor_keeps_what_the_other_window_saved_in_fields_it_did_not_touch(
    qtbot, open_window: Callable[[], CharacterPanels]
) -> None:
    first, second = open_window(), open_window()
    editor = _editor(second, qtbot)
    editor.player.setText("Ola")
    first.session.toggle_condition("blessed", True)
    first.session.damage(2)
    editor.save_button.click()
    assert not editor.isVisible()
    stored = second.session.service.get(WREN)
    assert stored.player == "Ola"
    assert "blessed" in stored.conditions
    assert stored.stamina == first.session.service.get(WREN).stamina


def test_the_editor_refuses_a_field_the_other_window_changed_too_and_keeps_the_typing(
    qtbot, open_window: Callable[[], CharacterPanels]
) -> None:
    first, second = open_window(), open_window()
    editor = _editor(second, qtbot)
    editor.notes.setPlainText("Editor's notes")
    first.session.edit_notes("Sheet's notes in the first window")
    editor.save_button.click()
    assert editor.isVisible()
    assert "notes" in editor.message.text() and WREN in editor.message.text()
    assert editor.notes.toPlainText() == "Editor's notes"
    assert second.session.service.get(WREN).notes == "Sheet's notes in the first window"
    assert second.session.character() == second.session.service.get(WREN)  # fresh on the sheet

    editor.save_button.click()  # told, the user puts theirs over it
    assert not editor.isVisible()
    assert second.session.service.get(WREN).notes == "Editor's notes"
