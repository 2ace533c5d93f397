"""The travel day whole and step by step: the whole day before it was split into steps (git
revision ``--before``, default 2357439) and now, timed side by side in one run, and what a guided
step costs as the day grows (a stored day in progress is replayed from its steps before the next
one is taken).

    .venv/bin/python tests/bench/bench_travel_steps.py [--runs 200] [--before 2357439]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.day_steps import ENCOUNTER, MIASMA, MOVE, REST, ROLE, DayStep, replay_day
from refkit.rules.travel.hex_map import HexCell, HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, Traveller, TravelState, travel_day


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2] * 1000


def module_at(revision: str) -> Any:
    source = subprocess.run(
        ["git", "show", f"{revision}:refkit/rules/travel/travel_day.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "travel_day_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("travel_day_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["travel_day_before"] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--before", default="2357439", metavar="REV")
    options = parser.parse_args()
    hex_map = HexMap("Bench", {Hex(q, r): HexCell("plains") for q in range(40) for r in range(40)})
    table = find_table(load_default_tables(), MIASMA_TABLE)
    roles = (
        RoleAssignment("Sel", Task.SUPPORT_EVERYONE, "mind"),
        RoleAssignment("Mara", Task.NORMAL_ROUTE),
        RoleAssignment("Bo", Task.FORAGE),
    )
    route = (HexDirection.SE,) * 6
    old = module_at(options.before)
    names = ("Mara", "Bo", "Sel")

    def whole_before() -> object:
        state = old.TravelState(Hex(5, 5), Hex(5, 5), travellers=tuple(map(old.Traveller, names)))
        plan = old.DayPlan(pace="fast", slowest_speed=8, route=route, roles=roles, encounter_at=2)
        return old.travel_day(state, plan, hex_map, table, random.Random(3))

    state = TravelState(Hex(5, 5), Hex(5, 5), travellers=tuple(map(Traveller, names)))
    plan = DayPlan(pace="fast", slowest_speed=8, route=route, roles=roles, encounter_at=2)
    print(f"median of {options.runs} runs, one travel day (3 roles, up to 6 hexes, rest, Miasma)")
    before = median_ms(whole_before, options.runs)
    now = median_ms(lambda: travel_day(state, plan, hex_map, table, random.Random(3)), options.runs)
    print(f"  whole day, before ({options.before}): {before:.3f} ms")
    print(f"  whole day, now (its steps in a row): {now:.3f} ms")
    steps = [DayStep(ROLE, 1), DayStep(ROLE, 2), DayStep(ROLE, 3), DayStep(ENCOUNTER, 4)]
    steps += [DayStep(MOVE, 10 + n, direction=HexDirection.SE) for n in range(3)]
    steps += [DayStep(REST, 20), DayStep(MIASMA, 21)]
    for count in (1, 4, len(steps)):
        taken = steps[:count]
        cost = median_ms(lambda t=taken: replay_day(state, plan, t, hex_map, table), options.runs)
        print(f"  a day in progress of {count:2d} steps read back (replayed): {cost:.3f} ms")


if __name__ == "__main__":
    main()
