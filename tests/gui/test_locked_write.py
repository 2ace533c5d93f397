"""An edit that meets another program's write lock is said at once and saved by itself later.

Issue 8: the window must never freeze on a locked database. A write from the window waits only
briefly for the lock (the heartbeat bench measures the stall: ``tests/bench/bench_heartbeat.py``)
and goes to the save-problem bar; a lock is a passing thing, so the bar tries the edit again by
itself, a few times and less and less often, and the edit is saved without the user pressing
Retry once the other program lets go.
"""

from __future__ import annotations

from pathlib import Path

from refkit.gui.main import RefkitApp
from tests.gui.locks import Lock
from tests.gui.test_save_problems import WREN, panels, stored_notes, type_notes

TYPED = "Paid the ferryman at last"


def test_an_edit_that_met_a_lock_is_saved_by_itself_once_the_lock_is_gone(
    qtbot, start_app, db_file: Path, lock: Lock
) -> None:
    app: RefkitApp = start_app(db_file)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    lock.take()
    panels(app).sheet.notes.commit()  # what leaving the editor (or its timer) does
    bar = app.window.save_problems
    assert bar.isVisible(), "the edit that met the lock is said in the window"
    lock.release()
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=5000)  # no Retry pressed
    assert stored_notes(db_file) == TYPED
    assert app.undo_stack.count() == 1  # saved as one undo step


def test_while_the_lock_stays_the_edit_stays_in_the_bar(
    qtbot, start_app, db_file: Path, lock: Lock
) -> None:
    app: RefkitApp = start_app(db_file)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    lock.take()
    panels(app).sheet.notes.commit()  # what leaving the editor (or its timer) does
    bar = app.window.save_problems
    qtbot.wait(1600)  # at least two tries by itself, both meeting the lock
    assert bar.isVisible() and len(bar.problems()) == 1
    assert bar.label.text().endswith("the database is locked by another program")
    lock.release()
    assert bar.retry()  # Retry still works at any time
    assert stored_notes(db_file) == TYPED
