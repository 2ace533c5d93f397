"""Issue 29 §2: the database file deleted (or replaced) while the window has it open.

Before, every edit still said "saved", no bar appeared and nothing reached any file. Now the
window notices (on the failed write at once, on its timer otherwise), says so in a bar of its
own, keeps the refused edit in the save-problem bar, and saves what is open — with that edit —
to a new file it goes on with.
"""

from __future__ import annotations

import os
from pathlib import Path

from refkit.gui.main import RefkitApp
from refkit.gui.shell import file_gone_bar
from refkit.store.sqlite.file_watch import DELETED, REPLACED
from tests.gui.test_save_problems import WREN, panels, stored_notes, type_notes

TYPED = "Buried the ledger under the third oak"


def test_an_edit_after_the_file_was_deleted_is_not_said_saved_and_is_rescued(
    qtbot, start_app, db_file: Path, tmp_path: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    panels(app).session.open(WREN)
    os.unlink(db_file)
    type_notes(app, TYPED)
    panels(app).sheet.notes.commit()
    bar = app.window.save_problems
    assert bar.isVisible()
    assert bar.label.text() == f"{WREN}'s notes were not saved: {DELETED}"
    watch = app.file_watch
    assert watch is not None and watch.bar.isVisible()  # said at once, not at the next tick
    assert DELETED.casefold() in watch.bar.label.text().casefold()
    assert not db_file.exists()  # no fresh database made at the path
    assert panels(app).sheet.notes.toPlainText() == TYPED

    rescued = tmp_path / "rescued.sqlite3"
    assert watch.save_to(rescued)
    assert not watch.bar.isVisible() and not bar.isVisible()
    assert stored_notes(rescued) == TYPED  # the waiting edit went into the new file
    type_notes(app, TYPED + ", again")
    panels(app).sheet.notes.commit()
    assert stored_notes(rescued) == TYPED + ", again"  # and later edits go there too


def test_a_replaced_file_is_noticed_on_the_timer_without_any_edit(
    qtbot, start_app, db_file: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(file_gone_bar, "CHECK_MS", 50)
    app: RefkitApp = start_app(db_file)
    watch = app.file_watch
    assert watch is not None and not watch.bar.isVisible()
    other = tmp_path / "other.sqlite3"
    other.write_bytes(db_file.read_bytes())
    os.replace(other, db_file)
    qtbot.waitUntil(lambda: watch.bar.isVisible(), timeout=2 * file_gone_bar.CHECK_MS + 4000)
    assert watch.reason == REPLACED
    assert REPLACED.casefold() in app.window._what_closing_loses().casefold()  # quitting asks first


def test_the_suggested_new_file_is_never_one_that_exists(tmp_path: Path) -> None:
    from datetime import datetime

    lost = tmp_path / "table.sqlite3"
    suggested = file_gone_bar.rescue_name(lost, datetime(2031, 5, 6, 7, 8, 9))
    assert suggested == tmp_path / "table.rescued-20310506-070809.sqlite3"
