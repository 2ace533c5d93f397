"""Rollable tables in the database: seeded once, unique names, checked before they are stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.rules.tables.defaults import load_default_tables
from refkit.rules.tables.model import (
    RollableTable,
    TableError,
    TableRow,
    TableSource,
)
from refkit.store import Database, TableStore
from tests.store.store_helpers import sqlite_rows

GOBLINS = RollableTable(
    name="Goblin warren",
    dice="1d4",
    rows=(
        TableRow(1, 2, "1d4 goblins"),
        TableRow(3, 3, "A wolf | rider"),
        TableRow(4, 4, "The chief"),
    ),
    source=TableSource.REFKIT_DEFAULT,
)
MIASMA = RollableTable(
    name="Miasma",
    dice="1d6",
    rows=(TableRow(1, 3, "Nothing"), TableRow(4, None, "Coughing fits")),
    source=TableSource.REFKIT_DEFAULT,
    max_modifier=None,
    modifier_name="cruelty",
)
CRYPT = RollableTable(
    name="Crypt",
    dice="1d2",
    rows=(TableRow(1, 1, "Ghoul"), TableRow(2, 2, "Shade")),
    source=TableSource.IMPORTED,
)


def defaults() -> tuple[RollableTable, ...]:
    return (GOBLINS, MIASMA)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def db(path: Path):
    database = Database.open(str(path))
    yield database
    database.close()


@pytest.fixture
def store(db: Database) -> TableStore:
    return TableStore(db, defaults=defaults)


def dump(path: Path) -> list[tuple[object, ...]]:
    return sqlite_rows(path, "SELECT * FROM rollable_table ORDER BY id") + sqlite_rows(
        path, "SELECT * FROM app_meta ORDER BY key"
    )


def test_defaults_are_seeded_on_first_use(store: TableStore) -> None:
    summaries = store.summaries()
    assert [(s.name, s.dice, s.rows) for s in summaries] == [
        ("Goblin warren", "1d4", 3),
        ("Miasma", "1d6", 2),
    ]
    assert store.get("goblin  WARREN") == GOBLINS
    assert store.get("Miasma") == MIASMA  # open-ended row and unlimited modifier survive


def test_the_shipped_defaults_seed_a_fresh_database(db: Database) -> None:
    store = TableStore(db)
    names = {summary.name for summary in store.summaries()}
    assert names == {table.name for table in load_default_tables()}
    for table in load_default_tables():
        assert store.get(table.name) == table


def test_a_deleted_default_does_not_come_back_until_restored(path: Path, store: TableStore) -> None:
    assert store.delete("Miasma") == MIASMA
    with Database.open(str(path)) as again:
        reopened = TableStore(again, defaults=defaults)
        assert [s.name for s in reopened.summaries()] == ["Goblin warren"]
        assert reopened.restore_defaults() == ("Miasma",)
        assert [s.name for s in reopened.summaries()] == ["Goblin warren", "Miasma"]
        assert reopened.restore_defaults() == ()


def test_restore_with_overwrite_resets_an_edited_default(store: TableStore) -> None:
    edited = RollableTable("Goblin warren", "1d2", (TableRow(1, 2, "Nobody home"),))
    store.save(edited)
    assert store.get("Goblin warren").dice == "1d2"
    assert store.restore_defaults() == ()
    assert store.restore_defaults(overwrite=True) == ("Goblin warren", "Miasma")
    assert store.get("Goblin warren") == GOBLINS


def test_names_are_unique_ignoring_case_and_spacing(path: Path, store: TableStore) -> None:
    store.add(CRYPT)
    before = dump(path)
    clash = RollableTable("  crypt ", "1d2", (TableRow(1, 2, "Rats"),))
    with pytest.raises(ValueError, match="already exists"):
        store.add(clash)
    assert dump(path) == before
    store.add(clash, replace=True)
    assert store.get("CRYPT") == RollableTable("crypt", "1d2", (TableRow(1, 2, "Rats"),))
    assert len(store.summaries()) == 3


def test_a_table_with_gaps_is_refused_and_nothing_is_written(path: Path, store: TableStore) -> None:
    store.summaries()
    before = dump(path)
    broken = RollableTable(
        "Broken", "1d6", (TableRow(1, 2, "a"), TableRow(2, 3, "b"), TableRow(5, 6, "c"))
    )
    with pytest.raises(TableError) as refused:
        store.add(broken)
    kinds = {problem.kind for problem in refused.value.problems}
    assert kinds == {"overlap", "gap"}
    assert "rows 1 and 2" in str(refused.value)
    assert dump(path) == before


def test_a_refused_first_use_does_not_even_seed(path: Path, store: TableStore) -> None:
    with pytest.raises(ValueError, match="already exists"):
        store.add(GOBLINS)
    # the add was refused, so the seeding done in the same transaction was rolled back too
    assert sqlite_rows(path, "SELECT count(*) FROM rollable_table") == [(0,)]
    assert sqlite_rows(path, "SELECT count(*) FROM app_meta") == [(0,)]


def test_unknown_table_names_the_ones_there_are(store: TableStore) -> None:
    with pytest.raises(ValueError, match=r"no table called 'Owlbears'.*'Goblin warren'"):
        store.get("Owlbears")
    assert not store.exists("Owlbears")


def test_rename_keeps_one_table_and_refuses_to_take_another_name(store: TableStore) -> None:
    store.add(CRYPT)
    renamed = RollableTable("Deep crypt", CRYPT.dice, CRYPT.rows, CRYPT.source)
    store.save(renamed, previous_name="Crypt")
    assert [s.name for s in store.summaries()] == ["Deep crypt", "Goblin warren", "Miasma"]
    taken = RollableTable("Miasma", CRYPT.dice, CRYPT.rows)
    with pytest.raises(ValueError, match="already exists"):
        store.save(taken, previous_name="Deep crypt")
    with pytest.raises(ValueError, match="no table called 'Nowhere'"):
        store.save(taken, previous_name="Nowhere")
    assert store.get("Miasma") == MIASMA


class TestEncounterTables:
    def test_choice_per_dungeon(self, store: TableStore) -> None:
        store.add(CRYPT)
        assert store.set_encounter_table("The  Drowned Crypt", "crypt") == "Crypt"
        store.set_encounter_table("Goblin Hole", "Goblin warren")
        assert store.encounter_table_for("the drowned crypt") == "Crypt"
        assert store.encounter_tables() == {
            "The Drowned Crypt": "Crypt",
            "Goblin Hole": "Goblin warren",
        }
        store.set_encounter_table("Goblin Hole", None)
        assert store.encounter_table_for("Goblin Hole") is None

    def test_unknown_table_is_refused(self, store: TableStore) -> None:
        with pytest.raises(ValueError, match="no table called 'Owlbears'"):
            store.set_encounter_table("Crypt", "Owlbears")
        assert store.encounter_tables() == {}

    def test_choice_follows_a_rename_and_goes_with_a_delete(self, store: TableStore) -> None:
        store.add(CRYPT)
        store.set_encounter_table("Drowned Crypt", "Crypt")
        store.set_encounter_table("Warren", "Goblin warren")
        store.save(RollableTable("Sunken crypt", "1d2", CRYPT.rows), previous_name="Crypt")
        assert store.encounter_table_for("Drowned Crypt") == "Sunken crypt"
        store.delete("Goblin warren")
        assert store.encounter_tables() == {"Drowned Crypt": "Sunken crypt"}
