"""Precise wake-ups for the dungeon-turn clock: the end of the DT and each warning threshold.

The repaint ticker is deliberately coarse (250 ms). Ending a DT automatically at zero, or sounding
a warning, should not wait for it, so :class:`DeadlineTimer` arms one precise single-shot timer for
the next moment that matters, computed from the clock's persisted anchor — never by counting ticks.

The moment is absolute. Arming the same moment again leaves the running wait alone: a poll that
recomputes it every few seconds must not keep pushing it away while the GUI is busy (a restarted
wait only starts counting once the busy stretch is over). Whoever polls also calls
:meth:`DeadlineTimer.fire_if_due`, so a moment that went by during a stall, or while the wall clock
jumped forward (a suspended laptop), fires at the next poll; if the timer wakes early (the wall
clock went back) it waits for the rest.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal

MAX_TIMER_MS = 2**31 - 1


class DeadlineTimer(QObject):
    """Fires ``reached`` at a wall-clock moment, read from ``clock`` (seconds since the epoch)."""

    reached = Signal(float)  # the deadline

    def __init__(self, clock: Callable[[], float], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._clock = clock
        self._deadline: float | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._fire)

    def deadline(self) -> float | None:
        return self._deadline

    def arm(self, deadline: float | None) -> None:
        """Fire at ``deadline`` (at once if it has passed); None disarms.

        The same deadline again keeps the wait already running (see the module docstring).
        """
        if deadline is not None and deadline == self._deadline and self._timer.isActive():
            return
        self._deadline = deadline
        self._timer.stop()
        if deadline is not None:
            self._start(deadline)

    def disarm(self) -> None:
        self.arm(None)

    def fire_if_due(self) -> bool:
        """Fire now if the armed deadline has passed (the timer's turn did not come); True if
        it fired."""
        if self._deadline is None or self._clock() < self._deadline:
            return False
        self._timer.stop()
        self._fire()
        return True

    def _start(self, deadline: float) -> None:
        wait_ms = math.ceil(max(0.0, deadline - self._clock()) * 1000)
        self._timer.start(min(wait_ms, MAX_TIMER_MS))

    def _fire(self) -> None:
        deadline = self._deadline
        if deadline is None:
            return
        if self._clock() < deadline:  # woke early (or the wait was capped): wait for the rest
            self._start(deadline)
            return
        self._deadline = None
        self.reached.emit(deadline)
