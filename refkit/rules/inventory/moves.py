"""Moves that keep an inventory legal: place, merge stacks, split, drop, pick up, wear, draw.

Every move is pure: it returns a new :class:`~refkit.rules.inventory.model.Inventory`, or raises
:class:`MoveRefused` with a reason in plain words and leaves the inventory as it was. Ask
:func:`can_place` first to grey out a drop target.

Stacks: dropping a stack onto a slot that holds the same stack kind merges as many as fit under the
limit; the rest stay where they came from. Hands never hold stacks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from refkit.errors import DomainError
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    MAGIC,
    MAGIC_SLOTS,
    SLOT_AREAS,
    Inventory,
    InventoryRules,
    Item,
    fresh_item_id,
    placement_problem,
)
from refkit.rules.usage_dice import (
    UsageDiceMode,
    UsageDiceRoll,
    roll_usage_dice,
    usage_dice_from_faces,
)

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}

DRAW_DIE_SIDES = 10
MAKE_ROOM_CHOICES = ("drop", "swap")


class MoveRefused(DomainError, ValueError):
    """A move the slot rules forbid; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Verdict:
    """Whether an item may go to a place.

    ``merged`` is how many of a stack would join the stack already there (None: the whole item
    moves to free slots). ``warning`` is set for a legal but costly place (a doubled magic slot).
    """

    ok: bool
    reason: str = ""
    warning: str = ""
    merged: int | None = None
    merge_target: str | None = None


@dataclass(frozen=True)
class SplitResult:
    """The inventory after a split, and the id of the entry holding the split-off part."""

    inventory: Inventory
    new_item_id: str


@dataclass(frozen=True)
class DrawResult:
    """A Draw From Pack attempt: ``success`` when ``roll`` ≥ ``needed`` (the item's lowest slot)."""

    success: bool
    roll: int
    needed: int
    inventory: Inventory


def _refuse(reason: str) -> Verdict:
    return Verdict(ok=False, reason=reason)


def _slots_words(count: int) -> str:
    return _NUMBER_WORDS.get(count, str(count))


def _plan(
    inventory: Inventory, item: Item, area: str, at: int | str | None, rules: InventoryRules
) -> Verdict:
    if area == GROUND:
        return Verdict(ok=True)
    inventory, item = rules.shaping.inventory(inventory), rules.shaping.item(item)
    if area == MAGIC:
        return _plan_magic(inventory, item, at)
    if area not in SLOT_AREAS:
        return _refuse(
            f"There is no area called {area!r}; choose hand, belt, backpack, magic or the ground"
        )
    if isinstance(at, bool) or not isinstance(at, int):
        return _refuse(f"Choose a slot number in the {area} for {item.name}")
    size = rules.size(area)
    problem = placement_problem(area, at, item.slots, rules, item.name)
    if problem is not None:
        if item.slots > 1 and 1 <= at <= size:
            return _refuse(
                f"A {item.slots}-slot item needs {_slots_words(item.slots)} free slots side by "
                f"side in the {area}; {problem}"
            )
        return _refuse(problem)
    refusal = rules.slot_refusal(item, area, at)
    if refusal is not None:
        return _refuse(refusal)
    if area == HAND and item.count > 1:
        return _refuse(
            f"A hand holds one item, not a stack of {item.count} {item.name}; split the stack first"
        )
    if item.area == area and item.at == at and item.id in inventory.ids():
        return Verdict(ok=True)
    span = range(at, at + item.slots)
    others: list[Item] = []
    for slot in span:
        for other in inventory.occupants(area, slot):
            if other.id != item.id and other not in others:
                others.append(other)
    if not others:
        return Verdict(ok=True)
    stack = item.stack
    if (
        area != HAND
        and stack is not None
        and item.slots == 1
        and all(o.stack is not None and o.stack.kind == stack.kind and o.slots == 1 for o in others)
    ):
        total = sum(o.count for o in others)
        limit = min([stack.limit, *(o.stack.limit for o in others if o.stack is not None)])
        room = limit - total
        if room <= 0:
            return _refuse(
                f"{area.capitalize()} slot {at} already holds a full stack of {stack.kind} "
                f"({total} of {limit})"
            )
        target = next((o for o in others if o.same_thing_as(item)), None)
        return Verdict(
            ok=True,
            merged=min(item.count, room),
            merge_target=target.id if target is not None else None,
        )
    return _refuse(_blocked_reason(item, area, at, others))


