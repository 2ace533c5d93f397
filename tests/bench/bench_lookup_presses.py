"""The rules lookup in pieces, as a user presses (issue 30): Ctrl+K (the lookup window painted,
its search box taking keys), each keystroke (the key in the box, painted, the next key taken),
the results of a typing pause (the debounce timer's search, the list and the viewer painted),
Enter (the best hit read, painted) and Escape (closed) — in the real window on a copy of a
database, this checkout beside another one.

    .venv/bin/python tests/bench/bench_lookup_presses.py --db PATH [--before DIR] [--rounds 4]
        [--queries 30] [--profile]

Each round starts one window per checkout (the first alternating), each on its own copy of the
database with its own data folder and settings (``XDG_CONFIG_HOME``); the lookup's index is
prepared before the timing starts (as it is a few seconds after start-up) and one query is
typed to warm up. The queries are what a referee types: one- and two-letter prefixes, whole
words, misspellings, questions, creature and table names, each typed a key at a time. Prints
p50/p99/max of each piece over every press per checkout (wall time, and the process's CPU
time), and the median of the rounds' ratios (this checkout / --before, pairs from one round
run back to back). ``--profile``: the first checkout's presses under cProfile. Offscreen.
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

PIECES = ("open", "key", "results", "enter", "close")
CPU = tuple(f"{piece} cpu" for piece in PIECES)
FIRST = ("first open", "first open cpu")
"""The first Ctrl+K of a run (the index ready, the window not made yet): one per run."""
ALL = PIECES + CPU + FIRST
QUERIES = (
    "th", "d", "mi", "torch", "tourch", "how far can we travel in a day", "wound", "grede",
    "encounter", "spel", "bane", "tunnel ghoul", "ra", "what does a lantern cost", "rest",
    "mgic", "s", "greed bonus", "ghoul", "light", "ca", "dungeon turn", "wandering", "hp",
    "can i cast in armour", "rope", "fier", "e", "random encounter table", "blessing",
)  # fmt: skip


# -- the measured process -------------------------------------------------------------------------


def _child(database: str, queries: int, profile: bool) -> int:
    from refkit.gui import main as gui_main

    def begin(app: Any) -> None:
        try:
            print("LOOKUP " + json.dumps(_presses(app, queries, profile)), flush=True)
        finally:
            os._exit(0)

    when_app_ready(begin)
    return gui_main.run_app(db_url=database)


def _presses(app: Any, queries: int, profile: bool) -> dict[str, list[float]]:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from refkit.gui.lookup.dialog import LookupDialog

    def settle() -> None:  # painted, and every event the press posted handled
        QApplication.processEvents()
        QApplication.processEvents()

    def dialog_of() -> LookupDialog | None:
        return next(
            (w for w in QApplication.topLevelWidgets() if isinstance(w, LookupDialog)), None
        )

    from refkit.gui.lookup.install import LookupOpener

    opener = app.window.findChild(LookupOpener)
    deadline = time.monotonic() + 60  # the index prepared, as it is a few seconds after start-up
    while opener._result is None and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.01)
    times: dict[str, list[float]] = {piece: [] for piece in ALL}
    cpu = time.process_time
    action = app.actions.action("lookup")
    began, began_cpu = time.perf_counter(), cpu()
    action.trigger()  # the first Ctrl+K of the evening: the window made
    warm = dialog_of()
    if warm is None or not warm.isVisible():
        raise RuntimeError("Ctrl+K did not open the lookup")
    warm.repaint()
    settle()
    times["first open"].append((time.perf_counter() - began) * 1000)
    times["first open cpu"].append((cpu() - began_cpu) * 1000)
    warm.close()
    settle()
    profiler = None

    def timed(piece: str, run: Any, record: bool) -> Any:
        began, began_cpu = time.perf_counter(), cpu()
        result = run()
        settle()
        if record:
            times[piece].append((time.perf_counter() - began) * 1000)
            times[f"{piece} cpu"].append((cpu() - began_cpu) * 1000)
        return result

    for number in range(queries + 1):  # the first one warms up
        record = number > 0
        if number == 1 and profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        query = QUERIES[number % len(QUERIES)]

        def open_() -> LookupDialog:
            action.trigger()
            dialog = dialog_of()
            if dialog is None or not dialog.isVisible():
                raise RuntimeError("Ctrl+K did not open the lookup")
            dialog.repaint()
            return dialog

        dialog = timed("open", open_, record)
        _type_and_read(dialog, query, lambda piece, run, record=record: timed(piece, run, record))
        timed("close", dialog.close, record)
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(45)
    return times


def _type_and_read(dialog: Any, query: str, timed: Any) -> None:
    """Type ``query`` a key at a time, let the typing pause end, press Enter: each timed."""
    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtTest import QTest

    box = dialog.search_box
    for at, char in enumerate(query):

        def key(char: str = char, first: bool = at == 0) -> None:
            if first:  # the box's text is selected on opening: the first key replaces it
                box.selectAll()
            QTest.keyClick(box, char)
            dialog.repaint()

        timed("key", key)
    if box.text() != query:
        raise RuntimeError(f"typed {query!r}, the box holds {box.text()!r}")
    resets: list[int] = []

    def reset() -> None:
        resets.append(1)

    dialog.model.modelReset.connect(reset)

    def results() -> None:  # the typing pause over: the timer's search, its results painted
        dialog._timer.stop()
        dialog._timer.timeout.emit()
        if not resets:  # searching elsewhere: wait in the event loop, as the window does
            waiting = QEventLoop()
            dialog.model.modelReset.connect(waiting.quit)
            QTimer.singleShot(10_000, waiting.quit)
            waiting.exec()
            dialog.model.modelReset.disconnect(waiting.quit)
        if not resets:
            raise RuntimeError(f"no results shown for {query!r}")
        dialog.repaint()

    timed("results", results)
    dialog.model.modelReset.disconnect(reset)

    def enter() -> None:
        QTest.keyClick(box, Qt.Key.Key_Return)
        dialog.repaint()

    timed("enter", enter)


# -- the comparison -------------------------------------------------------------------------------


def _run(checkout: Path, database: Path, queries: int, profile: bool) -> dict[str, list[float]]:
    return run_press_child(
        __file__, "LOOKUP", checkout, database, queries, profile, profile_chars=14000
    )


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return _child(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the database (copied per run)")
    parser.add_argument("--before", type=Path, help="another checkout, timed beside this one")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    compare_press_rounds(
        lambda checkout, _round, first: _run(
            checkout, args.db, args.queries, args.profile and first
        ),
        args.before,
        args.rounds,
        ALL,
        PIECES,
        width=11,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
