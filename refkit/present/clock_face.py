"""The dungeon-turn clock's face at one moment (Qt-free): the countdown's text, its mood (how
it looks: greyed, running, paused, warning, time's up) and the state in words under it, and the
warning threshold a running DT has passed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from refkit.present.clock_text import panel_clock_text
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock


class ClockMood(Enum):
    """How the clock should look; the words on screen always say the same thing."""

    IDLE = "idle"  # stopped or resting: greyed
    RUNNING = "running"
    PAUSED = "paused"
    WARNING = "warning"  # a warning threshold has passed
    TIME_UP = "time_up"


@dataclass(frozen=True)
class ClockDisplay:
    """What the big clock shows at one moment, in text and mood."""

    text: str
    mood: ClockMood
    state_text: str


def warning_threshold_reached(
    clock: DungeonTurnClock, now: float, thresholds_s: Sequence[int]
) -> int | None:
    """The smallest warning threshold the running (or paused) DT has passed, if any."""
    if clock.state not in (ClockState.RUNNING, ClockState.PAUSED) or clock.time_up(now):
        return None
    remaining = clock.remaining(now)
    passed = [t for t in thresholds_s if t < clock.length_s and remaining <= t]
    return min(passed) if passed else None


def minutes_words(seconds: int) -> str:
    if seconds % 60:
        return f"{seconds} seconds" if seconds < 60 else f"{seconds / 60:g} minutes"
    minutes = seconds // 60
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def clock_display(clock: DungeonTurnClock, now: float, thresholds_s: Sequence[int]) -> ClockDisplay:
    """The clock's face at ``now``: ``mm:ss`` (``+mm:ss`` once overdue), mood, and a state line."""
    text = panel_clock_text(clock, now)
    if clock.state is ClockState.STOPPED:
        what = "Not started: enter a dungeon" if clock.dt == 0 else f"Stopped after DT {clock.dt}"
        return ClockDisplay(text, ClockMood.IDLE, what)
    if clock.state is ClockState.RESTING:
        return ClockDisplay(text, ClockMood.IDLE, "Resting — finish the rest to go on")
    if clock.time_up(now):
        return ClockDisplay(text, ClockMood.TIME_UP, "TIME'S UP — End DT (F5)")
    if clock.state is ClockState.PAUSED:
        return ClockDisplay(text, ClockMood.PAUSED, "PAUSED (F6)")
    threshold = warning_threshold_reached(clock, now, thresholds_s)
    if threshold is not None:
        return ClockDisplay(text, ClockMood.WARNING, f"⚠ Under {minutes_words(threshold)} left")
    return ClockDisplay(text, ClockMood.RUNNING, f"Running · {minutes_words(clock.length_s)} DTs")
