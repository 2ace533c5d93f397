"""Where a Save dialog for an export opens: the last folder an export went to, else Documents.

Shared by every export (roll log CSV/Markdown, session log Markdown), so a referee who keeps table
notes in one folder finds it offered each time. The folder is kept in the app's QSettings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

LAST_FOLDER_KEY = "export/last_folder"


def documents_folder() -> Path:
    """The user's documents folder (the home folder if the desktop names none that exists)."""
    named = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if named and Path(named).is_dir():
        return Path(named)
    return Path.home()


def export_folder(settings: QSettings | None = None) -> Path:
    """The folder to open an export dialog in: the last one used while it still exists."""
    store = settings if settings is not None else QSettings()
    last = str(store.value(LAST_FOLDER_KEY, "") or "")
    if last and Path(last).is_dir():
        return Path(last)
    return documents_folder()


def remember_export_folder(path: str | Path, settings: QSettings | None = None) -> None:
    """Keep the folder of the file an export was just written to, for the next dialog."""
    store = settings if settings is not None else QSettings()
    store.setValue(LAST_FOLDER_KEY, str(Path(path).parent))
