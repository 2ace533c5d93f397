"""Marking an item damaged or repaired: which items can be damaged, and why the others cannot.

Suits of armour and shields (anything with AD) and tools (a lockpick set, a crowbar, an
alchemist's kit…) can be damaged; a damaged item takes a bane on tests made with it until it is
repaired at a rest (booklet L169). Tools with usage dice (a torch, a lantern, a surgical kit) wear
out through their dice instead. The AD an armour loses to hits is kept apart (``Armor.ad``):
marking it damaged or repaired leaves its AD as it is; Repair Armor at a rest gives it back (L473).
"""

from __future__ import annotations

from refkit.rules.inventory.model import Inventory, Item
from refkit.rules.inventory.moves import MoveRefused

TOOL_TAG = "tool"


def damage_refusal(item: Item) -> str:
    """Why ``item`` cannot be marked damaged ("" when it can)."""
    if item.armor is None and TOOL_TAG not in item.tags:
        return f"{item.name} cannot be damaged: only armour, shields and tools can"
    if item.armor is None and item.usage_dice is not None:
        return f"{item.name} wears out through its usage dice; it is not damaged"
    if item.count > 1:
        return f"{item.name} is a stack of {item.count}: split one off to mark it damaged"
    return ""


def mark_damaged(items: Inventory, item_id: str, damaged: bool) -> Inventory:
    """``items`` with ``item_id`` damaged (``damaged``) or repaired; MoveRefused saying why when
    the item cannot be damaged or is already in that state."""
    item = items.find(item_id)
    if damaged:
        refused = damage_refusal(item)
        if refused:
            raise MoveRefused(refused)
        if item.damaged:
            raise MoveRefused(f"{item.name} is already damaged")
    elif not item.damaged:
        raise MoveRefused(f"{item.name} is not damaged: there is nothing to repair")
    return items.replaced(item.with_damage(damaged))
