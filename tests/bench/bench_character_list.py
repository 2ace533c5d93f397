"""`refkit character list --json` with and without the kept crow lines, as ratios (issue 30 item 4).

    .venv/bin/python tests/bench/bench_character_list.py SMALL.db FILLED.db [X10.db] [--pairs N]

Each database is copied twice: "decoded" has no kept lines (as a database last written by an
older Refkit: every crow's document is decoded, today's cost), "kept" has every crow's line
written as the repository writes it on save. Runs alternate in pairs, cold process each time,
with an isolated XDG_CONFIG_HOME; medians and the ratios to the first database are printed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlmodel import select

from refkit.store.character_rows import write_line
from refkit.store.character_store import decode_character
from refkit.store.character_tables import CharacterRow
from refkit.store.database import Database

REFKIT = str(Path(sys.executable).with_name("refkit"))


def keep_lines(path: Path) -> None:
    with Database.open(str(path)) as db, db.session() as session:
        for row in session.exec(select(CharacterRow)).all():
            write_line(session, row, decode_character(row.payload, row.name))
        session.commit()


def drop_lines(path: Path) -> None:
    with Database.open(str(path)) as db, db.session() as session:
        session.connection().exec_driver_sql(
            "DELETE FROM app_state WHERE key >= 'crow_summary:' AND key < 'crow_summary;'"
        )
        session.commit()


def run_once(db: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [REFKIT, "character", "list", "--json", "--db", str(db)],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("databases", nargs="+", type=Path)
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-character-list-"))
    env = dict(os.environ, XDG_CONFIG_HOME=str(work / "config"), REFKIT_DATA_DIR=str(work / "data"))
    rows = []
    for number, source in enumerate(args.databases):
        decoded, kept = work / f"{number}-decoded.db", work / f"{number}-kept.db"
        shutil.copyfile(source, decoded)
        shutil.copyfile(source, kept)
        drop_lines(decoded)
        keep_lines(kept)
        times: dict[str, list[float]] = {"decoded": [], "kept": []}
        run_once(decoded, env), run_once(kept, env)  # the page cache warm for both
        for _ in range(args.pairs):
            times["decoded"].append(run_once(decoded, env))
            times["kept"].append(run_once(kept, env))
        rows.append((source.name, {k: statistics.median(v) for k, v in times.items()}))
    base = rows[0][1]
    print(
        f"{'database':<24}{'decoded ms':>12}{'kept ms':>10}{'kept/decoded':>14}"
        f"{'decoded/first':>15}{'kept/first':>12}"
    )
    for name, median in rows:
        print(
            f"{name:<24}{median['decoded'] * 1000:>12.0f}{median['kept'] * 1000:>10.0f}"
            f"{median['kept'] / median['decoded']:>14.2f}"
            f"{median['decoded'] / base['decoded']:>15.2f}{median['kept'] / base['kept']:>12.2f}"
        )
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
