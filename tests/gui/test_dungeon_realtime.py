"""Real time: a short DT ends by itself on time while the GUI is busy; an idle clock is cheap."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

from refkit.gui.dungeon_session import DungeonTurnSession
from refkit.gui.dungeon_turn_panel import DungeonTurnPanel
from refkit.gui.sound_cue import SoundCue
from tests.gui.dungeon_helpers import DungeonRig, make_rig

pytestmark = pytest.mark.slow


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


def test_a_two_second_dt_ends_within_100_ms_of_its_deadline_while_the_gui_is_busy(
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
        session.do("StartTurnCommand", 2 / 60, "Flooded crypt")
        first = rig.service.view().clock
        deadline = first.ends_at()
        assert deadline is not None and first.length_s == 2
        qtbot.waitUntil(lambda: session.auto_ends >= 1, timeout=5000)
    finally:
        busy.stop()
    lateness = session.last_auto_end_lateness
    assert lateness is not None
    print(f"auto-end lateness: {lateness * 1000:.1f} ms")
    assert 0 <= lateness < 0.1, f"ended {lateness * 1000:.1f} ms after the deadline"
    assert sink.events > 100  # the GUI really was busy
    after = rig.service.view().clock
    assert after.dt == 2
    assert after.anchor == deadline  # the next DT starts exactly when the last one ran out
    assert panel.summary.texts()[0] == "End of DT 1 (automatically, at zero)"
    assert panel.sound.played == 1  # an automatic end is announced
    session.close()
    panel.shutdown()


def test_an_idle_running_clock_costs_under_one_percent_cpu(qtbot, rig, settings) -> None:
    session = DungeonTurnSession(rig.undo_stack)
    panel = DungeonTurnPanel(session, settings=settings, sound=SoundCue())
    qtbot.addWidget(panel)
    panel.resize(640, 800)
    panel.show()
    qtbot.waitExposed(panel)
    session.set_services(rig.service, rig.tables)
    session.do("StartTurnCommand", None, "Sunken chapel")
    qtbot.wait(300)  # settle
    paints, reads = panel.clock.paints, panel.ticker().reads
    wall, cpu = time.perf_counter(), time.process_time()
    qtbot.wait(3000)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    share = cpu / wall
    print(f"idle clock CPU: {share:.3%} over {wall:.1f} s")
    assert share < 0.01, f"the idle clock used {share:.2%} of a CPU"
    assert 2 <= panel.clock.paints - paints <= 6  # about once a second, not at every tick
    assert panel.ticker().reads - reads >= 9  # the 250 ms ticker kept polling
    session.close()
    panel.shutdown()
