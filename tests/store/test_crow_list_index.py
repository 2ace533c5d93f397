"""The crow list reads one index, never the crows' rows (issue 30: headless commands flat in the
database's size).

A crow's row holds its whole document (a page and more), and ``revision`` and ``updated_at`` come
after it: a list that read them from the rows walked every crow's overflow pages (``refkit
character list`` took 2.4x the sample's time on the 10x database). Migration 0013 adds
``ix_character_list`` with every column the list reads; the tests read SQLite's query plan of each
statement the lists run against ``character``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import HEADS_SQL
from refkit.store.crow_line_fill import HEADS_SQL as HEADS_SQL_OF_THE_FILL
from refkit.store.crow_summaries import CrowLine, fresh_line, summary_text
from refkit.store.row_forms import SAMPLES_SEEDED_KEY
from refkit.store.row_values import SCHEMA_HEADS
from refkit.store.sqlite.quick import open_quick

INDEX = "ix_character_list"


def crow(number: int) -> Character:
    return Character(
        name=f"Crow {number:03d}",
        player="Ann",
        characteristics=Characteristics(agility=1, mind=0, strength=2),
        stamina=Stamina(current=number % 9, max=9),
    )


def filled(path: Path, count: int = 12) -> Path:
    with Database.open(str(path)) as db:
        repository = CharacterRepository(db)
        for number in range(count):
            repository.save(crow(number))
        repository.set_meta(SAMPLES_SEEDED_KEY, "1")  # else the quick path leaves it to the store
    return path


def plan(path: Path, sql: str, parameters: tuple[object, ...] = ()) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [str(row[3]) for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}", parameters)]


def reads_only_the_index(steps: list[str]) -> bool:
    """No step touches a crow's row: ``character`` (or its alias ``c``) is scanned or searched
    only through the covering index."""
    on_character = [
        step for step in steps if step.split()[:2] in (["SCAN", "character"], ["SCAN", "c"],
        ["SEARCH", "character"], ["SEARCH", "c"])
    ]  # fmt: skip
    return bool(on_character) and all(f"COVERING INDEX {INDEX}" in s for s in on_character)


def test_the_quick_list_reads_the_crows_from_the_index_alone(tmp_path: Path) -> None:
    path = filled(tmp_path / "crows.sqlite3")
    quick = open_quick(str(path))
    assert quick is not None
    statements: list[str] = []
    with quick:
        quick._connection.set_trace_callback(statements.append)
        listed = quick.character_lines()
    assert listed is not None
    assert [line.name for line in listed[0]] == [f"Crow {n:03d}" for n in range(12)]
    reading_crows = [sql for sql in statements if "FROM character" in sql]
    assert reading_crows, statements
    for sql in reading_crows:
        assert reads_only_the_index(plan(path, sql)), (sql, plan(path, sql))


def test_the_stores_list_reads_the_crows_from_the_index_alone(tmp_path: Path) -> None:
    path = filled(tmp_path / "crows.sqlite3")
    assert reads_only_the_index(plan(path, HEADS_SQL)), plan(path, HEADS_SQL)


def test_a_file_at_0012_gains_the_index_when_opened(tmp_path: Path) -> None:
    path = filled(tmp_path / "old.sqlite3", count=3)
    with sqlite3.connect(path) as connection:  # the file as Refkit before 0013 left it
        connection.execute(f"DROP INDEX {INDEX}")
        connection.execute("DROP TABLE roll_log_cleared")  # migration 0014's
        connection.execute("UPDATE alembic_version SET version_num = '0012'")
    with Database.open(str(path)) as db:
        names = [summary.name for summary in CharacterRepository(db).list_summaries()]
    assert names == ["Crow 000", "Crow 001", "Crow 002"]
    with sqlite3.connect(path) as connection:
        indexes = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        version = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    assert INDEX in indexes
    assert frozenset(version) == SCHEMA_HEADS


LINE = CrowLine(speed=5, dead=False, stamina=4, stamina_max=9, wounds=1)
STAMP = "2026-12-07 06:00:00.000000"


def test_a_kept_line_made_from_the_row_as_it_is_reads_back() -> None:
    assert fresh_line(summary_text(LINE, "mara vell", 3, STAMP), "mara vell", 3, STAMP) == LINE


@pytest.mark.parametrize(
    "text",
    [
        summary_text(LINE, "mara vell", 2, STAMP),  # an older revision
        summary_text(LINE, "mara grey", 3, STAMP),  # another name
        summary_text(LINE, "mara vell", 3, "2026-12-07 06:00:01.000000"),  # saved since
        " " + summary_text(LINE, "mara vell", 3, STAMP),  # not as Refkit writes it
        summary_text(LINE, "mara vell", 3, STAMP) + "{}",  # something after it
        summary_text(LINE, "mara vell", 3, STAMP).replace('"speed":5', '"speed":true'),
        summary_text(LINE, "mara vell", 3, STAMP).replace('"dead":false', '"dead":0'),
        summary_text(LINE, "mara vell", 3, STAMP).replace('"wounds":1', '"wounds":1.0'),
        summary_text(LINE, "mara vell", 3, STAMP).replace(',"stamina":4', ""),
        '["mara vell", 3]',
        '{"key": 1',
    ],
)
def test_a_line_not_made_from_the_row_as_it_is_is_not_used(text: str) -> None:
    assert fresh_line(text, "mara vell", 3, STAMP) is None


def test_one_partys_list_reads_its_members_rows_only(tmp_path: Path) -> None:
    path = filled(tmp_path / "crows.sqlite3", count=40)
    with Database.open(str(path)) as db:
        CharacterRepository(db).create_party("Band", ["Crow 007", "Crow 003"])
    quick = open_quick(str(path))
    assert quick is not None
    statements: list[str] = []
    with quick:
        quick._connection.set_trace_callback(statements.append)
        listed = quick.character_lines("band")
    assert listed is not None
    lines, parties = listed
    assert [line.name for line in lines] == ["Crow 003", "Crow 007"]
    assert [(party.name, party.members) for party in parties] == [
        ("Band", ("Crow 007", "Crow 003"))
    ]
    steps = [step for sql in statements if sql.startswith("SELECT") for step in plan(path, sql)]
    assert not [step for step in steps if step.startswith("SCAN")], steps


def test_finding_the_crows_without_a_line_reads_the_index_alone(tmp_path: Path) -> None:
    # Run at every start of the window (crow_line_fill): ordered by id, it walked every crow.
    path = filled(tmp_path / "crows.sqlite3")
    assert reads_only_the_index(plan(path, HEADS_SQL_OF_THE_FILL)), plan(
        path, HEADS_SQL_OF_THE_FILL
    )
