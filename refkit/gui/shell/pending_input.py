"""Input while a step is being saved: the rest of the window works, the step's own part waits.

An edit's database work runs in the window's worker while the GUI thread turns its event loop
(:meth:`refkit.gui.shell.worker.Worker.wait_for`). That loop used to hold back every click and key
until the step was saved, so a slow write held the whole window. Now the loop takes input, and
an :class:`InputGate` — an application event filter, installed only while a step is pending —
decides per event:

- Input meant for the step's own part of the window (its *scope*: the panel whose control was
  pressed, the dialog it was pressed in, or the command it was started as) is refused, and the
  gate says so (``refused``), so a second press on the same control is neither lost silently nor
  done twice. After PENDING_LOOK_MS that part shows it is busy (a busy cursor over it).
- Input anywhere else goes through: the referee can scroll, type, switch tabs or roll while an
  End DT is written. A step started from there is saved after the one pending (the worker runs
  them in order) and goes on the undo stack in that order (:mod:`refkit.gui.shell.undo_adapter`).
- Closing a window waits until the pending steps are saved, then goes on.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

PENDING_LOOK_MS = 120
"""A step still pending after this long shows its scope as busy (shorter ones would flicker)."""

REFUSED_MESSAGE = "Still saving the last step there; press again once it is saved"
"""Said (the status bar) when input meets a part of the window whose step is still pending."""

_GATED = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.Shortcut,
        QEvent.Type.ContextMenu,
        QEvent.Type.TabletPress,
        QEvent.Type.TouchBegin,
        QEvent.Type.Drop,
    }
)
"""Input that acts; hovering, scrolling and focus changes are left alone everywhere."""
_PRESSES = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.KeyPress,
        QEvent.Type.Shortcut,
        QEvent.Type.ContextMenu,
        QEvent.Type.TabletPress,
        QEvent.Type.TouchBegin,
        QEvent.Type.Drop,
    }
)
"""The gated input a refusal is said for (a release or a shortcut check is refused quietly)."""


@dataclass(eq=False)
class _Pending:
    """One step being saved and the part of the window it belongs to (each one itself: two
    steps from the same panel are two entries)."""

    widget: weakref.ref[QWidget] | None
    action: weakref.ref[QAction] | None
    cursor_set: list[QWidget] = field(default_factory=list)


class InputGate(QObject):
    """Refuses input for the parts of the window whose steps are pending; lets the rest through."""

    refused = Signal(str)
    """Input met a pending part of the window (a message for the status bar)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("input-gate")
        self._pending: list[_Pending] = []
        self._actions: list[QAction] = []
        """The registry's actions whose handlers are running now, innermost last."""
        self._closes: list[weakref.ref[QWidget]] = []
        self._installed = False
        self._look = QTimer(self)
        self._look.setSingleShot(True)
        self._look.timeout.connect(self._show_pending)

    # -- what started the step -----------------------------------------------------------------

    @contextlib.contextmanager
    def running_action(self, action: QAction) -> Iterator[bool]:
        """Around an action's handler: yields False (do not run it) when that action's step is
        pending already, saying so; else True, with steps it starts scoped to the action."""
        if any(_alive(pending.action) is action for pending in self._pending):
            self.refused.emit(REFUSED_MESSAGE)
            yield False
            return
        self._actions.append(action)
        try:
            yield True
        finally:
            self._actions.remove(action)

    def pending(self) -> bool:
        """True while a step is being saved."""
        return bool(self._pending)

    @contextlib.contextmanager
    def step(self) -> Iterator[None]:
        """Around the wait for one step: its scope refuses input until it is saved."""
        entry = self._scope_now()
        self._pending.append(entry)
        if not self._installed:
            app = QApplication.instance()
            if app is not None:
                app.installEventFilter(self)
                self._installed = True
        if len(self._pending) == 1:
            self._look.start(PENDING_LOOK_MS)
        try:
            yield
        finally:
            self._pending.remove(entry)
            for widget in entry.cursor_set:
                with contextlib.suppress(RuntimeError):  # deleted meanwhile
                    widget.unsetCursor()
            if not self._pending:
                self._look.stop()
                self._uninstall()
                self._close_deferred()

    def _scope_now(self) -> _Pending:
        if self._actions:
            return _Pending(None, weakref.ref(self._actions[-1]))
        focus = QApplication.focusWidget()
        if focus is None:
            return _Pending(None, None)
        return _Pending(weakref.ref(_scope_of(focus)), None)

    # -- the filter ----------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Close:
            return self._defer_close(watched, event)
        if kind not in _GATED or not self._pending:
            return False
        if isinstance(watched, QAction):
            blocked = any(_alive(pending.action) is watched for pending in self._pending)
        elif isinstance(watched, QWidget):
            blocked = self._in_scope(watched)
        else:
            return False
        if blocked:
            event.accept()
            if kind in _PRESSES:
                self.refused.emit(REFUSED_MESSAGE)
        return blocked

    def _in_scope(self, widget: QWidget) -> bool:
        for pending in self._pending:
            scope = _alive(pending.widget)
            if scope is not None and (scope is widget or scope.isAncestorOf(widget)):
                return True
        return False

    def _defer_close(self, watched: QObject, event: QEvent) -> bool:
        if (
            not self._pending
            or not isinstance(watched, QWidget)
            or not watched.isWindow()
            or not event.spontaneous()
        ):
            return False
        event.ignore()
        if not any(ref() is watched for ref in self._closes):
            self._closes.append(weakref.ref(watched))
        return True

    def _close_deferred(self) -> None:
        closes, self._closes = self._closes, []
        for ref in closes:
            window = ref()
            if window is not None:
                QTimer.singleShot(0, window, window.close)

    def _show_pending(self) -> None:
        for pending in self._pending:
            scope = _alive(pending.widget)
            if scope is not None and not scope.testAttribute(Qt.WidgetAttribute.WA_SetCursor):
                scope.setCursor(Qt.CursorShape.BusyCursor)
                pending.cursor_set.append(scope)

    def _uninstall(self) -> None:
        if self._installed:
            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            self._installed = False


_gate: InputGate | None = None


def the_gate() -> InputGate:
    """The application's one gate (the worker waits through it, the action registry and the
    window's status bar use it)."""
    global _gate
    if _gate is None:
        _gate = InputGate()
    return _gate


def _scope_of(widget: QWidget) -> QWidget:
    """The part of the window ``widget`` belongs to: its panel (dock), else its dialog or
    floating window, else the widget itself (a control of the main window's own)."""
    found: QWidget | None = widget
    while found is not None:
        if isinstance(found, QDockWidget):
            return found
        if found.isWindow():
            return found if found.parentWidget() is not None else widget
        found = found.parentWidget()
    return widget


def _alive(ref: weakref.ref[QWidget] | weakref.ref[QAction] | None) -> QObject | None:
    if ref is None:
        return None
    found = ref()
    if found is None:
        return None
    try:
        found.objectName()  # raises RuntimeError once Qt deleted it
    except RuntimeError:
        return None
    return found


__all__ = ["PENDING_LOOK_MS", "REFUSED_MESSAGE", "InputGate", "the_gate"]
