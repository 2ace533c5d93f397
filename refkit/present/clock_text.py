"""The dungeon-turn clock as text — ``mm:ss``, ``+mm:ss`` overdue, the CLI's ``14:15 left`` —
with one rounding rule for every front end.

The rule: the time left rounds UP to the next whole second. A fresh 30-minute DT shows ``30:00``
for its first second, and ``0:00`` appears exactly when the time is up, never a second early, so
a clock showing zero always means the DT is over. Time past zero is the same rule read the other
way (``-ceil(-x)`` is ``floor(x)``): ``+00:01`` once a whole second is overdue.
"""

from __future__ import annotations

import math

from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock

RESTING_CLOCK_TEXT = "--:--"
"""The players' window during a rest: there is no time running down."""
RESTING_PANEL_TEXT = "REST"


def whole_seconds_left(seconds_left: float) -> int:
    """The whole seconds a clock shows for ``seconds_left`` (negative once overdue): rounded up.

    Raises ValueError for NaN or infinity, which no clock can show.
    """
    if not math.isfinite(seconds_left):
        raise ValueError(f"cannot show {seconds_left!r} seconds on the DT clock")
    return math.ceil(seconds_left)


def _minutes_seconds(whole: int, *, pad_minutes: bool) -> str:
    minutes, rest = divmod(whole, 60)
    return f"{minutes:02d}:{rest:02d}" if pad_minutes else f"{minutes}:{rest:02d}"


def clock_text(seconds_left: float) -> str:
    """The big clock's ``mm:ss`` (minutes may pass 59: ``60:00``); ``00:00`` once time is up."""
    return _minutes_seconds(max(0, whole_seconds_left(seconds_left)), pad_minutes=True)


def overdue_text(seconds_over: float) -> str:
    """Time past zero as ``+mm:ss``: whole seconds gone, so ``+00:00`` for the first second."""
    return "+" + _minutes_seconds(max(0, -whole_seconds_left(-seconds_over)), pad_minutes=True)


def countdown_text(seconds_left: float) -> str:
    """``mm:ss`` while time is left, ``00:00`` for the first second past zero, then ``+mm:ss``."""
    whole = whole_seconds_left(seconds_left)
    if whole >= 0:
        return _minutes_seconds(whole, pad_minutes=True)
    return "+" + _minutes_seconds(-whole, pad_minutes=True)


def short_clock_text(seconds_left: float) -> str:
    """The CLI's and the log's ``m:ss`` (``14:15``, ``0:01``); ``0:00`` once time is up."""
    return _minutes_seconds(max(0, whole_seconds_left(seconds_left)), pad_minutes=False)


def time_left_text(seconds_left: float) -> str:
    """``14:15 left``, as ``refkit dt status`` and the DT log say it."""
    return f"{short_clock_text(seconds_left)} left"


def _signed_seconds_left(clock: DungeonTurnClock, now: float) -> float:
    return clock.remaining(now) - clock.overdue(now)


def panel_clock_text(clock: DungeonTurnClock, now: float) -> str:
    """The referee's DT panel: the DT length when stopped, ``REST``, or the countdown."""
    if clock.state is ClockState.STOPPED:
        return clock_text(clock.length_s)
    if clock.state is ClockState.RESTING:
        return RESTING_PANEL_TEXT
    return countdown_text(_signed_seconds_left(clock, now))


def players_clock_text(clock: DungeonTurnClock, now: float) -> str:
    """The players' window: the time left, never how far overdue; ``--:--`` during a rest."""
    if clock.state is ClockState.RESTING:
        return RESTING_CLOCK_TEXT
    return clock_text(clock.remaining(now))
