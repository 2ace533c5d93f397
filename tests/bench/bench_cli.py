"""Headless command latency and Crows odds speed.

Bars: a headless command that touches the database (``dt status``, ``character list``, ``table
list``) under 0.5 s (issue 8), the database-free ones under 0.3 s (the foundation issue); the
stateless ones (test, roll, odds, cast, lookup) within 4x ``python -c pass`` (issue 30); odds for
any single Crows test in under 5 ms. Every command is timed in a pair with a bare ``python -c
pass`` run just before it, interleaved run by run, beside ``python -c "import sqlalchemy"``; the
ratio quoted is the median of the pairs' ratios, for the wall clock and for the CPU time (user +
system, which moves less with the load of a shared machine). ``--before DIR`` (another checkout,
e.g. ``git worktree add --detach /tmp/before REV``) adds that checkout's figures to the same run.
Each checkout gets its own HOME, data folder (``~/.local/share/refkit``, as for a user who set no
``REFKIT_DATA_DIR``) and ``XDG_CONFIG_HOME``, prepared first (created,
migrated, seeded), so the figures are those of a command in a loop, not of the first start;
modules are compiled once and kept, as on a user's install (``PYTHONDONTWRITEBYTECODE`` is unset
for the runs). The stateless commands are also run through the console script's entry point
(``refkit.main.main``, as ``.venv/bin/refkit`` calls it), not only ``python -m refkit``.

    .venv/bin/python tests/bench/bench_cli.py [--before DIR] [--runs 9] [--filled PATH]
        [--big PATH]

``--filled`` and ``--big`` (``make_filled_database.py PATH`` and ``... --scale 10``) add the
database commands on a copy of each (one per checkout, opened once before timing, as a referee's
file is), beside the sample's: issue 30 asks for them flat in the database's size.

    .venv/bin/python tests/bench/bench_cli.py --databases FILLED BIG [--before DIR] [--runs 15]
        [--only 'character list' …]

``--databases`` (issue 30: headless commands flat in the database's size, the 10x within 1.2x of
the sample's time) times every command a referee runs at the table (AT_THE_TABLE) on the sample
database (what ``refkit`` makes in a fresh data folder), a copy of FILLED and a copy of BIG, each
prepared alike first (PREPARE: a party at the table, a fight, a lit torch, a running DT, a
journey). Run by run the three sizes (and ``--before``'s three) go one after the other, so each
run gives a pair filled/sample and 10x/sample; printed are the medians of the pairs' ratios, wall
and CPU, and each size's median wall time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REFKIT_COMMANDS: dict[str, list[str]] = {
    "dt status": ["dt", "status", "--json"],
    "character list": ["character", "list", "--json"],
    "table list": ["table", "list", "--json"],
    "test --char 1": ["test", "--char", "1", "--json"],
    "roll 2d6": ["roll", "2d6", "--json"],
    "roll 4d6kh3": ["roll", "4d6kh3", "--json"],
    "odds test": ["odds", "test", "--char", "1", "--edges", "2", "--json"],
    "cast --mind 2": ["cast", "--mind", "2", "--rank", "1", "--book-ud", "8", "--json"],
    "lookup shield": ["lookup", "shield", "--json"],
}
STATELESS = ("test --char 1", "roll 2d6", "odds test", "cast --mind 2", "lookup shield")
"""Also run through the console script's entry point."""
CONSOLE_SCRIPT = "import sys; from refkit.main import main; sys.exit(main())"
"""What ``.venv/bin/refkit`` runs (less its ``re.sub`` of argv[0])."""
FLOORS: dict[str, str] = {
    "stdlib of a roll": "import argparse, json, random",
    "stdlib of the store's quick path": (
        "import argparse, json, random, dataclasses, typing, sqlite3, pathlib, datetime"
    ),
    "import refkit.store.sqlite.quick": "import refkit.store.sqlite.quick",
    "stdlib of the lean roll log": "import argparse, json, random, sqlite3, datetime",
    "import refkit.store.sqlite.roll_append": "import refkit.store.sqlite.roll_append",
}
"""What a stateless command cannot go below, timed in the same pairs: ``test``, ``roll`` and
``cast`` log their roll with plain sqlite3 (:mod:`refkit.store.sqlite.roll_append`; before, the
store's quick path), whose imports alone are measured here beside the standard modules it and
the parser load."""
DATABASE_COMMANDS = ("dt status", "character list")
"""The ones also timed on the filled and 10x databases."""


