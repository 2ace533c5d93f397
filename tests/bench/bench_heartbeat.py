"""GUI stalls of the real app, measured with a 2 ms heartbeat, on a fresh and on a filled database.

    .venv/bin/python tests/bench/bench_heartbeat.py [--filled PATH] [--only fresh|filled]
        [--memory] [--settle-ms N]

Each run is a fresh process on the offscreen platform. A 2 ms precise QTimer beats all the time;
the longest gap between two beats while an action and its after-effects run is that action's
stall (the 2 ms beat itself is subtracted). The actions are the ones issue 7 §6 names: start-up
(first paint; USABLE: the panels in front on screen with the stored state and taking input, read
with plain sqlite3 before the ORM loads; LIVE: the database open with the ORM and the services
behind those panels; every panel built), a condition
toggle on a crow, a crow edit (its notes), starting and ending a DT, a table save, one keystroke in
the roll-log filter, and a session-log refresh; then a crow edit while another process holds the
file's write lock (the window must not freeze waiting for it) and its Retry once the lock is
gone. A bare PySide6 window is measured the same way for scale: its first paint, and its longest
gap while idle.

Without ``--filled`` the filled database is made first with ``make_filled_database.py`` (about
30 s); each run works on its own copy, so the file given is never changed. ``--memory`` also
starts tracemalloc in the app and prints where the Python memory goes, by top-level package
(tracemalloc slows the app down: do not read the stall figures of that run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOAL_STALL_MS = 100.0
GOAL_USABLE_RATIO = 3.0
RESULT_PREFIX = "HEARTBEAT "
SETUP = "(set-up) "
"""Phases that prepare the next action (locking the file from another process): not goals."""
RUN_TIMEOUT_S = 1800
"""Long enough for the worst stalls measured before issue 7 (minutes per End DT)."""

COMMON = r"""
import json, os, sys, threading, time
RESULT_PREFIX = "HEARTBEAT "
BEAT_MS = 2
if os.environ.get("BENCH_TRACEMALLOC"):
    import tracemalloc
    tracemalloc.start(1)
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "icepool", "pydantic")
heavy_imports = {}  # top-level package -> (thread name, monotonic time)

class _WhoImports:
    # Records which thread first imports each heavy package (and when); imports nothing itself.
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in HEAVY and top not in heavy_imports:
            heavy_imports[top] = (threading.current_thread().name, time.monotonic())
        return None

sys.meta_path.insert(0, _WhoImports())

def rss_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1

def memory_by_package(limit=12):
    if not os.environ.get("BENCH_TRACEMALLOC"):
        return []
    import tracemalloc
    sizes = {}
    for stat in tracemalloc.take_snapshot().statistics("filename"):
        name = stat.traceback[0].filename
        parts = name.split(os.sep)
        if "site-packages" in parts:
            key = parts[parts.index("site-packages") + 1]
        elif "refkit" in parts:
            key = "refkit." + parts[parts.index("refkit") + 1].removesuffix(".py")
        else:
            key = "stdlib/" + os.path.basename(name)
        sizes[key] = sizes.get(key, 0) + stat.size
    top = sorted(sizes.items(), key=lambda kv: -kv[1])[:limit]
    return [(k, round(v / 1024)) for k, v in top]

from PySide6.QtCore import QTimer, Qt
from PySide6.QtWidgets import QApplication

class Heartbeat:
    # A 2 ms precise timer; ``phase`` names what the longest gap is charged to.
    def __init__(self):
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(BEAT_MS)
        self.timer.timeout.connect(self.beat)
        self.last = None
        self.phase = "launch → first paint"
        self.worst = {}
        self.on_beat = None

    def start(self):
        self.last = time.perf_counter()
        self.timer.start()

    def set_phase(self, phase):
        # The time since the last beat belongs to the phase ending now (the first frame's
        # painting, say, is launch → first paint, not what follows it).
        if self.last is not None:
            now = time.perf_counter()
            gap = (now - self.last) * 1000 - BEAT_MS
            if gap > self.worst.get(self.phase, 0.0):
                self.worst[self.phase] = gap
            self.last = now
        self.phase = phase
        self.worst.setdefault(phase, 0.0)

    def beat(self):
        now = time.perf_counter()
        gap = (now - self.last) * 1000 - BEAT_MS
        self.last = now
        if gap > self.worst.get(self.phase, 0.0):
            self.worst[self.phase] = gap
        if self.on_beat is not None:
            self.on_beat()
