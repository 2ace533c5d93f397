"""An item moved from one inventory into another (a crow's slots and a pet's pack).

The target's own slot rules decide, exactly as a move inside one inventory does
(:func:`~refkit.rules.inventory.moves.can_place_item`): free slots side by side, stacks of one kind
up to their limit (a stack merging moves as many as fit; the rest stay where they were), no stack
in a hand, worn magic items only in a magic slot. A refused transfer raises MoveRefused and changes
neither inventory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from refkit.rules.inventory.model import (
    GROUND,
    Inventory,
    InventoryRules,
    fresh_item_id,
)
from refkit.rules.inventory.moves import MoveRefused, can_place_item, first_free_place


def transfer(
    source: Inventory,
    target: Inventory,
    item_id: str,
    area: str,
    at: int | str | None,
    *,
    rules: InventoryRules,
    taken_ids: Iterable[str] = (),
    worn_stays: bool = True,
) -> tuple[Inventory, Inventory]:
    """``source`` without the item (or what of a stack moved) and ``target`` with it at
    ``area``/``at`` (None: the first place in ``area`` that takes it whole). A stack split by a
    partial merge gets an id that is in neither inventory nor ``taken_ids``. ``worn_stays=False``
    takes worn armour off (a pet's pack is nobody's worn suit)."""
    try:
        item = source.find(item_id)
    except KeyError as error:
        raise MoveRefused(str(error.args[0])) from None
    if area != GROUND and at is None:
        place = first_free_place(target, item, (area,), rules=rules)
        if place is None:
            raise MoveRefused(f"There is no room in the {area} for {item.name}")
        area, at = place
    verdict = can_place_item(target, item, area, at, rules=rules)
    if not verdict.ok:
        raise MoveRefused(verdict.reason)
    moving = item.count if verdict.merged is None else verdict.merged
    remainder = item.count - moving
    rest = source.replaced(replace(item, count=remainder)) if remainder else source.without(item.id)
    if verdict.merge_target is not None:
        joined = target.find(verdict.merge_target)
        return rest, target.replaced(replace(joined, count=joined.count + moving))
    placed = item.moved_to(area, at)
    if not worn_stays and placed.armor is not None and placed.armor.worn:
        placed = replace(placed, armor=replace(placed.armor, worn=False))
    piece_id = item.id
    if remainder:
        piece_id = fresh_item_id(item.name, {*rest.ids(), *target.ids(), *taken_ids})
    return rest, target.with_item(replace(placed, count=moving, id=piece_id))
