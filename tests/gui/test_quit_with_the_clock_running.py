"""Issue 24 item 8: Ctrl+Q with the dungeon clock running offered nothing and quit, the clock
left running down. Quitting now asks: Pause and quit (the pause is an undo step like F6's),
Quit with the clock running, or Cancel; a clock not running asks nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QPushButton

from refkit.gui.main import RefkitApp
from refkit.rules.dungeon.clock import ClockState


def enter(app: RefkitApp) -> None:
    turn = app.dungeon.turn_panel
    turn.dungeon_edit.setText("The Drowned Crypt")
    turn.enter_dungeon()
    assert clock_state(app) is ClockState.RUNNING


def clock_state(app: RefkitApp) -> ClockState:
    view = app.dungeon.session.view()
    assert view is not None
    return view.clock.state


def question(app: RefkitApp) -> QMessageBox:
    shown = [
        box
        for box in app.window.findChildren(QMessageBox, "close_question_box")
        if box.isVisible()  # an answered one may wait for its deleteLater
    ]
    assert len(shown) == 1
    return shown[0]


def press(box: QMessageBox, name: str) -> None:
    button = box.findChild(QPushButton, name)
    assert button is not None, name
    button.click()


def test_ctrl_q_with_the_clock_running_asks_and_pause_and_quit_pauses_it(
    qtbot, start_app, db_file: Path
) -> None:
    app = start_app(db_file)
    enter(app)
    app.actions.action("quit").trigger()
    assert app.window.isVisible() and clock_state(app) is ClockState.RUNNING
    box = question(app)
    assert "DT 1 in The Drowned Crypt" in box.text() and "keeps running" in box.text()
    assert box.findChild(QPushButton, "close_act_button").text() == "&Pause and quit"
    before = app.undo_stack.index()
    press(box, "close_act_button")
    qtbot.waitUntil(lambda: not app.window.isVisible(), timeout=5000)
    assert clock_state(app) is ClockState.PAUSED
    assert app.undo_stack.index() == before + 1  # through the write path, one undo step


def test_quit_leaves_the_clock_running_and_cancel_stays(qtbot, start_app, db_file) -> None:
    app = start_app(db_file)
    enter(app)
    app.window.close()
    press(question(app), "close_cancel_button")
    assert app.window.isVisible() and clock_state(app) is ClockState.RUNNING
    app.window.close()  # asked again after a cancel
    before = app.undo_stack.index()
    press(question(app), "close_anyway_button")
    qtbot.waitUntil(lambda: not app.window.isVisible(), timeout=5000)
    assert clock_state(app) is ClockState.RUNNING and app.undo_stack.index() == before


def test_a_paused_clock_quits_without_asking(qtbot, start_app, db_file) -> None:
    app = start_app(db_file)
    enter(app)
    app.dungeon.turn_panel.toggle_run()  # F6: pause
    assert clock_state(app) is ClockState.PAUSED
    app.window.close()
    assert not app.window.isVisible()
    assert app.window.findChildren(QMessageBox, "close_question_box") == []
