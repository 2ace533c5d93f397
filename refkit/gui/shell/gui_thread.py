"""Calls that must land on the GUI thread, wherever they are made from.

The app layer tells its listeners about changes (a crow edited, a roll logged, a fight moved on)
from the thread that made the change, and edits run in the window's worker
(:meth:`refkit.gui.shell.worker.Worker.wait_for`). A listener that touches widgets must not run
there: :func:`on_gui_thread` wraps it so that a call from another thread is queued to the GUI
thread, in the order made, and a call from the GUI thread goes straight through. The wait for an
edit turns the event loop, so the listeners have run by the time the edit's caller goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal


class _Relay(QObject):
    """Lives on the GUI thread; runs what is sent to it there."""

    call = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    @staticmethod
    def _run(thunk: Callable[[], object]) -> None:
        thunk()


_relay: _Relay | None = None


def _the_relay() -> _Relay:
    global _relay
    if _relay is None:
        _relay = _Relay()
        app = QCoreApplication.instance()
        if app is not None:
            _relay.moveToThread(app.thread())
    return _relay


class _Relayed:
    """``callback`` run on the GUI thread; equal to ``callback`` itself, so a listener
    registered wrapped is removed by the plain method."""

    def __init__(self, callback: Callable[..., Any], relay: _Relay) -> None:
        self.callback = callback
        self._relay = relay

    def __call__(self, *args: Any) -> None:
        if threading.current_thread() is threading.main_thread():
            self.callback(*args)
        else:
            callback = self.callback
            self._relay.call.emit(lambda: callback(*args))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Relayed):
            return bool(self.callback == other.callback)
        return bool(self.callback == other)

    def __hash__(self) -> int:
        return hash(self.callback)


def on_gui_thread(callback: Callable[..., Any]) -> Callable[..., None]:
    """``callback``, called on the GUI thread (queued when called from another thread)."""
    return _Relayed(callback, _the_relay())  # the relay is made now, on the GUI thread


def deliver_pending() -> None:
    """Run now the calls queued to the GUI thread so far (GUI thread only)."""
    if _relay is not None:
        QCoreApplication.sendPostedEvents(_relay, QEvent.Type.MetaCall.value)


class GuiThreadListener:
    """An object listener (``roll_logged``, ``fight_changed``…) whose every method is called on
    the GUI thread: ``GuiThreadListener(panel)`` stands in for ``panel``."""

    def __init__(self, target: object) -> None:
        self._target = target
        _the_relay()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._target, name)
        return on_gui_thread(attribute) if callable(attribute) else attribute

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GuiThreadListener):
            return self._target is other._target
        return self._target is other

    def __hash__(self) -> int:
        return id(self._target)


__all__ = ["GuiThreadListener", "deliver_pending", "on_gui_thread"]
