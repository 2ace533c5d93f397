"""What one wait of the GUI thread on the database worker costs beyond its job, with the
interpreter's thread switch interval at its default (5 ms) and set lower (issue 30: a press's
time is mostly its waits, each two to three times its job; the hand-over waits on the GIL).

    .venv/bin/python tests/bench/bench_worker_wait.py [--pairs 15] [--waits 300]
        [--interval 0.001]

Each pair runs two processes back to back (which goes first alternates): the app's
:class:`~refkit.gui.shell.worker.Worker` in an offscreen window that repaints every 16 ms (a GUI
thread with work of its own), waiting ``--waits`` times for a job like a step's read (an SQLite
query and some Python). Prints each variant's p50/p99 of one wait and of its job, and the median
of the pairs' ratios (set / default) of the wait's p50 and p99 and of the process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parents[2]

MEASURED = r"""
import json, sqlite3, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel
from refkit.gui.shell.worker import Worker

interval, count = float(sys.argv[1]), int(sys.argv[2])
if interval > 0:
    sys.setswitchinterval(interval)
app = QApplication([])
label = QLabel("waiting")
label.resize(400, 300)
label.show()
ticks = [0]
def tick():
    ticks[0] += 1
    label.setText(f"frame {ticks[0]}" + "." * (ticks[0] % 40))
    sum(i * i for i in range(2000))  # the GUI thread's own Python work between frames
frames = QTimer()
frames.timeout.connect(tick)
frames.start(16)
worker = Worker()
worker.writes_here = True
db = sqlite3.connect(":memory:", check_same_thread=False)
db.execute("create table t (id integer primary key, body text)")
db.executemany("insert into t (body) values (?)", [(str(i) * 20,) for i in range(20000)])
jobs, waits = [], []
def job():
    start = time.perf_counter()
    rows = db.execute("select body from t where id % 97 = 3").fetchall()
    _ = [json.dumps(row) for row in rows]
    jobs.append(time.perf_counter() - start)
def run():
    for _ in range(20):  # warm
        worker.wait_for(job)
    jobs.clear()
    cpu = time.process_time()
    for _ in range(count):
        start = time.perf_counter()
        worker.wait_for(job)
        waits.append(time.perf_counter() - start)
    cpu = time.process_time() - cpu
    worker.shutdown()
    print(json.dumps({"waits": waits, "jobs": jobs, "cpu": cpu}))
    app.quit()
QTimer.singleShot(100, run)
app.exec()
"""


def measure(interval: float, waits: int) -> dict[str, Any]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(CHECKOUT)
    out = subprocess.run(
        [sys.executable, "-c", MEASURED, str(interval), str(waits)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--waits", type=int, default=300)
    parser.add_argument("--interval", type=float, default=0.001)
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {"p50": [], "p99": [], "cpu": [], "over": []}
    for number in range(args.pairs):
        order = [0.0, args.interval] if number % 2 == 0 else [args.interval, 0.0]
        runs = {interval: measure(interval, args.waits) for interval in order}
        base, set_ = runs[0.0], runs[args.interval]
        row: dict[str, tuple[float, float, float, float]] = {}
        for name, run in (("default", base), ("set", set_)):
            waits, jobs = run["waits"], run["jobs"]
            row[name] = (pct(waits, 0.5), pct(waits, 0.99), pct(jobs, 0.5), run["cpu"])
        ratios["p50"].append(row["set"][0] / row["default"][0])
        ratios["p99"].append(row["set"][1] / row["default"][1])
        ratios["cpu"].append(row["set"][3] / row["default"][3])
        over = {name: row[name][0] / row[name][2] for name in row}
        ratios["over"].append(over["set"] / over["default"])
        print(
            f"pair {number + 1}: default wait p50 {row['default'][0]:.2f} p99 "
            f"{row['default'][1]:.2f} job p50 {row['default'][2]:.2f} ms; "
            f"set wait p50 {row['set'][0]:.2f} p99 {row['set'][1]:.2f} "
            f"job p50 {row['set'][2]:.2f} ms",
            flush=True,
        )
    print(
        f"median of {args.pairs} pairs' ratios, switch interval {args.interval} s / default: "
        + ", ".join(f"{k} {statistics.median(v):.3f}" for k, v in ratios.items())
        + " (over: wait p50 / job p50)"
    )


if __name__ == "__main__":
    main()
