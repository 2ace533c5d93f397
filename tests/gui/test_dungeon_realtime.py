"""Real time: a short DT ends by itself while the GUI is busy; an idle clock repaints rarely.

The bounds here are generous, so a loaded machine does not fail them; the tight figures (auto-end
lateness under 100 ms, idle CPU under 1 %) are measured by ``tests/bench/bench_dungeon_clock.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.sound_cue import SoundCue
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from tests.gui.dungeon_helpers import DungeonRig, make_rig

pytestmark = pytest.mark.slow

LATE_BOUND_S = 2.0
"""Generous: a missed deadline shows as a DT that never ends (the wait times out at 5 s)."""


@pytest.fixture
def rig() -> Iterator[DungeonRig]:
    rig = make_rig(clock=time.time)
    yield rig
    rig.close()


class _Sink(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.events = 0

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.User:
            self.events += 1
            return True
        return super().event(event)


def test_a_two_second_dt_ends_by_itself_at_its_deadline_while_the_gui_is_busy(
    qtbot, rig, settings
) -> None:
    session = DungeonTurnSession(rig.undo_stack)
    panel = DungeonTurnPanel(session, settings=settings, sound=SoundCue())
    qtbot.addWidget(panel)
    panel.show()
    session.set_services(rig.service, rig.tables)
    rig.service.update_settings(auto_end=True)

    sink = _Sink()
    busy_ms = 8

    def keep_busy() -> None:  # 8 ms of work per slice, plus a flood of posted events
        until = time.perf_counter() + busy_ms / 1000
        while time.perf_counter() < until:
            pass
        for _ in range(50):
            QCoreApplication.postEvent(sink, QEvent(QEvent.Type.User))

    busy = QTimer()
    busy.setInterval(0)
    busy.timeout.connect(keep_busy)
    busy.start()
    try:
        session.start_turn(2 / 60, "Flooded crypt")
        first = rig.service.view().clock
        deadline = first.ends_at()
        assert deadline is not None and first.length_s == 2
        qtbot.waitUntil(lambda: session.auto_ends >= 1, timeout=5000)
    finally:
        busy.stop()
    lateness = session.last_auto_end_lateness
    assert lateness is not None
    print(f"auto-end lateness: {lateness * 1000:.1f} ms")
    assert 0 <= lateness < LATE_BOUND_S, f"ended {lateness * 1000:.1f} ms after the deadline"
    assert sink.events > 100  # the GUI really was busy
    after = rig.service.view().clock
    assert after.dt == 2
    assert after.anchor == deadline  # the next DT starts exactly when the last one ran out
    assert panel.summary.texts()[0] == "End of DT 1 (automatically, at zero)"
    assert panel.sound.played == 1  # an automatic end is announced
    session.close()
    panel.shutdown()


def test_an_idle_running_clock_repaints_about_once_a_second(qtbot, rig, settings) -> None:
    session = DungeonTurnSession(rig.undo_stack)
    panel = DungeonTurnPanel(session, settings=settings, sound=SoundCue())
    qtbot.addWidget(panel)
    panel.resize(640, 800)
    panel.show()
    qtbot.waitExposed(panel)
    session.set_services(rig.service, rig.tables)
    session.start_turn(None, "Sunken chapel")
    qtbot.wait(300)  # settle
    paints, reads = panel.clock.paints, panel.ticker().reads
    qtbot.wait(3000)
    # about once a second, never at each of the ~12 ticks (a loaded machine may drop some)
    assert 1 <= panel.clock.paints - paints <= 6
    assert panel.ticker().reads - reads >= 3  # the 250 ms ticker kept polling
    session.close()
    panel.shutdown()
