"""Marking a crow's item damaged or repaired, as one undoable edit of the crow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from refkit.app.character_commands import CharacterEdit
from refkit.rules.inventory.damaged import mark_damaged
from refkit.rules.inventory.moves import MoveRefused

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
