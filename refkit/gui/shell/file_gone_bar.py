"""The window noticing that its database file was deleted or replaced, and saving what is open.

A deleted file stays readable through the connection Refkit holds, but nothing more reaches the
path: every step is refused (:class:`~refkit.store.errors.DatabaseFileGoneError`) and waits in the
save-problem bar. :class:`DatabaseFileWatch` looks at the file on a timer and after every failed
write; once it is gone, :class:`FileGoneBar` says so across the window and offers **Save to a new
file…**: the database as it was is copied there (in the worker), Refkit goes on with the copy,
and the edits waiting in the save-problem bar are saved into it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QPushButton,
    QToolBar,
    QWidget,
)

from refkit.gui.shell.save_problem_bar import red_bar_body
from refkit.store.errors import DatabaseError

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from refkit.gui.shell.main_window import MainWindow
    from refkit.gui.shell.worker import Worker
    from refkit.store.database import Database

CHECK_MS = 2000
"""How often the window looks whether its database file is still there."""


def watch_file(
    database: Database, window: MainWindow, worker: Worker, previous: DatabaseFileWatch | None
) -> DatabaseFileWatch:
    """Watch ``database``'s file for the window (instead of ``previous``), holding it open so
    that what it holds can still be saved after it is deleted."""
    try:
        database.keep_file_open()
    except DatabaseError as error:
        log.warning("cannot hold the database file open: %s", error)
    if previous is not None:
        previous.stop()
    return DatabaseFileWatch(database, window, worker)


def rescue_name(path: Path, now: datetime) -> Path:
    """Where "Save to a new file…" suggests saving: beside the lost file if its folder is still
    there, else in the home folder, as ``<stem>.rescued-<time>.sqlite3``."""
    folder = path.parent if path.parent.is_dir() else Path.home()
    return folder / f"{path.stem}.rescued-{now.strftime('%Y%m%d-%H%M%S')}.sqlite3"


class FileGoneBar(QToolBar):
    """Across the window while its database file is gone: what happened and a way on."""

    save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Database file gone", parent)
        self.setObjectName("file_gone_bar")
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)
        body, layout, self.label = red_bar_body(self, "file_gone")
        self.save_button = QPushButton("&Save to a new file…", body)
        self.save_button.setObjectName("file_gone_save")
        self.save_button.setToolTip(
            "Copy the database as Refkit last had it to a new file, go on saving there, and "
            "save the edits still waiting into it"
        )
        layout.addWidget(self.label, 1)
        layout.addWidget(self.save_button)
        self.addWidget(body)
        self.save_button.clicked.connect(self.save_requested)
        self.setVisible(False)


class DatabaseFileWatch(QObject):
    """Watches the window's database file; says when it is gone and saves what is open."""

    def __init__(
        self,
        database: Database,
        window: MainWindow,
        worker: Worker,
        clock: Callable[[], datetime] = datetime.now,
    ) -> None:
        super().__init__(window)
        self._database = database
        self._window = window
        self._worker = worker
        self._clock = clock
        self._dialog: QFileDialog | None = None
        self.bar = FileGoneBar(window)
        self.bar.save_requested.connect(self.choose_file)
        self.reason: str | None = None
        """Why the file is gone (None while it is there)."""
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        window.save_problems.problems_changed.connect(lambda _count: self.check())
        window.add_close_warning(self._what_closing_loses)

    def stop(self) -> None:
        """Watch no more (the window moved to another database)."""
        self._timer.stop()
        self._stopped = True
        self.reason = None
        self.bar.setVisible(False)

    def check(self) -> bool:
        """Look at the file now; True if it is still the one opened."""
        if self._stopped:
            return True
        reason = self._database.file_gone()
        if reason is None or self.reason == reason:
            return reason is None
        self.reason = reason
        self._timer.stop()
        self.bar.label.setText(
            f"{reason[:1].upper()}{reason[1:]} ({self._database.shown}): nothing more can be "
            "saved to it. Save to a new file to go on; the edits not saved yet go there too."
        )
        self._window.add_bar(self.bar)
        self._window.show_status(f"The database {reason.removeprefix('the database ')}", 15000)
        return False

    def _what_closing_loses(self) -> str:
        if self.reason is None:
            return ""
        return (
            f"{self.reason[:1].upper()}{self.reason[1:]}: what was done since it was opened is "
            "not in any file yet (Save to a new file keeps it)."
        )

    def choose_file(self) -> QFileDialog:
        """Ask where to save (a window-modal dialog, opened, not exec'd)."""
        assert self._database.path is not None
        dialog = QFileDialog(self._window, "Save the database to a new file")
        dialog.setObjectName("file_gone_dialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setNameFilter("Refkit databases (*.sqlite3)")
        dialog.setDefaultSuffix("sqlite3")
        dialog.selectFile(str(rescue_name(self._database.path, self._clock())))
        dialog.fileSelected.connect(lambda chosen: self.save_to(Path(chosen)))
        self._dialog = dialog
        dialog.open()
        return dialog

    def save_to(self, target: Path) -> bool:
        """Copy what is open to ``target``, go on with it and save the waiting edits there;
        True if that worked (else the bar says why and stays)."""
        try:
            self._worker.wait_for(self._database.save_copy, target)
            self._worker.wait_for(self._database.move_to, target)
        except DatabaseError as error:
            self.bar.label.setText(f"Could not save to {target}: {getattr(error, 'reason', error)}")
            return False
        self.reason = None
        self.bar.setVisible(False)
        self._window.set_database_location(str(target))
        self._timer.start()
        saved_all = self._window.save_problems.retry_all()
        self._window.show_status(
            f"Saved to {target}; Refkit saves there now"
            + ("" if saved_all else " (some edits are still waiting: see the red bar)")
            + f". Start Refkit with --db {target} to open it next time.",
            30000,
        )
        return True
