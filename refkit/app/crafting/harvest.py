"""A rest's Harvest activity, finished: the parts the corpse gave go into the crow's pack as
Monster part stacks (crafting materials), the ground tray taking what does not fit."""

from __future__ import annotations

from refkit.rules.character.model import Character
from refkit.rules.crafting.harvest import add_parts
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import InventoryRules

MONSTER_PART = "Monster part"


def with_harvested_parts(
    crow: Character, parts: int, size: str = "", rules: InventoryRules | None = None
) -> Character:
    """``crow`` carrying ``parts`` more monster parts (noted with the corpse's size)."""
    if parts <= 0:
        return crow
    entry = find_catalogue_item(load_item_catalogue(), MONSTER_PART)
    notes = f"Harvested from a {size} corpse." if size else "Harvested from a corpse."
    return crow.with_items(add_parts(crow.items, parts, entry, notes=notes, rules=rules).inventory)
