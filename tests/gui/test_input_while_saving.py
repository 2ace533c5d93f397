"""Issue 30 §1: the window takes input while a step is saved; only the step's own part waits.

A step's database work runs in the worker while the GUI thread turns its event loop. The press
that started it may not act again until it is saved (refused and said, never done twice); the rest
of the window goes on, and a step started there is saved after the pending one and goes on the
undo stack after it, in the order the database has them.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QPushButton, QWidget

from refkit.gui.main import RefkitApp
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.pending_input import REFUSED_MESSAGE, InputGate
from refkit.gui.shell.undo_adapter import push_command


class _Step:
    """A step whose ``do()`` (in the worker) waits until ``release`` is set."""

    def __init__(self, text: str, order: list[str], release: threading.Event | None = None):
        self.text = text
        self.done = 0
        self._order = order
        self._release = release

    def do(self) -> None:
        if self._release is not None:
            assert self._release.wait(10), "the test never released the step"
        self.done += 1
        self._order.append(self.text)

    def undo(self) -> None:
        self._order.append(f"undo {self.text}")


def _dock(app: RefkitApp, name: str) -> QPushButton:
    dock = QDockWidget(name, app.window)
    dock.setObjectName(f"test_{name}")
    button = QPushButton(name, dock)
    dock.setWidget(button)
    app.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.show()
    return button


def _during(step: threading.Event, then, *, after_ms: int = 30) -> None:
    """``then()`` from the event loop while the step is pending; the step is let go a little
    later (by a timer of its own: what ``then()`` starts may wait for the step)."""
    QTimer.singleShot(after_ms, then)
    QTimer.singleShot(after_ms + 100, step.set)


def _stack_texts(app: RefkitApp) -> list[str]:
    stack = app.undo_stack
    return [stack.command(index).text() for index in range(stack.count())]


def test_a_second_press_of_a_command_whose_step_is_saved_is_refused_and_said(
    qtbot, start_app, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    release = threading.Event()
    order: list[str] = []
    slow = _Step("Slow step", order, release)
    pressed: list[int] = []

    def press() -> None:
        pressed.append(1)
        push_command(app.undo_stack, slow)

    action = app.actions.add(ActionSpec("test_slow_step", "Slow step", press))
    before = app.undo_stack.count()
    _during(release, action.trigger)
    QTimer.singleShot(0, action.trigger)
    qtbot.waitUntil(lambda: release.is_set() and slow.done == 1, timeout=5000)
    qtbot.wait(50)

    assert pressed == [1], "the second press ran while the first was being saved"
    assert slow.done == 1 and order == ["Slow step"]
    assert app.undo_stack.count() == before + 1
    assert app.window.statusBar().currentMessage() == REFUSED_MESSAGE
    action.trigger()  # once saved, the command works again
    assert pressed == [1, 1]


def test_the_pending_panel_refuses_presses_while_the_rest_of_the_window_works(
    qtbot, start_app, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    app.window.show()
    qtbot.waitExposed(app.window)
    app.window.activateWindow()
    release = threading.Event()
    order: list[str] = []
    slow = _Step("Slow step", order, release)
    quick = _Step("Quick step", order)
    here = _dock(app, "here")
    elsewhere = _dock(app, "elsewhere")
    here_clicks: list[bool] = []
    seen_pending: list[bool] = []
    here.clicked.connect(lambda: here_clicks.append(True) or push_command(app.undo_stack, slow))

    def elsewhere_pressed() -> None:
        seen_pending.append(slow.done == 0)
        push_command(app.undo_stack, quick)

    elsewhere.clicked.connect(elsewhere_pressed)
    here.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is here, timeout=2000)
    before = _stack_texts(app)

    def meanwhile() -> None:
        QTest.mouseClick(here, Qt.MouseButton.LeftButton)  # the same control again
        QTest.mouseClick(elsewhere, Qt.MouseButton.LeftButton)  # another panel

    _during(release, meanwhile)
    QTimer.singleShot(0, lambda: QTest.mouseClick(here, Qt.MouseButton.LeftButton))
    qtbot.waitUntil(lambda: slow.done == 1 and quick.done == 1, timeout=5000)
    qtbot.wait(50)

    assert here_clicks == [True], "the pending panel took a second press"
    assert seen_pending == [True], "the other panel waited for the step"
    assert order == ["Slow step", "Quick step"], "saved in the order pressed"
    assert _stack_texts(app) == [*before, "Slow step", "Quick step"], "undone newest first"
    app.undo_stack.undo()
    assert order[-1] == "undo Quick step"


def test_undo_while_a_step_is_saved_waits_and_says_so(qtbot, start_app, db_file: Path) -> None:
    app: RefkitApp = start_app(db_file)
    order: list[str] = []
    push_command(app.undo_stack, _Step("Earlier step", order))
    release = threading.Event()
    slow = _Step("Slow step", order, release)
    said: list[str] = []
    app.undo_stack.command_failed.connect(said.append)
    _during(release, app.undo_stack.undo)
    QTimer.singleShot(0, lambda: push_command(app.undo_stack, slow))
    qtbot.waitUntil(lambda: slow.done == 1, timeout=5000)
    qtbot.wait(50)

    assert order == ["Earlier step", "Slow step"], "nothing undone under the pending step"
    assert said and "still being saved" in said[-1]
    assert _stack_texts(app)[-2:] == ["Earlier step", "Slow step"]
    assert app.undo_stack.index() == app.undo_stack.count()


class _ClosedByTheUser(QCloseEvent):
    """A close asked for by the window system (its close button), as Qt marks one."""

    def spontaneous(self) -> bool:
        return True


def test_closing_the_window_while_a_step_is_saved_waits_for_it(qtbot) -> None:
    gate = InputGate()
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with gate.step():
        event = _ClosedByTheUser()
        assert gate.eventFilter(window, event) is True, "closed under a pending step"
        assert not event.isAccepted()
        assert window.isVisible()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)  # then it closes
