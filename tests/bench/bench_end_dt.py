"""End DT's cost on an empty, a filled and a 10× filled database (issue 22: "flat").

    .venv/bin/python tests/bench/bench_end_dt.py [--runs 9] [--scale 10] [--keep DIR]
        [--profile]

End DT is timed three ways, each on the three databases interleaved run by run (empty, filled,
10×, empty, filled, 10×…), so the machine's load hits all three alike:

- ``service``: ``Services.do(EndTurnCommand(...))`` on services kept open, as the window runs it
  (its undo stack opens one unit of work around the same command): the step itself, its one
  transaction and its hooks;
- ``CLI in-process``: ``run_cli(["--db", PATH, "dt", "end", ...])`` in this process: what
  ``refkit dt end`` does (open and check the file, build the services, the step, the JSON out)
  without the interpreter's start-up and imports;
- ``CLI subprocess``: ``python -m refkit --db PATH dt end --seed S --json``, the whole command.

The databases: *empty* is a fresh file (the sample content only); *filled* is
``make_filled_database.py``'s (100k rolls, 20k session-log entries, 1,000 crows, 300 tables);
*10×* is ``make_filled_database.py --scale 10`` (``--scale N`` here for a smaller one when
building it takes too long). On each one the same party of 5 crows ("Bench Party", copies of the
sample crows) is put at the table and a DT is running. Before every timed End DT (untimed) the
table is armed again the same way — the crows' items and conditions put back (one blessed, one
vulnerable, one weakened), every tracked effect removed, pending encounters resolved, then each
crow's torch, lantern or candle lit from its sheet where a hand is free (two lanterns and a
torch: the sample crows' other hands are full) and a 3-UD spell added on each of the two crows
with no light — and run *i* uses the same seed on every database, so each End DT rolls the same
dice and does the same work: 5 effects rolling usage dice (3 of them burning a crow's item,
written to its sheet), 3 conditions ended, the encounter check, the hooks.

The databases are built in a temporary folder (or in ``--keep DIR``, where ones already there
are used again) and the time to build each is printed; over 5 minutes for the big one, it says
so and offers a smaller ``--scale``. The CLI subprocess runs with Python's bytecode cache in
place, as a user's command (``PYTHONDONTWRITEBYTECODE`` is unset for it, as in
bench_heartbeat.py). ``--profile`` then profiles End DT on each database: the service call
(cProfile, top functions by cumulative time; the SQL statements it runs with their time, slowest
first; any whose query plan scans a table) and one in-process ``refkit dt end`` (cProfile).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from make_filled_database import make_filled_database, scaled_sizes  # noqa: E402

from refkit.app.dungeon_turn_commands import EndTurnCommand  # noqa: E402
from refkit.app.sample_content import sample_characters  # noqa: E402
from refkit.compose import Services  # noqa: E402
from refkit.errors import DomainError  # noqa: E402
from refkit.rules.character.model import Character  # noqa: E402

PARTY = "Bench Party"
CROWS = 5
DUNGEON = "Bench crypt"
CONDITIONS = (("blessed",), ("vulnerable",), ("weakened",), (), ())
"""Each bench crow's conditions before End DT (the three End DT ends, on three crows)."""
SPELL_DICE = 3
SPELL_OWNERS = ("Bench Delver 1", "Bench Delver 4")
"""The crows whose hands are full (an axe and a shield): a spell of theirs burns instead."""
SLOW_BUILD_S = 300.0
"""Building the 10× database longer than this: say so, and offer a smaller ``--scale``."""


@dataclass
class Bench:
    """One database under test, with its services kept open (the window's)."""

    label: str
    path: Path
    build_s: float
    services: Services = field(init=False)
    originals: dict[str, Character] = field(default_factory=dict)

    def open(self) -> None:
        self.services = Services(db_url=str(self.path))


def crow_names() -> list[str]:
    return [f"Bench Delver {index}" for index in range(1, CROWS + 1)]


