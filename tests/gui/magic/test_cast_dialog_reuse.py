"""Opening "Cast a spell" again (issue 30): the window is built once and kept; an opening waits
on the worker once and builds no widget, choosing a crow waits once, and a crow's edit (a cast)
neither fills the long list of crows again nor has the next opening read the names. Reopened,
it shows what a new one would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.magic.install import MagicPanels
from refkit.gui.shell.undo_adapter import write_through
from refkit.gui.shell.worker import Worker
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.slot_record import replace  # a table is a SlotRecord, a crow a dataclass

CASTER, BOOK = "Hesper Quill", "Fire lance book"
OFFSCREEN_POPUP = "This plugin does not support (raise|grabbing)"


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the functions the GUI thread waits on the worker for, in order."""
    seen: list[str] = []
    real = Worker.wait_for

    def counted(self: Worker, function: Any, *args: Any) -> Any:
        seen.append(getattr(function, "__name__", repr(function)))
        return real(self, function, *args)

    monkeypatch.setattr(Worker, "wait_for", counted)
    return seen


def _open(app: Any) -> CastDialog:
    app.actions.action("magic_cast").trigger()
    dialogs = [d for d in app.window.findChildren(CastDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def test_opening_again_waits_once_and_builds_no_widget(
    start_app, qtbot, tmp_path: Path, waits: list[str]
) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    first = _open(app)
    first.close()
    QApplication.processEvents()
    widgets = len(QApplication.allWidgets())
    waits.clear()
    again = _open(app)
    assert len(waits) == 1, waits
    assert again is first
    assert len(QApplication.allWidgets()) == widgets
    other = next(
        again.crow_box.itemData(row)
        for row in range(again.crow_box.count())
        if again.crow_box.itemData(row) not in (None, again.crow_name())
    )
    waits.clear()
    again.select_crow(other)
    assert len(waits) == 1, waits
    again.close()


def _edit(app: Any, name: str, change: Any) -> None:
    """The crow called ``name`` saved changed by ``change`` through the window's worker."""
    characters = app.window.findChild(MagicPanels).desk.characters
    write_through(app.undo_stack, lambda: characters.save(change(characters.get(name))))


def _names_asked(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the reads of the crows' names the casting window makes."""
    desk = app.window.findChild(MagicPanels).desk
    asked: list[int] = []
    real = desk.crows
    monkeypatch.setattr(desk, "crows", lambda: asked.append(1) or real())
    return asked


def test_a_crow_edited_is_read_again_without_its_names_or_filling_the_crows_again(
    start_app, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    dialog = _open(app)
    dialog.select_crow(CASTER)
    dialog.select_book(BOOK)
    removed: list[object] = []
    dialog.crow_box.model().rowsRemoved.connect(lambda *args: removed.append(args))
    asked = _names_asked(app, monkeypatch)
    _edit(app, CASTER, lambda crow: replace(crow, conditions=("weakened",)))
    qtbot.waitUntil(lambda: dialog.conditions.text() == "weakened", timeout=5000)
    current = dialog.current_book()
    assert current is not None and current.name == BOOK  # the book kept
    assert removed == []
    assert asked == []
    _edit(app, CASTER, lambda crow: replace(crow, name="Hesper Twin"))  # saved as a new crow
    qtbot.waitUntil(lambda: dialog.crow_box.findData("Hesper Twin") >= 0, timeout=5000)
    assert dialog.crow_name() == CASTER
    dialog.close()


def test_reopened_after_an_edit_it_reads_no_names_and_after_a_new_crow_it_lists_it(
    start_app, qtbot, tmp_path: Path, waits: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    asked = _names_asked(app, monkeypatch)
    dialog = _open(app)
    dialog.close()
    assert len(asked) == 1
    _edit(app, CASTER, lambda crow: replace(crow, conditions=("weakened",)))
    _open(app).close()
    assert len(asked) == 1  # a crow's edit under its own name: the names as they were
    _edit(app, CASTER, lambda crow: replace(crow, name="Hesper Twin"))  # saved as a new crow
    again = _open(app)
    assert len(asked) == 2
    assert again.crow_box.findData("Hesper Twin") >= 0
    again.close()


def test_reopened_it_shows_what_a_new_window_would(start_app, qtbot, tmp_path: Path) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    dialog = _open(app)
    fresh = (dialog.crow_name(), dialog.current_book(), dialog.odds.text())
    others = [
        dialog.crow_box.itemData(row)
        for row in range(dialog.crow_box.count())
        if dialog.crow_box.itemData(row) not in (None, CASTER)
    ]
    dialog.select_crow(CASTER)
    dialog.select_book(BOOK)
    dialog.edges.setValue(2)
    dialog.banes.setValue(1)
    assert dialog.cast() is not None
    dialog.select_crow(others[0])
    dialog.close()
    app.undo_stack.undo()  # the book's die back, so the odds are those of a new window
    QApplication.processEvents()
    again = _open(app)
    assert (again.crow_name(), again.current_book(), again.odds.text()) == fresh
    assert (again.edges.value(), again.banes.value()) == (0, 0)
    assert again.result.toPlainText() == ""
    assert again.last_plan is None
    assert again.focusWidget() in (None, again.crow_box)
    again.close()


@pytest.mark.qt_log_ignore(OFFSCREEN_POPUP)  # the offscreen platform on any popup
def test_a_table_stored_since_the_last_opening_is_offered_once_the_list_is_used(
    start_app, qtbot, tmp_path: Path, waits: list[str]
) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    _open(app).close()
    services = app.window.findChild(MagicPanels).context.services()
    shipped = default_table(BACKLASH_TABLE)
    own = replace(shipped, name="Sparks and smoke")
    write_through(app.undo_stack, lambda: services.tables.add(own))
    dialog = _open(app)
    waits.clear()
    dialog.table_box.showPopup()
    assert len(waits) == 1
    offered = {dialog.table_box.itemText(i) for i in range(dialog.table_box.count())}
    assert {"Sparks and smoke", BACKLASH_TABLE} <= offered
    assert dialog.table_box.currentText() == BACKLASH_TABLE
    dialog.table_box.hidePopup()
    dialog.table_box.showPopup()  # read once per opening
    assert len(waits) == 1
    dialog.table_box.hidePopup()
    dialog.close()
