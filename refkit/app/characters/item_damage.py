"""Marking a crow's item damaged or repaired, or a weapon useless until fixed (Bury the Point)
or fixed, each as one undoable edit of the crow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from refkit.app.character_commands import CharacterEdit
from refkit.rules.character.build_data import fold
from refkit.rules.inventory.damaged import mark_damaged
from refkit.rules.inventory.model import Inventory, Item
from refkit.rules.inventory.moves import MoveRefused
from refkit.rules.inventory.useless import BURY_THE_POINT, mark_useless

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService


def mark_item_damaged(
    service: CharacterService, name: str, item_id: str, damaged: bool
) -> CharacterEdit:
    """The crow ``name``'s item ``item_id`` damaged (a bane until repaired) or repaired; raises
    MoveRefused with the reason when it cannot be (not armour, a shield or a tool; already so)."""
    before = service.get(name)
    try:
        item = before.items.find(item_id)
    except KeyError as error:
        raise MoveRefused(str(error.args[0])) from None
    items = mark_damaged(before.items, item_id, damaged)
    state = "damaged" if damaged else "repaired"
    return CharacterEdit(
        service, before.name, before, before.with_items(items), f"Mark {item.name} {state}"
    )


def mark_item_useless(
    service: CharacterService, name: str, item: str, useless: bool
) -> CharacterEdit:
    """The crow ``name``'s weapon ``item`` (its id, or its name, any case) useless until fixed
    after Bury the Point, or fixed (``False``); MoveRefused with the reason when it cannot be
    (the crow lacks the trait, no such item, not a stabbing weapon, already so)."""
    before = service.get(name)
    if useless and fold(BURY_THE_POINT) not in {fold(t) for t in before.traits}:
        raise MoveRefused(
            f"{before.name} does not have the trait Bury the Point: only it leaves a weapon "
            "useless until fixed"
        )
    found = [named_item(before.items, before.name, item)]
    items = mark_useless(before.items, found[0].id, useless)
    state = "useless until fixed" if useless else "fixed"
    text = f"Mark {found[0].name} {state}"
    return CharacterEdit(service, before.name, before, before.with_items(items), text)


def named_item(items: Inventory, crow: str, item: str) -> Item:
    """The item called ``item`` (its id, or its name, any case); MoveRefused when none is."""
    wanted = item.strip().casefold()
    for found in items:
        if wanted in (found.id.casefold(), found.name.casefold()):
            return found
    raise MoveRefused(f"{crow} carries no item called {item!r}")
