"""Issue 29 §10 in the window: a database that turned read-only while open is said as such in
the save-problem bar, the typing is kept, and Retry saves it once the file is writable again.
(Root may write anything, so SQLite's refusal comes from ``query_only``, as in the store tests;
tests/faults covers an immutable file on the command line.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from refkit.gui.main import RefkitApp
from tests.gui.test_save_problems import WREN, panels, stored_notes, type_notes

TYPED = "Sold the mule to the miller's widow"


def test_a_read_only_database_is_said_so_and_the_typing_waits(start_app, db_file: Path) -> None:
    app: RefkitApp = start_app(db_file)
    assert app.database is not None
    read_only = {"on": True}

    def query_only(connection: sqlite3.Connection) -> None:
        if read_only["on"]:
            connection.execute("PRAGMA query_only=ON")

    app.database.add_connection_hook(query_only)
    panels(app).session.open(WREN)
    type_notes(app, TYPED)
    panels(app).sheet.notes.commit()
    bar = app.window.save_problems
    assert bar.label.text() == f"{WREN}'s notes were not saved: the file is read-only"
    assert panels(app).sheet.notes.toPlainText() == TYPED
    read_only["on"] = False
    app.database.engine.dispose()  # the next connection is writable
    assert bar.retry()
    assert stored_notes(db_file) == TYPED
