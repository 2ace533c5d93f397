"""What the sheet shows of the pets' packs under the inventory board, Qt-free: a row per pet with
its slots, and the moves a packed or carried item offers, each with the reason it is closed.

The widget (:mod:`refkit.gui.inventory.pet_packs_strip`) and the board's menu only draw these and
hand the chosen move to the crow's editing; every verdict is the rules' own move worked out on the
crow, so what is offered is what the move will do.
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.character.model import Character
from refkit.rules.character.pet_moves import (
    has_burden,
    move_from_pack,
    move_to_pack,
    pack_of,
    pack_slots,
)
from refkit.rules.character.pet_packs import no_pack_reason, pet_kind
from refkit.rules.inventory.model import BACKPACK, BELT, GROUND, HAND, InventoryRules, Item
from refkit.rules.inventory.moves import MoveRefused


@dataclass(frozen=True)
class PackCell:
    """One slot of a pet's pack: its number, and the item in it (None: free)."""

    slot: int
    item: Item | None


@dataclass(frozen=True)
class PackRow:
    """One pet: its title, its slots (none for a pet with no pack) and why it has none."""

    pet: str
    title: str
    cells: tuple[PackCell, ...]
    reason: str = ""


@dataclass(frozen=True)
class PackMove:
    """A move a menu offers: the words, whether it may be made, and why not."""

    text: str
    ok: bool
    reason: str
    pet: str | None  # put on this pet; None: take back to the crow
    area: str = BACKPACK


def pack_rows(character: Character | None) -> tuple[PackRow, ...]:
    """A row per pet the crow has, in its order (empty when it has none)."""
    if character is None:
        return ()
    rows = []
    for pet in character.pets:
        slots = pack_slots(character, pet)
        if slots is None:
            rows.append(PackRow(pet, f"{pet}: no pack", (), no_pack_reason(pet)))
            continue
        items = pack_of(character, pet).items.items
        cells = []
        for slot in range(1, slots + 1):
            held = next((i for i in items if slot in i.span), None)
            cells.append(PackCell(slot, held))
        burden = " · Beast of Burden +2" if has_burden(character, pet) else ""
        used = sum(1 for cell in cells if cell.item is not None)
        kind = pet_kind(pet)
        named = "" if kind is None or kind.casefold() == pet.casefold() else f"{kind}, "
        title = f"{pet} ({named}{used}/{slots} slots{burden})"
        rows.append(PackRow(pet, title, tuple(cells)))
    pets = {pet.casefold() for pet in character.pets}
    for pack in character.pet_packs:  # a pet renamed or gone: its things can still be taken back
        if pack.pet.casefold() in pets:
            continue
        cells = [PackCell(item.at or 1, item) for item in pack.items]
        reason = f"{pack.pet} is not one of {character.name}'s pets: take these back"
        rows.append(PackRow(pack.pet, f"{pack.pet} (not a pet now)", tuple(cells), reason))
    return tuple(rows)


def cell_text(cell: PackCell) -> str:
    """What a pack slot shows: the item (×count for a stack) in its first slot, "…" in the
    others it takes, or the slot's number when free."""
    if cell.item is None:
        return str(cell.slot)
    if cell.item.at is not None and cell.slot > cell.item.at:
        return "…"  # the rest of an item that takes several slots
    count = f" ×{cell.item.count}" if cell.item.count > 1 else ""
    return f"{cell.item.name}{count}"


def _verdict(
    character: Character, item_id: str, pet: str | None, area: str, rules: InventoryRules | None
) -> str:
    try:
        if pet is None:
            move_from_pack(character, item_id, area, rules=rules)
        else:
            move_to_pack(character, item_id, pet, rules=rules)
    except MoveRefused as refused:
        return refused.reason
    return ""


def put_moves(
    character: Character, item_id: str, rules: InventoryRules | None = None
) -> tuple[PackMove, ...]:
    """ "Put on PET" for each pet but the one that carries the item."""
    moves = []
    for pet in character.pets:
        if any(item_id in p.items.ids() for p in character.pet_packs if p.pet == pet):
            continue
        reason = _verdict(character, item_id, pet, BACKPACK, rules)
        moves.append(PackMove(f"Put on {pet}", not reason, reason, pet))
    return tuple(moves)


TAKE_AREAS = (
    (BACKPACK, "the backpack"),
    (BELT, "the belt"),
    (HAND, "a hand"),
    (GROUND, "the ground"),
)


def take_moves(
    character: Character, item_id: str, rules: InventoryRules | None = None
) -> tuple[PackMove, ...]:
    """Taking a packed item back: to the backpack, the belt, a hand (each its first place that
    takes it) or the ground, and putting it on another pet."""
    moves = []
    for area, words in TAKE_AREAS:
        reason = _verdict(character, item_id, None, area, rules)
        text = "Drop on the ground" if area == GROUND else f"Take back to {words}"
        moves.append(PackMove(text, not reason, reason, None, area))
    return (*moves, *put_moves(character, item_id, rules))
