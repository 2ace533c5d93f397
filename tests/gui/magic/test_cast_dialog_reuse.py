"""Opening "Cast a spell" again (issue 30): the window is built once and kept; an opening waits
on the worker once and builds no widget, choosing a crow waits once, and a cast does not fill
the long list of crows again when no name changed. Reopened, it shows what a new one would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.shell.worker import Worker

CASTER, BOOK = "Hesper Quill", "Fire lance book"


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


def test_a_cast_does_not_fill_the_crows_again(start_app, qtbot, tmp_path: Path) -> None:
    app = start_app(tmp_path / "table.sqlite3")
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=10000)
    dialog = _open(app)
    dialog.select_crow(CASTER)
    dialog.select_book(BOOK)
    removed: list[object] = []
    dialog.crow_box.model().rowsRemoved.connect(lambda *args: removed.append(args))
    left = dialog.current_book()
    assert left is not None
    assert dialog.cast() is not None
    qtbot.waitUntil(lambda: dialog.current_book() != left, timeout=5000)
    current = dialog.current_book()
    assert current is not None and current.name == BOOK  # the book kept, its die spent
    assert current.dice_left == left.dice_left - 1
    assert removed == []
    dialog.close()


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