"""

APP = (
    COMMON
    + r"""
from PySide6.QtTest import QTest
import refkit.gui.main as main

settle_ms = int(os.environ.get("BENCH_SETTLE_MS", "1000"))
qt_app = QApplication([sys.argv[0], "-style", "Fusion"])
heart = Heartbeat()
made = []
marks = {}
results = {"actions": {}, "durations": {}}
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.window.first_painted.connect(first_paint)

main.RefkitApp.__init__ = captured_init

def first_paint():
    if "first_paint" not in marks:
        marks["first_paint"] = time.monotonic()
        heart.set_phase("first paint → usable")
        heart.on_beat = watch_usable

def is_live(app):
    # The panels in front (the clock, the lights, the roll log) live on the open database.
    dungeon = app.dungeon
    live = dungeon is not None and dungeon.session.ready()
    staged = getattr(app, "usable", None)  # a Refkit before the staged start: all at once
    if staged is None:
        return app.service is not None and app.character_panels is not None and live
    return staged and app.service is not None and live

def is_usable(app):
    # The panels in front on screen taking input: showing the stored state read with plain
    # sqlite3 (a step asked for then waits for the services), or live already.
    return getattr(app, "shown_stored", False) or is_live(app)

def is_complete(app):
    # Every feature registered and every panel built (the crows' sheet and board too).
    return app.character_panels is not None and not app.panels.pending()

def watch_usable():
    app = made[0]
    if "usable" not in marks and is_usable(app):
        marks["usable"] = time.monotonic()
        results["rss_usable_kib"] = rss_kib()
        heart.set_phase("usable → live")
    if "usable" in marks and "live" not in marks and is_live(app):
        marks["live"] = time.monotonic()
        heart.set_phase("live → every panel built")
    if "live" in marks and "complete" not in marks and is_complete(app):
        marks["complete"] = time.monotonic()
        heart.on_beat = None
        heart.set_phase("idle after usable")
        if os.environ.get("BENCH_NO_ACTIONS"):
            QTimer.singleShot(0, finish)
        else:
            QTimer.singleShot(settle_ms, run_actions)

LOCKER = (
    "import sqlite3, sys\n"
    "connection = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "connection.execute('BEGIN IMMEDIATE')\n"
    "print('locked', flush=True)\n"
    "sys.stdin.read()\n"
)
SETUP = "(set-up) "
lockers = []