def _blocked_reason(item: Item, area: str, at: int, others: list[Item]) -> str:
    first = others[0]
    shared = sorted(set(first.span) & set(range(at, at + item.slots)))
    held = f"{area} slot {shared[0]} holds {first.name}"
    if item.slots > 1:
        return (
            f"A {item.slots}-slot item needs {_slots_words(item.slots)} free slots side by side "
            f"in the {area}, but {held}"
        )
    names = " and ".join(o.name for o in others)
    reason = f"{area.capitalize()} slot {at} already holds {names}"
    if area == HAND:
        return f"{reason}; a hand holds one item"
    if item.stack is not None and first.stack is not None:
        return f"{reason}; {item.stack.kind} and {first.stack.kind} cannot share a slot"
    return reason


def _plan_magic(inventory: Inventory, item: Item, at: int | str | None) -> Verdict:
    if not isinstance(at, str) or at not in MAGIC_SLOTS:
        return _refuse(
            f"There is no magic slot called {at!r}; the slots are {', '.join(MAGIC_SLOTS)}"
        )
    if not item.is_magic:
        return _refuse(
            f"{item.name} is not a magic item; the magic slots hold worn magic items such as "
            "circlets, amulets, rings and boots (tag your own copy “magic” to wear it here)"
        )
    if item.slots > 1:
        return _refuse(f"{item.name} takes {item.slots} slots; a magic slot holds one worn item")
    if item.count > 1:
        return _refuse(
            f"A magic slot holds one item, not a stack of {item.count}; split the stack first"
        )
    if item.area == MAGIC and item.magic_slot == at and item.id in inventory.ids():
        return Verdict(ok=True)
    others = [o for o in inventory.occupants(MAGIC, at) if o.id != item.id]
    if others:
        names = ", ".join(o.name for o in others)
        return Verdict(
            ok=True,
            warning=(
                f"The {at} slot already holds {names}: with two items in one slot the crow "
                "cannot rest and gains 1d6 wounds at the end of each DT"
            ),
        )
    return Verdict(ok=True)


def can_place(
    inventory: Inventory,
    item_id: str,
    area: str,
    at: int | str | None,
    *,
    rules: InventoryRules | None = None,
) -> Verdict:
    """May the item with ``item_id`` go to ``area`` at ``at``? (a number, or a magic slot name)."""
    try:
        item = inventory.find(item_id)
    except KeyError as error:
        return _refuse(str(error.args[0]))
    return _plan(inventory, item, area, at, rules or InventoryRules())


def can_place_item(
    inventory: Inventory,
    item: Item,
    area: str,
    at: int | str | None,
    *,
    rules: InventoryRules | None = None,
) -> Verdict:
    """Like :func:`can_place`, for an item that is not (yet) in the inventory."""
    return _plan(inventory, item, area, at, rules or InventoryRules())


def _apply(
    inventory: Inventory, item: Item, area: str, at: int | str | None, verdict: Verdict
) -> Inventory:
    present = item.id in inventory.ids()
    if verdict.merged is None:
        placed = item.moved_to(area, at)
        if present:
            return inventory.replaced(placed) if placed != item else inventory
        return inventory.with_item(placed)
    moving = verdict.merged
    remainder = item.count - moving
    result = inventory
    if present:
        if remainder == 0:
            result = result.without(item.id)
        else:
            result = result.replaced(replace(item, count=remainder))
    if verdict.merge_target is not None:
        target = result.find(verdict.merge_target)
        return result.replaced(replace(target, count=target.count + moving))
    piece_id = item.id if remainder == 0 and item.id else fresh_item_id(item.name, result.ids())
    piece = replace(item.moved_to(area, at), count=moving, id=piece_id)
    return result.with_item(piece)


