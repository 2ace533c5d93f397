"""Pets that carry things: a pet's pack and how many slots it has (items facts, pets / mounts).

A pet's slots are its wound boxes: a Dog has 1, a Goat 2, a Riding Horse 10. Refkit knows a pet's
kind from its name — "Dog", "Goat", "Riding Horse" (The Nest's "Horse, Riding" too), or a name
that has the kind as a word of its own ("Rex the Dog", "Bessie (Goat)"). A pet whose name names
no kind it knows has no pack, and :func:`no_pack_reason` says so.

The trait Beast of Burden (Pets tree, characters facts): after a rest one pet has 2 more slots
until the crow's next rest ends (:data:`BURDEN_SLOTS`). Which pet has them is kept on the crow
(``Character.burden_pet``); the rest sets and clears it
(:func:`refkit.rules.character.pet_moves.burden_after_rest`).

A pack's items lie in the ``backpack`` area of the pack's own :class:`Inventory`, at slots
1 … the pack's size, so the backpack's slot and stack rules apply to them unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from refkit.rules.common.name_text import require_plain_name
from refkit.rules.inventory.model import BACKPACK, Inventory, fresh_item_id

PET_KINDS: dict[str, int] = {"Dog": 1, "Goat": 2, "Riding Horse": 10}
"""Each kind of pet Refkit knows a pack for, and its slots (= wound boxes)."""
KIND_ALIASES: dict[str, str] = {"horse, riding": "Riding Horse"}
BEAST_OF_BURDEN = "Pets: Beast of Burden"
BURDEN_SLOTS = 2
"""The extra slots Beast of Burden gives one pet after a rest."""

_KIND_WORDS = re.compile(r"(?<![\w])(riding horse|horse, riding|goat|dog)(?![\w])", re.IGNORECASE)


def pet_kind(name: str) -> str | None:
    """The kind of pet ``name`` names ("Dog", "Goat", "Riding Horse"), or None when it names none
    Refkit knows (or names two kinds: "Dog and Goat" is not one animal)."""
    found = {match.casefold() for match in _KIND_WORDS.findall(" ".join(name.split()))}
    kinds = {KIND_ALIASES.get(word, word) for word in found}
    known = {kind.casefold(): kind for kind in PET_KINDS}
    kinds = {known.get(kind.casefold(), kind) for kind in kinds}
    return kinds.pop() if len(kinds) == 1 else None


def base_slots(name: str) -> int | None:
    """The pack slots of the pet called ``name`` by its kind (None: no kind Refkit knows)."""
    kind = pet_kind(name)
    return None if kind is None else PET_KINDS[kind]


def no_pack_reason(name: str) -> str:
    """Why the pet called ``name`` carries nothing in Refkit."""
    kinds = ", ".join(f"a {kind} ({slots})" for kind, slots in PET_KINDS.items())
    return (
        f"{name} has no pack: Refkit knows the slots of {kinds}; name a pet by its kind "
        '("Rex the Dog") for it to carry things'
    )


@dataclass(frozen=True)
class PetPack:
    """What one pet carries: ``items``, each in the backpack area at slot 1 … the pack's size."""

    pet: str
    items: Inventory = field(default_factory=Inventory)

    def __post_init__(self) -> None:
        if not self.pet.strip():
            raise ValueError("a pet's pack needs the pet's name")
        require_plain_name("a pet's name", self.pet)
        for item in self.items:
            if item.area != BACKPACK:
                raise ValueError(
                    f"{self.pet}'s pack holds items in its slots; {item.name} is in the {item.area}"
                )

    @property
    def slots_used(self) -> frozenset[int]:
        """The pack slots that hold an item."""
        return frozenset(slot for item in self.items for slot in item.span)


def distinct_pack_ids(crow_ids: frozenset[str], packs: tuple[PetPack, ...]) -> tuple[PetPack, ...]:
    """The packs that hold something, with every item id unique beside the crow's and the other
    packs' (a new item the crow takes may get the id a packed one has: the packed one gets a
    fresh one). ValueError when two packs are the same pet's."""
    kept: list[PetPack] = []
    taken = set(crow_ids)
    seen: set[str] = set()
    for pack in packs:
        key = pack.pet.casefold()
        if key in seen:
            raise ValueError(f"{pack.pet} has two packs; a pet has one")
        seen.add(key)
        if not pack.items.items:
            continue
        items = pack.items
        for item in pack.items.items:
            if item.id in taken:
                items = items.without(item.id).with_item(
                    replace(item, id=fresh_item_id(item.name, {*taken, *items.ids()}))
                )
        taken.update(items.ids())
        kept.append(pack if items is pack.items else replace(pack, items=items))
    return tuple(kept)
