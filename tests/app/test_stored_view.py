"""The stored state read with plain sqlite3 is the state the services read (issue 8).

The window shows the clock, the lights, the party at the table and the newest rolls from
:mod:`refkit.app.dungeon.stored_view` and :mod:`refkit.store.sqlite.quick` before the ORM is
loaded; once the services are built they read the same rows again. Any difference between the
two reads would show as the panels changing under the user's eyes a second after the start, or
worse, as a preview that is not what is stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.app.dungeon.stored_view import StoredParty, stored_party, stored_view
from refkit.app.dungeon_turn_commands import (
    AddLightCommand,
    EncounterTogglesCommand,
    LightItemCommand,
    StartTurnCommand,
)
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import PartyBridge, dungeon_service_with_party
from refkit.dice.records import RollRecord
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import HAND, Inventory, Item, UsageDiceState
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore
from refkit.store.roll_log import RollLogRepository
from refkit.store.sqlite.quick import QuickDatabase, open_quick
from tests.app.scripted_dice import ScriptedDice

WREN = "Tamsin Reed"
NOW = 1_900_000_000.0


def lantern(current: int) -> Item:
    modes = frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT})
    dice = UsageDiceState(3, current, modes, refuel_with="Oil flask")
    return Item("Lantern", area=HAND, at=1, usage_dice=dice, tags=("light",), id="lantern")


class Table:
    """A database with a crow, a party, a running DT and a few rolls, and its services."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = Database.open(str(path))
        self.characters = CharacterService(CharacterRepository(self.db))
        for party in self.characters.list_parties():  # the sample party: this table has its own
            self.characters.delete_party(party.name)
        crow = Character(WREN, Characteristics(1, 1, 1), Stamina(6, 6))
        self.characters.create(crow.with_items(Inventory((lantern(3),))))
        self.now = NOW
        self.service: DungeonTurnService
        self.bridge: PartyBridge
        self.service, self.bridge = dungeon_service_with_party(
            DungeonTurnStore(self.db),
            self.characters,
            clock=lambda: self.now,
            rng_factory=ScriptedDice().factory,
        )

    def quick(self) -> QuickDatabase:
        quick = open_quick(str(self.path))
        assert quick is not None, "an up-to-date file must open on the quick path"
        return quick

    def close(self) -> None:
        self.bridge.close()
        self.db.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path / "stored.sqlite3")
    yield made
    made.close()


def test_a_fresh_clock_reads_the_same_both_ways(table: Table) -> None:
    with table.quick() as quick:
        assert stored_view(quick, NOW) == table.service.view()


def test_a_running_dt_with_lights_and_toggles_reads_the_same_both_ways(table: Table) -> None:
    StartTurnCommand(table.service, dungeon="The Sunken Chapel").do()
    table.now += 95.5
    AddLightCommand(table.service, "torch", owner="Marek").do()
    LightItemCommand(table.service, WREN, "lantern").do()
    EncounterTogglesCommand(table.service, crowded=True, modifiers=[2]).do()
    with table.quick() as quick:
        assert stored_view(quick, table.now) == table.service.view()


def test_a_light_from_a_crows_item_shows_the_items_dice_not_the_stored_copy(table: Table) -> None:
    StartTurnCommand(table.service, dungeon="Crypt").do()
    LightItemCommand(table.service, WREN, "lantern").do()
    crow = table.characters.get(WREN)  # a sheet edit: one die spent on the lantern itself
    table.characters.save(crow.with_items(crow.items.replaced(lantern(1))))
    with table.quick() as quick:
        view = stored_view(quick, NOW)
    (light,) = view.effects
    assert light.usage_dice == 1
    assert view == table.service.view()


def test_the_party_at_the_table_is_chosen_as_the_bridge_chooses(table: Table) -> None:
    with table.quick() as quick:
        assert stored_party(quick) == StoredParty((), None, False)
    table.characters.create_party("Ash and Ember", [WREN])
    with table.quick() as quick:  # the only party, not chosen yet: at the table
        assert stored_party(quick) == StoredParty(("Ash and Ember",), "Ash and Ember", False)
    table.characters.create_party("Bramble", [])
    with table.quick() as quick:  # two parties, none chosen: nobody
        assert stored_party(quick).at_table is None
    assert table.bridge.party_name() is None
    table.bridge.set_party("bramble")  # chosen, ignoring case as the store does
    with table.quick() as quick:
        party = stored_party(quick)
    assert party == StoredParty(("Ash and Ember", "Bramble"), "Bramble", False)
    assert party.at_table == table.bridge.party_name()


def test_the_newest_rolls_read_the_same_both_ways(table: Table) -> None:
    log = RollLogRepository(table.db)
    base = datetime(2026, 12, 1, 20, 15, 0, 123456, tzinfo=UTC)
    for minute, faces in enumerate([(3, 7), (10,), (1, 1, 6)]):
        record = RollRecord(
            kind="notation",
            expression=f"{len(faces)}d10",
            faces=faces,
            total=sum(faces),
            seed=None if minute == 1 else 1234 + minute,
            rolled_at=base.replace(minute=minute),
            summary=f"rolled {sum(faces)} <b>“quoted”</b>",
            detail={"note": "Café & crows", "minute": minute},
        )
        log.add(record, source="cli" if minute == 2 else "app")
    log.add(RollRecord.from_dict({**record.to_dict(), "summary": "same moment, newer id"}))
    with table.quick() as quick:
        assert quick.recent_rolls(10) == log.recent(limit=10)
        assert quick.recent_rolls(2) == log.recent(limit=2)
