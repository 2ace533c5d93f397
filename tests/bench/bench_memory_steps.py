"""Resident memory through a dense evening of steps (issue 30 §6), now and before.

    .venv/bin/python tests/bench/bench_memory_steps.py --filled PATH [--steps 600]
        [--before REV] [--trace]

One fresh process of the real window (``run_app``, offscreen, isolated ``XDG_CONFIG_HOME`` and
data folder) on a copy of the database per tree. Once every panel is built, a DT is started and
a crow opened; then ``--steps`` steps are pressed back to back in turn: End DT, 1 damage to the
crow, a d100 roll, 1 healed. Resident memory (``/proc/self/statm``) is printed at the start and
after every fifth of the steps, with the undo stack's length; the growth per 100 steps and the
ratio now / before close the report. ``--trace`` also runs ``tracemalloc`` in the measured
process and prints the ten places whose Python allocations grew most (slower: for finding what
grows, not for the figures: its own records swell the resident memory many times over).
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
RESULT_PREFIX = "MEMORY "
RUN_TIMEOUT_S = 3600

APP = r"""
import gc, json, os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QTimer
import refkit
from refkit.gui import main

STEPS = int(os.environ["BENCH_STEPS"])
TRACE = os.environ.get("BENCH_TRACE") == "1"
if TRACE:
    import tracemalloc
    tracemalloc.start(8)
made = []
init = main.RefkitApp.__init__

def captured_init(self, *args, **kwargs):
    init(self, *args, **kwargs)
    made.append(self)
    self.when_ready(lambda *_args: QTimer.singleShot(1500, script))

main.RefkitApp.__init__ = captured_init
results = {"refkit": refkit.__file__, "points": []}
PAGE = os.sysconf("SC_PAGE_SIZE")

def rss_mib():
    with open("/proc/self/statm") as file:
        return int(file.read().split()[1]) * PAGE / 2**20

def script():
    app = made[0]
    turn = app.dungeon.turn_panel
    crows = app.character_panels.session
    turn.dungeon_edit.setText("Bench crypt")
    app.actions.action("dt_run").trigger()
    crows.open(crows.service.names()[0])
    presses = [
        lambda: app.actions.action("dt_end").trigger(),
        lambda: crows.damage(1),
        lambda: app.actions.action("roll_d100").trigger(),
        lambda: crows.heal_stamina(1),
    ]
    done = [0]
    first = [None]
    every = max(1, STEPS // 5)

    def point():
        gc.collect()
        results["points"].append([done[0], rss_mib(), app.undo_stack.count()])

    def next_step():
        if done[0] % every == 0:
            point()
            if TRACE and done[0] == every:
                first[0] = tracemalloc.take_snapshot()
        if done[0] >= STEPS:
            if TRACE and first[0] is not None:
                grown = tracemalloc.take_snapshot().compare_to(first[0], "traceback")
                results["trace"] = [
                    [stat.size_diff, stat.count_diff, stat.traceback.format()[-6:]]
                    for stat in grown[:10]
                ]
            print("MEMORY " + json.dumps(results), flush=True)
            os._exit(0)
        presses[done[0] % len(presses)]()
        done[0] += 1
        QTimer.singleShot(5, next_step)

    next_step()

QTimer.singleShot(3000 * 1000, lambda: os._exit(3))
sys.exit(main.run_app(db_url=sys.argv[1]))
"""


def run(database: Path, tree: Path | None, steps: int, trace: bool) -> dict:
    """One process on a copy of ``database``: this checkout's refkit, or ``tree``'s."""
    return run_script(
        APP,
        database,
        tree,
        result_prefix=RESULT_PREFIX,
        timeout_s=RUN_TIMEOUT_S,
        BENCH_STEPS=str(steps),
        BENCH_TRACE="1" if trace else "0",
    )


def growth_per_100(points: list[list[float]]) -> float:
    """MiB per 100 steps from the first point after warm-up (a fifth of the steps) to the end."""
    (start, start_mib, _), (end, end_mib, _) = points[1], points[-1]
    return (end_mib - start_mib) / max(1, end - start) * 100


def report(label: str, result: dict) -> None:
    print(f"\n{label}: steps, resident MiB, undo steps kept")
    for steps, mib, undo in result["points"]:
        print(f"  {steps:6d} {mib:8.1f} {undo:6d}")
    print(f"  growth after warm-up: {growth_per_100(result['points']):.2f} MiB per 100 steps")
    for size, count, where in result.get("trace", []):
        print(f"  {size / 1024:9.1f} KiB {count:+7d} blocks  " + " | ".join(where[-2:]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True, help="make_filled_database.py's")
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--before", help="a git revision to compare with (e.g. main)")
    parser.add_argument("--trace", action="store_true", help="tracemalloc's top growth")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        tree = None
        if args.before:
            tree = Path(folder) / "before"
            tree.mkdir()
            archive = subprocess.run(
                ["git", "archive", args.before], cwd=CHECKOUT, capture_output=True, check=True
            )
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
            before = run(args.filled, tree, args.steps, args.trace)
            report(f"before ({args.before})", before)
        now = run(args.filled, None, args.steps, args.trace)
        report("now", now)
        if tree is not None:
            ratio = growth_per_100(now["points"]) / max(1e-9, growth_per_100(before["points"]))
            print(f"\ngrowth per 100 steps, now / before: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
