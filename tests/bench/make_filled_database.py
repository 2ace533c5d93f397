"""A filled Refkit database for the stall benchmarks: a long campaign's worth of rolls and crows.

    .venv/bin/python tests/bench/make_filled_database.py PATH [--scale N] [--rolls N] [--log N]
        [--crows N] [--tables N] [--seed N]

Defaults are the sizes in issue 7 §6: 100,000 rolls, 20,000 session-log entries, 1,000 crows and
300 tables (23 MB); ``--scale N`` multiplies each of them by N (``--scale 10``: the 10× database
of issue 22), a size given outright stays as given. Everything goes through the store's own row
conversions and repositories (so the file is exactly what the app would have written), in a few
big transactions so that making it takes seconds, not an evening. PATH must not exist yet.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from refkit.app.sample_content import SAMPLE_PARTY_NAME, SEEDED_FLAG, sample_characters
from refkit.dice.records import RollRecord
from refkit.rules.character.model import Character
from refkit.rules.tables.model import RollableTable, TableRow
from refkit.store.character_store import CharacterRepository, Party
from refkit.store.database import Database
from refkit.store.roll_log import roll_row
from refkit.store.session_log import SessionLogEntry, append_entries
from refkit.store.table_store import TableStore

ROLLS = 100_000
LOG_ENTRIES = 20_000
CROWS = 1_000
TABLES = 300
BATCH = 5_000
"""Rows per transaction: big enough to be fast, small enough to keep memory flat."""

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
LOG_KINDS = ("dt_end", "usage_dice", "encounter", "adjust", "pause", "resume", "effect", "note")


def _roll(rng: random.Random, index: int) -> RollRecord:
    at = START + timedelta(seconds=index * 7)
    kind = rng.choice(("test", "d100", "usage_dice", "notation"))
    if kind == "test":
        faces = (rng.randint(1, 10), rng.randint(1, 10))
        bonus = rng.randint(-2, 3)
        total = sum(faces) + bonus
        tier = 1 if total <= 11 else 2 if total <= 16 else 3
        return RollRecord(
            kind, f"2d10{bonus:+d}", faces, total, rng.getrandbits(32), at,
            f"Tier {tier} — total {total}", {"characteristic": bonus, "tier": tier},
        )  # fmt: skip
    if kind == "d100":
        face = rng.randint(1, 100)
        return RollRecord(kind, "d100", (face,), face, rng.getrandbits(32), at, f"{face}")
    if kind == "usage_dice":
        size = rng.choice((4, 6, 8, 10, 12))
        face = rng.randint(1, size)
        summary = f"d{size}: {face}" + (" — steps down" if face <= 2 else "")
        return RollRecord(kind, f"UD d{size}", (face,), face, rng.getrandbits(32), at, summary)
    count, size = rng.randint(1, 4), rng.choice((4, 6, 8, 12))
    faces = tuple(rng.randint(1, size) for _ in range(count))
    return RollRecord(
        kind, f"{count}d{size}", faces, sum(faces), rng.getrandbits(32), at, f"{sum(faces)}"
    )


def add_rolls(database: Database, count: int, rng: random.Random) -> None:
    for first in range(0, count, BATCH):
        with database.session() as session:
            session.add_all(
                roll_row(_roll(rng, index), rng.choice(("app", "app", "cli")))
                for index in range(first, min(count, first + BATCH))
            )


def _log_entry(rng: random.Random, index: int) -> SessionLogEntry:
    dt = 1 + index // 12
    kind = LOG_KINDS[index % len(LOG_KINDS)]
    text = {
        "dt_end": f"DT {dt} ended",
        "usage_dice": f"Torch rolled its usage die: {rng.randint(1, 6)}",
        "encounter": f"Encounter check: rolled {rng.randint(1, 10)} against EN {rng.randint(1, 6)}",
        "adjust": f"Clock adjusted by {rng.choice((-5, -1, 1, 5))} minutes",
        "pause": "Clock paused",
        "resume": "Clock resumed",
        "effect": f"Effect 'Light spell {index % 40}' ended",
        "note": f"Note {index}: the party argued about the map",
    }[kind]
    return SessionLogEntry(
        kind=kind,
        dt=dt,
        text=text,
        at=START + timedelta(seconds=index * 35),
        detail={"index": index},
    )


def add_session_log(database: Database, count: int, rng: random.Random) -> None:
    for first in range(0, count, BATCH):
        with database.session() as session:
            append_entries(
                session, [_log_entry(rng, i) for i in range(first, min(count, first + BATCH))]
            )


def _crow(template: Character, index: int, rng: random.Random) -> Character:
    stamina = template.stamina
    current = rng.randint(0, stamina.max)
    return replace(
        template,
        name=f"{template.name} {index:04d}",
        player=f"Player {index % 37}",
        stamina=replace(stamina, current=current),
        notes=f"Crow number {index}, made for the stall benchmark.",
    )


def add_crows(database: Database, count: int, rng: random.Random) -> None:
    repository = CharacterRepository(database)
    templates = sample_characters()
    crows = [_crow(templates[i % len(templates)], i, rng) for i in range(count)]
    parties = [
        Party(f"Band {band:02d}", tuple(crow.name for crow in crows[band * 4 : band * 4 + 4]))
        for band in range(min(20, count // 4))
    ]
    repository.save_all(crows, replace_existing=False, parties=parties)
    # the sample party as a new user has it, so the app offers it at the table
    repository.save_all(templates, replace_existing=False)
    repository.create_party(SAMPLE_PARTY_NAME, [crow.name for crow in templates])
    repository.set_meta(SEEDED_FLAG, "1")


def _table(index: int, rng: random.Random) -> RollableTable:
    size = rng.choice((6, 10, 12, 20))
    rows = []
    low = 1
    while low <= size:
        high = min(size, low + rng.randint(0, 2))
        rows.append(TableRow(low, high, f"Result {low}–{high} of table {index}: 1d6 rats"))
        low = high + 1
    return RollableTable(
        name=f"Bench table {index:03d}",
        dice=f"1d{size}",
        rows=tuple(rows),
        description=f"Table {index}, made for the stall benchmark",
    )


def add_tables(database: Database, count: int, rng: random.Random) -> None:
    store = TableStore(database)
    for index in range(count):
        store.add(_table(index, rng))


def scaled_sizes(scale: int) -> dict[str, int]:
    """The default sizes times ``scale``, as :func:`make_filled_database`'s keywords."""
    if scale < 1:
        raise ValueError(f"the scale must be 1 or more, got {scale}")
    return {
        "rolls": ROLLS * scale,
        "log_entries": LOG_ENTRIES * scale,
        "crows": CROWS * scale,
        "tables": TABLES * scale,
    }


