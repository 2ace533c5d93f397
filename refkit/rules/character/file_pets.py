"""The character file's pet keys beyond the contract's ``pets`` (a list of names, unchanged):
what the pets carry and which pet has Beast of Burden's extra slots. Both optional, version 2.

```json
"pets": ["Rex the Dog", "Goat"],
"pet_packs": {"Rex the Dog": [{"id": "rope-1", "name": "Rope", "slots": 1,
                               "area": "backpack", "at": 1}]},
"beast_of_burden": "Rex the Dog"
```

A pack's items are written as the backpack's items are (``area`` is always ``backpack``; ``at``
counts the pack's slots from 1). Written only when a pet carries something / has the slots. Each
problem raises ValueError naming the key (``pet_packs.Rex the Dog[0].area must be …``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refkit.rules.character.file_v2 import PETS, read_name
from refkit.rules.character.pet_packs import PetPack
from refkit.rules.common import file_bounds
from refkit.rules.inventory.model import BACKPACK, Inventory, Item

PET_KEYS = ("pet_packs", "beast_of_burden")


def read_pet_keys(data: dict[str, Any], read_item: Callable[[Any, str], Item]) -> dict[str, Any]:
    """``pet_packs`` and ``beast_of_burden`` of a file's object as :class:`Character` keywords;
    ``read_item`` reads one placed item (as the file's ``items`` are read)."""
    found: dict[str, Any] = {}
    if "beast_of_burden" in data:
        found["burden_pet"] = read_name(data["beast_of_burden"], "beast_of_burden", empty=True)
    if "pet_packs" not in data:
        return found
    packs = data["pet_packs"]
    if not isinstance(packs, dict):
        raise ValueError("pet_packs must be an object: a pet's name → the items it carries")
    if len(packs) > PETS:
        raise ValueError(f"pet_packs: {len(packs)} pets is more than {PETS}")
    read: list[PetPack] = []
    for pet, entries in packs.items():
        path = f"pet_packs.{read_name(pet, 'pet_packs has a pet whose name')}"
        if not isinstance(entries, list):
            raise ValueError(f"{path} must be a list of items")
        if len(entries) > file_bounds.ITEMS:
            raise ValueError(f"{path}: {len(entries)} items is more than {file_bounds.ITEMS}")
        items = []
        for index, entry in enumerate(entries):
            where = f"{path}[{index}]"
            if isinstance(entry, dict) and entry.get("area") != BACKPACK:
                area = entry.get("area")
                raise ValueError(
                    f"{where}.area must be 'backpack' (a pack's slots), not {area!r:.40}"
                )
            items.append(read_item(entry, where))
        read.append(PetPack(pet, Inventory(tuple(items))))
    found["pet_packs"] = tuple(read)
    return found


def pack_item_paths(packs: tuple[PetPack, ...]) -> list[tuple[str, Item]]:
    """Each packed item with the path the file gives it (for the file's unique-id check)."""
    return [
        (f"pet_packs.{pack.pet}[{index}]", item)
        for pack in packs
        for index, item in enumerate(pack.items.items)
    ]


def pet_keys_json(
    packs: tuple[PetPack, ...], burden_pet: str, item_json: Callable[[Item], dict[str, Any]]
) -> dict[str, Any]:
    """The keys that say something (empty for a crow whose pets carry nothing)."""
    data: dict[str, Any] = {}
    if packs:
        data["pet_packs"] = {pack.pet: [item_json(i) for i in pack.items.items] for pack in packs}
    if burden_pet:
        data["beast_of_burden"] = burden_pet
    return data