AT_THE_TABLE: dict[str, list[str]] = {
    "dt status": ["dt", "status", "--json"],
    "dt party": ["dt", "party", "--json"],
    "dt log --limit 20": ["dt", "log", "--limit", "20", "--json"],
    "effect list": ["effect", "list", "--json"],
    "character list": ["character", "list", "--json"],
    "character list (text)": ["character", "list"],
    "character list --party": ["character", "list", "--party", "The Sample Party", "--json"],
    "character show": ["character", "show", "Wren Ashdown", "--json"],
    "table list": ["table", "list", "--json"],
    "table show": ["table", "show", "Encounters: flooded crypt", "--json"],
    "table roll": ["table", "roll", "Encounters: flooded crypt", "--json"],
    "table active": ["table", "active", "--json"],
    "encounter": ["encounter", "--json"],
    "d100": ["d100", "--json"],
    "test --crow": ["test", "--crow", "Wren Ashdown", "--char", "agility", "--json"],
    "fight show": ["fight", "show", "--json"],
    "travel journey status": ["travel", "journey", "status", "--json"],
    "town show": ["town", "show", "--json"],
    "craft project list": ["craft", "project", "list", "--json"],
    "creature list": ["creature", "list", "--json"],
    "spell list": ["spell", "list", "--json"],
    "map list": ["map", "list", "--json"],
}
"""The headless commands of a session at the table (``refkit --help``, docs/command-line.md) that
read the database; the ``campaign`` commands need a PostgreSQL server and are left out."""
PREPARE: tuple[tuple[str, ...], ...] = (
    ("dt", "party", "The Sample Party"),
    ("fight", "crows"),
    ("effect", "add", "Torch", "--ud", "2", "--modes", "DT,Useless", "--kind", "light"),
    ("dt", "start"),
    ("travel", "journey", "start", "Into the Marches", "--party", "The Sample Party"),
)
"""Run once on each database before timing, so the status commands have something to show."""

HERE = Path(__file__).resolve().parents[2]
"""This checkout."""


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def user_data(home: Path) -> Path:
    """The data folder of a user whose HOME is ``home`` (``_env``)."""
    return home / ".local" / "share" / "refkit"


