"""The backlash table and the Miasma table the referee chose: checked, used, and given back to
Refkit's defaults when the chosen table is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from refkit.app.table_service import (
    DeleteTableCommand,
    TableService,
    UseTableCommand,
    fallback_text,
)
from refkit.compose import table_service_on
from refkit.rules.tables.defaults import BACKLASH_TABLE, MIASMA_TABLE, default_table
from refkit.rules.tables.model import RollableTable, TableSource
from refkit.slot_record import replace
from refkit.store import Database


@pytest.fixture
def db(tmp_path: Path):
    database = Database.open(str(tmp_path / "tables.sqlite3"))
    yield database
    database.close()


@pytest.fixture
def service(db: Database) -> TableService:
    return table_service_on(db)


def own_copy(name: str, of: str, first_text: str) -> RollableTable:
    """Refkit's default table ``of`` under another name, its first row reworded."""
    table = default_table(of)
    first = table.rows[0]
    rows = (replace(first, text=first_text), *table.rows[1:])
    return RollableTable(
        name=name,
        dice=table.dice,
        rows=rows,
        source=TableSource.IMPORTED,
        max_modifier=table.max_modifier,
        modifier_name=table.modifier_name,
    )


def test_with_nothing_chosen_refkits_defaults_are_used(service: TableService) -> None:
    assert [(a.use, a.name, a.chosen) for a in service.active_tables()] == [
        ("backlash", BACKLASH_TABLE, False),
        ("miasma", MIASMA_TABLE, False),
    ]
    assert service.active_table("backlash").name == BACKLASH_TABLE
    assert service.active_table("miasma").name == MIASMA_TABLE


def test_a_chosen_table_is_the_one_rolled_and_survives_reopening(
    tmp_path: Path, service: TableService
) -> None:
    service.add(own_copy("Official backlashes", BACKLASH_TABLE, "Sparks everywhere"))
    service.add(own_copy("Official Miasma", MIASMA_TABLE, "A grey fog"))
    service.use_table("official backlashes", "backlash")
    service.use_table("Official Miasma", "miasma")
    reopened = Database.open(str(tmp_path / "tables.sqlite3"))
    try:
        again = table_service_on(reopened)
        assert again.active("backlash").name == "Official backlashes"
        assert again.active_table("backlash").rows[0].text == "Sparks everywhere"
        assert again.active_table("miasma").rows[0].text == "A grey fog"
    finally:
        reopened.close()


def test_a_table_with_the_wrong_dice_is_refused_with_the_reason(service: TableService) -> None:
    with pytest.raises(ValueError, match=r"rolls 2d6.*backlash table.*d100"):
        service.use_table("Encounters: goblin warren", "backlash")
    with pytest.raises(ValueError, match=r"rolls d100.*Miasma table.*1d10"):
        service.use_table(BACKLASH_TABLE, "miasma")
    with pytest.raises(ValueError, match="no table called 'Nope'"):
        service.use_table("Nope", "miasma")
    assert not any(active.chosen for active in service.active_tables())


def test_deleting_the_chosen_table_falls_back_to_the_default_and_says_so(
    service: TableService,
) -> None:
    service.add(own_copy("Official backlashes", BACKLASH_TABLE, "Sparks everywhere"))
    service.use_table("Official backlashes", "backlash")
    delete = DeleteTableCommand(service, "Official backlashes")
    delete.do()
    assert delete.fell_back == ("backlash",)
    assert "Refkit default backlashes" in fallback_text("Official backlashes", delete.fell_back)
    assert service.active("backlash").chosen is False
    assert service.active_table("backlash").name == BACKLASH_TABLE
    delete.undo()
    assert service.active("backlash").name == "Official backlashes"


def test_deleting_a_table_chosen_for_nothing_says_nothing(service: TableService) -> None:
    delete = DeleteTableCommand(service, "Encounters: goblin warren")
    delete.do()
    assert delete.fell_back == ()
    assert fallback_text("Encounters: goblin warren", ()) == ""


def test_a_renamed_chosen_table_stays_chosen(service: TableService) -> None:
    copy = own_copy("Official Miasma", MIASMA_TABLE, "A grey fog")
    service.add(copy)
    service.use_table("Official Miasma", "miasma")
    renamed = RollableTable(
        name="My Miasma",
        dice=copy.dice,
        rows=copy.rows,
        source=copy.source,
        max_modifier=copy.max_modifier,
        modifier_name=copy.modifier_name,
    )
    service.save_table(renamed, previous_name="Official Miasma")
    assert service.active("miasma").name == "My Miasma"


def test_choosing_is_one_undo_step(service: TableService) -> None:
    service.add(own_copy("Official Miasma", MIASMA_TABLE, "A grey fog"))
    command = UseTableCommand(service, "Official Miasma", "miasma")
    command.do()
    assert service.active("miasma").name == "Official Miasma"
    command.undo()
    assert service.active("miasma").chosen is False
