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
from refkit.rules.inventory.slot_grants import ALCHEMY, ANY, SlotGrant, TraitShaping

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


SECOND_SKIN = "Armor: Second Skin"
STACKS_ON_STACKS = "Leverage: Stacks on Stacks"
SHARE_FOOD = "Pets: Share Food"
DOUBLE_QUIVER = "Archery: Double Quiver"
DRAW_TRAITS = ("Knowledge: Labeled Inventory", "Thievery: Out of the Pack")

SLOT_TRAIT_TEXT: dict[str, str] = {
    fold(source): text
    for source, text in (
        (SECOND_SKIN, "worn armour takes 1 slot fewer"),
        (STACKS_ON_STACKS, "stacks of more than 1 hold 1 more"),
        (SHARE_FOOD, "rations and animal feed stack together"),
        (DRAW_TRAITS[0], "backpack slots count 1 lower when drawing"),
        (DRAW_TRAITS[1], "backpack slots count 1 lower when drawing"),
        (DOUBLE_QUIVER, "two quivers of 20 arrows share 1 slot (40 arrows)"),
        ("Thievery: Bursting Purse", "a coin purse holds 500 gc more"),
        ("Pets: Beast of Burden", "after a rest one pet has 2 more backpack slots"),
        ("Elemental: Burned in the Brain", "an absorbed elemental spellbook takes no slot"),
    )
}
"""The other slot-changing traits (folded ``"Tree: Name"``) → what they change, in a few words.
The first four and Double Quiver change the slot rules (:func:`trait_shaping`), Bursting Purse
the purse's room (:mod:`refkit.rules.character.purse`), Beast of Burden a pet's pack after a
rest (:mod:`refkit.rules.character.pet_moves`); the others are said beside the board and on the
PDF sheet (Burned in the Brain: its rest activity absorbs the book)."""


def trait_shaping(traits: tuple[str, ...]) -> TraitShaping:
    """How these traits change the slots and stacks of what the crow carries. Labeled Inventory
    and Out of the Pack do the same thing and, like the extra belt slot, do not add up."""
    has = {fold(t) for t in traits}
    return TraitShaping(
        stack_plus=1 if fold(STACKS_ON_STACKS) in has else 0,
        shared_stacks=("ration", "feed") if fold(SHARE_FOOD) in has else (),
        armor_less=1 if fold(SECOND_SKIN) in has else 0,
        draw_less=1 if any(fold(t) in has for t in DRAW_TRAITS) else 0,
        quivers=2 if fold(DOUBLE_QUIVER) in has else 0,
    )


def slot_trait_lines(character: Character) -> tuple[str, ...]:
    """What the crow's slot-changing traits do, one line each (``Second Skin: worn armour …``),
    the extra belt slot's too, in the order the crow has them."""
    lines: list[str] = []
    for trait in character.traits:
        name = trait.partition(": ")[2] or trait
        if fold(trait) in SLOT_TRAITS:
            lines.append(f"{name}: belt slot 5, {SLOT_TRAITS[fold(trait)].holds}")
        elif fold(trait) in SLOT_TRAIT_TEXT:
            lines.append(f"{name}: {SLOT_TRAIT_TEXT[fold(trait)]}")
    return tuple(lines)


def inventory_rules(character: Character, base: InventoryRules | None = None) -> InventoryRules:
    """The slot rules for ``character``: ``base`` (the table's readings) with its traits' slots
    and how its traits shape its items' slots and stacks."""
    return replace(
        base or InventoryRules(),
        slot_grants=slot_grants(character.traits),
        shaping=trait_shaping(character.traits),
    )
