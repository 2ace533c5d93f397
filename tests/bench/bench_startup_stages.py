"""Start-up stages on the sample, the filled and the 10x database, each against a bare window.

    .venv/bin/python tests/bench/bench_startup_stages.py --filled PATH --big PATH
        [--runs 9] [--before DIR]

Issue 30's goals for the 10x database: usable <= 2x and live <= 3x a bare PySide6 window's first
paint, every panel built <= 6x. Each measured start is a fresh process on the offscreen platform
(``bench_heartbeat``'s scripts: USABLE is the panels in front showing the stored state and taking
input, LIVE the services behind them open, EVERY PANEL BUILT every feature registered and every
panel made). Each checkout starts on its own copy of each database, kept through the runs as a
user's file is from day to day, with its own data folder and ``XDG_CONFIG_HOME`` (the
developer's settings are never read or written); an untimed first start on each copy checks its
pages once (``PRAGMA quick_check`` runs again only on a file changed by another program or
copied in). Each is paired with a bare window started
just before it, and the figure quoted is the median over the runs of each pair's ratio — the two
of a pair meet the same machine load. The databases and checkouts are interleaved within each
run. The sample database is the one a first start makes; bytecode is compiled and kept.

``FLOOR`` is measured in each run too, paired the same way: the earliest the database library can
be in place after a bare window's paint, which "live" (services on the open file) cannot beat.

``--before DIR``: another checkout (``git worktree add --detach DIR REV``) measured in the same
runs, beside this one (its own bare window in each pair).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_heartbeat import AFTER_PAINT, APP, BARE, run  # noqa: E402

STAGES = (("first_paint", "first paint"), ("usable", "usable"), ("live", "live"),
          ("complete", "every panel built"))  # fmt: skip
GOALS = {"usable": 2.0, "live": 3.0, "complete": 6.0}
"""Issue 30's goals on the 10x database, as ratios to the bare window's first paint."""


ON_BARE_PAINT = (
    '            QTimer.singleShot(int(os.environ.get("BENCH_SETTLE_MS", "1000")) * 3, finish)\n'
)
assert ON_BARE_PAINT in BARE
FLOOR = BARE.replace(
    ON_BARE_PAINT,
    "            threading.Thread(target=import_the_database_library).start()\n",
).replace(
    "class FirstPaint(QObject):",
    """import threading

def import_the_database_library():
    import sqlalchemy.orm  # noqa: F401
    import sqlmodel  # noqa: F401
    marks["library"] = time.monotonic()
    QTimer.singleShot(0, qt_app, finish)

class FirstPaint(QObject):""",
)
"""The floor under "live" in this stack: a bare window that, once painted, imports SQLAlchemy's ORM
and SQLModel in a thread (as the window's worker does) and stops — no file opened, no service
built, no panel made. The panels in front cannot be live on the database before this."""


def start(checkout: Path, work: Path, env: dict[str, str]) -> dict:
    """One measured start of ``checkout``'s Refkit on the database in ``work`` (its own data
    folder and configuration too)."""
    run_env = dict(
        env, REFKIT_DATA_DIR=str(work), XDG_CONFIG_HOME=str(work / "config"), HOME=str(work),
        PYTHONPATH=str(checkout),
    )  # fmt: skip
    return run(APP, [str(work / "refkit.db")], run_env)


def bare(env: dict[str, str]) -> dict:
    with tempfile.TemporaryDirectory() as work:
        return run(BARE, [], dict(env, XDG_CONFIG_HOME=work, HOME=work))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filled", type=Path, required=True)
    parser.add_argument("--big", type=Path, required=True, help="the 10x database")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", type=Path, help="another checkout, measured beside this one")
    args = parser.parse_args(argv)
    env = dict(os.environ, BENCH_NO_ACTIONS="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("REFKIT_DATABASE_URL", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    checkouts = {"now": HERE.parents[1]}
    if args.before is not None:
        checkouts = {"before": args.before.resolve(), **checkouts}
    for checkout in checkouts.values():
        compileall.compile_dir(str(checkout / "refkit"), quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        sample = Path(scratch) / "sample"
        sample.mkdir()
        start(checkouts["now"], sample, env)  # a first start makes the sample database
        databases = {"sample": sample / "refkit.db", "filled": args.filled, "10x": args.big}
        works: dict[tuple[str, str], Path] = {}
        for label, database in databases.items():
            for name, checkout in checkouts.items():
                work = works[(label, name)] = Path(scratch) / f"{label}-{name}"
                work.mkdir()
                shutil.copy(database, work / "refkit.db")
                start(checkout, work, env)  # warm-up: the copy's pages checked once, noted
        ratios: dict[tuple[str, str, str], list[float]] = {}
        times: dict[tuple[str, str, str], list[float]] = {}
        stalls: dict[tuple[str, str], list[float]] = {}
        floors: list[float] = []
        for number in range(args.runs):
            with tempfile.TemporaryDirectory() as home:
                floor_env = dict(env, XDG_CONFIG_HOME=home, HOME=home)
                paint = bare(env)["since_launch_ms"]["first_paint"]
                floors.append(run(FLOOR, [], floor_env)["since_launch_ms"]["library"] / paint)
            for label in databases:
                for name, checkout in checkouts.items():
                    paint = bare(env)["since_launch_ms"]["first_paint"]
                    result = start(checkout, works[(label, name)], env)
                    since = result["since_launch_ms"]
                    for stage, _ in STAGES:
                        ratios.setdefault((label, name, stage), []).append(since[stage] / paint)
                        times.setdefault((label, name, stage), []).append(since[stage])
                    worst = max(v for k, v in result["worst"].items() if k in AFTER_PAINT)
                    stalls.setdefault((label, name), []).append(worst)
            print(f"run {number + 1} of {args.runs} done", file=sys.stderr, flush=True)
    print(
        f"start-up stages, {args.runs} runs; each start paired with a bare window's first paint"
        " just before it; median of the pairs' ratios (quartiles), median ms"
    )
    print(
        f"floor under live: a bare window, then SQLAlchemy's ORM and SQLModel imported after its"
        f" paint: {statistics.median(floors):.2f}x ({_quartiles(floors)})"
    )
    for label in databases:
        print(f"\n== {label} database ==")
        for name in checkouts:
            for stage, words in STAGES:
                values = ratios[(label, name, stage)]
                goal = GOALS.get(stage) if label == "10x" else None
                middle = statistics.median(times[(label, name, stage)])
                print(
                    f"{name:7s} {words:<18} {statistics.median(values):5.2f}x"
                    f" ({_quartiles(values)})  {middle:6.0f} ms"
                    + (f"  goal <= {goal:.1f}x" if goal else "")
                )
            worst = stalls[(label, name)]
            print(
                f"{name:7s} largest GUI stall once painted: median {statistics.median(worst):.0f}"
                f" ms, worst {max(worst):.0f} ms"
            )
    print("\n== growth with the database: median ms on filled and 10x / on sample ==")
    for name in checkouts:
        for stage, words in STAGES[1:]:
            base = statistics.median(times[("sample", name, stage)])
            grown = ", ".join(
                f"{label} {statistics.median(times[(label, name, stage)]) / base:.2f}x"
                for label in ("filled", "10x")
            )
            print(f"{name:7s} {words:<18} {grown}")
    return 0


def _quartiles(values: list[float]) -> str:
    if len(values) < 2:
        return "one run"
    low, _, high = statistics.quantiles(values, n=4)
    return f"{low:.2f}-{high:.2f}"


if __name__ == "__main__":
    sys.exit(main())
