"""Two crows made for the wound tests, independent of the sample party and the item catalogue.

Ida: leather armour AD 2 (worn, backpack 1–2), rope in backpack 3, Stamina 5.
Bram: chain shirt AD 4 (worn), wooden shield AD 2 in hand 1, Stamina 9.
"""

from __future__ import annotations

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import BACKPACK, HAND, Armor, Inventory, Item

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
