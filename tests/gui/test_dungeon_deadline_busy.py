"""The DT ends by itself however busy the GUI is: the version poll never pushes the deadline away.

A fake clock stands in for the wall clock, and "busy" is simulated the way a stalled event loop
looks from the session: the 2 s version poll keeps running (its timeouts are handled after each
long stall) while the precise deadline timer never gets its turn.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

from refkit.gui.dungeon.deadlines import DeadlineTimer
from refkit.gui.dungeon.session import AUTO_END_GRACE_S, VERSION_POLL_MS, DungeonTurnSession
from tests.gui.dungeon_helpers import DungeonRig, FakeClock


def _started(qtbot, rig: DungeonRig, minutes: float = 1.0) -> DungeonTurnSession:
    session = DungeonTurnSession(rig.undo_stack, poll_ms=10**6)  # the test plays the poll
    rig.service.update_settings(auto_end=True)
    session.set_services(rig.service, rig.tables)
    assert session.start_turn(minutes, "Busy crypt") is not None
    return session


def test_a_busy_loop_polled_past_the_grace_still_ends_the_dt_at_its_deadline(qtbot, rig) -> None:
    session = _started(qtbot, rig)
    deadline = rig.service.view().clock.ends_at()
    assert deadline is not None
    polls = 0
    # 80 s of a GUI so busy that only the 2 s poll gets through, well past the 30 s grace
    while rig.clock.now < deadline + AUTO_END_GRACE_S + 20:
        rig.clock.advance(VERSION_POLL_MS / 1000)
        session.check_for_outside_changes()
        polls += 1
    QCoreApplication.processEvents()  # the loop is free again
    assert polls >= 16
    assert session.auto_ends == 1, "the DT stayed overdue"
    clock = rig.service.view().clock
    assert clock.dt == 2
    assert clock.anchor == deadline  # the next DT started exactly when the first ran out
    session.close()


def test_a_poll_that_finds_the_deadline_passed_ends_the_dt_without_waiting_for_the_timer(
    qtbot, rig
) -> None:
    session = _started(qtbot, rig)
    deadline = rig.service.view().clock.ends_at()
    assert deadline is not None
    rig.clock.now = deadline + 1.5  # the timer's moment went by during a stall
    session.check_for_outside_changes()
    assert session.auto_ends == 1
    assert session.last_auto_end_lateness == pytest.approx(1.5)
    session.close()


def test_a_dt_found_long_overdue_at_start_up_is_left_to_the_referee(qtbot, rig) -> None:
    session = _started(qtbot, rig)
    deadline = rig.service.view().clock.ends_at()
    assert deadline is not None
    session.close()
    rig.clock.now = deadline + AUTO_END_GRACE_S + 60  # the app was closed meanwhile
    reopened = DungeonTurnSession(rig.undo_stack, poll_ms=10**6)
    reopened.set_services(rig.service, rig.tables)
    reopened.check_for_outside_changes()
    QCoreApplication.processEvents()
    assert reopened.auto_ends == 0
    assert rig.service.view().clock.dt == 1
    reopened.close()


def test_arming_the_same_deadline_again_keeps_the_running_wait(qtbot) -> None:
    clock = FakeClock()
    timer = DeadlineTimer(clock)
    timer.arm(clock.now + 600)
    clock.advance(300)
    timer.arm(clock.now + 300)  # the same moment, as a poll computes it again
    assert timer._timer.interval() == 600_000  # not restarted with a fresh, shorter wait
    timer.arm(clock.now + 100)  # a new moment (an adjustment) does re-arm
    assert timer._timer.interval() == 100_000
    timer.disarm()


def test_fire_if_due_fires_once_for_a_passed_deadline(qtbot) -> None:
    clock = FakeClock()
    timer = DeadlineTimer(clock)
    fired: list[float] = []
    timer.reached.connect(fired.append)
    timer.arm(clock.now + 10)
    assert not timer.fire_if_due()
    clock.advance(11)
    assert timer.fire_if_due()
    assert not timer.fire_if_due()
    assert fired == [clock.now - 1]
