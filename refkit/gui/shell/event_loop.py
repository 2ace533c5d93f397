"""The asyncio loop inside Qt (qasync), installed once the window has been painted.

Qt's own event loop starts first (``QApplication.exec``) so the window paints without waiting for
asyncio to load; right after the first paint a qasync loop is attached to the already-running Qt
loop. Coroutines are started with :func:`start_task`, which reports an unexpected exception the way
a Qt slot would (through ``sys.excepthook``) instead of losing it.

Import this module's dependencies lazily: ``asyncio`` and ``qasync`` are loaded by
:func:`install_event_loop`, not at import time.
"""

from __future__ import annotations

import sys
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtCore import QCoreApplication


class _AppWithoutExit:
    """``app`` as the attached qasync loop sees it: everything but ``exit``.

    Stopping an attached loop makes qasync call ``app.exit()``, which would end Qt's event loop (and
    make every later nested Qt loop return at once). The asyncio loop is stopped only when the app
    is done anyway, so that call is dropped here; Qt's own loop ends through ``app.quit()``.
    """

    def __init__(self, app: QCoreApplication) -> None:
        self._app = app

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def exit(self, return_code: int = 0) -> None:
        return None


def install_event_loop(app: QCoreApplication) -> asyncio.AbstractEventLoop:
    """Attach a qasync loop to the running Qt loop of ``app`` and make it asyncio's current loop."""
    import asyncio

    import qasync

    loop = qasync.QEventLoop(_AppWithoutExit(app), already_running=True)
    asyncio.set_event_loop(loop)
    return loop


def shutdown_event_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Stop and close ``loop`` (waiting for its worker threads) and detach it from asyncio."""
    import asyncio

    if loop.is_running():
        loop.stop()
    if not loop.is_closed():
        loop.close()
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


def _report_failure(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        sys.excepthook(type(error), error, error.__traceback__)


def start_task(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """Run ``coroutine`` on the current loop; an exception it raises goes to ``sys.excepthook``."""
    import asyncio

    task = asyncio.ensure_future(coroutine)
    task.add_done_callback(_report_failure)
    return task