def prepare(bench: Bench) -> None:
    """The bench party at the table and a DT running (idempotent: a kept database again)."""
    services = bench.services
    characters = services.characters  # seeds the sample party into a new database
    templates = sample_characters()
    for index, name in enumerate(crow_names()):
        crow = replace(templates[index % len(templates)], name=name, conditions=())
        bench.originals[name] = crow
        if not characters.exists(name):
            characters.create(crow)
    if PARTY not in {party.name for party in characters.list_parties()}:
        characters.create_party(PARTY, crow_names())
    services.party.set_party(PARTY)
    if services.dungeon.status()["state"] == "stopped":
        services.dungeon.start(None, DUNGEON)


def arm(bench: Bench) -> int:
    """Untimed: the table as before every End DT (see the module docstring); the lights lit."""
    services = bench.services
    dungeon = services.dungeon
    for effect in dungeon.effects():
        dungeon.remove(effect.id)
    while dungeon.status()["pending_encounter"]:
        dungeon.resolve_encounter(0)
    if dungeon.status()["state"] != "running":
        dungeon.start(None, None)
    characters = services.characters
    for name, conditions in zip(crow_names(), CONDITIONS, strict=True):
        original = bench.originals[name]
        stored = characters.get(name)
        characters.save(replace(stored, items=original.items, conditions=conditions))
    lit = 0
    for name in crow_names():
        for item in characters.get(name).items:
            dice = item.usage_dice
            if dice is None or not any(mode.value == "DT" for mode in dice.modes):
                continue
            try:
                dungeon.light_item(name, item.id)
            except DomainError:
                continue  # both hands full (an axe and a shield): that torch stays on the belt
            lit += 1
    for owner in SPELL_OWNERS:
        dungeon.add_effect(f"Light spell of {owner}", SPELL_DICE, "DT", "spell", owner=owner)
    return lit


def end_in_service(bench: Bench, seed: int) -> float:
    start = time.perf_counter()
    bench.services.do(EndTurnCommand(bench.services.dungeon, seed=seed))
    return time.perf_counter() - start


def end_cli_in_process(bench: Bench, seed: int) -> float:
    from refkit.cli import run_cli

    argv = ["--db", str(bench.path), "dt", "end", "--seed", str(seed), "--json"]
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = run_cli(argv)
    took = time.perf_counter() - start
    if code != 0:
        raise RuntimeError(f"refkit dt end failed in-process on {bench.label} (exit {code})")
    return took


def end_cli_subprocess(bench: Bench, seed: int, env: dict[str, str]) -> float:
    cmd = [sys.executable, "-m", "refkit", "--db", str(bench.path), "dt", "end"]
    cmd += ["--seed", str(seed), "--json"]
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=CHECKOUT, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"refkit dt end failed on {bench.label}: {done.stderr.strip()}")
    return took


def as_a_user_starts(env: dict[str, str]) -> None:
    """The command as a user runs it: Python's bytecode cache in place (as bench_heartbeat.py).
    With ``PYTHONDONTWRITEBYTECODE`` set (some sandboxes and CI images) every one of Refkit's
    modules would be compiled from source at every command, seconds more on this machine."""
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        print("PYTHONDONTWRITEBYTECODE is set here: unset for the CLI subprocess runs")
    import compileall

    compileall.compile_dir(str(CHECKOUT / "refkit"), quiet=1)