def move(
    inventory: Inventory,
    item_id: str,
    area: str,
    at: int | str | None,
    *,
    rules: InventoryRules | None = None,
) -> Inventory:
    """The inventory with the item moved (or merged into a matching stack) at ``area``/``at``.

    A stack merging onto a stack moves as many as fit; the rest stay where they were. Armour
    taken out of the backpack stops being worn. Raises MoveRefused (changing nothing) when the
    slot rules forbid the move.
    """
    verdict = can_place(inventory, item_id, area, at, rules=rules)
    if not verdict.ok:
        raise MoveRefused(verdict.reason)
    return _apply(inventory, inventory.find(item_id), area, at, verdict)


def drop_to_ground(inventory: Inventory, item_id: str) -> Inventory:
    """The item put in the ground tray (dropped, dumped, or with no room left)."""
    return move(inventory, item_id, GROUND, None)


def pick_up(
    inventory: Inventory,
    item_id: str,
    area: str = HAND,
    at: int | str | None = None,
    *,
    rules: InventoryRules | None = None,
) -> Inventory:
    """An item from the ground tray put into ``area`` (at ``at``, or the first place that fits)."""
    if not inventory.on_ground(item_id):
        raise MoveRefused(f"{_name(inventory, item_id)} is not on the ground")
    if at is None:
        item = inventory.find(item_id)
        place = first_free_place(inventory, item, (area,), rules=rules)
        if place is None:
            raise MoveRefused(f"There is no room in the {area} for {item.name}")
        area, at = place
    return move(inventory, item_id, area, at, rules=rules)


def _name(inventory: Inventory, item_id: str) -> str:
    try:
        return inventory.find(item_id).name
    except KeyError as error:
        raise MoveRefused(str(error.args[0])) from None


def _candidate_places(area: str, rules: InventoryRules) -> Sequence[int | str]:
    if area == MAGIC:
        return MAGIC_SLOTS
    return range(1, rules.size(area) + 1)


def first_free_place(
    inventory: Inventory,
    item: Item,
    areas: Sequence[str] = (HAND, BELT, BACKPACK),
    *,
    rules: InventoryRules | None = None,
) -> tuple[str, int | str] | None:
    """The first place in ``areas`` that takes the whole item, or None.

    A matching stack with room for all of it comes first, then free slots, each in the order of
    ``areas`` and slot number. A magic slot counts only while it is empty.
    """
    rules = rules or InventoryRules()
    for want_merge in (True, False):
        for area in areas:
            for at in _candidate_places(area, rules):
                verdict = _plan(inventory, item, area, at, rules)
                if not verdict.ok or verdict.warning:
                    continue
                if want_merge and verdict.merged == item.count:
                    return area, at
                if not want_merge and verdict.merged is None:
                    return area, at
    return None


def add_item(
    inventory: Inventory,
    item: Item,
    areas: Sequence[str] = (BACKPACK, BELT, HAND),
    *,
    rules: InventoryRules | None = None,
) -> Inventory:
    """The inventory with a new item put in the first place that fits, else on the ground."""
    if item.id and item.id in inventory.ids():
        raise MoveRefused(f"the inventory already has an item with id {item.id!r}")
    rules = rules or InventoryRules()
    place = first_free_place(inventory, item, areas, rules=rules)
    if place is None:
        return inventory.with_item(item.moved_to(GROUND, None))
    area, at = place
    return _apply(inventory, item, area, at, _plan(inventory, item, area, at, rules))


