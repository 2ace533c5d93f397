"""The window's open in the worker (``open_store_once``), split into its parts, against ``import
sqlalchemy`` alone.

    .venv/bin/python tests/bench/bench_worker_open.py --db PATH [--runs 9] [--before DIR]

Each run is a fresh process set up as the window's worker finds itself: PySide6, asyncio and
qasync already imported and PySide's source caching stopped. It times the ORM's imports (what
opening the database and reading the roll log import), ``Database.open`` on the file, and the
rest of ``open_store_once`` (the newest rolls, the front panels' modules, the seeded tables, the
services). Each is paired with a fresh ``import sqlalchemy`` just before it, and the figure
quoted is the median of the pairs' ratios. The file is copied once per checkout (its own data
folder and ``XDG_CONFIG_HOME``) and opened once untimed, so its pages are checked before the runs,
as a user's file is from day to day. ``--before DIR``: another checkout (``git worktree add
--detach DIR REV``) measured in the same runs, interleaved with this one.
Bytecode is compiled and kept for both.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, sys, time
import PySide6.QtCore, PySide6.QtWidgets, asyncio, qasync  # the worker's state at this point
from refkit.gui.shell.source_cache import stop_pyside_source_caching
stop_pyside_source_caching()
start = time.perf_counter()
from refkit.gui.shell.read_ahead import STORE_MODULES
import importlib
for name in STORE_MODULES:
    importlib.import_module(name)
imported = time.perf_counter()
from refkit.store.database import Database
Database.open(sys.argv[1]).close()
opened = time.perf_counter()
from refkit.gui.app_opening import open_store_once
database, _rolls, _services = open_store_once(sys.argv[1])
whole = time.perf_counter()
database.close()
print(json.dumps({"orm imports": imported - start, "Database.open": opened - imported,
                  "rest of the open": whole - opened, "worker's open": whole - start}))
"""
SQLALCHEMY = (
    "import time; t = time.perf_counter(); import sqlalchemy; print(time.perf_counter() - t)"
)
PARTS = ("orm imports", "Database.open", "rest of the open", "worker's open")


def child(checkout: Path, work: Path) -> dict[str, float]:
    env = dict(
        os.environ, PYTHONPATH=str(checkout), QT_QPA_PLATFORM="offscreen",
        REFKIT_DATA_DIR=str(work), XDG_CONFIG_HOME=str(work / "config"), HOME=str(work),
    )  # fmt: skip
    env.pop("REFKIT_DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(work / "refkit.db")],
        env=env, cwd=work, capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    return {key: value * 1000 for key, value in json.loads(done.stdout.splitlines()[-1]).items()}


def sqlalchemy_ms() -> float:
    done = subprocess.run(
        [sys.executable, "-c", SQLALCHEMY], capture_output=True, text=True, check=True
    )
    return float(done.stdout) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="a Refkit database file")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--before", type=Path, help="another checkout, measured beside this one")
    args = parser.parse_args(argv)
    checkouts = {"now": HERE.parents[1]}
    if args.before is not None:
        checkouts = {"before": args.before.resolve(), **checkouts}
    for checkout in checkouts.values():  # bytecode compiled and kept, as an installed app has
        compileall.compile_dir(str(checkout / "refkit"), quiet=1)
    ratios: dict[tuple[str, str], list[float]] = {}
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        works = {}
        for name, checkout in checkouts.items():
            work = works[name] = Path(scratch) / name
            work.mkdir()
            shutil.copy(args.db, work / "refkit.db")
            child(checkout, work)  # untimed: migrated if need be, its pages checked once
        for number in range(args.runs):
            for name, checkout in checkouts.items():
                base = sqlalchemy_ms()
                for part, ms in child(checkout, works[name]).items():
                    ratios.setdefault((name, part), []).append(ms / base)
                    times.setdefault((name, part), []).append(ms)
            print(f"run {number + 1} of {args.runs} done", file=sys.stderr, flush=True)
    print(
        f"the worker's open of {args.db.name}, {args.runs} runs; each paired with a fresh "
        "'import sqlalchemy' just before it: median of the pairs' ratios, median ms"
    )
    for name in checkouts:
        for part in PARTS:
            ratio = statistics.median(ratios[(name, part)])
            middle = statistics.median(times[(name, part)])
            print(f"{name:7s} {part:<17} {ratio:5.2f}x import sqlalchemy  {middle:6.0f} ms")
    if "before" in checkouts:
        whole = "worker's open"
        pairs = [
            now / before
            for now, before in zip(times[("now", whole)], times[("before", whole)], strict=True)
        ]
        print(f"now / before, the worker's open, per run: median {statistics.median(pairs):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