def build(folder: Path, scale: int) -> list[Bench]:
    """The three databases in ``folder`` (those already there are used again)."""
    benches = []
    for label, name, sizes in (
        ("empty", "empty.db", None),
        ("filled", "filled.db", scaled_sizes(1)),
        (f"{scale}x filled", f"filled-x{scale}.db", scaled_sizes(scale)),
    ):
        path = folder / name
        start = time.perf_counter()
        made = not path.exists()
        if made and sizes is not None:
            make_filled_database(path, **sizes)
        bench = Bench(label, path, time.perf_counter() - start)
        bench.open()
        prepare(bench)  # a fresh empty file is created and seeded here
        if made:
            bench.build_s = time.perf_counter() - start
        verb = "built" if made else "found (kept from before)"
        size = path.stat().st_size / 1e6
        print(f"{label:>14}: {verb} {path} — {size:.1f} MB in {bench.build_s:.1f} s", flush=True)
        if made and sizes is not None and bench.build_s > SLOW_BUILD_S:
            print(
                f"  building it took over {SLOW_BUILD_S / 60:.0f} minutes: --scale 5 makes one"
                " half the size, and --keep DIR keeps it for the next run",
                flush=True,
            )
        benches.append(bench)
    return benches


def row_counts(bench: Bench) -> str:
    import sqlite3

    with contextlib.closing(sqlite3.connect(bench.path)) as connection:
        counts = [
            f"{connection.execute(f'SELECT count(*) FROM {table}').fetchone()[0]} {table}"
            for table in ("roll_log", "session_log", "character", "rollable_table")
        ]
    return ", ".join(counts)


Timer = Callable[[Bench, int], float]


def interleaved(benches: list[Bench], timer: Timer, runs: int) -> dict[str, list[float]]:
    """One warm-up each, then ``runs`` rounds of A, B, C; the table armed before every call."""
    times: dict[str, list[float]] = {bench.label: [] for bench in benches}
    for round_ in range(runs + 1):
        for bench in benches:
            arm(bench)
            took = timer(bench, 1000 + round_)
            if round_:
                times[bench.label].append(took)
    return times


def report(name: str, times: dict[str, list[float]]) -> None:
    labels = list(times)
    base = statistics.median(times[labels[0]])
    runs = len(times[labels[0]])
    print(f"\n{name}: median of {runs} interleaved runs (min – max), ratio of medians to empty")
    for label, values in times.items():
        middle = statistics.median(values)
        print(
            f"  {label:>14} {middle * 1000:8.1f} ms  ({min(values) * 1000:7.1f} –"
            f" {max(values) * 1000:7.1f})   x{middle / base:5.2f}"
        )


@dataclass
class Statement:
    """One SQL text run during a call: its times, and the parameters of its first run."""

    text: str
    parameters: object
    times: list[float] = field(default_factory=list)


