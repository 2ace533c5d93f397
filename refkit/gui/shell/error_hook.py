"""The one place an error nobody caught ends up: a message in the window, the traceback in the log.

:func:`install_error_hook` replaces ``sys.excepthook`` (which PySide calls for an exception that
escapes a slot, and :func:`refkit.gui.shell.event_loop.start_task` for one that escapes a
coroutine) and routes Qt's own warnings into :mod:`logging`. Refkit's own refusals
(:class:`refkit.errors.DomainError`, told apart by ``isinstance``) are shown as they are worded;
anything else is a fault in Refkit and is said to be one. Nothing is ever only on stderr.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, Qt, QtMsgType, qInstallMessageHandler

from refkit.errors import DomainError

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from refkit.gui.shell.main_window import MainWindow

log = logging.getLogger("refkit")
ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def error_text(error: BaseException) -> tuple[str, str]:
    """The headline and the detail the window shows for ``error``."""
    if isinstance(error, DomainError):
        return str(error) or "Refkit refused that step.", "Nothing was changed."
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return (
        f"Something went wrong inside Refkit ({what}).",
        "This is a fault in Refkit, not in what you did. What you saved before is kept; the "
        "details are in the log (start Refkit from a terminal to see them).",
    )


class ErrorHook:
    """Shows uncaught errors in ``window`` (one box at a time, opened without blocking)."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window
        self.box: QMessageBox | None = None
        self.shown: list[BaseException] = []
        self._previous: ExceptHook | None = None
        self._previous_qt: object = None

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if isinstance(error, KeyboardInterrupt | SystemExit):
            if self._previous is not None:
                self._previous(kind, error, trace)
            return
        if isinstance(error, DomainError):
            log.warning("refused: %s", error)
        else:
            log.error("uncaught error\n%s", "".join(traceback.format_exception(kind, error, trace)))
        self.shown.append(error)
        self.show(error)

    def show(self, error: BaseException) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox  # built for a fault, not for the first frame

        headline, detail = error_text(error)
        self._window.show_status(headline, 15000)
        box = self.box
        if box is None:
            box = QMessageBox(self._window)
            box.setObjectName("error_box")
            box.setWindowTitle("Refkit")
            box.setTextFormat(Qt.TextFormat.PlainText)  # an error may quote a file's text
            box.setStandardButtons(QMessageBox.StandardButton.Close)
            self.box = box
        box.setIcon(
            QMessageBox.Icon.Warning
            if isinstance(error, DomainError)
            else QMessageBox.Icon.Critical
        )
        box.setText(headline)
        box.setInformativeText(detail)
        box.open()
        return box

    def install(self) -> None:
        self._previous = sys.excepthook
        sys.excepthook = self
        self._previous_qt = qInstallMessageHandler(_qt_message)

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self._previous or sys.__excepthook__
        qInstallMessageHandler(self._previous_qt)


_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def _qt_message(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    logging.getLogger("refkit.qt").log(_QT_LEVELS.get(kind, logging.WARNING), "%s", message)


def install_error_hook(window: MainWindow) -> ErrorHook:
    """Make ``window`` the place uncaught errors are shown (the app does this once)."""
    hook = ErrorHook(window)
    hook.install()
    return hook
