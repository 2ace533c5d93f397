"""Press to next input accepted, with real window-system input (issue 30 §1), now and before.

    .venv/bin/python tests/bench/bench_input_latency.py --filled PATH [--big PATH] [--before REV]
        [--presses 100] [--runs 1] [--actions evening|crow-list]

Needs ``Xvfb`` (``xvfb-run``) and ``libXtst``: the offscreen platform cannot show the effect,
because Qt holds back only input that comes from the window system, and QTest's events do not.
Each run is a fresh process of the real window (``run_app``) on the ``xcb`` platform inside its
own Xvfb, on a copy of the database, with an isolated ``XDG_CONFIG_HOME``. Once every panel is
built, a DT is started and a crow opened; then each action is pressed ``--presses`` times: End
DT (the menu command) and a crow edit (1 damage, then 1 healed). At each press a second thread
clicks the status bar through XTEST (a real pointer click from the X server, 2 ms after the
press began); the time from the press to that click reaching a widget is the press's *input
latency* (what the referee feels as a held-back click), and the time until the press's own call
returned is its *done* time. Reported per database and tree: p50, p99 and max of both, and the
ratio now / before (``--before REV``: that revision's ``refkit`` from ``git archive``, run on the
same copies, interleaved run by run).

``--actions crow-list`` presses the character list's own controls instead, with the list's dock
in front: a header click sorting by each column in turn (both ways), the party chooser
switched, a letter typed in and deleted from the search box, a crow edit while the list is
sorted by Stamina (the edited row moves), and a crow duplicated and the copy deleted (the whole
list read again).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _evening import PROBE_DELAY_S, run_script, summary

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
RESULT_PREFIX = "LATENCY "
RUN_TIMEOUT_S = 1800

APP = r"""
import ctypes, json, os, sys, threading, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
import refkit
from refkit.gui import main

PRESSES = int(os.environ["BENCH_PRESSES"])
ACTIONS = os.environ.get("BENCH_ACTIONS", "evening")
DELAY = float(os.environ["BENCH_PROBE_DELAY"])
made = []
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1500, script))

main.RefkitApp.__init__ = captured_init
results = {"refkit": refkit.__file__}
x11 = ctypes.CDLL("libX11.so.6")
xtst = ctypes.CDLL("libXtst.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XFlush.argtypes = [ctypes.c_void_p]
xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                      ctypes.c_ulong]
display = x11.XOpenDisplay(None)
go = threading.Event()
clicked = []
started = [0.0]

def prober():
    while True:
        go.wait()
        go.clear()
        time.sleep(DELAY)
        xtst.XTestFakeButtonEvent(display, 1, 1, 0)
        xtst.XTestFakeButtonEvent(display, 1, 0, 0)
        x11.XFlush(display)

threading.Thread(target=prober, daemon=True).start()

PROBE_EVENTS = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)

class Probe(QObject):
    target = None
    def eventFilter(self, watched, event):
        if (event.type() in PROBE_EVENTS and isinstance(watched, QWidget)
                and self.target is not None
                and (watched is self.target or self.target.isAncestorOf(watched))):
            clicked.append(time.perf_counter())
        return False

probe = Probe()

def crow_list_presses(app):
    # The character list's own presses, on every crow of the file: a header click sorting by
    # a column (each column in turn, both ways), the party chooser switched, a letter typed in
    # (and deleted from) the search box, and a crow edit while the list is sorted by Stamina
    # (its row moves). The list's dock is brought in front first.
    from PySide6.QtCore import Qt
    from refkit.gui.characters.install import CHARACTERS_DOCK
    app.panels.panel(CHARACTERS_DOCK).raise_()
    listing = app.character_panels.list_panel
    crows = app.character_panels.session
    header = listing.table.horizontalHeader()
    down, up = Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder
    sorts = [(2, down), (1, up), (3, down), (4, up), (5, up), (0, down), (0, up)]
    parties = listing.party.count()
    todo = []
    for number in range(PRESSES):
        column, order = sorts[number % len(sorts)]
        todo.append(("sort by a column",
                     lambda c=column, o=order: header.setSortIndicator(c, o)))
    for number in range(PRESSES):
        todo.append(("switch party", lambda n=number: listing.party.setCurrentIndex(
            (n + 1) % 2 if parties > 1 else 0)))
    for number in range(PRESSES):
        todo.append(("search keystroke",
                     lambda n=number: listing.search.setText("a" if n % 2 == 0 else "")))
    def sort_by_stamina():
        listing.party.setCurrentIndex(0)
        header.setSortIndicator(2, up)
        crows.open(crows.service.names()[0])
    todo.append(("(set-up) sort by Stamina", sort_by_stamina))
    for number in range(PRESSES):
        todo.append(("crow edit, sorted", (lambda: crows.damage(1)) if number % 2 == 0
                     else (lambda: crows.heal_stamina(1))))
    first = crows.service.names()[0]
    def choose_first():
        listing.search.setText("")
        listing.choose(first)
    todo.append(("(set-up) choose a crow", choose_first))
    for number in range(PRESSES):  # the copy is chosen once made, and deleted by the next
        todo.append(("duplicate a crow", listing.duplicate) if number % 2 == 0
                    else ("delete a crow", listing.delete))
    return todo

