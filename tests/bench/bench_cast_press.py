"""The "Cast a spell" press in pieces (issue 30): Cast a spell… opened (the window painted and
the next input taken), a crow chosen, a book chosen, Cast pressed (the result painted), the
window closed — in the real window on a copy of a database, this checkout beside another one.

    .venv/bin/python tests/bench/bench_cast_press.py --db PATH [--before DIR] [--rounds 5]
        [--presses 20] [--profile]

Each round starts one window per checkout (the first alternating), each on its own copy of the
database with its own data folder and settings (``XDG_CONFIG_HOME``). One press of each piece is
made before the timing starts (warm). The cast is undone after each press (outside the timing)
so the book keeps its usage dice. Prints p50/p99/max of each piece over every press per
checkout (wall time, and the process's CPU time), the median of the rounds' ratios (this
checkout / --before: pairs from one round, run back to back), and the warm-up press's opening
(the window built: once per start-up) apart. ``--profile``: the first checkout's presses
under cProfile. Offscreen.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from _evening import compare_press_rounds, run_press_child, when_app_ready

PIECES = ("open", "crow", "book", "cast", "close")
CPU = tuple(f"{piece} cpu" for piece in PIECES)
"""The process's CPU time (both threads) in each piece: steadier than the wall time on a
shared machine."""
FIRST = "first open"
"""The warm-up press's opening (the window built, every crow's name and table read): once per
start-up, not in the other pieces' figures."""
MEASURED = PIECES + CPU + (FIRST,)
CASTER, BOOK = "Hesper Quill", "Fire lance book"


# -- the measured process -------------------------------------------------------------------------


def _child(database: str, presses: int, profile: bool) -> int:
    from refkit.gui import main as gui_main

    def begin(app: Any) -> None:
        try:
            print("CAST " + json.dumps(_presses(app, presses, profile)), flush=True)
        finally:
            os._exit(0)

    when_app_ready(begin)
    return gui_main.run_app(db_url=database)


def _presses(app: Any, presses: int, profile: bool) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QApplication

    from refkit.gui.magic.cast_dialog import CastDialog

    def settle() -> None:  # painted, and every event the press posted handled
        QApplication.processEvents()
        QApplication.processEvents()

    times: dict[str, list[float]] = {piece: [] for piece in MEASURED}
    cpu = time.process_time
    settle()
    profiler = None
    others: list[str] = []
    for press in range(presses + 1):  # the first one warms up
        if press == 1 and profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        marks = [(time.perf_counter(), cpu())]
        app.actions.action("magic_cast").trigger()
        dialog = app.window.findChild(CastDialog)
        if dialog is None or not dialog.isVisible():
            raise RuntimeError("Cast a spell… did not open the casting window")
        dialog.repaint()
        settle()
        marks.append((time.perf_counter(), cpu()))
        if not others:
            others = [
                str(dialog.crow_box.itemData(row))
                for row in range(dialog.crow_box.count())
                if dialog.crow_box.itemData(row) not in (None, CASTER)
            ]
        if others:  # a press on another crow first, so choosing the caster is a change
            dialog.select_crow(others[press % len(others)])
            settle()
        marks.append((time.perf_counter(), cpu()))
        dialog.select_crow(CASTER)
        dialog.repaint()
        settle()
        marks.append((time.perf_counter(), cpu()))
        dialog.select_book(BOOK)
        dialog.repaint()
        settle()
        marks.append((time.perf_counter(), cpu()))
        plan = dialog.cast()
        dialog.repaint()
        settle()
        marks.append((time.perf_counter(), cpu()))
        dialog.close()
        settle()
        marks.append((time.perf_counter(), cpu()))
        if plan is None:
            raise RuntimeError(f"the cast was refused: {dialog.refusal.text()}")
        if not press:
            times[FIRST].append((marks[1][0] - marks[0][0]) * 1000)
        if press:
            # open: 0-1; crow: 2-3 (the caster chosen); book: 3-4; cast: 4-5; close: 5-6
            pairs = ((0, 1), (2, 3), (3, 4), (4, 5), (5, 6))
            for piece, (start, end) in zip(PIECES, pairs, strict=True):
                times[piece].append((marks[end][0] - marks[start][0]) * 1000)
                times[f"{piece} cpu"].append((marks[end][1] - marks[start][1]) * 1000)
        if profiler is not None:
            profiler.disable()
        app.actions.action("undo").trigger()  # the book's die back
        settle()
        if profiler is not None:
            profiler.enable()
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(45)
    return times


# -- the comparison -------------------------------------------------------------------------------


def _run(checkout: Path, database: Path, presses: int, profile: bool) -> dict[str, list[float]]:
    return run_press_child(__file__, "CAST", checkout, database, presses, profile)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return _child(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the database (copied per run)")
    parser.add_argument("--before", type=Path, help="another checkout, timed beside this one")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    compare_press_rounds(
        lambda checkout, _round, first: _run(
            checkout, args.db, args.presses, args.profile and first
        ),
        args.before,
        args.rounds,
        MEASURED,
        PIECES,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
