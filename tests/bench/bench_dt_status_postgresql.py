"""`refkit dt status --json` on PostgreSQL beside SQLite (issue 23), as subprocesses, interleaved.

    .venv/bin/python tests/bench/bench_dt_status_postgresql.py URL [--runs 9]

URL is a server login that may create databases (e.g. postgresql://refkit:pw@127.0.0.1:55432/
postgres, on loopback). A fresh campaign database is made there (and dropped after), and a fresh
SQLite file in a temporary folder; both are migrated and seeded before timing. Timed, in turn:

- sqlite: the SQLite file (the quick sqlite3 path);
- postgresql: the server database through the quick path (psycopg alone: the schema revision
  and the clock row read, neither SQLAlchemy nor the ORM imported);
- postgresql, full open: the same database as before the quick path, the ORM loaded and the
  database opened with it (the quick path turned off);
- postgresql, walking Alembic: the full open as every start did before the schema revision was
  read from the server (Alembic loaded and every migration walked; the quick path turned off).

Prints the medians (min–max) and the ratios postgresql / sqlite, full open / quick path and
walking / full open; then ``Database.open`` on its own in a fresh process (the ORM and the driver
imported first, not timed), reading the revision from the server against walking Alembic.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WALKING = (
    "import sys, refkit.store.migration as m; m.declared_heads = lambda *a: None; "
    "import refkit.store.postgresql.quick as q; q.read_server_clock = lambda *a, **k: None; "
    "from refkit.cli import run_cli; sys.exit(run_cli(sys.argv[1:]))"
)


FULL_OPEN = (
    "import sys, refkit.store.postgresql.quick as q; q.read_server_clock = lambda *a, **k: None; "
    "from refkit.cli import run_cli; sys.exit(run_cli(sys.argv[1:]))"
)


OPEN_ONLY = (
    "import sys, time; import refkit.store.migration as m; from refkit.store.database import "
    "Database; import sqlalchemy.orm, psycopg; walk = sys.argv[2] == 'walk'; "
    "m.declared_heads = (lambda *a: None) if walk else m.declared_heads; "
    "t = time.perf_counter(); Database.open(sys.argv[1]).close(); "
    "print(time.perf_counter() - t)"
)


def _open_time(url: str, mode: str, env: dict[str, str]) -> float:
    done = subprocess.run(
        [sys.executable, "-c", OPEN_ONLY, url, mode],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def _admin(url: str, *statements: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)  # type: ignore[arg-type]


def _time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{command[-4:]} failed: {done.stderr.strip()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="a PostgreSQL login that may create databases")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    from sqlalchemy.engine import make_url

    name = f"refkit_bench_{os.getpid()}"
    server = make_url(args.url).set(database=name).render_as_string(hide_password=False)
    _admin(args.url, f"CREATE DATABASE {name}")
    try:
        with tempfile.TemporaryDirectory() as folder:
            env = dict(os.environ, REFKIT_DATA_DIR=folder)
            env.pop("REFKIT_DATABASE_URL", None)
            env.pop("REFKIT_DB", None)
            sqlite_file = str(Path(folder) / "bench.sqlite3")
            cases = {
                "sqlite": [sys.executable, "-m", "refkit", "--db", sqlite_file],
                "postgresql": [sys.executable, "-m", "refkit", "--db", server],
                "postgresql, full open": [sys.executable, "-c", FULL_OPEN, "--db", server],
                "postgresql, walking Alembic": [sys.executable, "-c", WALKING, "--db", server],
            }
            for command in cases.values():  # migrate and seed; warm the page cache
                _time([*command, "character", "list", "--json"], env)
            times: dict[str, list[float]] = {case: [] for case in cases}
            opens: dict[str, list[float]] = {"read": [], "walk": []}
            for _run in range(args.runs):
                for case, command in cases.items():
                    times[case].append(_time([*command, "dt", "status", "--json"], env))
                for mode, values in opens.items():
                    values.append(_open_time(server, mode, env))
    finally:
        _admin(args.url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    medians = {case: statistics.median(values) for case, values in times.items()}
    print(f"refkit dt status --json, {args.runs} runs each, interleaved (subprocess wall time):")
    for case, values in times.items():
        print(
            f"  {case:30} median {medians[case] * 1000:7.0f} ms"
            f"  ({min(values) * 1000:.0f}–{max(values) * 1000:.0f} ms)"
        )
    quick = medians["postgresql"]
    full = medians["postgresql, full open"]
    walked = medians["postgresql, walking Alembic"]
    print(f"  ratio postgresql (quick path) / sqlite:  {quick / medians['sqlite']:.2f}")
    print(f"  ratio postgresql (full open) / sqlite:   {full / medians['sqlite']:.2f}")
    print(f"  ratio full open / quick path:            {full / quick:.2f}")
    print(f"  ratio walking Alembic / full open:       {walked / full:.2f}")
    read, walk = (statistics.median(opens[mode]) for mode in ("read", "walk"))
    print("Database.open on the server in a fresh process (imports before it not timed):")
    print(f"  revision read from the server: median {read * 1000:6.0f} ms")
    print(f"  walking Alembic (before):      median {walk * 1000:6.0f} ms")
    print(f"  ratio before / after:          {walk / read:.2f}")


if __name__ == "__main__":
    main()
