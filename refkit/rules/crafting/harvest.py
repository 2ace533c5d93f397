"""Harvested parts as crafting materials: the parts a corpse gave (1d6 … 4d6 by size, L457)
become Monster part stacks in a crow's inventory, in free places first and on the ground tray
when nothing fits (said, so the referee can sort them out)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from refkit.rules.inventory.catalogue import CatalogueItem
from refkit.rules.inventory.model import Inventory, InventoryRules, fresh_item_id
from refkit.rules.inventory.moves import add_item

MAX_PARTS = 24  # 4d6


@dataclass(frozen=True)
class HarvestedParts:
    inventory: Inventory
    carried: int
    on_ground: int


def add_parts(
    inventory: Inventory,
    parts: int,
    part: CatalogueItem,
    *,
    notes: str = "",
    rules: InventoryRules | None = None,
) -> HarvestedParts:
    """``inventory`` with ``parts`` of ``part`` (the catalogue's Monster part) added, stack by
    stack; ``notes`` (what the corpse was) goes on each new stack."""
    if isinstance(parts, bool) or not isinstance(parts, int) or not 1 <= parts <= MAX_PARTS:
        raise ValueError(f"harvested parts must be a whole number from 1 to {MAX_PARTS}")
    limit = part.stack.limit if part.stack is not None else 1
    before = sum(item.count for item in inventory.ground if item.name == part.name)
    left = parts
    while left:
        count = min(left, limit)
        item = part.to_item(
            count=count if part.stack is not None else 1,
            item_id=fresh_item_id(part.name, inventory.ids()),
        )
        if notes:
            item = replace(item, notes=notes)
        inventory = add_item(inventory, item, rules=rules)
        left -= item.count
    after = sum(item.count for item in inventory.ground if item.name == part.name)
    on_ground = after - before
    return HarvestedParts(inventory, parts - on_ground, on_ground)
