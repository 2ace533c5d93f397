"""Moving things between a crow and its pets' packs, Beast of Burden, and the packs' check.

A pet's pack has the slots of its kind (:mod:`refkit.rules.character.pet_packs`), 2 more while
the pet has Beast of Burden's extra slots. Items move in and out with the backpack's slot and
stack rules (free slots side by side, stacks of one kind up to their limit, the crow's stack
traits too); a move that does not fit is refused with the reason and changes nothing. Worn armour
put on a pet is no longer worn.

Beast of Burden: when a crow with the trait finishes a rest, one pet (the one that had the extra
slots, else the first that has a pack, unless the player chooses) has them until the crow's next
rest ends; a rest without the trait (or without a pet that has a pack) ends them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character, RestRefused
from refkit.rules.character.pet_packs import (
    BEAST_OF_BURDEN,
    BURDEN_SLOTS,
    PetPack,
    base_slots,
    no_pack_reason,
    pet_kind,
)
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.model import BACKPACK, GROUND, InventoryRules, Problem
from refkit.rules.inventory.moves import MoveRefused
from refkit.rules.inventory.moves import move as move_within
from refkit.rules.inventory.transfer import transfer

PACK_PROBLEM = "pet_pack"
"""The check's error code for a pet's pack that breaks the rules (over its slots, a stack over
its limit, a pack of a pet the crow does not have or that has no pack)."""


def has_beast_of_burden(character: Character) -> bool:
    return fold(BEAST_OF_BURDEN) in {fold(trait) for trait in character.traits}


def pet_named(character: Character, pet: str) -> str:
    """The crow's pet called ``pet`` (ignoring case) as it is written; MoveRefused if none."""
    wanted = " ".join(pet.split()).casefold()
    for name in character.pets:
        if name.casefold() == wanted:
            return name
    pets = ", ".join(character.pets) or "none"
    raise MoveRefused(f"{character.name} has no pet called {pet!r} (pets: {pets})")


def pack_of(character: Character, pet: str) -> PetPack:
    """What the pet carries (an empty pack when it carries nothing)."""
    for pack in character.pet_packs:
        if pack.pet.casefold() == pet.casefold():
            return pack
    return PetPack(pet)


def has_burden(character: Character, pet: str) -> bool:
    """Whether ``pet`` has Beast of Burden's 2 extra slots now."""
    return bool(character.burden_pet) and character.burden_pet.casefold() == pet.casefold()


def pack_slots(character: Character, pet: str) -> int | None:
    """How many slots the pet's pack has now (None: a pet of no kind Refkit knows)."""
    slots = base_slots(pet)
    if slots is None:
        return None
    return slots + (BURDEN_SLOTS if has_burden(character, pet) else 0)


def pack_rules(
    character: Character, pet: str, base: InventoryRules | None = None
) -> InventoryRules:
    """The slot rules of the pet's pack: its slots, the crow's stack traits (Share Food is for
    the pets too), consecutive slots side by side (a pet has no card rows)."""
    rules = inventory_rules(character, base)
    return replace(
        rules, slot_grants=(), card_layout_adjacency=False, backpack_size=pack_slots(character, pet)
    )


def holder(character: Character, item_id: str) -> str | None:
    """The pet whose pack holds ``item_id``, or None when the crow has it (slots or ground);
    MoveRefused naming the id when neither has it."""
    if item_id in character.items.ids():
        return None
    for pack in character.pet_packs:
        if item_id in pack.items.ids():
            return pack.pet
    raise MoveRefused(f"{character.name} and the pets carry no item with id {item_id!r}")


def _packs_with(character: Character, *changed: PetPack) -> tuple[PetPack, ...]:
    """The crow's packs with ``changed`` in place of the same pets' (new ones at the end)."""
    packs = list(character.pet_packs)
    for pack in changed:
        keys = [p.pet.casefold() for p in packs]
        if pack.pet.casefold() in keys:
            packs[keys.index(pack.pet.casefold())] = pack
        else:
            packs.append(pack)
    return tuple(packs)


def _with_pack(character: Character, pack: PetPack) -> Character:
    return replace(character, pet_packs=_packs_with(character, pack))


def _pack_words(reason: str, pet: str) -> str:
    said = reason.replace("Backpack", "Pack").replace("backpack", "pack")
    return f"{pet}'s pack: {said}"


def _all_ids(character: Character) -> set[str]:
    return {*character.items.ids(), *(i for p in character.pet_packs for i in p.items.ids())}


def move_to_pack(
    character: Character,
    item_id: str,
    pet: str,
    at: int | None = None,
    *,
    rules: InventoryRules | None = None,
) -> Character:
    """The crow with the item (from its slots, its ground tray or another pet) in ``pet``'s pack
    at slot ``at`` (None: the first place that takes it whole). MoveRefused, nothing changed,
    when the pet has no pack or the item does not fit."""
    pet = pet_named(character, pet)
    if pack_slots(character, pet) is None:
        raise MoveRefused(no_pack_reason(pet))
    source_pet = holder(character, item_id)
    target = pack_of(character, pet)
    target_rules = pack_rules(character, pet, rules)
    try:
        if source_pet is not None and source_pet.casefold() == pet.casefold():
            if at is None:
                return character
            items = move_within(target.items, item_id, BACKPACK, at, rules=target_rules)
            return _with_pack(character, replace(target, items=items))
        source = character.items if source_pet is None else pack_of(character, source_pet).items
        rest, packed = transfer(
            source,
            target.items,
            item_id,
            BACKPACK,
            at,
            rules=target_rules,
            taken_ids=_all_ids(character),
            worn_stays=False,
        )
    except MoveRefused as refused:
        raise MoveRefused(_pack_words(refused.reason, pet)) from None
    packed_pack = replace(target, items=packed)
    if source_pet is None:
        return replace(character, items=rest, pet_packs=_packs_with(character, packed_pack))
    emptied = replace(pack_of(character, source_pet), items=rest)
    return replace(character, pet_packs=_packs_with(character, emptied, packed_pack))


