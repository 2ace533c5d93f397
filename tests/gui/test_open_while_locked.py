"""Opening the database waits out another program's lock in the worker, not in the window.

Issue 8: the window's connections wait only 50 ms for a lock, so that no write freezes the window.
Opening the file runs in the worker thread, where waiting harms nothing: a first start that
meets a lock held for a moment (a script writing to the same file) must still open the file
instead of offering the "cannot open the database" dialog.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from refkit.gui.app_opening import GUI_BUSY_TIMEOUT_MS
from refkit.gui.app_opening import open_store as _open_store

HELD_S = 0.6
"""Longer than the window's own wait for a lock, shorter than the worker's."""


def test_a_lock_held_for_a_moment_does_not_keep_the_database_from_opening(
    tmp_path: Path,
) -> None:
    path = tmp_path / "refkit.db"
    sqlite3.connect(path).close()  # an empty file: opening it must write the schema
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    assert HELD_S * 1000 > GUI_BUSY_TIMEOUT_MS
    release = threading.Timer(HELD_S, holder.rollback)
    release.start()
    try:
        database, _rolls, services = _open_store(str(path))
    finally:
        release.join()
        holder.close()
    try:
        assert services.characters.names(), "the sample party is stored once the lock is gone"
    finally:
        database.close()
