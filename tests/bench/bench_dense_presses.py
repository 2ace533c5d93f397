"""Resident memory through presses at the dense pace, back to back: attacks most (issue 30 §6).

    .venv/bin/python tests/bench/bench_dense_presses.py --filled PATH [--presses 600]
        [--warm-up 200] [--mix attack|table] [--before REV] [--pace 3]

One fresh process of the real window (``run_app``, offscreen, isolated ``XDG_CONFIG_HOME`` and
data folder) on a copy of the database per tree; with ``--before``, that revision's process runs
first, then this checkout's, in the same run. Once every panel is built, the sample party is at
the table, in a fight with two creatures, on a journey; then ``--presses`` presses follow each
other 5 ms apart: ``attack`` is an attack in the Attack window (rolled, the window closed) and the
next turn, new creatures once the fight is won; ``table`` mixes in what a dense evening also
presses: an attack, a cast of Hesper Quill's fire lance (refused when the spell is spent), a
travel day, an attack. Resident memory (VmRSS) and glibc's ``mallinfo2`` (bytes in use, bytes free
inside the heap: a leak grows the first, fragmentation the second) are read after a full
collection at the start, at ``--warm-up`` presses (the undo stack full by then) and at the end.
The report: MiB per press after warm-up, that times the presses of an hour at ``--pace``
simulated seconds a press (the soak's dense pace: one every 2-4 s), and now / before.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _evening import run_script

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
RESULT_PREFIX = "DENSE "
RUN_TIMEOUT_S = 3600

APP = r"""
import ctypes, gc, json, os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QTimer
import refkit
from refkit.gui import main
from refkit.gui.shell.panel_registry import PanelId

PRESSES, WARM_UP = int(os.environ["BENCH_PRESSES"]), int(os.environ["BENCH_WARM_UP"])
MIX = os.environ["BENCH_MIX"]
PARTY, CASTER, BOOK = "The Sample Party", "Hesper Quill", "Fire lance book"
PAGE = os.sysconf("SC_PAGE_SIZE")
libc = ctypes.CDLL(None)

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]

libc.mallinfo2.restype = MallInfo2
made = []
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1500, script))

main.RefkitApp.__init__ = captured_init
results = {"refkit": refkit.__file__, "points": [], "did": {}}

def script():
    from refkit.gui.combat.attack_dialog import AttackDialog
    from refkit.gui.magic.cast_dialog import CastDialog

    app = made[0]
    turn = app.dungeon.turn_panel
    tracker = app.panels.widget(PanelId.FIGHT)
    travel = app.panels.widget(PanelId.TRAVEL_DAY)
    combo = turn.party_combo
    if combo.currentData() != PARTY and combo.findData(PARTY) >= 0:
        combo.setCurrentIndex(combo.findData(PARTY))
        combo.activated.emit(combo.findData(PARTY))

    def new_fight():
        for fighter in list(tracker.session.state.combatants):
            tracker.run(lambda name=fighter.name: tracker.session.remove(name))
        tracker.add_party()
        tracker.count_spin.setValue(2)
        tracker.add_creatures()
        tracker.new_round()

    journeys = [0]

    def start_journey():
        travel.reload()
        if travel.start_map.count():
            journeys[0] += 1
            travel.with_party.setChecked(True)
            travel.new_journey.setText(f"Dense road {journeys[0]}")
            travel.hirelings.setText("Mara=1,2,0; Mule=0,-3,3,animal")
            travel.start_journey()

    def attack():
        app.actions.action("fight_attack").trigger()
        dialog = app.window.findChild(AttackDialog)
        if dialog is None or not dialog.isVisible():
            new_fight()
            return "new fight"
        try:
            report = dialog.roll()
        finally:
            dialog.close()
        if report is None:
            new_fight()
            return "attack, new fight"
        tracker.next_turn()
        return "attack, next turn"

    def cast():
        app.actions.action("magic_cast").trigger()
        dialog = app.window.findChild(CastDialog)
        try:
            dialog.select_crow(CASTER)
            dialog.select_book(BOOK)
            plan = dialog.cast()
        finally:
            dialog.close()
        return "cast" if plan is not None else "cast (refused)"

    def travel_day():
        if travel.journey is None:
            start_journey()
        return "travel day" if travel.travel() else "travel day (refused)"

    presses = {"attack": [attack], "table": [attack, cast, travel_day, attack]}[MIX]
    new_fight()
    start_journey()
    done = [0]

    def point():
        gc.collect()
        info = libc.mallinfo2()
        with open("/proc/self/statm") as file:
            rss = int(file.read().split()[1]) * PAGE / 2**20
        results["points"].append({"presses": done[0], "rss": rss, "in_use": info.uordblks / 2**20,
                                  "free": info.fordblks / 2**20, "undo": app.undo_stack.count()})

    def next_press():
        if done[0] in (0, WARM_UP, PRESSES):
            point()
        if done[0] >= PRESSES:
            print("DENSE " + json.dumps(results), flush=True)
            os._exit(0)
        did = presses[done[0] % len(presses)]()
        results["did"][did] = results["did"].get(did, 0) + 1
        done[0] += 1
        QTimer.singleShot(5, next_press)

    next_press()

