"""Moving a whole campaign between databases — an SQLite file and a PostgreSQL server, either way —
into an empty target, verified before anything is kept.

Every table is copied in the order its references need (parents first), its rows in key order,
in one transaction on the target; before that transaction commits, each table is read back from
the target and compared with the source: the same number of rows, and the same content (a SHA-256
digest of every row's values as the models read them). Any failure or difference rolls the whole
copy back, so the target is left as empty as it was. Both databases are opened (and migrated to
the newest layout) first, so the two hold the same tables.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import Connection, Table, func, insert, select
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from refkit.store.database import Database
from refkit.store.errors import DatabaseError
from refkit.store.failures import database_failure

TABLE_MODULES = (
    "tables",
    "character_tables",
    "dungeon_tables",
    "combat_tables",
    "crafting_tables",
    "spell_tables",
    "state_tables",
    "player_tables",
)
"""The modules whose import registers Refkit's tables on SQLModel.metadata."""
BATCH_ROWS = 1000
"""Rows read and inserted per statement."""


@dataclass(frozen=True)
class CopyReport:
    """What was copied: the rows of each table (in copy order), all verified."""

    rows: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.rows.values())


class CopyRefusedError(DatabaseError):
    """The copy was refused or failed; nothing of it was kept in the target."""


def campaign_tables() -> list[Table]:
    """Refkit's tables, parents before the tables that refer to them."""
    for module in TABLE_MODULES:
        importlib.import_module(f"refkit.store.{module}")
    return list(SQLModel.metadata.sorted_tables)


def copy_campaign(source: Database, target: Database) -> CopyReport:
    """Copy every row of ``source`` into the empty ``target``, verified, in one transaction.

    Raises CopyRefusedError when the target already holds rows (naming the tables) or when the
    copy read back differs, and the DatabaseError of the failure otherwise; in every case the
    target is left without a row of the copy.
    """
    tables = campaign_tables()
    reads = source.engine.connect()
    if source.server:  # one snapshot of the source for the copy and its check
        reads = reads.execution_options(isolation_level="REPEATABLE READ")
    try:
        with reads as reading, target.engine.connect() as writing:
            with writing.begin():
                _require_empty(writing, tables, target.shown)
                rows = {table.name: _copy_table(reading, writing, table) for table in tables}
                if target.server:
                    from refkit.store.postgresql.engine import reset_sequences

                    reset_sequences(writing, tables)
                _verify(reading, writing, tables, target.shown)
            reading.rollback()
    except DBAPIError as exc:
        reason = getattr(database_failure(target.shown, exc), "reason", "the database failed")
        raise CopyRefusedError(
            f"copying {source.shown} into {target.shown} failed ({reason}); nothing of it was kept"
        ) from None
    return CopyReport(rows)


def _require_empty(connection: Connection, tables: list[Table], shown: str) -> None:
    holding = [
        f"{table.name} ({count})"
        for table in tables
        if (count := connection.execute(select(func.count()).select_from(table)).scalar_one())
    ]
    if holding:
        raise CopyRefusedError(
            f"{shown} is not empty (rows in {', '.join(holding[:5])}"
            f"{', …' if len(holding) > 5 else ''}); copy a campaign only into an empty database"
        )


def _rows(connection: Connection, table: Table) -> Iterator[list[dict[str, object]]]:
    """The rows of ``table`` in key order, a batch at a time, as column name → value."""
    order = list(table.primary_key.columns) or list(table.columns)
    result = connection.execution_options(stream_results=True).execute(
        select(table).order_by(*order)
    )
    for batch in result.mappings().partitions(BATCH_ROWS):
        yield [dict(row) for row in batch]


def _copy_table(reading: Connection, writing: Connection, table: Table) -> int:
    copied = 0
    for batch in _rows(reading, table):
        writing.execute(insert(table), batch)
        copied += len(batch)
    return copied


def _digest(connection: Connection, table: Table) -> tuple[int, str]:
    """The number of rows of ``table`` and a digest of their values, in key order."""
    digest = hashlib.sha256()
    count = 0
    for batch in _rows(connection, table):
        for row in batch:
            digest.update(repr(sorted(row.items())).encode("utf-8"))
            count += 1
    return count, digest.hexdigest()


def _verify(reading: Connection, writing: Connection, tables: list[Table], shown: str) -> None:
    differing = [
        table.name for table in tables if _digest(reading, table) != _digest(writing, table)
    ]
    if differing:
        raise CopyRefusedError(
            f"the copy in {shown} does not read back as the source ({', '.join(differing)} "
            "differ); nothing was kept"
        )
