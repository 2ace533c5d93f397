"""Opening the database for the window, off the GUI thread: the file or server chosen, the wait
for another program's lock, the newest rolls and the services, a backup's working copy and the
backups offered when a file cannot be opened (every function here runs in the worker thread,
but for :func:`remembered_server`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from refkit.gui.dice.install import LOG_LOAD_LIMIT

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from refkit.compose import Services
    from refkit.dice.records import LoggedRoll
    from refkit.store.database import Database

SERVER_URL_KEY = "database/server_url"
"""The PostgreSQL campaign opened last by choice, without its password (QSettings)."""
IN_MEMORY_URL = "sqlite://"
"""The scratch session's database: nothing in it survives quitting."""
GUI_BUSY_TIMEOUT_MS = 50
"""How long a write from the window waits for another program's lock before it is reported
(the CLI waits 5 s); short, so a lock never freezes the screen (250 ms froze it for as long):
the save-problem bar tries such an edit again by itself until the lock is gone."""


OPEN_LOCK_WAIT_S = 5.0
"""How long opening the database waits out another program's lock (as the CLI does): it runs in
the worker, where waiting freezes nothing, unlike the window's own writes."""
OPEN_LOCK_RETRY_S = 0.1
"""How often opening tries again meanwhile."""


def open_store(
    db_url: str | None, read_rolls: bool = True
) -> tuple[Database, list[LoggedRoll] | None, Services]:
    """:func:`open_store_once`, tried again while another program's lock is in the way (up to
    OPEN_LOCK_WAIT_S): the window's connections wait only GUI_BUSY_TIMEOUT_MS each time."""
    from refkit.store.errors import waiting_out_locks

    return waiting_out_locks(
        lambda: open_store_once(db_url, read_rolls),
        OPEN_LOCK_WAIT_S,
        OPEN_LOCK_RETRY_S,
        met_a_lock,
    )


def remembered_server(settings: QSettings) -> str | None:
    """The server campaign opened last (password left out), unless the environment names the
    database: the app opens it again at start."""
    from refkit.store.location import environment_url

    remembered = settings.value(SERVER_URL_KEY)
    if environment_url() is not None or not isinstance(remembered, str) or not remembered:
        return None
    return remembered


def met_a_lock(error: BaseException) -> bool:
    """True when ``error`` (or what caused it: a failed migration wraps it) is a locked file."""
    from refkit.store.errors import DatabaseLockedError
    from refkit.store.failures import DRIVER_ERROR, database_failure

    seen: BaseException | None = error
    for _depth in range(8):
        if seen is None:
            return False
        if isinstance(seen, DatabaseLockedError):
            return True
        if isinstance(seen, DRIVER_ERROR) or hasattr(seen, "orig"):
            return isinstance(database_failure("", seen), DatabaseLockedError)
        seen = seen.__cause__ or seen.__context__
    return False


def open_store_once(
    db_url: str | None, read_rolls: bool = True
) -> tuple[Database, list[LoggedRoll] | None, Services]:
    """Open and migrate the database, read the newest rolls and build the services (runs in a
    worker thread: building the character service may store the sample party). Without
    ``read_rolls`` (the roll log shows the newest, read ahead) the rolls are None: they are
    read once the panels in front are live (:meth:`DiceFeature.show_all`; 0.1-0.2 s on a
    million rolls)."""
    from refkit.compose import Services
    from refkit.gui.shell.read_ahead import read_ahead
    from refkit.store.database import Database
    from refkit.store.roll_log import RollLogRepository

    database = Database.open(db_url, busy_timeout_ms=GUI_BUSY_TIMEOUT_MS)
    try:
        rolls = RollLogRepository(database).recent(limit=LOG_LOAD_LIMIT) if read_rolls else None
        read_ahead(database)  # the panels' imports and the character list, off the GUI thread
        services = Services.for_database(database, roll_source="app")
        for _service in (services.dice, services.characters, services.dungeon, services.tables):
            pass  # each built here, once: the panels in front use them
    except BaseException:
        database.close()
        raise
    return database, rolls, services


def file_and_backups(db_url: str | None) -> tuple[Path | None, list[Path]]:
    """The database file ``db_url`` names and its backup copies, oldest first (worker thread)."""
    from refkit.store.location import database_path, resolve_database_url
    from refkit.store.sqlite.backups import list_backups

    try:
        path = database_path(resolve_database_url(db_url))
    except Exception:  # an unusable URL: the dialog already says why
        return None, []
    if path is None or not path.parent.is_dir():
        return path, []
    return path, list_backups(path)


def working_copy_of(backup: str, database: Path | None) -> str:
    """Copy a backup beside the database to work on, leaving both as they are (worker thread)."""
    from refkit.store.sqlite.backups import working_copy

    return str(working_copy(Path(backup), database))
