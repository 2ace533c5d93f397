"""The traits that give a crow an extra slot, as inventory rules (characters facts §4.4, S).

:func:`inventory_rules` is the slot rules for one crow: the table's readings plus the extra belt
slot its traits give (see :mod:`refkit.rules.inventory.slot_grants` for how several combine).
The sheet's board, the move rules, the character check and the PDF sheet all ask it, so a crow
with Stabbing Holster has a fifth belt slot for a spear everywhere and a crow without has none.
"""

from __future__ import annotations

from dataclasses import replace

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import BELT, InventoryRules
from refkit.rules.inventory.slot_grants import ALCHEMY, ANY, SlotGrant

SLOT_TRAITS: dict[str, SlotGrant] = {
    fold(grant.source): grant
    for grant in (
        SlotGrant("Alchemy: Alchemy Belt", BELT, ALCHEMY),
        SlotGrant("Bashing: Bashing Holster", BELT, "bashing"),
        SlotGrant("Chopping: Chopping Holster", BELT, "chopping"),
        SlotGrant("Stabbing: Stabbing Holster", BELT, "stabbing"),
        SlotGrant("Slashing: Scabbard", BELT, "slashing"),
        SlotGrant("Conjuration: Portal Pocket", BELT, ANY),
    )
}
"""Trait (folded ``"Tree: Name"``) → the extra slot it gives."""


def slot_grants(traits: tuple[str, ...]) -> tuple[SlotGrant, ...]:
    """The extra slots these traits give, in the order the crow has them."""
    return tuple(SLOT_TRAITS[fold(t)] for t in traits if fold(t) in SLOT_TRAITS)


def inventory_rules(character: Character, base: InventoryRules | None = None) -> InventoryRules:
    """The slot rules for ``character``: ``base`` (the table's readings) with its traits' slots."""
    return replace(base or InventoryRules(), slot_grants=slot_grants(character.traits))
