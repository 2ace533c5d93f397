"""The dungeon-turn clock: drift over a simulated 8-hour session, idle CPU of the running app, and
how late a DT ends by itself while the GUI is busy.

Bars from the dungeon-turn issue: zero drift over 8 simulated hours of pauses, resumes and
adjustments; the GUI's repaint under 1 % of a core while the clock runs and nobody touches it; an
automatic end within 100 ms of the deadline with the event loop flooded (these two figures were
asserted by tests/gui/test_dungeon_realtime.py until issue 7 §5 moved them here).
The idle cost is measured side by side with a bare PySide6 window idling for the same time.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile

from refkit.rules.dungeon.clock import DungeonTurnClock

HOURS = 8
IDLE_SECONDS = 20

APP_IDLE = r"""
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import refkit.gui.main as m

seconds = float(sys.argv[1])
attach = m.RefkitApp._attach
def measured_attach(self, *args, **kwargs):
    attach(self, *args, **kwargs)
    def begin():
        start = (time.process_time(), time.perf_counter())
        def end():
            cpu = time.process_time() - start[0]
            wall = time.perf_counter() - start[1]
            print(f"{cpu / wall * 100:.3f}")
            QApplication.instance().quit()
        QTimer.singleShot(int(seconds * 1000), end)
    QTimer.singleShot(3000, begin)   # let start-up work settle first
m.RefkitApp._attach = measured_attach
sys.exit(m.run_app())
"""

BARE_IDLE = r"""
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
seconds = float(sys.argv[1])
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.resize(1280, 800); w.show()
def begin():
    start = (time.process_time(), time.perf_counter())
    def end():
        print(f"{(time.process_time() - start[0]) / (time.perf_counter() - start[1]) * 100:.3f}")
        app.quit()
    QTimer.singleShot(int(seconds * 1000), end)
QTimer.singleShot(3000, begin)
sys.exit(app.exec())
"""


def simulated_drift(seed: int = 7) -> float:
    """Run 8 hours of random pauses, resumes and adjustments; compare with bookkeeping by hand."""
    rng = random.Random(seed)
    now = 1_900_000_000.0
    clock = DungeonTurnClock.new(minutes=30).start(now, dungeon="Bench crypt")
    expected = clock.remaining(now)
    end = now + HOURS * 3600
    while now < end:
        step = rng.randint(1, 960) / 4  # quarter seconds: exact in binary, so any drift is real
        if clock.state.value == "running":
            expected -= step
        now += step
        if expected <= 0 or clock.remaining(now) <= 0:
            clock = clock.end_turn(now)
            expected = clock.remaining(now)
            continue
        action = rng.random()
        if action < 0.2 and clock.state.value == "running":
            clock = clock.pause(now)
        elif action < 0.4 and clock.state.value == "paused":
            clock = clock.resume(now)
        elif action < 0.5:
            minutes = rng.choice([-1, 1, 5])
            clock = clock.adjust(now, minutes, "bench")
            expected = max(0.0, expected + minutes * 60)
        clock = type(clock).from_dict(clock.to_dict())  # persisted and read back, as the store does
    return abs(clock.remaining(now) - expected)


def idle_cpu_percent(script: str, data_dir: str) -> float:
    env = dict(os.environ, REFKIT_DATA_DIR=data_dir)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    done = subprocess.run(
        [sys.executable, "-c", script, str(IDLE_SECONDS)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


AUTO_END = r"""
import sys, time
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

app = QApplication(sys.argv[:1])
database = Database.open("sqlite://")
service = DungeonTurnService(DungeonTurnStore(database), clock=time.time)
session = DungeonTurnSession(QUndoStack())
session.set_services(service)
service.update_settings(auto_end=True)

class Sink(QObject):
    def event(self, event):
        return event.type() == QEvent.Type.User or super().event(event)

sink = Sink()
def keep_busy():  # 8 ms of work per slice, plus a flood of posted events
    until = time.perf_counter() + 0.008
    while time.perf_counter() < until:
        pass
    for _ in range(50):
        QCoreApplication.postEvent(sink, QEvent(QEvent.Type.User))

busy = QTimer()
busy.setInterval(0)
busy.timeout.connect(keep_busy)
busy.start()
lateness = []
def ended(_result, automatic):
    if automatic:
        lateness.append(session.last_auto_end_lateness)
        if len(lateness) == int(sys.argv[1]):
            app.quit()
session.turn_ended.connect(ended)
session.start_turn(2 / 60, "Flooded crypt")
QTimer.singleShot(60_000, app.quit)
app.exec()
print(" ".join(f"{late:.6f}" for late in lateness))
"""
AUTO_ENDS = 5


def auto_end_lateness() -> list[float]:
    """How late 2 s DTs end by themselves with the GUI kept busy (each next DT starts at once)."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    done = subprocess.run(
        [sys.executable, "-c", AUTO_END, str(AUTO_ENDS)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(late) for late in done.stdout.split()]


def main() -> None:
    late = auto_end_lateness()
    print(
        f"auto-end lateness of {len(late)} two-second DTs with the GUI busy: worst"
        f" {max(late) * 1000:.1f} ms, median {sorted(late)[len(late) // 2] * 1000:.1f} ms"
        " (bar: under 100 ms)"
    )
    drift = simulated_drift()
    print(f"clock drift after {HOURS} simulated hours of pauses and adjustments: {drift:.9f} s")
    with tempfile.TemporaryDirectory() as data_dir:
        env = dict(os.environ, REFKIT_DATA_DIR=data_dir)
        subprocess.run(
            [sys.executable, "-m", "refkit", "dt", "start", "--dungeon", "Bench crypt"],
            env=env,
            check=True,
            capture_output=True,
        )
        app = idle_cpu_percent(APP_IDLE, data_dir)
        bare = idle_cpu_percent(BARE_IDLE, data_dir)
    print(
        f"idle CPU over {IDLE_SECONDS} s with the DT clock running: refkit {app:.2f} % of a core,"
        f" bare PySide6 window {bare:.2f} % (bar: refkit under 1 %)"
    )


if __name__ == "__main__":
    main()
