"""The window's one worker thread: start-up imports and database calls run there, one at a time.

Python runs one thread at a time, so two or three threads importing at once (the ORM in one, the
panels' modules in another, qasync's pool of workers for a third) do not finish sooner: they take
turns with the interpreter, each turn a little later, and the GUI thread waits behind all of them.
One single-thread executor runs every job in the order it was handed in, so the ORM's import runs
alone and a database call never races another one. The asyncio loop uses it as its default
executor, and :meth:`Worker.then` hands a result back to the GUI thread without asyncio (before
the loop is attached).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

T = TypeVar("T")
THREAD_NAME = "refkit-worker"


class Worker(QObject):
    """One background thread (started with the first job) and a way back to the GUI thread."""

    _finished = Signal(object, object)
    """(future, callback): emitted from the worker, delivered on the GUI thread (queued)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("worker")
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)
        self._finished.connect(self._call_back)

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

    def _hand_back(self, future: Future[Any], callback: Callable[[Future[Any]], None]) -> None:
        # Runs in the worker thread; the window may be gone by now (the app quit meanwhile).
        with contextlib.suppress(RuntimeError):
            self._finished.emit(future, callback)

    @staticmethod
    def _call_back(future: Future[Any], callback: Callable[[Future[Any]], None]) -> None:
        callback(future)

    def shutdown(self) -> None:
        """Wait for the job running now; drop the ones still waiting."""
        self.executor.shutdown(wait=True, cancel_futures=True)


__all__ = ["THREAD_NAME", "Worker"]
