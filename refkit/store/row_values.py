"""Forms of stored values that both ways of reading and writing a row share, importing only
``unicodedata``.

The lean paths (:mod:`refkit.store.sqlite.roll_append` writes a roll,
:mod:`refkit.store.sqlite.table_read` reads the chosen table, with nothing but ``sqlite3``) take
these from here, and the modules that used to declare them (:mod:`refkit.store.crow_summaries`,
:mod:`refkit.store.row_forms`, :mod:`refkit.store.versioned_state`) re-export them, so each is
still said once.
"""

from __future__ import annotations

import unicodedata

STORED_TIME_FORMAT = "%Y-%m-%d %H:%M:%S.%f"
"""How SQLAlchemy's SQLite DateTime stores a (naive UTC) time; UTCDateTime stores that."""
ROLL_SOURCES = frozenset({"app", "cli"})
"""Who may log a roll: the window or the command line (every path checks it)."""
TABLES_SEEDED_KEY = "rollable_tables_seeded"
"""The ``app_meta`` flag set once the default tables were put in: until then, listing the tables
seeds them first."""
ACTIVE_TABLES_STATE = "active_tables"
"""The ``app_state`` key of the tables chosen for a use (``backlash``, ``miasma``)."""
SCHEMA_HEADS = frozenset({"0014"})
"""The newest migration's revision, which a file must be at for the quick paths to read or write
it (any other: they hand over to the full open, which migrates or refuses). Said here rather than
read from the migration files on every command (a folder listing, thirteen files and three
regular expressions: about 2 ms of a 45 ms ``refkit roll``); a test pins it to Alembic's head, so
a new migration must name itself here."""


def table_key(name: str) -> str:
    """The form of a table or dungeon name that must be unique: NFC, single spaces, case-folded."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()
