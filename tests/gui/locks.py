"""Another program holding the database's write lock, for the tests of saving past it."""

from __future__ import annotations

import sqlite3
from pathlib import Path


class Lock:
    """Another program holding the database's write lock (``BEGIN EXCLUSIVE`` in sqlite3)."""

    def __init__(self, path: Path) -> None:
        self._connection = sqlite3.connect(path, isolation_level=None)

    def take(self) -> None:
        self._connection.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        if self._connection.in_transaction:
            self._connection.rollback()

    def close(self) -> None:
        self.release()
        self._connection.close()