def split_stack(
    inventory: Inventory,
    item_id: str,
    count: int,
    area: str | None = None,
    at: int | str | None = None,
    *,
    rules: InventoryRules | None = None,
) -> SplitResult:
    """Take ``count`` off a stack as a new entry.

    Without ``area`` the new entry stays in the same slot (or on the ground); with it, the part
    goes there, and must fit whole (a free slot, or a matching stack with room).
    """
    item = inventory.find(item_id)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count < item.count:
        if item.count < 2:
            raise MoveRefused(f"{item.label} is a single item, not a stack to split")
        raise MoveRefused(
            f"Split off between 1 and {item.count - 1} of the {item.count} {item.name}"
        )
    rest = inventory.replaced(replace(item, count=item.count - count))
    new_id = fresh_item_id(item.name, inventory.ids())
    piece = replace(item, count=count, id=new_id)
    if area is None:
        if item.area == HAND:
            raise MoveRefused("A hand holds one item; say where the split-off part goes")
        return SplitResult(rest.with_item(piece), new_id)
    verdict = _plan(rest, piece, area, at, rules or InventoryRules())
    if not verdict.ok:
        raise MoveRefused(verdict.reason)
    if verdict.merged is not None and verdict.merged < count:
        raise MoveRefused(
            f"{area.capitalize()} slot {at} has room for only {verdict.merged} more "
            f"{item.stack.kind if item.stack else item.name}"
        )
    result = _apply(rest, piece, area, at, verdict)
    return SplitResult(result, verdict.merge_target or new_id)


def wear_armor(inventory: Inventory, item_id: str) -> Inventory:
    """The suit ``item_id`` worn (it stays in its backpack slots); any other suit taken off."""
    item = inventory.find(item_id)
    if item.armor is None:
        raise MoveRefused(f"{item.name} is not armour")
    if item.is_shield:
        raise MoveRefused(f"{item.name} is a shield: it guards you from a hand, it is not worn")
    if item.area != BACKPACK:
        raise MoveRefused(
            f"{item.label} must be in the backpack to be worn; worn armour keeps its backpack slots"
        )
    result = take_off_armor(inventory)
    return result.replaced(replace(item, armor=replace(item.armor, worn=True)))


def take_off_armor(inventory: Inventory) -> Inventory:
    """The inventory with no suit worn."""
    result = inventory
    for item in inventory:
        if item.armor is not None and item.armor.worn:
            result = result.replaced(replace(item, armor=replace(item.armor, worn=False)))
    return result


def refuel(inventory: Inventory, item_id: str, fuel_id: str) -> Inventory:
    """Spend one ``fuel_id`` (e.g. a flask of lantern oil) to restore the item's usage dice.

    Raises ValueError when the item has no Refuel mode, is used up for good, or takes other fuel.
    """
    item = inventory.find(item_id)
    fuel = inventory.find(fuel_id)
    dice = item.usage_dice
    if dice is None or UsageDiceMode.REFUEL not in dice.modes:
        raise ValueError(f"{item.name} has no Refuel usage dice")
    restored = dice.entry.refuel(dice.current, fuel.name)
    result = inventory.replaced(replace(item, usage_dice=replace(dice, current=restored)))
    if fuel.count > 1:
        return result.replaced(replace(fuel, count=fuel.count - 1))
    return result.without(fuel.id)


def carried_fuel(inventory: Inventory, item_id: str) -> Item | None:
    """The carried item (not one in the ground tray) that refuels ``item_id``, as its usage dice
    name it (a lantern's Oil flask); None when the crow carries none or the item names no fuel."""
    dice = inventory.find(item_id).usage_dice
    if dice is None or not dice.refuel_with:
        return None
    wanted = dice.refuel_with.casefold()
    carried = (item for item in inventory.items if item.area != GROUND)
    return next((item for item in carried if item.name.casefold() == wanted), None)


