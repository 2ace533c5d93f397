"""The big dungeon-turn countdown: ``mm:ss`` drawn as large as its box allows, and the ticker.

The clock's time is never counted here. :class:`ClockTicker` runs one coarse 250 ms timer and asks
a callable for the text to show; it repaints only when that text changes (once a second), so an
idle clock costs next to nothing. The time itself comes from the persisted anchor (see
``refkit.rules.dungeon.clock``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from refkit.present.clock_face import ClockMood

TICK_MS = 250


# Foreground colours per mood, light and dark palette. Amber and red are never the only sign:
# the panel also writes "PAUSED", "5 minutes left", "Time's up".
_MOOD_COLOURS = {
    False: {
        ClockMood.RUNNING: "#1b1b1b",
        ClockMood.PAUSED: "#5f6b7a",
        ClockMood.WARNING: "#b35c00",
        ClockMood.TIME_UP: "#c62828",
    },
    True: {
        ClockMood.RUNNING: "#f2f2f2",
        ClockMood.PAUSED: "#9aa5b1",
        ClockMood.WARNING: "#ffb74d",
        ClockMood.TIME_UP: "#ff6b6b",
    },
}
FLASH_COLOURS = {False: "#ffe0b2", True: "#5d4037"}


def mood_colour(mood: ClockMood, dark: bool, palette: QPalette) -> QColor:
    if mood is ClockMood.IDLE:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    return QColor(_MOOD_COLOURS[dark][mood])


def is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


class BigClock(QWidget):
    """Draws one line of text (the time) as large as fits, in tabular digits.

    The font size follows the widget's height and width, so the same widget serves a dock in the
    referee's window and a TV across the room. ``flash`` paints a tinted background behind it.
    """

    def __init__(self, parent: QWidget | None = None, *, minimum_height: int = 96) -> None:
        super().__init__(parent)
        self.setObjectName("big_clock")
        self._text = "--:--"
        self._mood = ClockMood.IDLE
        self._flash = False
        self._minimum_height = minimum_height
        self._font = QFont(QApplication.font())
        self._font.setBold(True)
        # A plain sans (no dotted zero) with tabular figures, so the digits never jiggle.
        self._font.setFamilies(["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial"])
        self._font.setFeature(QFont.Tag("tnum"), 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Dungeon turn clock")
        self.paints = 0  # counted, so a test can prove the clock repaints only when it changes

    # state ----------------------------------------------------------------------------------

    def text(self) -> str:
        return self._text

    def mood(self) -> ClockMood:
        return self._mood

    def flashing(self) -> bool:
        return self._flash

    def show_time(self, text: str, mood: ClockMood) -> None:
        if text == self._text and mood is self._mood:
            return
        self._text = text
        self._mood = mood
        self.setAccessibleDescription(text)
        self.update()

    def set_flash(self, on: bool) -> None:
        if on != self._flash:
            self._flash = on
            self.update()

    def colour(self) -> QColor:
        return mood_colour(self._mood, is_dark(self), self.palette())

    # painting -------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(self._minimum_height * 3, self._minimum_height + 24)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._minimum_height * 2, self._minimum_height)

    def fitted_font(self, rect: QRectF) -> QFont:
        """The clock font at the largest size whose text fits ``rect`` (shrunk, never cut)."""
        font = QFont(self._font)
        sample = self._text if len(self._text) >= 5 else "00:00"
        font.setPixelSize(100)
        metrics = QFontMetricsF(font)
        width = max(1.0, metrics.horizontalAdvance(sample))
        height = max(1.0, metrics.capHeight() * 1.25)
        scale = min(rect.width() * 0.94 / width, rect.height() * 0.86 / height)
        font.setPixelSize(max(8, int(100 * scale)))
        return font

    def paintEvent(self, event: QPaintEvent) -> None:
        self.paints += 1
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(self.rect())
        if self._flash:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(FLASH_COLOURS[is_dark(self)]))
            radius = min(rect.height(), rect.width()) * 0.08
            painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), radius, radius)
        font = self.fitted_font(rect)
        painter.setFont(font)
        painter.setPen(self.colour())
        metrics = QFontMetricsF(font)
        # Centre on the digits' cap height rather than the line box, so the time sits visually
        # in the middle of its box whatever the font's ascent and descent.
        baseline = rect.center().y() + metrics.capHeight() / 2
        width = metrics.horizontalAdvance(self._text)
        painter.drawText(
            QRectF(
                rect.center().x() - width / 2, baseline - metrics.ascent(), width, metrics.height()
            ),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            self._text,
        )
        painter.end()


class ClockTicker(QObject):
    """Repaints a clock from a callable, polling with a coarse timer but signalling only changes.

    ``read`` returns any comparable value (usually the displayed text and mood); ``changed`` is
    emitted with it only when it differs from the last one.
    """

    changed = Signal(object)

    def __init__(
        self,
        read: Callable[[], object],
        parent: QObject | None = None,
        *,
        interval_ms: int = TICK_MS,
    ) -> None:
        super().__init__(parent)
        self._read = read
        self._last: object = None
        self.reads = 0
        self._timer = QTimer(self)
        self._timer.setObjectName("clock_tick_timer")
        self._timer.setTimerType(Qt.TimerType.CoarseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.poll)

    def start(self) -> None:
        self._timer.start()
        self.poll(force=True)

    def stop(self) -> None:
        self._timer.stop()

    def is_active(self) -> bool:
        return self._timer.isActive()

    def poll(self, force: bool = False) -> None:
        self.reads += 1
        value = self._read()
        if force or value != self._last:
            self._last = value
            self.changed.emit(value)
