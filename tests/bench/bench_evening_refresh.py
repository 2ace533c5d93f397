"""End DT, crow edits and party switches through an evening, press by press, in the real window
(issue 30 items 2 and 3), on a new, the filled and the 10× filled database, now and at a git
revision before.

    .venv/bin/python tests/bench/bench_evening_refresh.py [--sample] [--filled PATH]
        [--big PATH] [--before REV] [--presses 200] [--switches 100] [--edge 50] [--runs 1]

Each run is a fresh process on the offscreen platform: the real window (``run_app``) on a copy of
the database (``--sample``: a new one, the sample content only), left to build every panel; then a
DT is started and the script presses End DT ``--presses`` times (the encounters it signs are left
unresolved, so they pile up as they do when the referee forgets them), then makes as many crow
edits on the open crow (1 damage, then 1 healed, in turn), then switches the party at the table
on the DT panel ``--switches`` times between two parties (the first two listed; on the sample
database between its party and "No party"). A press's latency is the time from the press until
the window's event loop comes back for the next input: the press itself and what it queued for
the GUI thread (the views refreshed after it), measured up to a zero-delay timer queued behind
them. Reported per database, kind and tree: the median of the first and of the last ``--edge``
presses (the evening's drift), p50, p99 and the worst, and the ratio before / now (above 1: now
is faster). ``--before REV`` runs the revision's ``refkit`` (``git archive`` into a temporary
folder, first on ``PYTHONPATH``) on the same copies, interleaved run by run with now.

Make the databases with ``make_filled_database.py PATH`` and ``make_filled_database.py PATH
--scale 10`` (1,000 crows and 300 tables; 10,000 and 3,000).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
from pathlib import Path

from _evening import p99, run_script

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
RESULT_PREFIX = "EVENING "
RUN_TIMEOUT_S = 3600

APP = r"""
import json, os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QTimer
import refkit
from refkit.gui import main

PRESSES = int(os.environ["BENCH_PRESSES"])
SWITCHES = int(os.environ["BENCH_SWITCHES"])
made = []
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1000, script))

main.RefkitApp.__init__ = captured_init
results = {"refkit": refkit.__file__, "End DT": [], "crow edit": [], "party switch": []}

def timed(kind, press, then):
    # press now; its latency ends when a zero-delay timer queued behind it fires
    started = time.perf_counter()
    press()
    def back():
        results[kind].append((time.perf_counter() - started) * 1000)
        QTimer.singleShot(5, then)
    QTimer.singleShot(0, back)

def script():
    app = made[0]
    turn = app.dungeon.turn_panel
    crows = app.character_panels.session
    turn.dungeon_edit.setText("Bench crypt")
    app.actions.action("dt_run").trigger()
    name = crows.service.names()[0]
    crows.open(name)
    todo = [("End DT", lambda: app.actions.action("dt_end").trigger())] * PRESSES
    for number in range(PRESSES):
        todo.append(("crow edit", (lambda: crows.damage(1)) if number % 2 == 0
                     else (lambda: crows.heal_stamina(1))))
    combo = turn.party_combo  # "No party", then the parties: two of them in turn
    pair = (1, 2) if combo.count() > 2 else (0, 1)
    def switch(index):
        def press():
            combo.setCurrentIndex(index)
            combo.activated.emit(index)
        return press
    for number in range(SWITCHES):
        todo.append(("party switch", switch(pair[number % 2])))
    def next_press():
        if not todo:
            results["pending_encounters"] = len(
                app.dungeon.session.view().clock.pending_encounters
            )
            print("EVENING " + json.dumps(results), flush=True)
            app.window.ask_no_close_questions()  # the clock runs
            app.window.close()
            os._exit(0)
        kind, press = todo.pop(0)
        timed(kind, press, next_press)
    next_press()

