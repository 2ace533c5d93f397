"""The window's one worker thread: start-up imports and database calls run there, one at a time.

Python runs one thread at a time, so two or three threads importing at once (the ORM in one, the
panels' modules in another, qasync's pool of workers for a third) do not finish sooner: they take
turns with the interpreter, each turn a little later, and the GUI thread waits behind all of them.
One single-thread executor runs every job in the order it was handed in, so the ORM's import runs
alone and a database call never races another one. The asyncio loop uses it as its default
executor, and :meth:`Worker.then` hands a result back to the GUI thread without asyncio (before
the loop is attached).

:meth:`Worker.wait_for` is how the window writes: an edit's database work runs in the worker
while the GUI thread keeps turning its event loop — the clock ticks, the window repaints, timers
fire, and the user's clicks and keys are taken, except in the part of the window the edit came
from, which refuses them until it is saved (:mod:`refkit.gui.shell.pending_input`). To its
caller it is an ordinary call that returns or raises.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, QTimer, Signal

from refkit.gui.shell.gui_thread import deliver_pending
from refkit.gui.shell.pending_input import the_gate

T = TypeVar("T")
THREAD_NAME = "refkit-worker"
BUSY_AFTER_MS = 250
"""A write still waiting after this long is said (``busy``): the cursor shows it, and so does the
status bar."""
POLL_MS = 10
"""How often :meth:`Worker.turn_until` asks whether what it waits for is done."""


class Worker(QObject):
    """One background thread (started with the first job) and a way back to the GUI thread."""

    _finished = Signal(object, object)
    """(future, callback): emitted from the worker, delivered on the GUI thread (queued)."""
    _wake = Signal(object)
    """(event loop): emitted when a waited-for job is done, delivered on the GUI thread."""
    busy = Signal(bool)
    """True when a write has waited BUSY_AFTER_MS and is still running; False once it is done."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("worker")
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)
        self._finished.connect(self._call_back)
        self._wake.connect(self._quit, Qt.ConnectionType.QueuedConnection)
        self.writes_here = False
        """Whether :meth:`wait_for` uses the thread: the app turns it on for a database file
        (an in-memory database is one connection, which two threads must not share)."""
        self.inline_when: Callable[[], bool] = lambda: False
        """A test for "run it here after all": a unit of work open on the GUI thread (its lock
        would keep the worker out)."""
        self._shut = False
        self._waits = 0
        """How many waits (:meth:`wait_for`, :meth:`turn_until`) the GUI thread is inside."""
        self.gate = the_gate()
        """Refuses input where a pending step came from, lets the rest of the window work."""

    def submit(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``function(*args)`` after the jobs handed in before it."""
        return self.executor.submit(function, *args)

    def then(
        self, function: Callable[..., T], callback: Callable[[Future[T]], None], *args: Any
    ) -> Future[T]:
        """:meth:`submit`, then ``callback(future)`` on the GUI thread once it is done."""
        future = self.submit(function, *args)
        future.add_done_callback(lambda done: self._hand_back(done, callback))
        return future

    def then_in_steps(
        self, steps: Iterator[object], callback: Callable[[Future[Any]], None]
    ) -> Future[Any]:
        """Run the generator ``steps`` in the worker one step per job, each job handed in
        behind whatever came in meanwhile (so an edit waits for one step, not for all of them);
        then ``callback(future)`` on the GUI thread, the future holding the generator's return
        value or what it raised."""
        result: Future[Any] = Future()

        def step() -> None:
            try:
                next(steps)
            except StopIteration as stop:
                result.set_result(stop.value)
                return
            except BaseException as error:
                result.set_exception(error)
                return
            try:
                self.executor.submit(step)
            except RuntimeError:  # shut down meanwhile: what is left is not wanted
                result.cancel()

        result.add_done_callback(lambda done: self._hand_back(done, callback))
        self.executor.submit(step)
        return result

    def wait_for(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` run in the worker after the jobs before it; returns what it
        returns and raises what it raises, in the caller's frame.

        Meanwhile the GUI thread turns its event loop (painting and timers go on, and so does
        the user's input, except where the step came from:
        :class:`~refkit.gui.shell.pending_input.InputGate`). Run in the calling thread instead
        when the worker is not for writes (:attr:`writes_here`), off the GUI thread, inside an
        asyncio task (which a nested loop would re-enter), when :attr:`inline_when` says so, or
        after :meth:`shutdown`.
        """
        if not self._waits_here():
            return function(*args)
        try:
            future = self.submit(function, *args)
        except RuntimeError:  # shut down meanwhile (the app is closing)
            return function(*args)
        if not future.done():
            if QThread.currentThread().loopLevel() == 0:
                # No event loop is running (a script, a test driving widgets): there is no
                # window to keep alive, and a loop started here would delete what was handed
                # to deleteLater() before it (a dialog still closing in the caller's frame).
                wait([future])
            else:
                self._wait(future)
        deliver_pending()  # the listeners the job told have run when the caller goes on
        return future.result()

    def _waits_here(self) -> bool:
        return (
            self.writes_here
            and not self._shut
            and threading.current_thread() is threading.main_thread()
            and not _in_asyncio_task()
            and not self.inline_when()
        )

    def _wait(self, future: Future[Any]) -> None:
        loop = QEventLoop()
        future.add_done_callback(lambda _done: self._wake_up(loop))
        with self.gate.step():
            self._turn(loop, future.done, QEventLoop.ProcessEventsFlag.AllEvents)

    def turn_until(self, done: Callable[[], bool]) -> None:
        """Turn the GUI thread's event loop without user input until ``done()`` (asked every
        POLL_MS), as :meth:`wait_for` does while a job runs: the window paints and its timers
        fire, clicks and keys wait their turn, and ``busy`` says so after BUSY_AFTER_MS."""
        loop = QEventLoop()
        poll = QTimer()
        poll.timeout.connect(lambda: done() and loop.quit())
        poll.start(POLL_MS)
        try:
            self._turn(loop, done, QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            poll.stop()

    def _turn(
        self, loop: QEventLoop, done: Callable[[], bool], flags: QEventLoop.ProcessEventsFlag
    ) -> None:
        said = QTimer()
        said.setSingleShot(True)
        said.timeout.connect(lambda: self.busy.emit(True))
        said.start(BUSY_AFTER_MS)
        self._waits += 1
        try:
            if not done():
                loop.exec(flags)
        finally:
            self._waits -= 1
            if not said.isActive():
                self.busy.emit(False)
            said.stop()

    def _wake_up(self, loop: QEventLoop) -> None:
        # Runs in the worker thread: a queued call of loop.quit() on the GUI thread.
        with contextlib.suppress(RuntimeError):
            self._wake.emit(loop)

    def _hand_back(self, future: Future[Any], callback: Callable[[Future[Any]], None]) -> None:
        # Runs in the worker thread; the window may be gone by now (the app quit meanwhile).
        with contextlib.suppress(RuntimeError):
            self._finished.emit(future, callback)

    @staticmethod
    def _quit(loop: QEventLoop) -> None:
        loop.quit()

    @staticmethod
    def _call_back(future: Future[Any], callback: Callable[[Future[Any]], None]) -> None:
        callback(future)

    @property
    def waiting(self) -> bool:
        """Whether the GUI thread is inside a wait for the worker (its event loop turned there:
        what runs now runs nested in a caller that goes on reading once the wait is over)."""
        return self._waits > 0

    def shutdown(self) -> None:
        """Wait for the job running now; drop the ones still waiting (writes after this run
        in the calling thread)."""
        self._shut = True
        self.executor.shutdown(wait=True, cancel_futures=True)


def _in_asyncio_task() -> bool:
    asyncio = sys.modules.get("asyncio")
    if asyncio is None:
        return False
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop is running in this thread
        return False
    return asyncio.current_task(loop) is not None


__all__ = ["THREAD_NAME", "Worker"]
