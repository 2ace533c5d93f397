"""End DT and crow edits through an evening, press by press, in the real window (issue 30 items
2 and 3), on the filled and the 10× filled database, now and at a git revision before.

    .venv/bin/python tests/bench/bench_evening_refresh.py --filled PATH [--big PATH]
        [--before REV] [--presses 60]

Each run is a fresh process on the offscreen platform: the real window (``run_app``) on a copy of
the database, left to build every panel; then a DT is started and the script presses End DT
``--presses`` times (the encounters it signs are left unresolved, so they pile up as they do when
the referee forgets them), then makes as many crow edits on the open crow (1 damage, then 1
healed, in turn). A press's latency is the time from the press until the window's event loop
comes back for the next input: the press itself (its step waits in the worker with the user's
input held back) and what it queued for the GUI thread (the views refreshed after it), measured
up to a zero-delay timer queued behind them. Reported per database and tree: the median of the
first and of the last 20 presses (the evening's drift), p99 and the worst, and the ratio now /
before. ``--before REV`` runs the revision's ``refkit`` (``git archive`` into a temporary
folder, first on ``PYTHONPATH``) on the same copies, interleaved run by run with now.

Make the databases with ``make_filled_database.py PATH`` and ``make_filled_database.py PATH
--scale 10`` (1,000 crows and 300 tables; 10,000 and 3,000).
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
from pathlib import Path

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
made = []
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1000, script))

main.RefkitApp.__init__ = captured_init
results = {"refkit": refkit.__file__, "End DT": [], "crow edit": []}

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


def run(database: Path, tree: Path | None, presses: int) -> dict:
    """One process on a copy of ``database``: this checkout's refkit, or ``tree``'s."""
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "refkit.db"
        shutil.copy(database, copy)
        env = dict(
            os.environ,
            REFKIT_DATA_DIR=work,
            XDG_CONFIG_HOME=work,
            HOME=work,
            BENCH_PRESSES=str(presses),
            QT_QPA_PLATFORM="offscreen",
        )
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        done = subprocess.run(
            [sys.executable, "-c", APP, str(copy)],
            env=env,
            cwd=tree or CHECKOUT,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
        )
    lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    if not lines:
        raise RuntimeError(
            f"the measured process failed (rc {done.returncode}):\n{done.stderr[-4000:]}"
        )
    result: dict = json.loads(lines[-1][len(RESULT_PREFIX) :])
    expected = (tree or CHECKOUT) / "refkit"
    if not Path(result["refkit"]).is_relative_to(expected):
        raise RuntimeError(f"ran {result['refkit']}, not the refkit of {expected}")
    return result


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "first 20": statistics.median(values[:20]),
        "last 20": statistics.median(values[-20:]),
        "p50": statistics.median(values),
        "p99": p99(values),
        "max": max(values),
    }


def report(label: str, now: list[dict], before: list[dict]) -> None:
    print(f"\n== {label}: {len(now)} run(s) each, ms per press (lower is better) ==")
    pending = [r["pending_encounters"] for r in now + before]
    print(f"pending encounters left at the end of the evening: {pending}")
    for kind in ("End DT", "crow edit"):
        mine = summary([v for r in now for v in r[kind]])
        theirs = summary([v for r in before for v in r[kind]]) if before else None
        print(f"{kind}:")
        for key, value in mine.items():
            line = f"  {key:<9} now {value:7.1f}"
            if theirs is not None:
                line += f"   before {theirs[key]:7.1f}   now/before {value / theirs[key]:5.2f}"
            print(line)
        if theirs is None:
            drift = mine["last 20"] / mine["first 20"]
            print(f"  drift (last 20 / first 20): {drift:.2f}")
        else:
            print(
                f"  drift (last 20 / first 20): now {mine['last 20'] / mine['first 20']:.2f},"
                f" before {theirs['last 20'] / theirs['first 20']:.2f}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True, help="make_filled_database.py's")
    parser.add_argument("--big", type=Path, help="make_filled_database.py --scale 10's")
    parser.add_argument("--before", help="a git revision to compare with (e.g. main)")
    parser.add_argument("--presses", type=int, default=60, help="End DTs, then crow edits")
    parser.add_argument("--runs", type=int, default=1, help="interleaved runs per tree")
    args = parser.parse_args(argv)
    if args.presses < 40:
        parser.error("--presses must be 40 or more (the first and the last 20 are compared)")
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
                    before.append(run(database, tree, args.presses))
                now.append(run(database, None, args.presses))
            report(f"{label} database ({database.name})", now, before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
