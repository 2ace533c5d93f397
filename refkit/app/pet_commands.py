"""Putting things on a pet and taking them off, as undoable edits of the crow (like the item
moves of :mod:`refkit.app.character_commands`): the factory reads the stored crow, applies the
rule of :mod:`refkit.rules.character.pet_moves` and returns the command without running it. A
move the rules refuse raises MoveRefused with the reason, and no command exists."""

from __future__ import annotations

from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character
from refkit.rules.character.pet_moves import (
    has_burden,
    holder,
    move_from_pack,
    move_to_pack,
    pack_of,
    pack_slots,
    pet_named,
)
from refkit.rules.character.pet_packs import pet_kind
from refkit.rules.inventory.model import BACKPACK, GROUND, describe_place
from refkit.rules.inventory.moves import MoveRefused


def _item_name(character: Character, item_id: str) -> str:
    pet = holder(character, item_id)
    items = character.items if pet is None else pack_of(character, pet).items
    return items.find(item_id).name


def pack_item(
    service: CharacterService, name: str, item_id: str, pet: str, at: int | None = None
) -> CharacterEdit:
    """The item (from the crow's slots or ground tray, or another pet) put in ``pet``'s pack at
    slot ``at`` (None: the first place that takes it)."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    after = move_to_pack(before, item_id, pet, at, rules=service.rules)
    pet = pet_named(before, pet)
    return CharacterEdit(service, before.name, before, after, f"Put {item_name} on {pet}")


def unpack_item(
    service: CharacterService,
    name: str,
    item_id: str,
    area: str = BACKPACK,
    at: int | str | None = None,
) -> CharacterEdit:
    """A packed item taken back to the crow's ``area`` at ``at`` (None: the first place that
    takes it; ``ground``: the ground tray)."""
    before = service.get(name)
    item_name = _item_name(before, item_id)
    pet = holder(before, item_id) or ""
    after = move_from_pack(before, item_id, area, at, rules=service.rules)
    where = "the ground" if area == GROUND else _placed(after, item_id, area, at)
    return CharacterEdit(
        service, before.name, before, after, f"Take {item_name} off {pet} to {where}"
    )


def _placed(after: Character, item_id: str, area: str, at: int | str | None) -> str:
    if item_id in after.items.ids():
        return after.items.find(item_id).location
    if isinstance(at, str):
        return describe_place(area, None, magic_slot=at)
    return describe_place(area, at)


def item_id_named(character: Character, item: str) -> str:
    """The id of the item called ``item`` (its id, or its name, any case) the crow or one of its
    pets carries, the crow's own first; MoveRefused when there is none."""
    wanted = " ".join(item.split()).casefold()
    groups = [character.items, *(pack.items for pack in character.pet_packs)]
    for key in ("id", "name"):
        for items in groups:
            for found in items:
                if getattr(found, key).casefold() == wanted:
                    return found.id
    raise MoveRefused(f"{character.name} and the pets carry no item called {item!r}")


def pets_view(character: Character) -> list[dict[str, Any]]:
    """Each pet, its kind, its pack's slots (None: no pack), whether it has Beast of Burden's
    extra slots, and what it carries (the JSON of ``character show`` and the pack commands)."""
    return [
        {
            "name": pet,
            "kind": pet_kind(pet),
            "slots": pack_slots(character, pet),
            "beast_of_burden": has_burden(character, pet),
            "items": [
                {"id": i.id, "name": i.name, "at": i.at, "slots": i.slots, "count": i.count}
                for i in pack_of(character, pet).items
            ],
        }
        for pet in character.pets
    ]
