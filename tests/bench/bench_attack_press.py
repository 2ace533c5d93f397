"""The attack press in pieces (issue 30): Attack… opened (the window painted), the attack rolled
(the outcome painted and the window idle again, so the next input is taken), the window closed —
in the real window on a copy of a database, this checkout beside another one.

    .venv/bin/python tests/bench/bench_attack_press.py --db PATH [--before DIR] [--rounds 5]
        [--presses 20] [--profile]

Each round starts one window per checkout (the first alternating), each on its own copy of the
database with its own data folder and settings (``XDG_CONFIG_HOME``), the sample party at the
table and a fight of the party and two tunnel ghouls (a new one once the ghouls are down). One
press of each piece is made before the timing starts (warm: the dialog's code loaded and the
worker's reads cached by SQLite). Prints p50/p99/max of each piece over every press per
checkout (wall time, and the process's CPU time: steadier on a shared machine), and the
median of the rounds' ratios (this checkout / --before: pairs from one round, run back to
back). ``--profile``: the first checkout's presses under cProfile, the
functions taking the most time. Offscreen (``QT_QPA_PLATFORM=offscreen``), or on a display
with ``BENCH_QPA=xcb`` (e.g. under ``xvfb-run``); the input latency as real X clicks feel it is
``bench_soak.py``'s (the attack is one of its actions).
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

PIECES = ("open", "roll", "close")
CPU = tuple(f"{piece} cpu" for piece in PIECES)
"""The process's CPU time (both threads) in each piece: steadier than the wall time on a
shared machine, where other programs' load stretches every wait."""
PARTY = "The Sample Party"


# -- the measured process -------------------------------------------------------------------------


def _child(database: str, presses: int, profile: bool) -> int:
    from refkit.gui import main as gui_main

    def begin(app: Any) -> None:
        try:
            print("ATTACK " + json.dumps(_presses(app, presses, profile)), flush=True)
        finally:
            os._exit(0)

    when_app_ready(begin)
    return gui_main.run_app(db_url=database)


def _presses(app: Any, presses: int, profile: bool) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QApplication

    from refkit.gui.combat.attack_dialog import AttackDialog
    from refkit.gui.shell.panel_registry import PanelId

    turn = app.dungeon.turn_panel
    combo = turn.party_combo
    if combo.currentData() != PARTY and combo.findData(PARTY) >= 0:
        combo.setCurrentIndex(combo.findData(PARTY))
        combo.activated.emit(combo.findData(PARTY))
    tracker = app.panels.widget(PanelId.FIGHT)

    def new_fight() -> None:
        for fighter in list(tracker.session.state.combatants):
            tracker.run(lambda name=fighter.name: tracker.session.remove(name))
        tracker.add_party()
        tracker.creature_combo.setCurrentText("Tunnel ghoul")
        tracker.count_spin.setValue(2)
        tracker.add_creatures()
        tracker.new_round()

    def settle() -> None:  # painted, and every event the press posted handled
        QApplication.processEvents()
        QApplication.processEvents()

    times: dict[str, list[float]] = {piece: [] for piece in PIECES + CPU}
    cpu = time.process_time
    new_fight()
    settle()
    profiler = None
    for press in range(presses + 1):  # the first one warms up
        if press == 1 and profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        began, began_cpu = time.perf_counter(), cpu()
        app.actions.action("fight_attack").trigger()
        dialog = app.window.findChild(AttackDialog)
        if dialog is None or not dialog.isVisible():
            raise RuntimeError("Attack… did not open the attack window")
        dialog.repaint()
        settle()
        opened, opened_cpu = time.perf_counter(), cpu()
        report = dialog.roll()
        dialog.repaint()
        settle()
        rolled, rolled_cpu = time.perf_counter(), cpu()
        dialog.close()
        settle()
        closed, closed_cpu = time.perf_counter(), cpu()
        if press:
            times["open"].append((opened - began) * 1000)
            times["roll"].append((rolled - opened) * 1000)
            times["close"].append((closed - rolled) * 1000)
            times["open cpu"].append((opened_cpu - began_cpu) * 1000)
            times["roll cpu"].append((rolled_cpu - opened_cpu) * 1000)
            times["close cpu"].append((closed_cpu - rolled_cpu) * 1000)
        if profiler is not None:
            profiler.disable()
        if report is None or not any(
            not f.is_crow and f.standing != "dead" for f in tracker.session.state.combatants
        ):
            new_fight()  # the ghouls are down (or the attack was refused): two more come in
        else:
            tracker.next_turn()
        settle()
        if profiler is not None:
            profiler.enable()
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
    return times


# -- the comparison -------------------------------------------------------------------------------


def _run(checkout: Path, database: Path, presses: int, profile: bool) -> dict[str, list[float]]:
    return run_press_child(__file__, "ATTACK", checkout, database, presses, profile)


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
        PIECES + CPU,
        PIECES,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
