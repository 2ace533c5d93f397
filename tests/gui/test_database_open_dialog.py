"""A database that cannot be opened: the window says why and offers a backup, another file, a
scratch session or quitting — never a silent in-memory database (issue 7 §2)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from refkit.gui.main import RefkitApp
from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog
from refkit.gui.shell.main_window import SCRATCH_TITLE
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.sqlite.backups import make_backup
from tests.gui.app_readiness import OPEN_TIMEOUT_MS, open_or_asking


@pytest.fixture
def start_app(start_app) -> Callable[[str], RefkitApp]:
    """Start a Refkit window on a database and wait until it is open or the dialog is up."""
    return lambda db_url: start_app(db_url, ready=open_or_asking)


def digest(path: Path) -> str:
    if path.is_dir():
        return "folder"
    return hashlib.sha256(path.read_bytes()).hexdigest()


def good_database(path: Path) -> Path:
    from refkit.app.character_service import CharacterService

    with Database.open(str(path)) as database:
        CharacterService(CharacterRepository(database)).list_characters()  # seeds the party
    return path


def garbage(path: Path) -> None:
    path.write_bytes(b"this is not an SQLite file at all" * 100)


def truncated(path: Path) -> None:
    good_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def newer(path: Path) -> None:
    good_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff_from_the_future'")
    connection.close()


def folder(path: Path) -> None:
    path.mkdir()


def damaged(path: Path) -> None:
    from dataclasses import replace

    with Database.open(str(path)) as database:
        from refkit.app.character_service import CharacterService

        service = CharacterService(CharacterRepository(database))
        wren = service.get("Wren Ashdown")
        for number in range(300):
            service.save(replace(wren, name=f"Crow {number}", notes="n" * 2000))
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.seek((size // 4096 // 2) * 4096)
        handle.write(b"\xde\xad\xbe\xef" * 1024)


BROKEN = {
    "not a database": garbage,
    "truncated": truncated,
    "newer": newer,
    "folder": folder,
    "damaged": damaged,
}


@pytest.mark.parametrize("make", BROKEN.values(), ids=BROKEN.keys())
def test_an_unusable_database_opens_the_dialog_and_nothing_in_memory(
    start_app, tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "table.sqlite3"
    make(path)
    before = digest(path)
    app = start_app(str(path))
    dialog = app.open_dialog
    assert isinstance(dialog, DatabaseOpenDialog) and dialog.isVisible()
    assert str(path) in dialog.reason.text()
    assert dialog.reason.textFormat() == Qt.TextFormat.PlainText
    assert app.database is None and app.service is None  # no silent in-memory database
    assert app.character_panels is None
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert label.text() == "Database: not open"
    assert digest(path) == before  # the file is left exactly as it was
    assert not path.with_name(path.name + "-wal").exists()
    for name in ("open_backup_button", "open_other_button", "scratch_button", "quit_button"):
        assert dialog.findChild(QPushButton, name) is not None


def test_a_read_only_database_opens_the_dialog(
    start_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = good_database(tmp_path / "table.sqlite3")
    real_access = os.access

    def access(target: object, mode: int, **kwargs: object) -> bool:
        # Root may write anything; an ordinary user's read-only file is simulated.
        if Path(str(target)) == path and mode & os.W_OK:
            return False
        return real_access(target, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    app = start_app(str(path))
    assert app.open_dialog is not None
    assert "the file is read-only" in app.open_dialog.reason.text()
    assert app.database is None


def test_scratch_session_is_marked_everywhere_and_asks_before_quitting(
    qtbot, start_app, tmp_path: Path
) -> None:
    path = tmp_path / "table.sqlite3"
    garbage(path)
    before = digest(path)
    app = start_app(str(path))
    assert app.open_dialog is not None
    qtbot.mouseClick(app.open_dialog.scratch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.character_panels is not None, timeout=OPEN_TIMEOUT_MS)
    assert app.window.windowTitle() == SCRATCH_TITLE
    banner = app.window.scratch_banner()
    assert banner is not None and banner.isVisible()
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert "nothing is saved" in label.text()
    assert app.database is not None and app.database.path is None
    assert "Wren Ashdown" in app.character_panels.session.service.names()  # the sample party

    app.window.close()
    assert app.window.isVisible()  # it asked first
    box = app.window.findChild(QMessageBox, "close_warning_box")
    assert box is not None and box.isVisible()
    assert "scratch session" in box.text()
    box.findChild(QPushButton, "close_cancel_button").click()
    assert app.window.isVisible()
    app.window.close()
    box = app.window.findChild(QMessageBox, "close_warning_box")
    box.findChild(QPushButton, "close_quit_button").click()
    qtbot.waitUntil(lambda: not app.window.isVisible(), timeout=5000)
    assert digest(path) == before


def test_open_a_backup_works_on_a_copy_and_leaves_both_files_alone(
    qtbot, start_app, tmp_path: Path
) -> None:
    path = good_database(tmp_path / "table.sqlite3")
    backup = make_backup(path, "test", datetime(2031, 1, 1, tzinfo=UTC))
    damaged(path)
    damaged_bytes, backup_bytes = digest(path), digest(backup)
    app = start_app(str(path))
    dialog = app.open_dialog
    assert dialog is not None and dialog.backups.count() == 1
    assert backup.name in dialog.backups.item(0).text()
    qtbot.mouseClick(dialog.backup_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.character_panels is not None, timeout=OPEN_TIMEOUT_MS)
    assert app.database is not None and app.database.path is not None
    copy = app.database.path
    assert copy.parent == path.parent and ".restored-" in copy.name
    assert "Wren Ashdown" in app.character_panels.session.service.names()
    assert app.window.windowTitle() != SCRATCH_TITLE
    assert digest(path) == damaged_bytes and digest(backup) == backup_bytes


def test_open_another_file_opens_it(qtbot, start_app, tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite3"
    garbage(path)
    other = good_database(tmp_path / "campaign.sqlite3")
    app = start_app(str(path))
    assert app.open_dialog is not None
    file_dialog = app.open_dialog.ask_for_file()
    file_dialog.fileSelected.emit(str(other))
    qtbot.waitUntil(lambda: app.character_panels is not None, timeout=OPEN_TIMEOUT_MS)
    assert app.database is not None and app.database.path == other
    label = app.window.statusBar().findChild(QLabel, "database_label")
    assert label.text() == f"Database: {other}"


def test_a_second_failure_shows_the_dialog_again(qtbot, start_app, tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite3"
    garbage(path)
    also_bad = tmp_path / "also.sqlite3"
    garbage(also_bad)
    app = start_app(str(path))
    first = app.open_dialog
    assert first is not None
    first.ask_for_file().fileSelected.emit(str(also_bad))
    qtbot.waitUntil(lambda: app.open_dialog is not first, timeout=OPEN_TIMEOUT_MS)
    assert app.open_dialog is not None and str(also_bad) in app.open_dialog.reason.text()
    assert app.database is None


def test_quit_closes_the_window(qtbot, start_app, tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite3"
    garbage(path)
    app = start_app(str(path))
    assert app.open_dialog is not None
    qtbot.mouseClick(app.open_dialog.quit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not app.window.isVisible(), timeout=5000)
