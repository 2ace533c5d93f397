"""Hostile files in the app: the character list's Import shows a dialog naming the problem for
every crow file of the ``tests/hostile_input`` corpus, and the roll log's export refuses a FIFO.

Before the bounds, ``slots`` of 10**100 raised OverflowError out of the import (no dialog), 10**7
froze the window, and Stamina of 10**100 was imported and then overflowed the sheet.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.install import CharacterPanels, install_character_panels
from refkit.gui.dice.roll_log_panel import write_export_file
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from tests.hostile_input.test_hostile_input import CROW_CASES, HERE, MADE_CROWS


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


@pytest.fixture
def panels(qtbot, settings: QSettings, service: CharacterService) -> Iterator[CharacterPanels]:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    installed = install_character_panels(
        window, ActionRegistry(window), RefkitUndoStack(window), service
    )
    yield installed
    installed.session.shutdown()


CASES = [
    *[(f"{name}.crow.json", needle) for name, needle in CROW_CASES.items()],
    *[(label, needle) for label, (_, needle) in MADE_CROWS.items()],
]


@pytest.mark.parametrize(("name", "needle"), CASES)
def test_a_hostile_crow_file_gets_a_dialog_naming_the_problem(
    panels: CharacterPanels, service: CharacterService, tmp_path: Path, name: str, needle: str
) -> None:
    made = MADE_CROWS.get(name)
    path = HERE / "crows" / name if made is None else made[0](tmp_path)
    before = service.names()
    started = time.monotonic()
    assert not panels.list_panel.import_file(str(path))
    assert time.monotonic() - started < 5
    box = panels.list_panel.last_dialog()
    assert box is not None and box.isVisible()
    assert needle in box.informativeText()
    assert service.names() == before
    box.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_roll_log_export_refuses_a_fifo_instead_of_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "rolls.csv"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_export_file(fifo, "id,total\n")
    assert fifo.is_fifo()


@pytest.mark.parametrize("kind", ["/dev/zero", "a FIFO", "a 6 MB file"])
def test_the_table_import_dialog_refuses_what_is_not_a_small_regular_file(
    qtbot, tmp_path: Path, kind: str
) -> None:
    from refkit.gui.tables.import_dialog import TableImportDialog

    if kind == "/dev/zero":
        path, needle = Path("/dev/zero"), "is a character device, not a regular file"
    elif kind == "a FIFO":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        path, needle = tmp_path / "rats.txt", "is a FIFO (named pipe), not a regular file"
        os.mkfifo(path)
    else:
        path, needle = tmp_path / "rats.txt", "too large (6.0 MB); a table file holds at most 5 MB"
        path.write_bytes(b"1 rats\n" * (6 * 1024 * 1024 // 7 + 1))
    dialog = TableImportDialog(lambda table: None)
    qtbot.addWidget(dialog)
    started = time.monotonic()
    dialog.load_file(path)
    assert time.monotonic() - started < 5
    (problem,) = dialog.problems()
    assert needle in problem
    assert dialog.table() is None
