"""The table list reads no table's rows (issue 30 item 4): on a campaign with 3,000 tables the
tables panel's list, start-up's read-ahead and ``refkit table list`` decoded every table's JSON
just to count its rows; the database counts them now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from refkit.rules.tables.model import RollableTable, TableRow, TableSource
from refkit.store import Database, TableStore
from refkit.store import table_store as table_store_module
from refkit.store.sqlite import quick as quick_module
from refkit.store.sqlite.quick import open_quick


class CountingJson:
    """``json`` as a module sees it, counting the documents decoded."""

    def __init__(self) -> None:
        self.decoded = 0

    def loads(self, text: Any, **options: Any) -> Any:
        self.decoded += 1
        return json.loads(text, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(json, name)


def table(number: int) -> RollableTable:
    size = number % 5 + 2
    return RollableTable(
        name=f"Table {number:04d}",
        dice=f"1d{size}",
        rows=tuple(TableRow(face, face, f"Outcome {face}") for face in range(1, size + 1)),
        source=TableSource.IMPORTED,
        description=f"number {number}",
    )


def filled(path: Path, count: int) -> Database:
    database = Database.open(str(path))
    store = TableStore(database, defaults=lambda: ())
    for number in range(count):
        store.add(table(number))
    return database


@pytest.mark.parametrize("count", [3, 60])
def test_the_table_list_decodes_no_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    counting = CountingJson()
    with filled(tmp_path / "tables.db", count) as database:
        monkeypatch.setattr(table_store_module, "json", counting)
        summaries = TableStore(database, defaults=lambda: ()).summaries()
    assert counting.decoded == 0
    assert [s.name for s in summaries] == [table(n).name for n in range(count)]
    assert [s.rows for s in summaries] == [len(table(n).rows) for n in range(count)]
    assert [s.dice for s in summaries] == [table(n).dice for n in range(count)]
    assert {s.source for s in summaries} == {TableSource.IMPORTED}
    assert summaries[-1].description == f"number {count - 1}"


@pytest.mark.sqlite_only
@pytest.mark.parametrize("count", [3, 60])
def test_the_quick_table_list_decodes_no_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    path = tmp_path / "tables.db"
    with filled(path, count) as database:
        TableStore(database, defaults=lambda: ()).names()  # seeded (none shipped here)
    counting = CountingJson()
    monkeypatch.setattr(quick_module, "json", counting)
    quick = open_quick(str(path))
    assert quick is not None
    with quick:
        lines = quick.table_lines()
    assert lines is not None
    assert counting.decoded == 0
    assert [(line.name, line.rows) for line in lines] == [
        (table(n).name, len(table(n).rows)) for n in range(count)
    ]


def test_seeding_ahead_reads_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up's read-ahead in the worker only makes sure the shipped tables are stored."""
    from refkit.gui.shell.read_ahead import read_ahead

    with filled(tmp_path / "tables.db", 40) as database:
        counting = CountingJson()
        monkeypatch.setattr(table_store_module, "json", counting)
        read_ahead(database)
        assert counting.decoded == 0
        assert len(TableStore(database).names()) >= 40  # the shipped ones joined them