QTimer.singleShot(1800 * 1000, lambda: os._exit(3))
sys.exit(main.run_app(db_url=sys.argv[1]))
"""


KINDS = ("End DT", "crow edit", "party switch")


def run(database: Path | None, tree: Path | None, presses: int, switches: int) -> dict:
    """One process on a copy of ``database`` (None: a new one, the sample content only): this
    checkout's refkit, or ``tree``'s."""
    return run_script(
        APP,
        database,
        tree,
        result_prefix=RESULT_PREFIX,
        timeout_s=RUN_TIMEOUT_S,
        keep_bytecode=True,
        BENCH_PRESSES=str(presses),
        BENCH_SWITCHES=str(switches),
    )


def summary(values: list[float], edge: int) -> dict[str, float]:
    return {
        f"first {edge}": statistics.median(values[:edge]),
        f"last {edge}": statistics.median(values[-edge:]),
        "p50": statistics.median(values),
        "p99": p99(values),
        "max": max(values),
    }


def per_run(runs: list[dict], kind: str, edge: int) -> list[float]:
    """Each run's presses of ``kind``, the runs' first ``edge`` together and last ``edge``
    together (so "first" and "last" stay the evening's start and end over several runs)."""
    firsts = [v for r in runs for v in r[kind][:edge]]
    lasts = [v for r in runs for v in r[kind][-edge:]]
    middles = [v for r in runs for v in r[kind][edge:-edge]]
    return [*firsts, *middles, *lasts] if len(firsts) == len(lasts) else []


def report(label: str, now: list[dict], before: list[dict], edge: int) -> None:
    print(f"\n== {label}: {len(now)} run(s) each, ms per press (lower is better) ==")
    pending = [r["pending_encounters"] for r in now + before]
    print(f"pending encounters left at the end of the evening: {pending}")
    for kind in KINDS:
        values = [v for r in now for v in r[kind]]
        if not values:
            continue
        kind_edge = min(edge, len(now[0][kind]) // 2)
        mine = summary(per_run(now, kind, kind_edge), kind_edge)
        theirs = summary(per_run(before, kind, kind_edge), kind_edge) if before else None
        print(f"{kind} ({len(values) // len(now)} presses a run):")
        for key, value in mine.items():
            line = f"  {key:<9} now {value:7.1f}"
            if theirs is not None:
                line += f"   before {theirs[key]:7.1f}   before/now {theirs[key] / value:5.2f}"
            print(line)
        first, last = f"first {kind_edge}", f"last {kind_edge}"
        drift = f"  drift ({last} / {first}): now {mine[last] / mine[first]:.2f}"
        if theirs is not None:
            drift += f", before {theirs[last] / theirs[first]:.2f}"
        print(drift)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", action="store_true", help="also a new database (samples)")
    parser.add_argument("--filled", type=Path, help="make_filled_database.py's")
    parser.add_argument("--big", type=Path, help="make_filled_database.py --scale 10's")
    parser.add_argument("--before", help="a git revision to compare with (e.g. main)")
    parser.add_argument("--presses", type=int, default=200, help="End DTs, then crow edits")
    parser.add_argument("--switches", type=int, default=100, help="party switches, after them")
    parser.add_argument("--edge", type=int, default=50, help="presses compared at each end")
    parser.add_argument("--runs", type=int, default=1, help="interleaved runs per tree")
    args = parser.parse_args(argv)
    if args.presses < 2 * args.edge:
        parser.error(f"--presses must be at least twice --edge ({args.edge})")
    if not (args.sample or args.filled or args.big):
        parser.error("name a database: --sample, --filled PATH or --big PATH")
    with tempfile.TemporaryDirectory() as folder:
        tree = None
        if args.before:
            tree = Path(folder) / "before"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=CHECKOUT, capture_output=True, check=True
            )
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
        databases = [
            ("sample", None if args.sample else False),
            ("filled", args.filled),
            ("10x filled", args.big),
        ]
        for label, database in databases:
            if database is False or (database is None and label != "sample"):
                continue
            now: list[dict] = []
            before: list[dict] = []
            for _ in range(args.runs):
                if tree is not None:
                    before.append(run(database, tree, args.presses, args.switches))
                now.append(run(database, None, args.presses, args.switches))
            name = "a new file" if database is None else database.name
            report(f"{label} database ({name})", now, before, args.edge)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
