"""The "Cast a spell" window at the table: how long opening it, an odds update (one more edge)
and one press of Cast take, with Refkit's 27 spells alone and with 200 of the referee's own —
those read again at every ask (as before the spell repository kept what it read) and kept.

    .venv/bin/python tests/bench/bench_cast_dialog.py [--own 200] [--runs 20]

Offscreen; prints the median and worst of each, both setups in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication

from refkit.app.magic.cast_desk import CastDesk
from refkit.compose import Services
from refkit.gui.magic.cast_dialog import CastDialog
from refkit.gui.shell.undo_adapter import push_command
from refkit.rules.character.file_format import load_character_json
from refkit.rules.magic.spell import SpellBook
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from tests.gui.magic.test_cast_dialog import CASTER, CROW


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:7.2f} ms, worst {max(values) * 1000:7.2f} ms"


def run(own: int, runs: int, *, reread: bool = False) -> dict[str, list[float]]:
    """``reread``: every file read again at every ask, as before the repository kept them."""
    folder = Path(tempfile.mkdtemp())
    times: dict[str, list[float]] = {"open": [], "odds": [], "cast": []}
    with Services(db_url=str(folder / "refkit.sqlite3")) as services:
        crow = load_character_json(json.dumps(CASTER))
        dice = replace(crow.items.find("light").usage_dice, max=20, current=20)
        crow = crow.with_items(
            crow.items.replaced(replace(crow.items.find("light"), usage_dice=dice))
        )
        services.characters.create(crow)
        light = find_spell(load_default_spells(), "Light")
        for number in range(own):
            name = f"Own spell {number:03}"
            services.spells.add(replace(light, name=name, book=SpellBook(f"{name} book", 2)))
        stack = QUndoStack()
        library = services.spells
        repository = library._repository

        def spells() -> list:
            if reread:
                repository._read.clear()
            return library.spells()

        desk = CastDesk(
            services.characters,
            services.dungeon,
            spells,
            services.dice.log_roll,
            services.utc_now,
        )
        for _ in range(runs):
            started = time.perf_counter()
            dialog = CastDialog(desk, lambda command: push_command(stack, command), crow=CROW)
            dialog.select_book("light")
            times["open"].append(time.perf_counter() - started)
            started = time.perf_counter()
            dialog.edges.setValue(dialog.edges.value() + 1 if dialog.edges.value() < 3 else 0)
            times["odds"].append(time.perf_counter() - started)
            started = time.perf_counter()
            dialog.cast()
            times["cast"].append(time.perf_counter() - started)
            stack.undo()  # the book back at 20 dice for the next run
            dialog.close()
            dialog.deleteLater()
            QApplication.processEvents()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--own", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    QApplication.instance() or QApplication([])
    for own, reread in ((0, False), (args.own, True), (args.own, False)):
        times = run(own, args.runs, reread=reread)
        how = "every file read again (before)" if reread else "files kept once read"
        print(f"{own:4} own spells, {how}:")
        for step in ("open", "odds", "cast"):
            print(f"  {step:<5} {_ms(times[step])}")


if __name__ == "__main__":
    main()