def move_from_pack(
    character: Character,
    item_id: str,
    area: str = BACKPACK,
    at: int | str | None = None,
    *,
    rules: InventoryRules | None = None,
) -> Character:
    """The crow with a packed item back in its own ``area`` at ``at`` (None: the first place
    that takes it whole; ``ground``: its ground tray). MoveRefused, nothing changed, when the
    item is not in a pack or does not fit there."""
    pet = holder(character, item_id)
    if pet is None:
        name = character.items.find(item_id).name
        raise MoveRefused(f"{name} is not in a pet's pack")
    pack = pack_of(character, pet)
    rest, items = transfer(
        pack.items,
        character.items,
        item_id,
        area,
        None if area == GROUND else at,
        rules=inventory_rules(character, rules),
        taken_ids=_all_ids(character),
    )
    return replace(
        character, items=items, pet_packs=_packs_with(character, replace(pack, items=rest))
    )


def burden_after_rest(character: Character, chosen: str | None = None) -> tuple[Character, str]:
    """The crow after a finished rest as Beast of Burden leaves it, and a line saying so ("" when
    nothing changed). ``chosen`` names the pet (it must have a pack); without it the pet that had
    the slots keeps them, else the first pet with a pack has them. MoveRefused for a chosen pet
    the crow lacks, one with no pack, or a choice by a crow without the trait."""
    if not has_beast_of_burden(character):
        if chosen is not None:
            raise MoveRefused(f"{character.name} does not have the trait Beast of Burden")
        if not character.burden_pet:
            return character, ""
        return replace(character, burden_pet=""), "Beast of Burden's extra slots end"
    if chosen is not None:
        pet = pet_named(character, chosen)
        if base_slots(pet) is None:
            raise MoveRefused(no_pack_reason(pet))
    else:
        packed = [name for name in character.pets if base_slots(name) is not None]
        keep = [name for name in packed if has_burden(character, name)]
        pet = (keep or packed or [""])[0]
    after = replace(character, burden_pet=pet)
    if not pet:
        return after, "Beast of Burden: no pet that carries things" if character.burden_pet else ""
    return after, f"Beast of Burden: {pet} carries 2 slots more until the next rest ends"


def pack_problems(character: Character, base: InventoryRules | None = None) -> list[Problem]:
    """``pet_pack`` errors: a pack over its slots, overlapping or over-full stacks in it, a pack
    of a pet the crow does not have or one that has no pack."""
    problems: list[Problem] = []
    pets = {name.casefold() for name in character.pets}
    for pack in character.pet_packs:
        names = ", ".join(item.name for item in pack.items)
        if pack.pet.casefold() not in pets:
            problems.append(
                Problem(
                    PACK_PROBLEM,
                    f"A pack of {pack.pet} holds {names}, but {pack.pet} is not one of "
                    f"{character.name}'s pets",
                )
            )
            continue
        slots = pack_slots(character, pack.pet)
        if slots is None:
            problems.append(Problem(PACK_PROBLEM, f"{no_pack_reason(pack.pet)}; it holds {names}"))
            continue
        for problem in pack.items.check(pack_rules(character, pack.pet, base)):
            problems.append(Problem(PACK_PROBLEM, _pack_words(problem.message, pack.pet)))
    return problems


def pack_summary(character: Character, pet: str) -> str:
    """One line for a pet: ``Rex the Dog (Dog, 1 of 3 slots: Rope)``, or why it has no pack."""
    slots = pack_slots(character, pet)
    if slots is None:
        return f"{pet} (no pack)"
    pack = pack_of(character, pet)
    used = len([s for s in pack.slots_used if s <= slots])
    burden = ", Beast of Burden +2" if has_burden(character, pet) else ""
    things = ", ".join(
        f"{item.name} ×{item.count}" if item.count > 1 else item.name for item in pack.items
    )
    held = f": {things}" if things else ""
    return f"{pet} ({pet_kind(pet)}, {used} of {slots} slots{burden}{held})"


def burden_choices(crows: Sequence[Character], chosen: Mapping[str, str]) -> dict[str, str]:
    """The pets the players chose for Beast of Burden, by crow (as the crow's name is written),
    checked before a rest writes anything: RestRefused naming the crow for a crow not resting,
    one without the trait, a pet it lacks or one with no pack."""
    by_name = {" ".join(crow.name.split()).casefold(): crow for crow in crows}
    found: dict[str, str] = {}
    for name, pet in chosen.items():
        crow = by_name.get(" ".join(name.split()).casefold())
        if crow is None:
            raise RestRefused(f"{name} is not one of the crows resting (Beast of Burden: {pet})")
        try:
            found[crow.name] = burden_after_rest(crow, pet)[0].burden_pet
        except MoveRefused as refused:
            raise RestRefused(f"Beast of Burden: {refused.reason}") from None
    return found
