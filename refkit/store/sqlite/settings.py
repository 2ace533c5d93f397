"""The settings every Refkit connection to an SQLite file gets, in plain Python (no SQLAlchemy):
the engine (:mod:`.engine`) and the quick path (:mod:`.quick`) both read them here, so the two
can never open a file differently."""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's: the roll's lean path leaves typing unimported
if TYPE_CHECKING:
    from typing import Final

BUSY_TIMEOUT_MS: Final = 5000
"""How long a write waits for another program's lock by default (the CLI's choice)."""

CONNECTION_PRAGMAS: Final = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA synchronous=NORMAL",
)
"""Run on every new connection, after ``PRAGMA busy_timeout`` (so switching to WAL waits)."""
