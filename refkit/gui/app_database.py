"""Opening the window's database, and what the window offers when it cannot be opened: a
backup's working copy, another file or server, a scratch session in memory, or quitting (the
dialog is opened, never exec'd). The work itself runs in the worker (:mod:`.app_opening`)."""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from refkit.gui.app_opening import (
    IN_MEMORY_URL,
    SERVER_URL_KEY,
    file_and_backups,
    open_store,
    working_copy_of,
)
from refkit.gui.shell.event_loop import start_task

if TYPE_CHECKING:
    from refkit.gui.main import RefkitApp
    from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog
    from refkit.store.database import Database

log = logging.getLogger("refkit.gui.main")  # the window's log, as before the split


async def open_database(app: RefkitApp) -> None:
    """Open ``db_url``; if it cannot be used, ask the user how to go on (never in memory)."""
    import asyncio

    from refkit.store.errors import DatabaseError

    loop = asyncio.get_running_loop()
    try:
        database, rolls, services = await loop.run_in_executor(
            app.worker.executor, open_store, app.db_url, app.startup.plan.open_reads_rolls()
        )
    except Exception as error:  # never left hanging on "Database: opening…"
        message = (
            str(error)
            if isinstance(error, DatabaseError)
            else f"opening the database failed unexpectedly ({type(error).__name__}: {error})"
        )
        app.database_error = message
        app.startup.plan.not_opened()  # a step waiting for the services waits no more
        log.error("cannot open the database: %s", message)
        path, backups = await loop.run_in_executor(
            app.worker.executor, file_and_backups, app.db_url
        )
        app.window.set_database_location("not open")
        report_database_error(app, message, path, backups)
        return
    app.database_error = None
    remember_server(app, database)
    if database.server:
        location = database.shown  # the password masked
    else:
        location = str(database.path) if database.path is not None else "in memory"
    app._attach(database, rolls, services, location)


def remember_server(app: RefkitApp, database: Database) -> None:
    """Remember a server campaign opened by choice (--db or the dialog) for the next start,
    without its password; opening a file by choice forgets it again."""
    if app.db_url is None:
        return
    if database.server:
        from refkit.store.location import without_password

        app.settings.setValue(SERVER_URL_KEY, without_password(app.db_url))
    elif not database.in_memory:
        app.settings.remove(SERVER_URL_KEY)


async def open_scratch_session(app: RefkitApp) -> None:
    """Carry on with an in-memory database holding the sample party, marked as unsaved."""
    import asyncio

    loop = asyncio.get_running_loop()
    database, rolls, services = await loop.run_in_executor(
        app.worker.executor, open_store, IN_MEMORY_URL
    )
    app.window.set_scratch_session(True)
    app._attach(database, rolls, services, "scratch session — nothing is saved")
    app.window.set_scratch_session(True)  # the banner stays after the panels' layout


async def open_backup_copy(app: RefkitApp, backup: str, database: Path | None) -> None:
    """Work on a fresh copy of ``backup`` (the backup and the refused file stay as they are)."""
    import asyncio

    loop = asyncio.get_running_loop()
    try:
        copy = await loop.run_in_executor(app.worker.executor, working_copy_of, backup, database)
    except OSError as error:
        message = f"could not copy the backup {backup} ({error.strerror or error})"
        path, backups = await loop.run_in_executor(
            app.worker.executor, file_and_backups, app.db_url
        )
        report_database_error(app, message, path, backups)
        return
    app.db_url = copy
    await open_database(app)
    if app.database is not None:
        app.window.show_status(
            f"Working on a copy of the backup: {copy} (start Refkit with --db to reopen it)",
            20000,
        )


def open_other_file(app: RefkitApp, path: str) -> None:
    app.db_url = path
    app.open_task = start_task(open_database(app))


def report_database_error(
    app: RefkitApp, message: str, path: Path | None = None, backups: list[Path] | None = None
) -> DatabaseOpenDialog:
    """Say why the database cannot be opened and offer the ways on (opened, not exec'd)."""
    from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog

    if app.open_dialog is not None:
        app.open_dialog.deleteLater()
    remembered = app.settings.value(SERVER_URL_KEY)
    dialog = DatabaseOpenDialog(
        message,
        path,
        list(backups or ()),
        app.window,
        server_url=remembered if isinstance(remembered, str) else "",
    )
    dialog.backup_chosen.connect(
        lambda backup: setattr(app, "open_task", start_task(open_backup_copy(app, backup, path)))
    )
    dialog.file_chosen.connect(partial(open_other_file, app))
    dialog.url_chosen.connect(partial(open_other_file, app))
    dialog.scratch_chosen.connect(
        lambda: setattr(app, "open_task", start_task(open_scratch_session(app)))
    )
    dialog.quit_chosen.connect(app.window.close)
    app.open_dialog = dialog
    dialog.open()
    return dialog
