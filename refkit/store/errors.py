"""What can go wrong when Refkit opens or migrates its database.

Every message names the file (or URL) and says what to do, because the CLI prints it as an
``error: ...`` line and the app shows it in a dialog.
"""

from __future__ import annotations


class DatabaseError(Exception):
    """Refkit cannot use the database it was pointed at."""


class UnsupportedDatabaseError(DatabaseError):
    """The database URL names something other than an SQLite file."""


class NotADatabaseError(DatabaseError):
    """The file exists but is not an SQLite database (or cannot be read as one)."""


class DatabaseTooNewError(DatabaseError):
    """The file was migrated by a newer Refkit; this version must not touch it."""

    def __init__(self, path: str, revision: str) -> None:
        super().__init__(
            f"{path}: this database was written by a newer Refkit (revision {revision}); "
            "upgrade Refkit or open another file with --db"
        )
        self.path = path
        self.revision = revision


class MigrationError(DatabaseError):
    """Bringing the database schema up to date failed; the backup copy is named in the message."""
