"""The referee's DT panel, the players' window and ``refkit dt status`` show the same time left."""

from __future__ import annotations

import pytest

from refkit.cli.dungeon_commands import status_text
from refkit.gui.dungeon.players_window import players_view
from refkit.gui.dungeon.turn_panel import clock_display
from refkit.present.clock_text import clock_text
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock

START = 1_900_000_000.0
LENGTH_S = 3600  # a 60-minute DT: minutes pass 59


def cli_time_left(left: float, state: str) -> str:
    text = status_text(
        {
            "state": state,
            "dt": 2,
            "length_s": LENGTH_S,
            "remaining_s": max(0.0, left),
            "greed_percent": 0,
            "pending_encounter": False,
        }
    )
    return text.removeprefix(f"DT 2 {state}, ").removesuffix(" left")


def minutes_seconds(text: str) -> tuple[int, int]:
    minutes, seconds = text.split(":")
    return int(minutes), int(seconds)


@pytest.mark.parametrize(
    "left", [3600.0, 3599.99, 1800.0, 854.3, 754.0, 60.0, 59.9, 0.1, 1e-10, 0.0]
)
@pytest.mark.parametrize("state", [ClockState.RUNNING, ClockState.PAUSED])
def test_every_front_end_shows_the_same_time_left(left: float, state: ClockState) -> None:
    if state is ClockState.RUNNING:
        clock = DungeonTurnClock(
            state=state, dt=2, length_s=LENGTH_S, anchor=START, remaining_at_anchor=LENGTH_S
        )
        now = START + LENGTH_S - left
    else:
        clock = DungeonTurnClock(state=state, dt=2, length_s=LENGTH_S, remaining_at_anchor=left)
        now = START
    panel = clock_display(clock, now, thresholds_s=()).text
    players = players_view(clock, (), now).clock_text
    cli = cli_time_left(clock.remaining(now), state.value)
    assert panel == players == clock_text(clock.remaining(now))
    assert minutes_seconds(cli) == minutes_seconds(panel)
    assert (panel == "00:00") == clock.time_up(now)