def _env(data_dir: str, config_dir: str, checkout: Path) -> dict[str, str]:
    """A user's environment around ``data_dir``: HOME is its folder and the data folder is
    ``~/.local/share/refkit`` (no REFKIT_DATA_DIR: most users set none, and finding the folder
    is then part of every command's cost)."""
    env = dict(os.environ, HOME=data_dir, XDG_CONFIG_HOME=config_dir)
    env.pop("REFKIT_DATA_DIR", None)
    env.pop("XDG_DATA_HOME", None)
    env.pop("REFKIT_DATABASE_URL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(checkout)  # that checkout's refkit before the installed one
    return env


def cli_latency(
    runs: int = 9, before: Path | None = None, databases: dict[str, Path] | None = None
) -> None:
    with contextlib.ExitStack() as stack:
        checkouts: dict[str, Path] = {"now": HERE}
        if before is not None:
            checkouts["before"] = before.resolve()
        plain_env = dict(os.environ)
        plain_env.pop("PYTHONDONTWRITEBYTECODE", None)
        bare = [sys.executable, "-c", "pass"]
        cases: dict[str, tuple[list[str], dict[str, str], Path]] = {
            "python -c 'import sqlalchemy'": (
                [sys.executable, "-c", "import sqlalchemy"],
                plain_env,
                HERE,
            ),
        }
        for name, code in FLOORS.items():
            cases[f"floor: {name}"] = ([sys.executable, "-c", code], _env("", "", HERE), HERE)
        for label, checkout in checkouts.items():
            data_dir = stack.enter_context(tempfile.TemporaryDirectory())
            config_dir = stack.enter_context(tempfile.TemporaryDirectory())
            # "python -m" puts the working folder first on sys.path: run in the checkout.
            env = _env(data_dir, config_dir, checkout)
            for name, args in REFKIT_COMMANDS.items():
                cmd = [sys.executable, "-m", "refkit", *args]
                subprocess.run(cmd, env=env, cwd=checkout, check=True, capture_output=True)
                cases[f"{label}: refkit {name}"] = (cmd, env, checkout)
            for name in STATELESS:
                cmd = [sys.executable, "-c", CONSOLE_SCRIPT, *REFKIT_COMMANDS[name]]
                cases[f"{label}: script {name}"] = (cmd, env, checkout)
            for size, database in (databases or {}).items():
                copy = Path(data_dir) / f"{size}.sqlite3"
                shutil.copy(database, copy)
                for name in DATABASE_COMMANDS:
                    cmd = [
                        sys.executable,
                        "-m",
                        "refkit",
                        "--db",
                        str(copy),
                        *REFKIT_COMMANDS[name],
                    ]
                    subprocess.run(cmd, env=env, cwd=checkout, check=True, capture_output=True)
                    cases[f"{label}: {size} {name}"] = (cmd, env, checkout)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        bases: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, (cmd, env, cwd) in cases.items():
                bases[name].append(timed(bare, plain_env, cwd))
                times[name].append(timed(cmd, env, cwd))
    base = statistics.median(wall for pairs in bases.values() for wall, _ in pairs)
    alchemy = statistics.median(wall for wall, _ in times["python -c 'import sqlalchemy'"])
    print(
        f"{runs} pairs each (python -c pass, then the command), interleaved; python -c pass "
        f"{base * 1000:.0f} ms. Ratios: median of the pairs' wall / CPU ratios; wall median "
        "over that of import sqlalchemy"
    )
    for name, values in times.items():
        wall = statistics.median(w for w, _ in values)
        ratios = [w / b for (w, _), (b, _) in zip(values, bases[name], strict=True)]
        cpus = [c / b for (_, c), (_, b) in zip(values, bases[name], strict=True)]
        print(
            f"{name:40s} {wall * 1000:6.0f} ms   wall x{statistics.median(ratios):5.1f}"
            f"   cpu x{statistics.median(cpus):5.1f}   x{wall / alchemy:4.2f}"
        )


def flat_in_size(
    filled: Path,
    big: Path,
    runs: int = 15,
    before: Path | None = None,
    only: Sequence[str] = (),
) -> None:
    """AT_THE_TABLE (or ``only`` those of its commands) on the sample, filled and 10x databases:
    the 10x/sample ratio per command."""
    commands = {name: args for name, args in AT_THE_TABLE.items() if not only or name in only}
    with contextlib.ExitStack() as stack:
        checkouts: dict[str, Path] = {"now": HERE}
        if before is not None:
            checkouts["before"] = before.resolve()
        cases: dict[tuple[str, str, str], tuple[list[str], dict[str, str], Path]] = {}
        for label, checkout in checkouts.items():
            for size, database in (("sample", None), ("filled", filled), ("10x", big)):
                data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
                config_dir = stack.enter_context(tempfile.TemporaryDirectory())
                env = _env(str(data_dir), config_dir, checkout)
                if database is not None:  # the data folder's own file: as a referee opens it
                    user_data(data_dir).mkdir(parents=True)
                    shutil.copy(database, user_data(data_dir) / "refkit.sqlite3")
                for step in PREPARE:
                    command = [sys.executable, "-m", "refkit", *step]
                    subprocess.run(command, env=env, cwd=checkout, check=True, capture_output=True)
                for name, args in commands.items():
                    command = [sys.executable, "-m", "refkit", *args]
                    # twice: the first keeps the file's list lines and the modules' bytecode
                    done = [
                        subprocess.run(command, env=env, cwd=checkout, capture_output=True)
                        for _ in range(2)
                    ]
                    if all(run.returncode == 0 for run in done):  # else not in that checkout
                        cases[(label, name, size)] = (command, env, checkout)
        times: dict[tuple[str, str, str], list[tuple[float, float]]] = {key: [] for key in cases}
        for _ in range(runs):
            for name in commands:
                for label in checkouts:
                    for size in ("sample", "filled", "10x"):
                        if (label, name, size) in cases:
                            command, env, cwd = cases[(label, name, size)]
                            times[(label, name, size)].append(timed(command, env, cwd))
    print(
        f"{runs} runs of each command on the sample, filled and 10x databases, the three one "
        "after the other in each run; ratios: median of the runs' filled/sample and 10x/sample, "
        "wall / CPU (goal: 10x within 1.2x of the sample)"
    )
    print(
        f"{'':34s} {'sample':>8s} {'filled':>8s} {'10x':>8s}   {'filled/s wall':>13s}"
        f" {'cpu':>5s}   {'10x/s wall':>10s} {'cpu':>5s}"
    )
    for label in checkouts:
        for name in commands:
            if any((label, name, size) not in cases for size in ("sample", "filled", "10x")):
                print(f"{label + ': ' + name:34s} (not a command of this checkout)")
                continue
            per_size = {size: times[(label, name, size)] for size in ("sample", "filled", "10x")}
            walls = {size: statistics.median(w for w, _ in v) for size, v in per_size.items()}

            def ratio(size: str, part: int, sizes: dict[str, list[tuple[float, float]]]) -> float:
                pairs = zip(sizes[size], sizes["sample"], strict=True)
                return statistics.median(big[part] / small[part] for big, small in pairs)

            print(
                f"{label + ': ' + name:34s} {walls['sample'] * 1000:6.0f}ms"
                f" {walls['filled'] * 1000:6.0f}ms {walls['10x'] * 1000:6.0f}ms"
                f"   {ratio('filled', 0, per_size):12.2f}x {ratio('filled', 1, per_size):4.2f}x"
                f"   {ratio('10x', 0, per_size):9.2f}x {ratio('10x', 1, per_size):4.2f}x"
            )


def odds_speed() -> None:
    from refkit.rules.checks.odds import test_odds

    cases = [
        dict(edges=e, banes=b, bonuses=(bonus,), expertise=x)
        for e in range(3)
        for b in range(3)
        for bonus in (-2, 0, 3)
        for x in (False, True)
    ]
    start = time.perf_counter()
    n = 0
    for char in range(-5, 6):
        for case in cases:
            test_odds(char, **case)
            n += 1
    per_call = (time.perf_counter() - start) / n
    print(
        f"odds of one Crows test (cold and warm mixed, {n} distinct tests): "
        f"{per_call * 1000:.3f} ms per call (bar: 5 ms)"
    )


def notation_odds_speed() -> None:
    """The dice-notation figures moved here from the default tests (issue 7 §5)."""
    from refkit.dice import DiceOddsError, parse_notation

    timings = []
    for _ in range(5):
        expression = parse_notation("2d10+3")  # a fresh expression: nothing cached
        start = time.perf_counter()
        expression.odds()
        timings.append(time.perf_counter() - start)
    print(f"odds of 2d10+3, best of 5 fresh expressions: {min(timings) * 1000:.3f} ms (bar: 5 ms)")
    start = time.perf_counter()
    with contextlib.suppress(DiceOddsError):
        parse_notation("1000d1000").odds()
    refused = time.perf_counter() - start
    print(f"refusing the exact odds of 1000d1000 as too costly: {refused * 1000:.1f} ms (bar: 500)")


if __name__ == "__main__":
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--before", type=Path, help="another checkout to time side by side")
    options.add_argument("--runs", type=int, default=9)
    options.add_argument("--filled", type=Path, help="make_filled_database.py's database")
    options.add_argument("--big", type=Path, help="make_filled_database.py --scale 10's")
    options.add_argument(
        "--databases",
        type=Path,
        nargs=2,
        metavar=("FILLED", "BIG"),
        help="only the commands at the table on the sample, FILLED and BIG: 10x/sample ratios",
    )
    options.add_argument(
        "--only", action="append", default=[], help="with --databases: only this command"
    )
    chosen = options.parse_args()
    if chosen.databases:
        flat_in_size(*chosen.databases, runs=chosen.runs, before=chosen.before, only=chosen.only)
        sys.exit(0)
    sizes = {"filled": chosen.filled, "10x": chosen.big}
    cli_latency(chosen.runs, chosen.before, {size: path for size, path in sizes.items() if path})
    odds_speed()
    notation_odds_speed()
