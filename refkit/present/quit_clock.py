"""What quitting says about a running dungeon clock (Qt-free).

The DT clock counts wall time: left running when Refkit closes, it goes on running down and the
referee comes back to a DT that has run out. So quitting with the clock running asks whether to
pause it first (Pause and quit / Quit / Cancel); a paused, stopped or resting clock asks nothing.
"""

from __future__ import annotations

from refkit.present.clock_text import panel_clock_text
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock


def running_clock_on_quit(clock: DungeonTurnClock, now: float) -> str | None:
    """What to say when quitting with ``clock`` at ``now``; None when it is not running."""
    if clock.state is not ClockState.RUNNING:
        return None
    where = f" in {clock.dungeon}" if clock.dungeon else ""
    return (
        f"The dungeon clock is running: DT {clock.dt}{where}, {panel_clock_text(clock, now)} "
        "on the clock. It keeps running down while Refkit is closed."
    )
