"""Two crows for the wound and rest tests, apart from the sample party and the item catalogue.

Ida: leather armour AD 2 (worn, backpack 1–2), rope in backpack 3, Stamina 5.
Bram: chain shirt AD 4 (worn), wooden shield AD 2 in hand 1, Stamina 9.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from refkit.app.character_service import CharacterService
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.bridge import dungeon_service_with_party
from refkit.compose import open_character_service
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, HAND, Armor, Inventory, Item
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

IDA = "Ida Fenwick"
BRAM = "Bram Holloway"


def ida() -> Character:
    items = Inventory(
        (
            Item(
                "Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(2, 2, True), id="suit"
            ),
            Item("Rope", area=BACKPACK, at=3, id="rope"),
        )
    )
    return Character(IDA, Characteristics(0, 2, 1), Stamina(5, 5), items=items)


def bram() -> Character:
    items = Inventory(
        (
            Item("Chain shirt", area=BACKPACK, at=1, slots=2, armor=Armor(4, 4, True), id="shirt"),
            Item(
                "Wooden shield", area=HAND, at=1, armor=Armor(2, 2), tags=("shield",), id="shield"
            ),
        )
    )
    return Character(BRAM, Characteristics(1, 0, 2), Stamina(9, 9), items=items)


def add_wound_crows(service: CharacterService) -> None:
    service.create(ida())
    service.create(bram())


@contextmanager
def wound_service(db_path: Path) -> Iterator[CharacterService]:
    """A character service on a new database holding only these two crows."""
    with open_character_service(str(db_path), seed_samples=False) as opened:
        add_wound_crows(opened)
        yield opened


@contextmanager
def party_table(db_path: Path) -> Iterator[tuple[CharacterService, DungeonTurnService]]:
    """These two crows and a dungeon-turn service whose End DT and rests act on the party."""
    db = Database.open(str(db_path))
    characters = CharacterService(CharacterRepository(db))
    add_wound_crows(characters)
    service, bridge = dungeon_service_with_party(DungeonTurnStore(db), characters)
    try:
        yield characters, service
    finally:
        bridge.close()
        db.close()
