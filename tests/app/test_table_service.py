"""Rollable tables as the referee uses them: roll into the session log, import, edit, undo."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.table_service import DeleteTableCommand, SaveTableCommand, TableService
from refkit.compose import table_service_on
from refkit.rules.tables.import_formats import TableImportError
from refkit.rules.tables.model import RollableTable, TableRow, TableSource
from refkit.store import Database, DungeonTurnStore

NOW = 1_900_000_000.0

GAPPY_TEXT = """\
1-2 Rats
3 Bats
5-6 Cats
"""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def db(path: Path):
    database = Database.open(str(path))
    yield database
    database.close()


@pytest.fixture
def service(db: Database) -> TableService:
    return table_service_on(
        db,
        rng_factory=lambda seed: (random.Random(seed), 7 if seed is None else seed),
        clock=lambda: NOW,
    )


def database_dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def test_rolls_read_the_row_roll_its_dice_and_go_into_the_session_log(
    db: Database, service: TableService
) -> None:
    DungeonTurnService(DungeonTurnStore(db), clock=lambda: NOW).start(dungeon="Goblin Hole")
    logged = service.roll("Encounters: goblin warren", 5, seed=11)
    assert logged.roll.index == 5
    assert logged.roll.row.covers(5)
    assert logged.seed == 11
    assert "1d" not in logged.roll.text  # the dice in the entry were rolled
    data = logged.to_dict()
    assert set(data) == {"table", "index", "entry", "text"}
    assert data["entry"]["low"] <= 5 <= data["entry"]["high"]

    (entry,) = DungeonTurnStore(db).session_log.entries(kinds=["table_roll"])
    assert entry.dt == 1
    assert entry.at == datetime.fromtimestamp(NOW, UTC)
    assert entry.text.startswith("Encounters: goblin warren: 5 (total given) → ")
    assert entry.detail["seed"] == 11 and entry.detail["forced"] is True


def test_the_same_seed_gives_the_same_roll(service: TableService) -> None:
    first = service.roll("Encounters: forest road", seed=99)
    second = service.roll("Encounters: forest road", seed=99)
    assert first.roll == second.roll


def test_impossible_totals_and_unknown_tables_log_nothing(
    db: Database, service: TableService
) -> None:
    with pytest.raises(ValueError, match="outside 2d6's range 2–12"):
        service.roll("Encounters: goblin warren", 13)
    with pytest.raises(ValueError, match="no table called 'Owlbears'"):
        service.roll("Owlbears")
    assert DungeonTurnStore(db).session_log.entries() == []


def test_a_modifier_reaches_open_ended_rows(service: TableService) -> None:
    logged = service.roll("Refkit default Miasma effects", 10, modifier=6)
    assert logged.roll.index == 16
    assert logged.roll.row.high is None


class TestImport:
    def test_pasted_text_with_a_gap_is_refused_naming_the_rows_and_nothing_changes(
        self, path: Path, service: TableService
    ) -> None:
        service.summaries()  # seed, so only the import could change the file
        before = database_dump(path)
        with pytest.raises(TableImportError) as refused:
            service.import_table(GAPPY_TEXT, "Vermin", fmt="text")
        message = str(refused.value)
        assert "no row covers 4" in message
        assert "rows 2 and 3" in message
        assert "lines 2 and 3" in message
        assert database_dump(path) == before

    def test_an_overlapping_csv_file_is_refused(
        self, path: Path, service: TableService, tmp_path: Path
    ) -> None:
        file = tmp_path / "vermin.csv"
        file.write_text("low,high,text\n1,3,Rats\n3,4,Bats\n", encoding="utf-8")
        service.summaries()
        before = database_dump(path)
        with pytest.raises(TableImportError, match=r"rows 1 and 2 .*both cover 3"):
            service.import_table(file, "Vermin")
        assert database_dump(path) == before

    def test_text_csv_and_toml_imports(self, service: TableService, tmp_path: Path) -> None:
        text = service.import_table("01–02 Rats\n3 1d4 bats\n4 A cat", "Vermin", fmt="text")
        assert (text.dice, len(text.rows), text.source) == ("1d4", 3, TableSource.IMPORTED)

        csv_file = tmp_path / "crypt.csv"
        csv_file.write_text("1,1,Ghoul\n2,,Shade\n", encoding="utf-8")
        assert service.import_table(csv_file).name == "crypt"

        toml_text = (
            '[table]\nname = "Bridge"\ndice = "1d2"\n\n[[rows]]\nlow = 1\ntext = "Troll"\n\n'
            '[[rows]]\nlow = 2\ntext = "Toll | 2d6 gc"\n'
        )
        bridge = service.import_table(toml_text, fmt="toml")
        assert service.get("bridge") == bridge
        assert service.roll("Bridge", 2, seed=1).roll.text.startswith("Toll | ")
        names = [summary.name for summary in service.summaries()]
        assert {"Vermin", "crypt", "Bridge"} <= set(names)

    def test_a_taken_name_is_refused_unless_replacing(
        self, path: Path, service: TableService
    ) -> None:
        service.import_table("1 Rats\n2 Bats", "Vermin", fmt="text")
        before = database_dump(path)
        with pytest.raises(ValueError, match="already exists"):
            service.import_table("1 Mice\n2 Moles", "VERMIN", fmt="text")
        assert database_dump(path) == before
        service.import_table("1 Mice\n2 Moles", "VERMIN", fmt="text", replace=True)
        assert [row.text for row in service.get("vermin").rows] == ["Mice", "Moles"]

    def test_unknown_format_is_refused(self, service: TableService) -> None:
        with pytest.raises(ValueError, match="unknown table format 'yaml'"):
            service.import_table("1 Rats", "Vermin", fmt="yaml")  # type: ignore[arg-type]


def test_encounter_table_per_dungeon_in_one_click(service: TableService) -> None:
    with pytest.raises(ValueError, match="no encounter table is chosen for Goblin Hole"):
        service.roll_encounter_table("Goblin Hole")
    assert service.choose_encounter_table("Goblin Hole", "encounters: GOBLIN warren") == (
        "Encounters: goblin warren"
    )
    assert service.encounter_table("goblin hole") == "Encounters: goblin warren"
    rolled = service.roll_encounter_table("Goblin Hole", seed=5)
    assert rolled.roll.table == "Encounters: goblin warren"


class TestEditing:
    def test_delete_and_undo(self, service: TableService) -> None:
        original = service.get("Encounters: forest road")
        command = DeleteTableCommand(service, "encounters: forest road")
        command.do()
        assert command.text == "Delete table Encounters: forest road"
        with pytest.raises(ValueError, match="no table called"):
            service.get("Encounters: forest road")
        command.undo()
        assert service.get("Encounters: forest road") == original

    def test_save_rename_and_undo(self, service: TableService) -> None:
        original = service.get("Encounters: forest road")
        edited = RollableTable(
            "Forest road (ours)", "1d2", (TableRow(1, 1, "Bandits"), TableRow(2, 2, "Deer"))
        )
        command = SaveTableCommand(service, edited, previous_name="Encounters: forest road")
        command.do()
        assert service.get("Forest road (ours)") == edited
        assert not service.store.exists("Encounters: forest road")
        command.undo()
        assert service.get("Encounters: forest road") == original
        assert not service.store.exists("Forest road (ours)")

    def test_a_new_table_saved_then_undone_is_gone(self, service: TableService) -> None:
        table = RollableTable("Weather", "1d2", (TableRow(1, 1, "Rain"), TableRow(2, 2, "Fog")))
        command = SaveTableCommand(service, table)
        command.do()
        assert service.get("Weather") == table
        command.undo()
        assert not service.store.exists("Weather")

    def test_restore_defaults(self, service: TableService) -> None:
        service.delete("Refkit default backlashes")
        assert service.restore_defaults() == ("Refkit default backlashes",)
