"""Reading a 100 × 100 hex map, good and bad, and a travel day on it; with ``--before REV`` the map
reader of that git revision is timed beside today's, in the same run.

    .venv/bin/python tests/bench/bench_travel_map.py [--runs 5] [--before e907ddd]
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

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.hex_map import DEFAULT_HABITATS, HexCell, HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.map_file import (
    map_to_json,
    parse_map,
    parse_map_with_lines,
)
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, Traveller, TravelState, travel_day

SIDE = 100


def big_map() -> HexMap:
    rng = random.Random(1)
    names = [habitat.name for habitat in DEFAULT_HABITATS]
    cells = {
        Hex(q, r): HexCell(rng.choice(names), road=rng.random() < 0.05)
        for q in range(SIDE)
        for r in range(SIDE)
    }
    return HexMap("Bench", cells, start=Hex(50, 50))


def best_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def reader_at(revision: str) -> Callable[[str, str], HexMap]:
    """``parse_map`` as the map reader of git ``revision`` wrote it."""
    source = subprocess.run(
        ["git", "show", f"{revision}:refkit/rules/travel/map_file.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "map_file_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("map_file_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["map_file_before"] = module
    spec.loader.exec_module(module)
    reader: Callable[[str, str], HexMap] = module.parse_map
    return reader


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", metavar="REV", help="time this revision's map reader too")
    options = parser.parse_args()
    runs = options.runs
    hex_map = big_map()
    text = map_to_json(hex_map)
    bad = text.replace('"habitat": "plains"}\n  ]', '"habitat": "lava"}\n  ]')
    if bad == text:  # make sure the last hex is the bad one
        head, _, _ = text.rpartition('"habitat": "')
        bad = head + '"habitat": "lava"}\n  ]\n}\n'

    def bad_read(reader: Callable[[str, str], HexMap]) -> None:
        try:
            reader(bad, "bench.map.json")
        except ValueError as problem:  # a MapFileError (the old revision has its own class)
            assert "line" in str(problem), problem
            return
        raise AssertionError("the bad map was read")

    print(f"{SIDE} × {SIDE} map, {len(text) / 1e6:.2f} MB of JSON, best of {runs}")
    readers: list[tuple[str, Callable[[str, str], HexMap]]] = []
    if options.before:
        readers.append((f"before ({options.before})", reader_at(options.before)))
    readers.append(("line reader always", parse_map_with_lines))
    readers.append(("now", parse_map))
    for label, reader in readers:
        good = best_ms(lambda reader=reader: reader(text, "bench.map.json"), runs)
        failed = best_ms(lambda reader=reader: bad_read(reader), runs)
        print(f"  {label:>24}: good file {good:7.1f} ms, bad file (last hex) {failed:7.1f} ms")

    table = find_table(load_default_tables(), MIASMA_TABLE)
    state = TravelState(
        Hex(50, 50), Hex(50, 50), travellers=(Traveller("Mara", mind=2), Traveller("Bo"))
    )
    plan = DayPlan(
        pace="normal",
        slowest_speed=5,
        route=(HexDirection.SE, HexDirection.SE),
        roles=(RoleAssignment("Mara", Task.SHORTCUT), RoleAssignment("Bo", Task.FORAGE)),
    )
    day = best_ms(lambda: travel_day(state, plan, hex_map, table, random.Random(3)), runs)
    print(f"  one travel day on it (pure rules): {day:.2f} ms")


if __name__ == "__main__":
    main()
