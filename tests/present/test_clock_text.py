"""The DT clock's words: one rounding rule (up to the next whole second) in every form."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.present.clock_text import (
    clock_text,
    countdown_text,
    overdue_text,
    panel_clock_text,
    players_clock_text,
    short_clock_text,
    time_left_text,
    whole_seconds_left,
)
from refkit.rules.dungeon.clock import MAX_DT_SECONDS, ClockState, DungeonTurnClock

START = 1_900_000_000.0

# seconds left → (big clock, CLI/log short form, referee's countdown with overdue)
VECTORS = [
    (1800.0, "30:00", "30:00", "30:00"),
    (1799.99, "30:00", "30:00", "30:00"),  # a fresh DT shows its full length for its first second
    (1799.0, "29:59", "29:59", "29:59"),
    (854.3, "14:15", "14:15", "14:15"),
    (60.0, "01:00", "1:00", "01:00"),
    (59.9, "01:00", "1:00", "01:00"),
    (0.1, "00:01", "0:01", "00:01"),
    (1e-10, "00:01", "0:01", "00:01"),  # not over yet, so not zero yet
    (0.0, "00:00", "0:00", "00:00"),
    (-0.5, "00:00", "0:00", "00:00"),  # overdue, but not a whole second yet
    (-1.0, "00:00", "0:00", "+00:01"),
    (-61.0, "00:00", "0:00", "+01:01"),
    (3600.0, "60:00", "60:00", "60:00"),  # a 60-minute DT: minutes pass 59, no hours field
    (3599.5, "60:00", "60:00", "60:00"),
    (3540.2, "59:01", "59:01", "59:01"),
    (float(MAX_DT_SECONDS), "1440:00", "1440:00", "1440:00"),
]


@pytest.mark.parametrize(("left", "big", "short", "countdown"), VECTORS)
def test_every_form_rounds_the_time_left_up(
    left: float, big: str, short: str, countdown: str
) -> None:
    assert clock_text(left) == big
    assert short_clock_text(left) == short
    assert time_left_text(left) == f"{short} left"
    assert countdown_text(left) == countdown


@pytest.mark.parametrize(("over", "shown"), [(0.0, "+00:00"), (0.4, "+00:00"), (1.0, "+00:01"),
                                             (75.9, "+01:15"), (3600.0, "+60:00")])  # fmt: skip
def test_time_past_zero_counts_whole_seconds_gone(over: float, shown: str) -> None:
    assert overdue_text(over) == shown


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_time_no_clock_can_show_is_refused(bad: float) -> None:
    for render in (clock_text, short_clock_text, countdown_text, overdue_text):
        with pytest.raises(ValueError, match="cannot show"):
            render(bad)


def running(left: float, length_s: int = 1800) -> tuple[DungeonTurnClock, float]:
    """A running clock and the time at which it has ``left`` seconds to go (negative: overdue)."""
    return DungeonTurnClock(
        state=ClockState.RUNNING,
        dt=2,
        length_s=length_s,
        anchor=START,
        remaining_at_anchor=float(length_s),
    ), START + length_s - left


def test_the_referee_sees_how_far_overdue_and_the_players_do_not() -> None:
    clock, now = running(-75.9)
    assert panel_clock_text(clock, now) == "+01:15"
    assert players_clock_text(clock, now) == "00:00"


def test_stopped_and_resting_clocks() -> None:
    stopped = DungeonTurnClock.new(minutes=20)
    assert panel_clock_text(stopped, START) == "20:00"
    assert players_clock_text(stopped, START) == "20:00"
    resting = DungeonTurnClock(state=ClockState.RESTING, dt=3, remaining_at_anchor=0.0)
    assert panel_clock_text(resting, START) == "REST"
    assert players_clock_text(resting, START) == "--:--"


def test_a_paused_clock_shows_the_time_left_rounded_up() -> None:
    paused = DungeonTurnClock(state=ClockState.PAUSED, dt=1, remaining_at_anchor=754.3)
    assert panel_clock_text(paused, START) == players_clock_text(paused, START) == "12:35"


def signed_seconds(text: str) -> int:
    """Read a countdown back: ``+mm:ss`` is negative (overdue)."""
    overdue = text.startswith("+")
    minutes, seconds = text.lstrip("+").split(":")
    whole = int(minutes) * 60 + int(seconds)
    return -whole if overdue else whole


times = st.floats(min_value=-2.0 * MAX_DT_SECONDS, max_value=MAX_DT_SECONDS, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(times, times)
def test_more_time_left_never_shows_less(a: float, b: float) -> None:
    less, more = sorted((a, b))
    assert signed_seconds(countdown_text(less)) <= signed_seconds(countdown_text(more))
    assert signed_seconds(clock_text(less)) <= signed_seconds(clock_text(more))
    assert signed_seconds(short_clock_text(less)) <= signed_seconds(short_clock_text(more))


@settings(max_examples=300, deadline=None)
@given(times)
def test_zero_shows_exactly_when_the_time_is_up(left: float) -> None:
    assert (clock_text(left) == "00:00") == (left <= 0)
    assert (short_clock_text(left) == "0:00") == (left <= 0)
    # never more than a second above the true time left, never below it
    assert whole_seconds_left(left) - 1 < left <= whole_seconds_left(left)
