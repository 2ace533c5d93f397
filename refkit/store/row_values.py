"""Forms of stored values that both ways of writing a row share, with no import at all.

The roll's lean path (:mod:`refkit.store.sqlite.roll_append`) writes a roll with nothing but
``sqlite3``; it takes these from here, and the modules that used to declare them
(:mod:`refkit.store.crow_summaries`, :mod:`refkit.store.row_forms`) re-export them, so each is
still said once.
"""

from __future__ import annotations

STORED_TIME_FORMAT = "%Y-%m-%d %H:%M:%S.%f"
"""How SQLAlchemy's SQLite DateTime stores a (naive UTC) time; UTCDateTime stores that."""
ROLL_SOURCES = frozenset({"app", "cli"})
"""Who may log a roll: the window or the command line (every path checks it)."""
