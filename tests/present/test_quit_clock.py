"""Quitting asks about the dungeon clock only while it runs, saying which DT and its time."""

from __future__ import annotations

from refkit.present.quit_clock import running_clock_on_quit
from refkit.rules.dungeon.clock import DungeonTurnClock


def running(now: float = 100.0) -> DungeonTurnClock:
    return DungeonTurnClock.new(minutes=10).start(now, dungeon="The Barrow")


def test_a_running_clock_is_named_with_its_dt_dungeon_and_time_left() -> None:
    said = running_clock_on_quit(running(), 100.0 + 75)
    assert said is not None
    assert "DT 1 in The Barrow" in said and "08:45" in said and "keeps running" in said


def test_a_stopped_or_paused_clock_asks_nothing() -> None:
    assert running_clock_on_quit(DungeonTurnClock.new(minutes=10), 100.0) is None
    assert running_clock_on_quit(running().pause(130.0), 200.0) is None
