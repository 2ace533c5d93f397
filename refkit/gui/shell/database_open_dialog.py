"""The dialog shown when the database cannot be opened: why, and what the user can do instead.

Refkit never quietly carries on with a database in memory. This dialog says why the file could
not be used (locked, damaged, read-only, from a newer Refkit, not a database…) and offers: open
one of the backup copies kept beside it, open another file, connect to a campaign on a PostgreSQL
server (a ``postgresql://`` URL, the last one used filled in without its password), start a clearly
marked scratch session in which nothing is saved, or quit. It is window-modal and opened with
``open()``; the choice arrives as a signal (``exec()`` inside the qasync loop would nest event
loops).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

DATABASE_FILTER = "Refkit databases (*.sqlite3 *.sqlite *.db);;All files (*)"


def describe_backup(path: Path) -> str:
    """A backup as the list shows it: when it was taken (local time) and its size."""
    try:
        stat = path.stat()
    except OSError:
        return path.name
    when = datetime.fromtimestamp(stat.st_mtime).strftime("%Y-%m-%d %H:%M")
    size = (
        f"{stat.st_size / 1024:.0f} KB"
        if stat.st_size < 1024 * 1024
        else (f"{stat.st_size / (1024 * 1024):.1f} MB")
    )
    return f"{when} — {size} — {path.name}"


class DatabaseOpenDialog(QDialog):
    """Why the database could not be opened, and the four ways on."""

    backup_chosen = Signal(str)
    """Open (a working copy of) this backup file."""
    file_chosen = Signal(str)
    """Open this other database file."""
    url_chosen = Signal(str)
    """Open the campaign on the server at this ``postgresql://`` URL."""
    scratch_chosen = Signal()
    """Carry on with a scratch session: nothing is saved."""
    quit_chosen = Signal()

    def __init__(
        self,
        message: str,
        database: Path | None,
        backups: list[Path],
        parent: QWidget | None = None,
        server_url: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("database_open_dialog")
        self.setWindowTitle("Refkit cannot open its database")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self._database = database
        self._file_dialog: QFileDialog | None = None
        self._chosen = False

        heading = QLabel("Refkit cannot open its database, so nothing would be saved.")
        heading.setObjectName("database_open_heading")
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setStyleSheet("font-weight: bold;")
        self.reason = QLabel(message)
        self.reason.setObjectName("database_open_reason")
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setWordWrap(True)
        self.reason.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        untouched = QLabel(
            "The file was left exactly as it was. Choose how to go on:"
            if database is not None
            else "Choose how to go on:"
        )
        untouched.setTextFormat(Qt.TextFormat.PlainText)
        untouched.setWordWrap(True)

        self.backups = QListWidget()
        self.backups.setObjectName("database_backups")
        for path in reversed(backups):  # newest first
            item = QListWidgetItem(describe_backup(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(str(path))
            self.backups.addItem(item)
        if self.backups.count():
            self.backups.setCurrentRow(0)
        self.backups.setVisible(bool(backups))
        self.backups.setMaximumHeight(120)
        self.backups.itemDoubleClicked.connect(lambda _item: self._open_backup())

        self.backup_button = QPushButton("Open the chosen &backup")
        self.backup_button.setObjectName("open_backup_button")
        self.backup_button.setEnabled(bool(backups))
        self.backup_button.setToolTip(
            "Work on a copy of this backup; the backup and the damaged file are kept as they are"
            if backups
            else "No backup copy was found beside the database"
        )
        self.other_button = QPushButton("Open &another file…")
        self.other_button.setObjectName("open_other_button")
        self.scratch_button = QPushButton("Start a &scratch session")
        self.scratch_button.setObjectName("scratch_button")
        self.scratch_button.setToolTip("Try Refkit with the sample party; nothing is saved")
        self.quit_button = QPushButton("&Quit")
        self.quit_button.setObjectName("quit_button")

        self.server_url = QLineEdit(server_url)
        self.server_url.setObjectName("server_url_field")
        self.server_url.setPlaceholderText("postgresql://user@host/campaign")
        self.server_url.setClearButtonEnabled(True)
        self.server_url.setToolTip(
            "A campaign on a PostgreSQL server: postgresql://user[:password]@host[:port]/database"
            "[?options]. The password is never shown or remembered; PostgreSQL's own password "
            "file (~/.pgpass) can keep it instead."
        )
        self.connect_button = QPushButton("&Connect")
        self.connect_button.setObjectName("connect_server_button")
        self.connect_button.setEnabled(bool(server_url.strip()))
        self.server_url.textChanged.connect(
            lambda text: self.connect_button.setEnabled(bool(text.strip()))
        )
        self.server_url.returnPressed.connect(self._connect)
        self.connect_button.clicked.connect(self._connect)
        server_row = QHBoxLayout()
        server_label = QLabel("Or a campaign on a &server:")
        server_label.setBuddy(self.server_url)
        server_row.addWidget(server_label)
        server_row.addWidget(self.server_url, 1)
        server_row.addWidget(self.connect_button)

        buttons = QHBoxLayout()
        for button in (self.backup_button, self.other_button, self.scratch_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.quit_button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.reason)
        layout.addWidget(untouched)
        backups_label = QLabel("Backup copies kept beside it (newest first):")
        backups_label.setVisible(bool(backups))
        layout.addWidget(backups_label)
        layout.addWidget(self.backups)
        layout.addLayout(server_row)
        layout.addLayout(buttons)

        self.backup_button.clicked.connect(self._open_backup)
        self.other_button.clicked.connect(self.ask_for_file)
        self.scratch_button.clicked.connect(lambda: self._choose(self.scratch_chosen.emit))
        self.quit_button.clicked.connect(lambda: self._choose(self.quit_chosen.emit))
        self.resize(640, self.sizeHint().height())

    def _choose(self, emit: object) -> None:
        self._chosen = True
        self.accept()
        emit()  # type: ignore[operator]

    def _connect(self) -> None:
        url = self.server_url.text().strip()
        if url:
            self._choose(lambda: self.url_chosen.emit(url))

    def _open_backup(self) -> None:
        item = self.backups.currentItem()
        if item is None:
            return
        path = str(item.data(Qt.ItemDataRole.UserRole))
        self._choose(lambda: self.backup_chosen.emit(path))

    def ask_for_file(self) -> QFileDialog:
        """Ask for another database file (a non-blocking file dialog)."""
        folder = str(self._database.parent) if self._database is not None else ""
        dialog = QFileDialog(self, "Open a Refkit database", folder, DATABASE_FILTER)
        dialog.setObjectName("open_database_file_dialog")
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dialog.fileSelected.connect(lambda path: self._choose(lambda: self.file_chosen.emit(path)))
        self._file_dialog = dialog
        dialog.open()
        return dialog

    def reject(self) -> None:
        # Escape or the title bar's close button choose nothing: without a database the window
        # is of no use, so the dialog stays until one of its four buttons is pressed.
        if self._chosen:
            super().reject()
