"""Real pointer clicks and key presses for the real-screen checks, through xdotool.

Every click goes to the screen position where ``widget`` is drawn, as a user's would; the test
then checks what the click hit: the press must reach ``widget`` (or a part of it), enabled, and
``widget`` must react (a button is clicked, or ``reacts()`` comes true). A click that lands on
another window, a covering widget, a disabled control or nothing at all fails the test.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QScrollArea,
    QWidget,
)
from pytestqt.exceptions import TimeoutError as WaitTimedOut

WAIT_MS = 5000
# A second click on the same spot soon after the first arrives as a double click.
PRESSES = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)


class PressWatch(QObject):
    """Remembers the widgets that received the mouse presses since it was last cleared."""

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[QWidget] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in PRESSES and isinstance(watched, QWidget):
            self.pressed.append(watched)
        return False


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=20)


def scroll_area_around(widget: QWidget) -> QScrollArea | None:
    """The nearest scroll area holding ``widget``, or None when no scroll area does."""
    area = widget.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    return area


def device_point(widget: QWidget, point: QPoint) -> tuple[int, int]:
    """``point`` in ``widget`` as the X server's pixel on the screen (Qt's scale applied)."""
    where = widget.mapToGlobal(point)
    ratio = widget.devicePixelRatioF()
    return round(where.x() * ratio), round(where.y() * ratio)


class RealInput:
    """Real clicks and keys on the app's windows; ``qtbot`` keeps the app's events flowing."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.watch = PressWatch()
        QApplication.instance().installEventFilter(self.watch)
        self.clicks = 0
        self.pointer: tuple[int, int] | None = None

    def close(self) -> None:
        QApplication.instance().removeEventFilter(self.watch)

    def settle(self, ms: int = 50) -> None:
        self.qtbot.wait(ms)

    def click(
        self,
        widget: QWidget,
        at: QPoint | QRect | None = None,
        reacts: Callable[[], object] | None = None,
        what: str = "",
    ) -> None:
        """Click ``widget`` at ``at`` (its middle by default) with the real pointer."""
        name = what or widget.objectName() or type(widget).__name__
        self.qtbot.waitUntil(widget.isVisible, timeout=WAIT_MS)
        assert widget.isEnabled(), f"{name} is disabled where the evening needs it"
        if isinstance(at, QRect):
            at = at.center()
        point = widget.rect().center() if at is None else at
        assert widget.rect().contains(point), f"{name}: {point} lies outside the widget"
        top = widget.window()
        self.wait_placed(top, widget)
        screen = top.screen().geometry()
        try:  # a window still settling after a workspace switch gets its moment
            self.qtbot.waitUntil(
                lambda: screen.contains(widget.mapToGlobal(point)), timeout=WAIT_MS
            )
        except WaitTimedOut:
            shot = save_screen(f"off-screen-{name}")
            raise AssertionError(f"{name} is off the screen (the screen then: {shot})") from None
        try:  # on the screen is not enough: the spot must show, not be scrolled away or covered
            self.qtbot.waitUntil(lambda: widget.visibleRegion().contains(point), timeout=WAIT_MS)
        except WaitTimedOut:
            shot = save_screen(f"hidden-{name}")
            raise AssertionError(
                f"{name} is hidden where the click would go, at {point}: scrolled out of its"
                f" panel's view or covered (the screen then: {shot})"
            ) from None
        clicked: list[bool] = []
        if isinstance(widget, QAbstractButton):
            widget.clicked.connect(lambda *_: clicked.append(True))
        self.watch.pressed.clear()
        x, y = device_point(widget, point)
        if self.pointer == (x, y):  # "mousemove --sync" to where it is waits for a move
            xdotool("click", "1")
        else:
            xdotool("mousemove", "--sync", str(x), str(y), "click", "1")
        self.pointer = (x, y)
        self.clicks += 1

        def hit() -> bool:
            return any(w is widget or widget.isAncestorOf(w) for w in self.watch.pressed)

        try:
            self.qtbot.waitUntil(hit, timeout=WAIT_MS)
        except WaitTimedOut:
            got = [f"{type(w).__name__} {w.objectName()!r}" for w in self.watch.pressed[:1]]
            shot = save_screen(f"missed-{name}")
            raise AssertionError(
                f"the click on {name} at screen pixel {(x, y)} hit {got or 'nothing'}"
                f" (the screen then: {shot})"
            ) from None
        if isinstance(widget, QAbstractButton):
            try:
                self.qtbot.waitUntil(lambda: bool(clicked), timeout=WAIT_MS)
            except WaitTimedOut:
                raise AssertionError(f"{name} was pressed but did not click") from None
        if reacts is not None:
            try:
                self.qtbot.waitUntil(lambda: bool(reacts()), timeout=WAIT_MS)
            except WaitTimedOut:
                raise AssertionError(f"the click on {name} changed nothing") from None

    def wait_placed(self, top: QWidget, widget: QWidget) -> None:
        """Wait until the window manager has placed ``top`` and ``widget`` holds still there
        (as a user aims at a control once the window stops moving)."""
        self.qtbot.waitExposed(top)
        seen: list[tuple[QRect, QPoint]] = []

        def still() -> bool:
            QApplication.processEvents()
            seen.append((top.geometry(), widget.mapToGlobal(QPoint(0, 0))))
            return len(seen) >= 4 and len(set(map(str, seen[-4:]))) == 1

        self.qtbot.waitUntil(still, timeout=WAIT_MS)

    def reveal(self, widget: QWidget) -> None:
        """Scroll ``widget`` into view in the scroll area around it, as the user scrolls, once
        its panel is laid out: rows a step adds above it move it after a scroll made early."""
        area = scroll_area_around(widget)
        if area is None:
            return

        def in_view() -> bool:
            QApplication.processEvents()
            area.ensureWidgetVisible(widget)
            QApplication.processEvents()
            return widget.visibleRegion().boundingRect() == widget.rect()

        try:
            self.qtbot.waitUntil(in_view, timeout=WAIT_MS)
        except WaitTimedOut:
            name = widget.objectName() or type(widget).__name__
            raise AssertionError(f"{name} cannot be scrolled into view") from None

    def click_item(self, view: QAbstractItemView, row: int, column: int = 0, **kw) -> None:
        """Click a row of a list or table, scrolled into view as the user would scroll."""
        index = view.model().index(row, column)
        view.scrollTo(index)
        self.settle()
        rect = view.visualRect(index)
        self.click(view.viewport(), rect.center(), **kw)

    def choose(self, combo: QComboBox, text: str) -> None:
        """Open ``combo``'s list with a click and click the entry ``text``."""
        index = combo.findText(text, Qt.MatchFlag.MatchContains)
        assert index >= 0, f"{combo.objectName()} offers no {text!r}: " + repr(
            [combo.itemText(i) for i in range(combo.count())]
        )
        if combo.currentIndex() == index:
            return
        view = combo.view()
        self.click(combo, reacts=view.isVisible, what=combo.objectName() or "combo box")
        self.settle(150)
        rect = view.visualRect(view.model().index(index, combo.modelColumn()))
        self.click(
            view.viewport(),
            rect.center(),
            reacts=lambda: combo.currentIndex() == index,
            what=f"{text!r} in {combo.objectName()}",
        )

    def type_into(self, widget: QWidget, text: str) -> None:
        """Click into a text field and type ``text`` (replacing what it holds)."""
        self.click(widget, reacts=widget.hasFocus)
        self.keys("ctrl+a")
        xdotool("type", "--delay", "5", text)
        self.qtbot.waitUntil(lambda: text in field_text(widget), timeout=WAIT_MS)

    def keys(self, *combos: str, reacts: Callable[[], object] | None = None) -> None:
        """Press keys (xdotool names, "ctrl+shift+n") in the focused window."""
        xdotool("key", "--delay", "20", *combos)
        if reacts is not None:
            try:
                self.qtbot.waitUntil(lambda: bool(reacts()), timeout=WAIT_MS)
            except WaitTimedOut:
                raise AssertionError(f"the keys {combos} changed nothing") from None
        else:
            self.settle()


def field_text(widget: QWidget) -> str:
    for getter in ("text", "toPlainText", "currentText"):
        if hasattr(widget, getter):
            return str(getattr(widget, getter)())
    return ""


def save_screen(name: str) -> str:
    """The whole screen as a PNG in the screenshots folder (or the temp folder), for the report."""
    folder = Path(os.environ.get("REFKIT_SCREENSHOTS") or tempfile.gettempdir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{os.environ.get('REFKIT_REAL_SCREEN', 'screen')}.png"
    QGuiApplication.primaryScreen().grabWindow(0).save(str(path))
    return str(path)