def use_item(
    inventory: Inventory,
    item_id: str,
    rng: random.Random,
    *,
    faces: Sequence[int] | None = None,
) -> tuple[Inventory, UsageDiceRoll]:
    """The item was used: with the Activate mode its usage dice are rolled now (L400) and those
    showing 1 or 2 are lost; ``faces`` gives the dice outright. Raises ValueError naming the item
    when it has no Activate mode or no dice left, KeyError for an unknown id."""
    item = inventory.find(item_id)
    dice = item.usage_dice
    if dice is None or UsageDiceMode.ACTIVATE not in dice.modes:
        raise ValueError(f"{item.name} has no Activate mode; using it rolls no usage dice")
    if dice.current == 0:
        raise ValueError(f"{item.name} has no usage dice left to roll")
    if faces is None:
        roll = roll_usage_dice(dice.current, rng)
    else:
        roll = usage_dice_from_faces(dice.current, faces)
    used = replace(item, usage_dice=replace(dice, current=roll.after))
    return inventory.replaced(used), roll


def draw_chance(item: Item, rules: InventoryRules | None = None) -> Fraction:
    """The chance that Draw From Pack succeeds for a backpack item: (11 − lowest slot) / 10,
    the slot counted lower with Labeled Inventory or Out of the Pack (``rules``)."""
    if item.area != BACKPACK or item.at is None or not 1 <= item.at <= SLOT_AREAS[BACKPACK]:
        raise ValueError(f"{item.label} is not in a backpack slot")
    needs = (rules or InventoryRules()).shaping.draw_needs(item.at)
    return Fraction(DRAW_DIE_SIDES + 1 - needs, DRAW_DIE_SIDES)


def draw_from_pack(
    inventory: Inventory,
    item_id: str,
    roll: int,
    *,
    hand: int = 1,
    make_room: str = "drop",
    rules: InventoryRules | None = None,
) -> DrawResult:
    """The Draw From Pack maneuver with a d10 ``roll``.

    Success when the roll is at least the lowest backpack slot the item covers; the item (one of a
    stack) then goes to the hand slots starting at ``hand``. Whatever is in those hands is dropped
    to the ground (``make_room="drop"``) or put where the drawn item was (``"swap"``). On a
    failure nothing moves. Raises MoveRefused if the hands cannot take the item or a swap does
    not fit; ValueError for a roll outside 1–10.
    """
    rules = rules or InventoryRules()
    item = inventory.find(item_id)
    draw_chance(item)  # raises ValueError unless the item is in a backpack slot
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= DRAW_DIE_SIDES:
        raise ValueError(f"a Draw From Pack roll is a d10, 1–10; got {roll!r}")
    if make_room not in MAKE_ROOM_CHOICES:
        raise ValueError(f"make_room must be 'drop' or 'swap', got {make_room!r}")
    needed = rules.shaping.draw_needs(item.at) if item.at is not None else DRAW_DIE_SIDES
    if roll < needed:
        return DrawResult(success=False, roll=roll, needed=needed, inventory=inventory)
    drawn_id = item.id
    result = inventory
    if item.count > 1:
        split = split_stack(inventory, item_id, 1)
        result, drawn_id = split.inventory, split.new_item_id
    drawn = result.find(drawn_id)
    hand_span = range(hand, hand + drawn.slots)
    if placement_problem(HAND, hand, drawn.slots, rules, drawn.name) is not None:
        raise MoveRefused(f"{drawn.name} needs {drawn.slots} hands starting at hand {hand}")
    held: list[Item] = []
    for slot in hand_span:
        for other in result.occupants(HAND, slot):
            if other not in held:
                held.append(other)
    for other in held:
        result = result.without(other.id)
    result = move(result, drawn_id, HAND, hand, rules=rules)
    for other in held:
        if make_room == "drop":
            result = result.with_item(other.moved_to(GROUND, None))
            continue
        result = _swap_into(result, other, item, rules)
    return DrawResult(success=True, roll=roll, needed=needed, inventory=result)


def _swap_into(inventory: Inventory, held: Item, drawn: Item, rules: InventoryRules) -> Inventory:
    for at in drawn.span:
        verdict = _plan(inventory, held, BACKPACK, at, rules)
        if verdict.ok and verdict.merged in (None, held.count):
            return _apply(inventory, held, BACKPACK, at, verdict)
    raise MoveRefused(
        f"{held.name} does not fit in the backpack slots {drawn.name} leaves; drop it instead"
    )
