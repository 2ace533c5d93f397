"""What can go wrong when Refkit opens, migrates or uses its database, and what a repository
refuses (a name taken, a crow not found, a change made elsewhere).

Every message names the file (or URL) and says what to do, because the CLI prints it as an
``error: ...`` line and the app shows it in a dialog. No message holds SQL or its parameters
(SQLAlchemy's own error text does, and a crow's whole JSON with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from refkit.errors import ConflictError, DomainError

T = TypeVar("T")


class DatabaseError(DomainError):
    """Refkit cannot use the database it was pointed at."""


class UnsupportedDatabaseError(DatabaseError):
    """The database URL names something other than an SQLite file or a PostgreSQL server."""


class NotADatabaseError(DatabaseError):
    """The file exists but is not an SQLite database (or cannot be read as one), or the server's
    database holds another program's tables."""


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


class DamagedDatabaseError(DatabaseError):
    """The file is an SQLite database but its pages are damaged; Refkit will not write to it."""

    def __init__(self, path: str, detail: str = "", *, by: str = "SQLite") -> None:
        said = f" ({by} says: {detail})" if detail else ""
        remedy = (
            "open a backup copy or another file"
            if by == "SQLite"
            else "ask the server's administrator to restore it from a dump"
        )
        super().__init__(
            f"the database {path} is damaged{said}; nothing was written to it — {remedy}"
        )
        self.path = path
        self.reason = "the file is damaged"


class DatabaseWriteError(DatabaseError):
    """Reading or writing an open database failed midway; nothing of that step was kept.

    ``reason`` is the cause as a short phrase ("the disk is full"), so a window can say what
    was not saved in its own words; the message never holds SQL or its parameters.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"could not use the database {path}: {reason}")
        self.path = path
        self.reason = reason


class DatabaseLockedError(DatabaseWriteError):
    """Another program holds a write lock on the file; trying again later may work."""


class DatabaseFullError(DatabaseWriteError):
    """The disk (or SQLite's size limit) has no room for the change."""


class ReadOnlyDatabaseError(DatabaseWriteError):
    """The file (or its folder) cannot be written by this user, or the server does not let this
    login change it."""


class LoginNotAllowedError(ReadOnlyDatabaseError):
    """The server refused a change this login has no right to make (SQLSTATE 42501): a player's
    login changing what is the referee's, or another player's crow. ``login`` names it."""

    def __init__(self, path: str, reason: str, *, login: str | None = None) -> None:
        super().__init__(path, reason)
        self.login = login


class DatabaseUnreachableError(DatabaseWriteError):
    """The database server cannot be reached, refused the login, or the connection was lost;
    nothing of the step was kept, and trying again once the server answers may work."""


class DatabaseFileGoneError(DatabaseWriteError):
    """The file the database was opened from was deleted, moved away or replaced by another
    file while it was open: nothing more is read from or written to that path (it would make a
    new, empty database there); what was open can still be saved to a new file."""


def waiting_out_locks(
    function: Callable[[], T],
    wait_s: float,
    every_s: float,
    locked: Callable[[DatabaseError], bool] = lambda error: isinstance(error, DatabaseLockedError),
) -> T:
    """``function()``, tried again every ``every_s`` while it fails on another program's lock
    (``locked`` says which failures are that), as long as the next try starts within ``wait_s``;
    then what it raised. Only for work a lock refuses whole (a unit of work rolled back, an
    open that wrote nothing): trying it again is what Retry does."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return function()
        except DatabaseError as error:
            if not locked(error) or time.monotonic() + every_s > deadline:
                raise
        time.sleep(every_s)


class PlayerAccountError(DomainError, ValueError):
    """A player's login that cannot be made, found or removed (a name the server has already, a
    crow not found, a campaign not on a server); the message says why, nothing was changed."""


class CharacterStoreError(DomainError, ValueError):
    """A request the character store cannot carry out; the message says what and which name."""


class CharacterNotFoundError(CharacterStoreError):
    """No character (or party, or custom item) has that name."""


class NameTakenError(CharacterStoreError):
    """Another character (or party, or custom item) already has that name, ignoring case."""


class CharacterChangedError(CharacterStoreError, ConflictError):
    """The crow was saved by someone else since the revision a caller expected; nothing saved."""


class WoundPromptBusyError(ConflictError, RuntimeError):
    """Another program kept changing the crow's wound prompt; nothing was changed."""


class ConcurrentChangeError(ConflictError):
    """The dungeon-turn state changed in the database after it was read; nothing was written."""

    def __init__(self, expected: int, found: int) -> None:
        super().__init__(
            f"the dungeon turn was changed elsewhere (another window or the command line) "
            f"while this change was being made (expected state {expected}, found {found}); "
            "nothing was written: look at the clock again and repeat the action if still wanted"
        )
        self.expected = expected
        self.found = found


class ProjectNotFoundError(DomainError, KeyError):
    """No crafting project of that name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "no such crafting project"


class ProjectNameTakenError(DomainError, ValueError):
    """A project of that name exists already; nothing was written."""


class ProjectChangedError(ConflictError):
    """The project was saved elsewhere since it was read; nothing was written."""


class SpellNameTakenError(DomainError, ValueError):
    """A spell of that name is stored already; nothing was written."""


class UnknownStoredSpellError(DomainError, KeyError):
    """No stored spell goes by that name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "no such spell"


class CreatureNameTakenError(DomainError, ValueError):
    """A creature of that name is stored already; nothing was written."""


class FightChangedError(ConflictError):
    """The fight was saved elsewhere since it was read; nothing was written."""
