"""The DT clock's face, Qt-free: the words for a threshold, the mood and state line by state."""

from __future__ import annotations

from refkit.present.clock_face import (
    ClockMood,
    clock_display,
    minutes_words,
    warning_threshold_reached,
)
from refkit.rules.dungeon.clock import DungeonTurnClock


def test_thresholds_in_words() -> None:
    assert minutes_words(60) == "1 minute"
    assert minutes_words(300) == "5 minutes"
    assert minutes_words(30) == "30 seconds"
    assert minutes_words(90) == "1.5 minutes"


def test_the_face_follows_the_clock() -> None:
    stopped = DungeonTurnClock.new(minutes=10)
    assert clock_display(stopped, 0.0, [60]).mood is ClockMood.IDLE
    running = stopped.start(0.0, dungeon="The Barrow")
    face = clock_display(running, 30.0, [60])
    assert (face.text, face.mood, face.state_text) == (
        "09:30",
        ClockMood.RUNNING,
        "Running · 10 minutes DTs",
    )
    late = clock_display(running, 550.0, [60, 120])
    assert late.mood is ClockMood.WARNING and late.state_text == "⚠ Under 1 minute left"
    assert warning_threshold_reached(running, 550.0, [60, 120]) == 60
    assert clock_display(running.pause(30.0), 40.0, [60]).state_text == "PAUSED (F6)"
    assert clock_display(running, 601.0, [60]).mood is ClockMood.TIME_UP
