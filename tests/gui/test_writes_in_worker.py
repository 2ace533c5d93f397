"""Edits write the database in the window's worker thread; the window keeps running meanwhile.

Issue 8: database work off the GUI thread through one executor, and a write lock never freezes
the window. Every undo step's ``do()`` and ``undo()`` (and the roll log's writes) run in the
worker (:meth:`refkit.gui.shell.worker.Worker.wait_for`); the GUI thread turns its event loop
until the step is done, so the clock and the window's timers go on, while the user's clicks wait
their turn. A lock from another program is waited out there for a moment (the command line's
step ends), where before the write failed after 50 ms and went to the save-problem bar.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QTimer

from refkit.gui.main import RefkitApp
from refkit.gui.shell.gui_thread import on_gui_thread
from refkit.gui.shell.undo_adapter import LOCK_WAIT_S, push_command
from refkit.gui.shell.worker import THREAD_NAME
from tests.gui.locks import Lock


class _Spy:
    """A step that notes which thread does and undoes it, and tells a listener."""

    text = "Spy step"

    def __init__(self, listener) -> None:
        self.threads: list[str] = []
        self._listener = listener

    def do(self) -> None:
        self.threads.append(threading.current_thread().name)
        self._listener("done")

    def undo(self) -> None:
        self.threads.append(threading.current_thread().name)
        self._listener("undone")


def _in_the_event_loop(qtbot, step):
    """Run ``step`` from inside a running event loop, as a click in the real app does, and
    return what it returned."""
    outcome: list[object] = []
    QTimer.singleShot(0, lambda: outcome.append(step()))
    qtbot.waitUntil(lambda: bool(outcome), timeout=10000)
    return outcome[0]


def test_a_step_runs_in_the_worker_and_its_listeners_on_the_gui_thread(
    qtbot, start_app, db_file: Path
) -> None:
    app: RefkitApp = start_app(db_file)
    heard: list[tuple[str, str]] = []
    spy = _Spy(on_gui_thread(lambda what: heard.append((what, threading.current_thread().name))))

    _in_the_event_loop(qtbot, lambda: push_command(app.undo_stack, spy))
    assert heard == [("done", "MainThread")], "told on the GUI thread before the push returned"
    app.undo_stack.undo()  # the Edit menu's Undo, outside any event loop
    assert heard[-1] == ("undone", "MainThread")
    assert len(spy.threads) == 2
    assert all(name.startswith(THREAD_NAME) for name in spy.threads), spy.threads


def test_a_map_stroke_stays_on_the_gui_thread(qtbot, start_app, db_file: Path) -> None:
    app: RefkitApp = start_app(db_file)
    spy = _Spy(lambda _what: None)
    spy.in_window = True  # type: ignore[attr-defined]
    _in_the_event_loop(qtbot, lambda: push_command(app.undo_stack, spy))
    assert spy.threads == ["MainThread"]


def test_the_window_keeps_running_while_a_step_waits_out_another_programs_lock(
    qtbot, start_app, db_file: Path, lock: Lock
) -> None:
    app: RefkitApp = start_app(db_file)
    session = app.install_dungeon_panels().session
    ticks: list[int] = []
    heartbeat = QTimer()
    heartbeat.timeout.connect(lambda: ticks.append(1))
    heartbeat.start(10)
    lock.take()
    held_ms = int(LOCK_WAIT_S * 1000 * 0.6)
    QTimer.singleShot(held_ms, lock.release)  # the other program's step ends

    dt = _in_the_event_loop(qtbot, lambda: session.start_turn(dungeon="Crypt"))
    heartbeat.stop()

    assert dt == 1, "the step waited for the lock instead of failing"
    assert not app.window.save_problems.isVisible()
    assert session.view() is not None and session.view().clock.dt == 1
    assert len(ticks) >= held_ms // 10 // 3, f"the window's timers stalled: {len(ticks)} ticks"


def test_a_lock_that_stays_still_goes_to_the_save_problem_bar(
    qtbot, start_app, db_file: Path, lock: Lock
) -> None:
    app: RefkitApp = start_app(db_file)
    session = app.install_dungeon_panels().session
    messages: list[str] = []
    session.message.connect(messages.append)
    lock.take()
    assert _in_the_event_loop(qtbot, lambda: session.start_turn(dungeon="Crypt")) is None
    assert app.window.save_problems.isVisible()
    assert messages and messages[-1].endswith("the database is locked by another program")
    withdrawn: list[bool] = []
    session.message_withdrawn.connect(lambda: withdrawn.append(True))
    lock.release()
    qtbot.waitUntil(lambda: not app.window.save_problems.isVisible(), timeout=5000)
    assert session.refresh() is not None and session.view().clock.dt == 1  # saved by itself
    assert withdrawn == [True], "the panels' 'was not saved' is taken back once it is saved"


def test_a_dt_that_runs_out_while_a_step_is_written_ends_after_that_step(qtbot, rig) -> None:
    """The wait for a step turns the event loop, so the auto-end timer can fire meanwhile; it
    waits for the step, so End DT comes after it on the undo stack as it does in the data."""
    from refkit.gui.dungeon.session import DungeonTurnSession
    from refkit.gui.shell.undo_adapter import RefkitUndoStack

    stack = RefkitUndoStack()
    session = DungeonTurnSession(stack, poll_ms=10**6)
    rig.service.update_settings(auto_end=True)
    session.set_services(rig.service, rig.tables)
    assert session.start_turn(1.0, "Crypt") == 1
    deadline = rig.service.view().clock.ends_at()
    assert deadline is not None
    rig.clock.advance(61)

    class Meanwhile:
        text = "Renamed a torch"

        def do(self) -> None:  # the deadline timer fires while this step is written
            session._auto_end(deadline)

        def undo(self) -> None:
            pass

    push_command(stack, Meanwhile())
    assert session.auto_ends == 0, "End DT waited for the step being written"
    qtbot.waitUntil(lambda: session.auto_ends == 1, timeout=2000)
    texts = [stack.text(index) for index in range(stack.count())]
    assert texts[-2] == "Renamed a torch" and texts[-1].startswith("End DT"), texts
    assert rig.service.view().clock.dt == 2
    session.close()


def test_a_read_not_waited_for_runs_in_the_worker_and_answers_on_the_gui_thread(
    qtbot, start_app, db_file: Path
) -> None:
    from refkit.gui.shell.undo_adapter import read_later

    app: RefkitApp = start_app(db_file)
    answers: list[tuple[str, str]] = []
    failures: list[tuple[str, str]] = []

    def refused() -> str:
        raise ValueError("no such table")

    def answer(into: list[tuple[str, str]]):
        return lambda got: into.append((str(got), threading.current_thread().name))

    read_later(
        app.undo_stack, lambda: threading.current_thread().name, answer(answers), answer(failures)
    )
    read_later(app.undo_stack, refused, answer(answers), answer(failures))
    assert answers == [] and failures == [], "the caller goes on at once"
    qtbot.waitUntil(lambda: bool(answers) and bool(failures), timeout=5000)
    ((read_in, answered_in),) = answers
    assert read_in.startswith(THREAD_NAME) and answered_in == "MainThread"
    assert failures == [("no such table", "MainThread")]