def make_filled_database(
    path: Path,
    *,
    rolls: int = ROLLS,
    log_entries: int = LOG_ENTRIES,
    crows: int = CROWS,
    tables: int = TABLES,
    seed: int = 7,
) -> Path:
    """Create the database at ``path`` (which must not exist) and fill it; returns ``path``."""
    if path.exists():
        raise FileExistsError(f"{path} already exists; give a new file name")
    rng = random.Random(seed)
    with Database.open(str(path)) as database:
        add_crows(database, crows, rng)
        add_tables(database, tables, rng)
        add_session_log(database, log_entries, rng)
        add_rolls(database, rolls, rng)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--scale", type=int, default=1, help="every default size times N")
    parser.add_argument("--rolls", type=int)
    parser.add_argument("--log", type=int)
    parser.add_argument("--crows", type=int)
    parser.add_argument("--tables", type=int)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.scale < 1:
        parser.error(f"--scale must be 1 or more, got {args.scale}")
    sizes = scaled_sizes(args.scale)
    given = dict(rolls=args.rolls, log_entries=args.log, crows=args.crows, tables=args.tables)
    sizes.update({key: value for key, value in given.items() if value is not None})
    started = time.perf_counter()
    try:
        make_filled_database(args.path, seed=args.seed, **sizes)
    except FileExistsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    size = args.path.stat().st_size / 1e6
    took = time.perf_counter() - started
    print(
        f"{args.path}: {sizes['rolls']} rolls, {sizes['log_entries']} session-log entries, "
        f"{sizes['crows']} crows, {sizes['tables']} tables — {size:.1f} MB in {took:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
