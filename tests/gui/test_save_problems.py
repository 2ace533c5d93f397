"""A write that fails is said in the window at once, the edit is kept, and Retry saves it.

Issue 7 §2: with the database locked by another program (or the disk full), typing a crow's
notes froze the window for 5 s, the error went to stderr only, and after a restart the notes
were gone; and F5 (End DT) within 1.5 s of typing on a blessed crow threw the typing away.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from refkit.gui.characters.install import CharacterPanels
from refkit.gui.main import RefkitApp
from refkit.rules.dungeon.clock import ClockState
from refkit.store.database import Database
from tests.gui.locks import Lock

WREN = "Wren Ashdown"
TYPED = "Owes the ferryman two silver; the map is in her left boot"
LOCKED = "the database is locked by another program"


@pytest.fixture
def open_app(start_app) -> Callable[[Path], RefkitApp]:
    return start_app


def panels(app: RefkitApp) -> CharacterPanels:
    assert app.character_panels is not None
    return app.character_panels


def type_notes(app: RefkitApp, text: str) -> None:
    notes = panels(app).sheet.notes
    notes.setFocus()
    notes.selectAll()
    notes.insertPlainText(text)


def stored_notes(path: Path, name: str = WREN) -> str:
    from refkit.store.character_store import CharacterRepository

    with Database.open(str(path)) as database:
        return CharacterRepository(database).get(name).notes


def test_a_locked_database_is_said_in_the_window_at_once_and_retry_saves(
    qtbot, open_app, db_file: Path, lock: Lock
) -> None:
    app = open_app(db_file)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    lock.take()
    started = time.monotonic()
    panels(app).sheet.notes.commit()  # what the 1.5 s timer (or leaving the editor) does
    took = time.monotonic() - started
    assert took < 2.0  # generous; the old 5 s busy timeout froze the window
    bar = app.window.save_problems
    assert bar.isVisible()
    assert bar.label.text() == f"{WREN}'s notes were not saved: {LOCKED}"
    assert bar.label.textFormat() == Qt.TextFormat.PlainText
    assert panels(app).sheet.notes.toPlainText() == TYPED  # the editor keeps the typing

    assert not bar.retry()  # still locked: still shown, still kept
    assert bar.isVisible() and panels(app).sheet.notes.toPlainText() == TYPED
    lock.release()
    qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
    assert not bar.isVisible()
    assert stored_notes(db_file) == TYPED


def test_notes_saved_by_retry_are_there_after_a_restart(
    open_app, db_file: Path, lock: Lock
) -> None:
    first = open_app(db_file)
    panels(first).session.open(WREN)
    type_notes(first, TYPED)
    lock.take()
    panels(first).sheet.notes.commit()
    assert first.window.save_problems.has_problems()
    lock.release()
    assert first.window.save_problems.retry()
    first.window.close()
    first.shutdown()
    second = open_app(db_file)
    panels(second).session.open(WREN)
    assert panels(second).sheet.notes.toPlainText() == TYPED


def test_discard_gives_the_typing_up_and_shows_the_stored_notes(
    open_app, db_file: Path, lock: Lock
) -> None:
    app = open_app(db_file)
    panels(app).session.open(WREN)
    before = panels(app).sheet.notes.toPlainText()
    type_notes(app, TYPED)
    lock.take()
    panels(app).sheet.notes.commit()
    lock.release()
    app.window.save_problems.discard()
    assert not app.window.save_problems.isVisible()
    assert panels(app).sheet.notes.toPlainText() == before
    assert stored_notes(db_file) == before


def test_a_failed_condition_toggle_goes_to_the_bar_and_retry_does_it(
    open_app, db_file: Path, lock: Lock
) -> None:
    app = open_app(db_file)
    panels(app).session.open(WREN)
    sheet = panels(app).sheet
    lock.take()
    sheet.condition_buttons["blessed"].click()
    bar = app.window.save_problems
    assert bar.isVisible()
    assert bar.label.text().endswith(f"was not saved: {LOCKED}")
    assert "blessed" in bar.label.text().casefold()
    assert not sheet.condition_buttons["blessed"].isChecked()  # the sheet shows what is stored
    lock.release()
    assert bar.retry()
    assert sheet.condition_buttons["blessed"].isChecked()
    assert app.undo_stack.count() == 1  # the retried edit is one undo step


def test_a_full_disk_is_said_in_the_window(open_app, db_file: Path) -> None:
    # A 200 KB tmpfs cannot be mounted in tests: SQLite's page cap gives the same refusal.
    def cap_at_current_size(connection: sqlite3.Connection) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count={max(int(pages), 1)}")

    app = open_app(db_file)
    assert app.database is not None
    app.database.add_connection_hook(cap_at_current_size)
    panels(app).session.open(WREN)
    huge = "a long evening's notes " * 20_000
    type_notes(app, huge)
    panels(app).sheet.notes.commit()
    bar = app.window.save_problems
    assert bar.isVisible()
    assert bar.label.text() == f"{WREN}'s notes were not saved: the disk is full"
    assert panels(app).sheet.notes.toPlainText() == huge


def test_f5_right_after_typing_on_a_blessed_crow_keeps_the_typing(
    qtbot, open_app, db_file: Path
) -> None:
    app = open_app(db_file)
    session = panels(app).session
    session.open(WREN)
    session.toggle_condition("blessed", True)
    turn = app.dungeon.turn_panel
    turn.dungeon_edit.setText("The Drowned Crypt")
    turn.enter_dungeon()
    view = app.dungeon.session.view()
    assert view is not None and view.clock.state is ClockState.RUNNING
    choose = turn.party_combo
    index = choose.findText("The Sample Party")
    if index >= 0 and choose.currentIndex() != index:
        choose.setCurrentIndex(index)
        choose.activated.emit(index)

    type_notes(app, TYPED)
    assert panels(app).sheet.notes.is_due()  # within the 1.5 s before notes save themselves
    app.actions.action("dt_end").trigger()  # F5

    assert "blessed" not in session.character().conditions  # the DT ended it …
    assert panels(app).sheet.notes.toPlainText() == TYPED  # … and the typing is still there
    assert stored_notes(db_file) == TYPED
    assert session.service.get(WREN).conditions == ()


def test_closing_the_window_saves_typing_not_yet_saved(open_app, db_file: Path) -> None:
    app = open_app(db_file)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    assert panels(app).sheet.notes.is_due()
    app.window.close()
    app.shutdown()
    assert stored_notes(db_file) == TYPED


def test_closing_with_an_unsaved_edit_asks_first(qtbot, open_app, db_file: Path, lock: Lock):
    from PySide6.QtWidgets import QMessageBox, QPushButton

    app = open_app(db_file)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    lock.take()
    panels(app).sheet.notes.commit()
    app.window.close()
    assert app.window.isVisible()
    box = app.window.findChild(QMessageBox, "close_warning_box")
    assert box is not None and box.isVisible()
    assert f"{WREN}'s notes were not saved" in box.text()
    lock.release()
    box.findChild(QPushButton, "close_retry_button").click()
    qtbot.waitUntil(lambda: not app.window.isVisible(), timeout=5000)
    assert stored_notes(db_file) == TYPED


def test_opening_another_crow_saves_the_typing_for_the_first(open_app, db_file: Path) -> None:
    app = open_app(db_file)
    session = panels(app).session
    session.open(WREN)
    type_notes(app, TYPED)
    session.open("Brannoc Tull")
    assert stored_notes(db_file) == TYPED
    assert panels(app).sheet.notes.toPlainText() == session.service.get("Brannoc Tull").notes
    assert stored_notes(db_file, "Brannoc Tull") != TYPED