def script():
    app = made[0]
    bar = app.window.statusBar()
    probe.target = bar
    QApplication.instance().installEventFilter(probe)
    spot = bar.mapToGlobal(bar.rect().center())
    xtst.XTestFakeMotionEvent(display, -1, spot.x(), spot.y(), 0)
    x11.XFlush(display)
    turn = app.dungeon.turn_panel
    crows = app.character_panels.session
    if ACTIONS == "crow-list":
        todo = crow_list_presses(app)
    else:
        turn.dungeon_edit.setText("Bench crypt")
        app.actions.action("dt_run").trigger()
        crows.open(crows.service.names()[0])
        todo = [("End DT", lambda: app.actions.action("dt_end").trigger())] * PRESSES
        for number in range(PRESSES):
            todo.append(("crow edit", (lambda: crows.damage(1)) if number % 2 == 0
                         else (lambda: crows.heal_stamina(1))))
    for kind, _ in todo:
        results.setdefault(kind, {"input": [], "done": []})

    def next_press():
        if not todo:
            print("LATENCY " + json.dumps(results), flush=True)
            os._exit(0)
        kind, press = todo.pop(0)
        before = len(clicked)
        started = time.perf_counter()
        go.set()
        press()
        done = time.perf_counter()
        def arrived():
            if len(clicked) == before:
                if time.perf_counter() - started > 10:
                    print("the probe click never arrived", file=sys.stderr)
                    os._exit(4)
                QTimer.singleShot(1, arrived)
                return
            results[kind]["input"].append((clicked[before] - started) * 1000)
            results[kind]["done"].append((done - started) * 1000)
            QTimer.singleShot(40, next_press)
        arrived()
    next_press()

QTimer.singleShot(RUN_TIMEOUT_S * 1000, lambda: os._exit(3))
sys.exit(main.run_app(db_url=sys.argv[1]))
""".replace("RUN_TIMEOUT_S", str(RUN_TIMEOUT_S))


def run(database: Path, tree: Path | None, presses: int, actions: str = "evening") -> dict:
    """One process on a copy of ``database`` in its own Xvfb: this checkout, or ``tree``."""
    return run_script(
        APP,
        database,
        tree,
        result_prefix=RESULT_PREFIX,
        timeout_s=RUN_TIMEOUT_S,
        qpa="xcb",
        in_xvfb=True,
        BENCH_PRESSES=str(presses),
        BENCH_PROBE_DELAY=str(PROBE_DELAY_S),
        BENCH_ACTIONS=actions,
    )


def report(label: str, now: list[dict], before: list[dict]) -> None:
    print(f"\n== {label}: {len(now)} run(s) each, ms per press (lower is better) ==")
    kinds = [kind for kind, got in now[0].items() if isinstance(got, dict)]
    for kind in (kind for kind in kinds if not kind.startswith("(set-up)")):
        for measure in ("input", "done"):
            mine = summary([v for r in now for v in r[kind][measure]])
            theirs = summary([v for r in before for v in r[kind][measure]]) if before else None
            print(f"{kind}, {measure}:")
            for key, value in mine.items():
                line = f"  {key:<4} now {value:7.1f}"
                if theirs is not None:
                    ratio = value / theirs[key]
                    line += f"   before {theirs[key]:7.1f}   now/before {ratio:5.2f}"
                print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True, help="make_filled_database.py's")
    parser.add_argument("--big", type=Path, help="make_filled_database.py --scale 10's")
    parser.add_argument("--before", help="a git revision to compare with (e.g. main)")
    parser.add_argument("--presses", type=int, default=100, help="per action")
    parser.add_argument("--runs", type=int, default=1, help="interleaved runs per tree")
    parser.add_argument(
        "--actions",
        choices=("evening", "crow-list"),
        default="evening",
        help="End DT and a crow edit (evening), or the character list's presses (crow-list)",
    )
    args = parser.parse_args(argv)
    if shutil.which("xvfb-run") is None:
        parser.error("needs xvfb-run (Xvfb) for real window-system input")
    with tempfile.TemporaryDirectory() as folder:
        tree = None
        if args.before:
            tree = Path(folder) / "before"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=CHECKOUT, capture_output=True, check=True
            )
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
        for label, database in (("filled", args.filled), ("10x filled", args.big)):
            if database is None:
                continue
            now: list[dict] = []
            before: list[dict] = []
            for _ in range(args.runs):
                if tree is not None:
                    before.append(run(database, tree, args.presses, args.actions))
                now.append(run(database, None, args.presses, args.actions))
            report(f"{label} database ({database.name})", now, before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