@contextlib.contextmanager
def sql_timings() -> Iterator[dict[str, Statement]]:
    """Every SQL statement any SQLAlchemy engine runs inside the block, with its time (the
    plain-sqlite3 reads of the file's check at open are not in it: see the cProfile)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    seen: dict[str, Statement] = {}

    def before(conn, cursor, statement, parameters, context, executemany):
        conn.info.setdefault("bench_started", []).append(time.perf_counter())

    def after(conn, cursor, statement, parameters, context, executemany):
        took = time.perf_counter() - conn.info["bench_started"].pop()
        text = " ".join(statement.split())
        seen.setdefault(text, Statement(text, parameters)).times.append(took)

    event.listen(Engine, "before_cursor_execute", before)
    event.listen(Engine, "after_cursor_execute", after)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", before)
        event.remove(Engine, "after_cursor_execute", after)


def table_scans(path: Path, statements: dict[str, Statement]) -> list[str]:
    """The statements whose query plan reads a whole table (SQLite's SCAN), with that step."""
    import sqlite3

    found = []
    with contextlib.closing(sqlite3.connect(path)) as connection:
        for statement in statements.values():
            if not statement.text.startswith(("SELECT", "UPDATE", "DELETE", "INSERT")):
                continue
            try:
                plan = connection.execute(
                    f"EXPLAIN QUERY PLAN {statement.text}", statement.parameters or ()
                ).fetchall()
            except sqlite3.Error as problem:
                found.append(f"(no plan: {problem}) {statement.text[:120]}")
                continue
            scans = [row[-1] for row in plan if str(row[-1]).startswith("SCAN")]
            scans = [step for step in scans if "CONSTANT ROW" not in step]
            if scans:
                found.append(f"{'; '.join(scans)} <- {statement.text[:160]}")
    return found


def print_profile(title: str, profiler: cProfile.Profile, lines: int) -> None:
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(lines)
    print(f"\n== {title} ==")
    print("\n".join(line for line in text.getvalue().splitlines()[4:] if line.strip()))


def profile(benches: list[Bench], calls: int = 3) -> None:
    """On each database: cProfile of the service call (``calls`` calls), the SQL of the last one
    (slowest first) with any statement whose plan scans a table; cProfile of one in-process
    ``refkit dt end``."""
    for bench in benches:
        profiler = cProfile.Profile()
        with sql_timings() as statements:
            for call in range(calls):
                arm(bench)
                statements.clear()
                profiler.enable()
                bench.services.dungeon.end_turn(seed=2000 + call)
                profiler.disable()
        print_profile(
            f"the service call on the {bench.label} database ({calls} calls)", profiler, 20
        )
        total = sum(sum(statement.times) for statement in statements.values())
        count = sum(len(statement.times) for statement in statements.values())
        print(f"SQL of the last call: {count} statements, {total * 1000:.1f} ms; slowest first:")
        slowest = sorted(statements.values(), key=lambda statement: -sum(statement.times))
        for statement in slowest[:8]:
            took = sum(statement.times) * 1000
            print(f"  {took:7.1f} ms  x{len(statement.times):<3} {statement.text[:200]}")
        scans = table_scans(bench.path, statements)
        print("statements whose plan scans a table: " + ("none" if not scans else ""))
        for scan in scans:
            print(f"  {scan}")
        arm(bench)
        profiler = cProfile.Profile()
        profiler.enable()
        end_cli_in_process(bench, 3000)
        profiler.disable()
        print_profile(f"one in-process refkit dt end on the {bench.label} database", profiler, 14)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs per database (>= 7)")
    parser.add_argument("--scale", type=int, default=10, help="the big database: N x filled")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build (or reuse) them here")
    parser.add_argument("--profile", action="store_true", help="then profile End DT on each")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.scale < 1:
        parser.error("--runs and --scale must be 1 or more")
    with contextlib.ExitStack() as stack:
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            folder = args.keep
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="end-dt-")))
        print(f"load average before: {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores", flush=True)
        benches = build(folder, args.scale)
        for bench in benches:
            print(f"{bench.label:>14}: {row_counts(bench)}")
        lit = arm(benches[0])
        print(
            f"at the table: {PARTY}, {CROWS} crows; before each End DT {lit} lights lit from their"
            f" sheets, {len(SPELL_OWNERS)} spells of {SPELL_DICE} UD, 3 conditions that End DT ends"
        )
        data_dir = stack.enter_context(tempfile.TemporaryDirectory(prefix="end-dt-data-"))
        env = dict(os.environ, REFKIT_DATA_DIR=data_dir, PYTHONPATH=str(CHECKOUT))
        env.pop("REFKIT_DATABASE_URL", None)
        as_a_user_starts(env)
        measures: list[tuple[str, Timer]] = [
            ("service (the window's End DT, services open)", end_in_service),
            ("CLI in-process (run_cli: open + check + step + JSON)", end_cli_in_process),
            (
                "CLI subprocess (python -m refkit dt end)",
                lambda bench, seed: end_cli_subprocess(bench, seed, env),
            ),
        ]
        started = time.perf_counter()
        for name, timer in measures:
            report(name, interleaved(benches, timer, args.runs))
        print(
            f"\n(measured in {time.perf_counter() - started:.0f} s; load average now"
            f" {', '.join(f'{value:.2f}' for value in os.getloadavg())})"
        )
        if args.profile:
            profile(benches)
        for bench in benches:
            bench.services.close()
        if args.keep is not None:
            print(f"databases kept in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