QTimer.singleShot(3000 * 1000, lambda: os._exit(3))
sys.exit(main.run_app(db_url=sys.argv[1]))
"""


def run(database: Path, tree: Path | None, args: argparse.Namespace) -> dict:
    """One process on a copy of ``database``: this checkout's refkit, or ``tree``'s."""
    return run_script(
        APP,
        database,
        tree,
        result_prefix=RESULT_PREFIX,
        timeout_s=RUN_TIMEOUT_S,
        keep_bytecode=True,
        BENCH_PRESSES=str(args.presses),
        BENCH_WARM_UP=str(args.warm_up),
        BENCH_MIX=args.mix,
    )


def per_press(result: dict, key: str) -> float:
    """MiB of ``key`` per press from the warm-up point to the end."""
    _, warm, end = result["points"]
    return (end[key] - warm[key]) / max(1, end["presses"] - warm["presses"])


def report(label: str, result: dict, pace_s: float) -> None:
    print(f"\n{label}: presses, resident MiB, malloc in use / free MiB, undo steps kept")
    for point in result["points"]:
        print(f"  {point['presses']:6d} {point['rss']:8.1f} {point['in_use']:8.1f} "
              f"{point['free']:6.1f} {point['undo']:6d}")  # fmt: skip
    rss = per_press(result, "rss")
    print(f"  after warm-up: {rss * 1024:.1f} KiB per press resident "
          f"({per_press(result, 'in_use') * 1024:.1f} in use, "
          f"{per_press(result, 'free') * 1024:.1f} free in the heap); "
          f"{rss * 3600 / pace_s:.1f} MiB per hour at a press every {pace_s:g} s")  # fmt: skip
    print("  pressed: " + ", ".join(f"{what} {count}" for what, count in result["did"].items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True, help="make_filled_database.py's")
    parser.add_argument("--presses", type=int, default=600)
    parser.add_argument("--warm-up", type=int, default=200)
    parser.add_argument("--mix", choices=("attack", "table"), default="attack")
    parser.add_argument("--pace", type=float, default=3.0, help="simulated seconds a press")
    parser.add_argument("--before", help="a git revision to compare with (e.g. main)")
    args = parser.parse_args(argv)
    if not 0 < args.warm_up < args.presses:
        parser.error("--warm-up must be between 0 and --presses")
    with tempfile.TemporaryDirectory() as folder:
        before = None
        tree = None
        if args.before:
            tree = Path(folder) / "before"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=CHECKOUT, capture_output=True, check=True
            )
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
            before = run(args.filled, tree, args)
            report(f"before ({args.before})", before, args.pace)
        now = run(args.filled, None, args)
        report("now", now, args.pace)
        if before is not None:
            ratio = per_press(now, "rss") / per_press(before, "rss")
            print(f"\nresident growth per press after warm-up, now / before: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