def actions():
    app = made[0]
    panels = app.character_panels
    dungeon = app.dungeon
    sheet = panels.sheet
    condition = next(iter(sheet.condition_buttons))
    turn = dungeon.turn_panel
    editor = dungeon.table_editor

    def toggle_condition():
        sheet.condition_buttons[condition].click()

    def edit_crow():
        panels.session.edit_notes(f"Edited by the heartbeat bench at {time.time():.3f}")

    def start_dt():
        turn.dungeon_edit.setText("Bench crypt")
        app.actions.action("dt_run").trigger()

    def end_dt():
        app.actions.action("dt_end").trigger()

    def save_table():
        names = editor.table_names()
        editor.select_table(names[len(names) // 2])
        cells = editor.cells()
        editor.set_cell(0, len(cells[0]) - 1, cells[0][-1] + " (edited)")
        if not editor.save():
            raise RuntimeError("the table editor refused to save: " + "; ".join(editor.problems()))

    def filter_keystroke():
        app.log_panel.filter_edit.setFocus()
        QTest.keyClick(app.log_panel.filter_edit, "d")

    def refresh_session_log():
        dungeon.session_log_panel.refresh()

    def lock_elsewhere():
        import subprocess
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, sys.argv[1]],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        if locker.stdout.readline().strip() != "locked":
            raise RuntimeError("the locking process could not lock the file")
        lockers.append(locker)

    def edit_crow_locked():
        from refkit.gui.shell.undo_adapter import EditNotSavedError
        try:
            panels.session.edit_notes(f"Edited while locked at {time.time():.3f}")
        except EditNotSavedError:
            pass  # expected: the bar says so (checked below)
        if not app.window.save_problems.has_problems():
            raise RuntimeError("an edit against a locked file was not reported as unsaved")

    def unlock():
        locker = lockers.pop()
        locker.stdin.close()
        locker.wait(10)

    def retry_unsaved():
        if not app.window.save_problems.retry_all():
            raise RuntimeError("Retry did not save the edit once the lock was gone")

    return [
        ("condition toggle", toggle_condition),
        ("crow edit (notes)", edit_crow),
        ("start DT", start_dt),
        ("End DT", end_dt),
        ("table save", save_table),
        ("roll-log filter keystroke", filter_keystroke),
        ("session-log refresh", refresh_session_log),
        (SETUP + "lock the file elsewhere", lock_elsewhere),
        ("crow edit, file locked", edit_crow_locked),
        (SETUP + "unlock", unlock),
        ("Retry once unlocked", retry_unsaved),
    ]

def run_actions():
    todo = actions()

    def step():
        if not todo:
            finish()
            return
        name, act = todo.pop(0)
        heart.set_phase(name)
        started = time.perf_counter()
        act()
        results["durations"][name] = (time.perf_counter() - started) * 1000
        QTimer.singleShot(settle_ms, step)  # its after-effects (refreshes, timers) count too

    step()

def finish():
    results["worst"] = heart.worst
    results["marks"] = marks
    results["rss_end_kib"] = rss_kib()
    results["heavy_imports"] = {
        name: [thread, at - marks["first_paint"]] for name, (thread, at) in heavy_imports.items()
    }
    results["memory"] = memory_by_package()
    results["modules"] = len(sys.modules)
    print(RESULT_PREFIX + json.dumps(results), flush=True)
    made[0].window.ask_no_close_questions()  # the clock runs
    made[0].window.close()
    qt_app.quit()

def give_up():
    if "usable" not in marks:
        print("the app was not usable after %d s" % USABLE_TIMEOUT_S, file=sys.stderr)
        os._exit(3)

USABLE_TIMEOUT_S = 600
QTimer.singleShot(USABLE_TIMEOUT_S * 1000, give_up)
heart.start()
sys.exit(main.run_app(db_url=sys.argv[1]))
"""
)

BARE = (
    COMMON
    + r"""
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow

qt_app = QApplication([sys.argv[0], "-style", "Fusion"])
heart = Heartbeat()
marks = {}
window = QMainWindow()
window.resize(1280, 800)

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "first_paint" not in marks:
            marks["first_paint"] = time.monotonic()
            heart.set_phase("idle")
            QTimer.singleShot(int(os.environ.get("BENCH_SETTLE_MS", "1000")) * 3, finish)
        return False

def finish():
    print(RESULT_PREFIX + json.dumps({
        "marks": marks, "worst": heart.worst, "rss_end_kib": rss_kib(),
        "memory": memory_by_package(), "modules": len(sys.modules),
    }), flush=True)
    qt_app.quit()

watcher = FirstPaint()
window.installEventFilter(watcher)
heart.start()
window.show()
sys.exit(qt_app.exec())
"""
)


def run(script: str, args: list[str], env: dict[str, str]) -> dict:
    """Run ``script`` in a fresh interpreter; its result, with times relative to the launch."""
    launched = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    if done.returncode != 0 or not lines:
        raise RuntimeError(
            f"the measured process failed (rc {done.returncode}):\n{done.stderr[-4000:]}"
        )
    result = json.loads(lines[-1][len(RESULT_PREFIX) :])
    result["since_launch_ms"] = {
        mark: (at - launched) * 1000 for mark, at in result["marks"].items()
    }
    return result


def app_run(database: Path, env: dict[str, str], keep: Path | None = None) -> dict:
    """One measured start on a copy of ``database`` (a fresh file if it does not exist); with
    ``keep``, the file as the app left it is copied there."""
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "refkit.db"
        if database.exists():
            shutil.copy(database, copy)
        run_env = dict(env, REFKIT_DATA_DIR=work, XDG_CONFIG_HOME=work, HOME=work)
        result = run(APP, [str(copy)], run_env)
        if keep is not None:
            shutil.copy(copy, keep)
        return result


AFTER_PAINT = ("first paint → usable", "usable → live", "live → every panel built")
"""The phases of start-up with the window on screen."""


def medians(label: str, database: Path, env: dict[str, str], runs: int) -> None:
    """``runs`` starts of the app on ``database`` interleaved with bare windows (machine load
    hits both alike), no actions: the medians of first paint, usable, live and every panel built."""
    quiet = dict(env, BENCH_NO_ACTIONS="1")
    bare_paints, paints, usables, lives, completes, stalls = [], [], [], [], [], []
    before_paint: list[float] = []
    for _ in range(runs):
        bare_paints.append(bare_run(quiet)["since_launch_ms"]["first_paint"])
        result = app_run(database, quiet)
        since = result["since_launch_ms"]
        paints.append(since["first_paint"])
        usables.append(since["usable"])
        lives.append(since["live"])
        completes.append(since["complete"])
        worst = result["worst"]
        before_paint.append(worst.get("launch → first paint", 0.0))
        stalls.append(max(v for k, v in worst.items() if k in AFTER_PAINT))
    bare = statistics.median(bare_paints)
    print(f"\n== {label} database: medians of {runs} interleaved runs ==")
    print(f"bare window first paint {bare:.0f} ms")
    for name, values in (
        ("first paint", paints),
        ("usable", usables),
        ("live", lives),
        ("every panel built", completes),
    ):
        middle = statistics.median(values)
        print(
            f"{name:<20}{middle:>7.0f} ms  {middle / bare:5.2f}x"
            f"  (runs: {', '.join(f'{v:.0f}' for v in values)})"
        )
    print(
        f"largest stall once painted (to every panel built): median"
        f" {statistics.median(stalls):.0f} ms, worst {max(stalls):.0f} ms; before the first"
        f" paint (nothing on screen yet): median {statistics.median(before_paint):.0f} ms"
    )


def bare_run(env: dict[str, str]) -> dict:
    with tempfile.TemporaryDirectory() as work:
        return run(BARE, [], dict(env, XDG_CONFIG_HOME=work, HOME=work))


def report(label: str, result: dict, bare: dict) -> None:
    bare_paint = bare["since_launch_ms"]["first_paint"]
    bare_idle = max(bare["worst"].get("idle", 0.0), 1.0)
    since = result["since_launch_ms"]
    usable = since.get("usable")
    print(f"\n== {label} database ==")
    print(
        f"first paint {since['first_paint']:.0f} ms ({since['first_paint'] / bare_paint:.2f}x the"
        f" bare window's {bare_paint:.0f} ms); usable {usable:.0f} ms"
        f" ({usable / bare_paint:.2f}x; goal <= {GOAL_USABLE_RATIO:.0f}x); live"
        f" {since['live']:.0f} ms ({since['live'] / bare_paint:.2f}x); every panel built"
        f" {since['complete']:.0f} ms ({since['complete'] / bare_paint:.2f}x)"
    )
    print(f"{'phase':<28}{'max stall ms':>14}{'x bare idle':>13}{'call ms':>10}  goal")
    for phase, worst in result["worst"].items():
        call = result.get("durations", {}).get(phase)
        mark = "ok" if worst <= GOAL_STALL_MS else "OVER"
        if phase.startswith(SETUP):
            mark = "not an action"
        call_text = "" if call is None else f"{call:.0f}"
        print(f"{phase:<28}{worst:>14.0f}{worst / bare_idle:>13.1f}{call_text:>10}  {mark}")
    gui_heavy = {
        name: f"{at * 1000:+.0f} ms"
        for name, (thread, at) in result["heavy_imports"].items()
        if thread == "MainThread" and at > 0
    }
    print(
        "heavy packages first imported on the GUI thread after first paint: "
        + (", ".join(f"{k} ({v})" for k, v in sorted(gui_heavy.items())) or "none")
    )
    print(
        f"resident memory: {result['rss_usable_kib'] / 1024:.0f} MiB when usable,"
        f" {result['rss_end_kib'] / 1024:.0f} MiB at the end; bare window"
        f" {bare['rss_end_kib'] / 1024:.0f} MiB; modules loaded {result['modules']}"
        f" (bare {bare['modules']})"
    )
    if result["memory"]:
        print("python memory by package (tracemalloc, KiB):")
        for package, kib in result["memory"]:
            print(f"  {package:<40}{kib:>8}")


def as_a_user_starts(env: dict[str, str]) -> None:
    """Measure the start a user sees every day: Python's bytecode cache in place.

    An editable install (the README's) writes Refkit's ``__pycache__`` at the first start; a
    machine with ``PYTHONDONTWRITEBYTECODE`` set (some sandboxes and CI images) compiles all of
    Refkit's ~700 modules from source at every start instead, which measured ~1.9 s more. The
    cache is written here first, and the measured runs may use it."""
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        print(
            "PYTHONDONTWRITEBYTECODE is set here: unset for the measured runs (--no-bytecode"
            " keeps it)"
        )
    import compileall

    compileall.compile_dir(str(HERE.parents[1] / "refkit"), quiet=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, help="a database made by make_filled_database.py")
    parser.add_argument(
        "--only",
        choices=("fresh", "again", "filled"),
        help="again: a second start on the database a first start made",
    )
    parser.add_argument(
        "--runs", type=int, default=1, help="with more than 1: medians of start-up only"
    )
    parser.add_argument("--memory", action="store_true", help="also trace Python memory")
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE if set (every module compiled from source each run)",
    )
    parser.add_argument("--settle-ms", type=int, default=1000, help="quiet time after each action")
    args = parser.parse_args(argv)
    env = dict(os.environ, BENCH_SETTLE_MS=str(args.settle_ms))
    if not args.no_bytecode:
        as_a_user_starts(env)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.memory:
        env["BENCH_TRACEMALLOC"] = "1"
    with tempfile.TemporaryDirectory() as scratch:
        if args.runs > 1:
            again = Path(scratch) / "again.db"
            app_run(Path(scratch) / "fresh.db", dict(env, BENCH_NO_ACTIONS="1"), keep=again)
            if args.only in (None, "fresh"):
                medians("fresh", Path(scratch) / "fresh.db", env, args.runs)
            if args.only in (None, "again"):
                medians("again", again, env, args.runs)
            if args.only in (None, "filled") and args.filled is not None:
                medians("filled", args.filled, env, args.runs)
            return 0
        bare = bare_run(env)
        if args.only in (None, "fresh", "again"):
            again = Path(scratch) / "again.db"
            report("fresh", app_run(Path(scratch) / "fresh.db", env, keep=again), bare)
            if args.only in (None, "again"):
                report("again", app_run(again, env), bare)
        if args.only in (None, "filled"):
            filled = args.filled
            if filled is None:
                sys.path.insert(0, str(HERE))
                from make_filled_database import make_filled_database

                filled = make_filled_database(Path(scratch) / "filled.db")
            report("filled", app_run(filled, env), bare)
    return 0


if __name__ == "__main__":
    sys.exit(main())
