""" "Back up all crows" in the window (issue 30: every press answered within 100 ms).

It wrote every crow's file on the GUI thread, the window frozen throughout: some 3 s for a
thousand crows, 10-20 s for ten thousand. Now it runs in the window's worker a crow per job: the
window goes on (here: its event loop runs between the crows), the status bar counts, quitting
meanwhile asks first, a second backup waits, and a failure is said in the window with how far it
got. The threads are recorded, so the tests do not depend on the machine's speed.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from refkit.app.character_service import PARTIES_FILE, CharacterService
from refkit.gui.characters.install import CharacterPanels


def panels(app) -> CharacterPanels:  # type: ignore[no-untyped-def]
    assert app.character_panels is not None
    return app.character_panels


class _Exports:
    """Which threads wrote crows' files, and what the window did between two of them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.threads: list[str] = []
        real = CharacterService.export_file

        def recorded(service, name, path, **kwargs):  # type: ignore[no-untyped-def]
            self.threads.append(threading.current_thread().name)
            return real(service, name, path, **kwargs)

        monkeypatch.setattr(CharacterService, "export_file", recorded)


def test_a_backup_is_written_in_the_worker_while_the_window_goes_on(
    qtbot, start_app, db_file: Path, tmp_path: Path, monkeypatch
) -> None:
    app = start_app(db_file)
    listing = panels(app).list_panel
    exports = _Exports(monkeypatch)
    said: list[str] = []
    app.window.statusBar().messageChanged.connect(said.append)
    folder = tmp_path / "backup"

    assert listing.export_all(str(folder))
    assert listing.backup.running
    assert app.window.statusBar().currentMessage().startswith("Backing up the crows into")
    assert app.window._what_closing_loses().startswith("A backup of the crows into")
    assert not listing.export_all(str(tmp_path / "second"))  # one at a time
    assert said[-1] == "A backup is being written already: wait for it to finish"
    qtbot.waitUntil(lambda: not listing.backup.running, timeout=10_000)

    assert exports.threads and threading.main_thread().name not in exports.threads
    names = panels(app).session.service.names()
    assert listing.backup.progress() == (len(names), len(names))
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        [f"{name.replace(' ', '-')}.crow.json" for name in names] + [PARTIES_FILE]
    )
    assert json.loads((folder / PARTIES_FILE).read_text("utf-8"))["parties"]
    assert any(text.startswith("Backing up the crows into") for text in said)
    assert said[-1] == f"Backed up {len(names)} crows and the parties to {folder}"
    assert not app.window._what_closing_loses()
    assert not (tmp_path / "second").exists()


def test_a_backup_that_cannot_be_written_is_said_in_the_window(
    qtbot, start_app, db_file: Path, tmp_path: Path
) -> None:
    app = start_app(db_file)
    listing = panels(app).list_panel
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")

    assert listing.export_all(str(blocked))
    qtbot.waitUntil(lambda: not listing.backup.running, timeout=10_000)

    box = listing.last_dialog()
    assert box is not None and box.isVisible()
    assert box.windowTitle() == "Backup failed"
    assert "is a file; give a folder for the backup" in box.informativeText()
    assert blocked.read_text(encoding="utf-8") == "not a folder"
    assert app.window.statusBar().currentMessage().startswith("Backup failed:")


def test_a_backup_stopped_half_way_says_how_far_it_got(
    qtbot, start_app, db_file: Path, tmp_path: Path, monkeypatch
) -> None:
    app = start_app(db_file)
    listing = panels(app).list_panel
    real = CharacterService.export_file
    written: list[str] = []

    def full_disk_at_the_second(service, name, path, **kwargs):  # type: ignore[no-untyped-def]
        if written:
            raise OSError(28, "No space left on device")
        written.append(name)
        return real(service, name, path, **kwargs)

    monkeypatch.setattr(CharacterService, "export_file", full_disk_at_the_second)
    assert listing.export_all(str(tmp_path / "backup"))
    qtbot.waitUntil(lambda: not listing.backup.running, timeout=10_000)

    box = listing.last_dialog()
    assert box is not None and box.windowTitle() == "Backup failed"
    details = box.informativeText()
    assert "No space left on device" in details
    planned = len(panels(app).session.service.names())
    assert f"1 of {planned} crows were written before it stopped" in details
    assert "not a whole backup" in details
    assert not (tmp_path / "backup" / PARTIES_FILE).exists()
