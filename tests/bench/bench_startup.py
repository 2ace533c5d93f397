"""Start-up to first paint: ``refkit --exit-after-paint`` against a bare PySide6 window.

Both run as fresh processes in pairs — a bare window, then Refkit — interleaved, so that disk
cache and machine load hit the two of a pair alike; the figure quoted is the median of the
pairs' ratios (issue 30's goal: within 1.5x of the bare window). Each checkout runs with its
own data folder and its own ``XDG_CONFIG_HOME`` (the developer's real settings are never read
or written), warm: the database is created and migrated by a first, untimed start. Modules are
compiled once and kept, as on a user's install: ``PYTHONDONTWRITEBYTECODE`` (set in some
sandboxes and CI images, where every module would be compiled from source on every start) is
unset for the measured runs.

    .venv/bin/python tests/bench/bench_startup.py [--runs 15] [--before DIR]

Beside the wall-clock ratio the processes' CPU time (user + system) is compared the same way: on
a machine shared with other work it moves less with the load.

``--before DIR``: another checkout (``git worktree add --detach DIR REV``) timed in the same
pairs, with its own bare window beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_WINDOW = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1280, 800)

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, app.quit)
        return False

watcher = FirstPaint()
window.installEventFilter(watcher)
window.show()
sys.exit(app.exec())
"""

HERE = Path(__file__).resolve().parents[2]
"""This checkout."""


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _env(stack: contextlib.ExitStack, checkout: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("REFKIT_DATABASE_URL", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["REFKIT_DATA_DIR"] = stack.enter_context(tempfile.TemporaryDirectory())
    env["XDG_CONFIG_HOME"] = stack.enter_context(tempfile.TemporaryDirectory())
    env["PYTHONPATH"] = str(checkout)  # that checkout's refkit before the installed one
    return env


def main(runs: int, before: Path | None) -> None:
    checkouts = {"now": HERE} if before is None else {"before": before.resolve(), "now": HERE}
    bare_cmd = [sys.executable, "-c", BARE_WINDOW]
    refkit_cmd = [sys.executable, "-m", "refkit", "--exit-after-paint"]
    bare: dict[str, list[tuple[float, float]]] = {label: [] for label in checkouts}
    refkit: dict[str, list[tuple[float, float]]] = {label: [] for label in checkouts}
    with contextlib.ExitStack() as stack:
        envs = {label: _env(stack, checkout) for label, checkout in checkouts.items()}
        for label, checkout in checkouts.items():
            # warm-up: the first start creates and migrates the database, and compiles modules
            timed(refkit_cmd, envs[label], checkout)
            timed(bare_cmd, envs[label], checkout)
        for _ in range(runs):
            for label, checkout in checkouts.items():
                bare[label].append(timed(bare_cmd, envs[label], checkout))
                refkit[label].append(timed(refkit_cmd, envs[label], checkout))
    print(f"first paint, {runs} pairs (bare window, then refkit), warm, bytecode kept")
    for label in checkouts:
        for kind, at in (("wall", 0), ("cpu", 1)):
            ratios = [r[at] / b[at] for r, b in zip(refkit[label], bare[label], strict=True)]
            b = statistics.median(run[at] for run in bare[label])
            r = statistics.median(run[at] for run in refkit[label])
            print(
                f"{label:7s} {kind:4s} bare median {b * 1000:4.0f} ms, refkit median "
                f"{r * 1000:4.0f} ms; refkit / bare: median of pairs "
                f"{statistics.median(ratios):.2f} (quartiles {_quartiles(ratios)})  goal 1.50"
            )


def _quartiles(values: list[float]) -> str:
    low, _, high = statistics.quantiles(values, n=4)
    return f"{low:.2f}-{high:.2f}"


if __name__ == "__main__":
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=15)
    options.add_argument("--before", type=Path, help="another checkout to time side by side")
    chosen = options.parse_args()
    main(chosen.runs, chosen.before)
