"""A crow's inventory: hand, belt and backpack slots, magic-item slots and the ground tray.

Slots (booklet L284–305): two hands, four belt slots, ten backpack slots numbered 1–10, and six
magic-item slots (head, neck, waist, arms, finger, feet). An item occupies the slots ``at`` …
``at + slots − 1`` of one area. Items of one stack kind may share a slot up to the stack limit,
except in the hands. One suit of armour in the backpack may be worn. Things that are dropped, or
that have no room, lie in the ground tray.

:meth:`Inventory.check` reports rule breaches with the error and warning codes of the character
file contract; the moves that keep an inventory legal live in :mod:`refkit.rules.inventory.moves`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations

from refkit.rules.common.name_text import require_plain_name
from refkit.rules.common.whole_numbers import require_whole
from refkit.rules.inventory.card_parts import Crafting as Crafting
from refkit.rules.inventory.card_parts import Price as Price
from refkit.rules.inventory.card_parts import TierDamage as TierDamage
from refkit.rules.inventory.slot_grants import SlotGrant, TraitShaping, extra_slots, grant_refusal
from refkit.rules.usage_dice import UsageDiceEntry, UsageDiceMode

HAND = "hand"
BELT = "belt"
BACKPACK = "backpack"
MAGIC = "magic"
GROUND = "ground"

SLOT_AREAS: dict[str, int] = {HAND: 2, BELT: 4, BACKPACK: 10}
"""The numbered areas and how many slots each has."""
AREAS: tuple[str, ...] = (HAND, BELT, BACKPACK, MAGIC)
"""The areas an item can be placed in (the ground tray is not one of them)."""
MAGIC_SLOTS: tuple[str, ...] = ("head", "neck", "waist", "arms", "finger", "feet")
BACKPACK_ROW_BREAK = 5
"""The last backpack slot of the first row on the card layout (slots 1–5 over 6–10)."""
PACK_SLOTS_MOST = 12
"""The most slots a pet's pack has (a Riding Horse's 10, and 2 more with Beast of Burden): a
pack's items lie in the ``backpack`` area of the pack's own inventory."""

ERROR = "error"
WARNING = "warning"

ERROR_CODES: tuple[str, ...] = (
    "slot_out_of_range",
    "overlap",
    "stack_limit",
    "not_stackable",
    "hand_stack",
    "wound_slot",
    "magic_slot",
    "worn_armor",
    "characteristic_range",
)
WARNING_CODES: tuple[str, ...] = ("magic_overload", "characteristic_above_max")

SHIELD_TAG = "shield"
ABSORBED_TAG = "absorbed"
"""A spellbook absorbed with Burned in the Brain: among the magic items with no slot, always
wielded (:mod:`refkit.rules.character.absorbed_book`)."""


@dataclass(frozen=True)
class Problem:
    """One rule breach: a stable ``code``, a plain-words ``message`` and its severity."""

    code: str
    message: str
    severity: str = ERROR

    @property
    def is_warning(self) -> bool:
        return self.severity == WARNING


@dataclass(frozen=True)
class InventoryRules:
    """Readings the referee can change (facts sheet §15 C2).

    ``card_layout_adjacency``: a multi-slot item may not run from backpack slot 5 into slot 6,
    which sit on different rows of the card layout. Off by default: consecutive numbers touch.
    ``slot_grants``: the extra slots the crow's traits give; ``shaping``: how they change its
    items' slots and stacks (:mod:`.slot_grants`; the check and the moves see items shaped).
    ``backpack_size``: the slots of a pet's pack, whose items lie in the backpack area of its
    own inventory (None: a crow's ten).
    """

    card_layout_adjacency: bool = False
    slot_grants: tuple[SlotGrant, ...] = ()
    shaping: TraitShaping = field(default_factory=TraitShaping)
    backpack_size: int | None = None

    def size(self, area: str) -> int:
        """How many slots ``area`` has for this crow (0 for an area without numbers)."""
        if area == BACKPACK and self.backpack_size is not None:
            return self.backpack_size
        return SLOT_AREAS.get(area, 0) + extra_slots(self.slot_grants, area)

    def slot_refusal(self, item: Item, area: str, at: int | None) -> str | None:
        """Why ``item`` may not lie in a trait's extra slot its span covers (None: it may)."""
        extra = SLOT_AREAS.get(area, 0) + 1
        if at is None or extra_slots(self.slot_grants, area) == 0:
            return None
        if not at <= extra < at + item.slots:
            return None
        return grant_refusal(self.slot_grants, item, area, extra)


@dataclass(frozen=True)
class StackInfo:
    """Items of one ``kind`` share a slot, at most ``limit`` of them."""

    kind: str
    limit: int

    def __post_init__(self) -> None:
        if not self.kind.strip():
            raise ValueError("a stack kind cannot be empty")
        require_whole("stack limit", self.limit, minimum=1)


@dataclass(frozen=True)
class UsageDiceState:
    """An item's usage dice: the maximum, the dice left, the modes and any refuelling item."""

    max: int
    current: int
    modes: frozenset[UsageDiceMode] = frozenset()
    refuel_with: str | None = None

    def __post_init__(self) -> None:
        require_whole("maximum usage dice", self.max, minimum=0)
        require_whole("current usage dice", self.current, minimum=0)
        if self.current > self.max:
            raise ValueError(f"current usage dice {self.current} exceed the maximum {self.max}")

    @property
    def entry(self) -> UsageDiceEntry:
        return UsageDiceEntry(count=self.max, modes=self.modes, refuel_with=self.refuel_with)

    @property
    def ordered_modes(self) -> tuple[UsageDiceMode, ...]:
        """The modes in the order an item card prints them."""
        return tuple(mode for mode in UsageDiceMode if mode in self.modes)

    @property
    def useless(self) -> bool:
        return self.entry.is_useless(self.current)


@dataclass(frozen=True)
class Armor:
    """Armour Defense: ``ad`` left of ``max_ad``; ``worn`` marks the one suit being worn."""

    ad: int
    max_ad: int
    worn: bool = False

    def __post_init__(self) -> None:
        require_whole("armour AD", self.ad, minimum=0)
        require_whole("armour maximum AD", self.max_ad, minimum=0)
        if self.ad > self.max_ad:
            raise ValueError(f"armour AD {self.ad} exceeds its maximum {self.max_ad}")


@dataclass(frozen=True)
class Item:
    """One inventory entry (a single thing, or a stack of ``count`` things of one kind).

    ``area`` is hand, belt, backpack, magic or ground; ``at`` is the first slot number (none for
    magic items and the ground); ``magic_slot`` names the magic slot. ``id`` is a stable handle
    for the user interface; :class:`Inventory` fills in an empty one.
    """

    name: str
    area: str = GROUND
    at: int | None = None
    slots: int = 1
    count: int = 1
    stack: StackInfo | None = None
    usage_dice: UsageDiceState | None = None
    armor: Armor | None = None
    magic_slot: str | None = None
    damage: TierDamage | None = None
    tags: tuple[str, ...] = ()
    notes: str = ""
    id: str = ""
    keywords: tuple[str, ...] = ()
    attack_range: str = ""
    price: Price | None = None
    crafting: Crafting | None = None
    damaged: bool = False
    useless: bool = False
    """Useless until fixed (Bury the Point): not used for attacks until a rest fixes it."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("an item needs a name")
        require_plain_name("an item's name", self.name)
        if self.area in (MAGIC, GROUND) and self.at is not None:
            object.__setattr__(self, "at", None)  # magic slots and the ground have no numbers
        require_whole(f"{self.name}: slots", self.slots, minimum=1)
        require_whole(f"{self.name}: count", self.count, minimum=1)
        if self.at is not None:
            require_whole(f"{self.name}: slot number", self.at)

    @property
    def is_magic(self) -> bool:
        """A worn magic item: tagged ``magic``, or one that has sat in a magic slot (an item a
        character file puts in the magic area). Only these go in the magic slots."""
        return "magic" in self.tags or self.magic_slot is not None

    @property
    def span(self) -> tuple[int, ...]:
        """The slot numbers of its area this item covers (empty outside the numbered areas).

        Only real slots (1 to the area's size) are listed: an item running past the end covers
        the slots up to it (the check reports the rest), and ``slots`` of 10**7 cannot make a
        tuple of ten million numbers.
        """
        size = SLOT_AREAS.get(self.area)
        if size is None or self.at is None:
            return ()
        size += self.area == BELT  # a trait's extra belt slot (the check says when it is none)
        if self.area == BACKPACK:  # a pet's pack may have more (the check says when it has not)
            size = PACK_SLOTS_MOST
        return tuple(range(max(self.at, 1), min(self.at + self.slots, size + 1)))

    @property
    def is_shield(self) -> bool:
        return SHIELD_TAG in self.tags

    @property
    def banes(self) -> int:
        """Banes on a test made with this item: a damaged tool takes one until a rest repairs it
        (booklet L169: a damaged lockpick set is not used up)."""
        return 1 if self.damaged else 0

    def with_useless(self, useless: bool = True) -> Item:
        """This item useless until fixed (Bury the Point), or fixed with ``False``."""
        return replace(self, useless=useless)

    def with_damage(self, damaged: bool = True) -> Item:
        """This item damaged (a bane on tests made with it), or repaired with ``False``."""
        return replace(self, damaged=damaged)

    @property
    def worn(self) -> bool:
        return self.armor is not None and self.armor.worn

    @property
    def location(self) -> str:
        """Where the item is, in plain words: ``belt 4–5``, ``hand 1``, ``finger slot``."""
        if self.absorbed:
            return "absorbed: always wielded, no slot"
        return describe_place(self.area, self.at, self.slots, self.magic_slot)

    @property
    def absorbed(self) -> bool:
        """A spellbook absorbed with Burned in the Brain (no slot, always wielded)."""
        return self.area == MAGIC and self.magic_slot is None and ABSORBED_TAG in self.tags

    @property
    def label(self) -> str:
        """Name and place, e.g. ``Rope (belt 4–5)``."""
        return f"{self.name} ({self.location})"

    def stacks_with(self, other: Item) -> bool:
        """True if the two may share a slot as one stack kind (hands never stack)."""
        return (
            self.stack is not None
            and other.stack is not None
            and self.stack.kind == other.stack.kind
            and self.area != HAND
            and other.area != HAND
        )

    def same_thing_as(self, other: Item) -> bool:
        """True if the two entries describe identical things, so their counts can be added."""
        return _essence(self) == _essence(other)

    def moved_to(self, area: str, at: int | str | None) -> Item:
        """This item placed in ``area`` at ``at`` (a slot number, or a magic slot's name).

        Armour taken out of the backpack is no longer worn.
        """
        armor = self.armor
        if armor is not None and armor.worn and area != BACKPACK:
            armor = replace(armor, worn=False)
        if area == MAGIC:
            slot_name = at if isinstance(at, str) else self.magic_slot
            return replace(self, area=MAGIC, at=None, magic_slot=slot_name, armor=armor)
        if area == GROUND:
            return replace(self, area=GROUND, at=None, armor=armor)
        slot = at if isinstance(at, int) else None
        return replace(self, area=area, at=slot, armor=armor)


def _essence(item: Item) -> Item:
    return replace(item, area=GROUND, at=None, magic_slot=None, count=1, id="x")


def describe_place(area: str, at: int | None, slots: int = 1, magic_slot: str | None = None) -> str:
    """Plain words for a place: ``belt 4–5``, ``backpack 3``, ``finger slot``, ``the ground``."""
    if area == GROUND:
        return "the ground"
    if area == MAGIC:
        return f"{magic_slot} slot" if magic_slot else "magic slots, no slot named"
    if at is None:
        return f"{area}, no slot number"
    if slots > 1:
        return f"{area} {at}–{at + slots - 1}"
    return f"{area} {at}"


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "item"


def fresh_item_id(name: str, taken: Iterable[str]) -> str:
    """The first ``<name-slug>-N`` id that is not in ``taken``."""
    used = set(taken)
    base = _slug(name)
    number = 1
    while f"{base}-{number}" in used:
        number += 1
    return f"{base}-{number}"


@dataclass(frozen=True)
class Inventory:
    """Everything a crow carries (``items``) and what lies in the ground tray (``ground``).

    Item ids are unique; an empty id is replaced by a fresh one when the inventory is built.
    """

    items: tuple[Item, ...] = ()
    ground: tuple[Item, ...] = ()

    def __post_init__(self) -> None:
        items = tuple(item for item in self.items if item.area != GROUND)
        ground = tuple(
            item.moved_to(GROUND, None)
            for item in (*self.ground, *(i for i in self.items if i.area == GROUND))
        )
        taken = {item.id for item in (*items, *ground) if item.id}
        seen: set[str] = set()
        for item in (*items, *ground):
            if item.id and item.id in seen:
                raise ValueError(f"two items share the id {item.id!r}")
            seen.add(item.id)
        filled: list[list[Item]] = [[], []]
        for index, group in enumerate((items, ground)):
            for item in group:
                if not item.id:
                    new_id = fresh_item_id(item.name, taken)
                    taken.add(new_id)
                    item = replace(item, id=new_id)
                filled[index].append(item)
        object.__setattr__(self, "items", tuple(filled[0]))
        object.__setattr__(self, "ground", tuple(filled[1]))

    # -- looking things up -------------------------------------------------------------------

    def __iter__(self) -> Iterator[Item]:
        return iter((*self.items, *self.ground))

    def ids(self) -> frozenset[str]:
        return frozenset(item.id for item in self)

    def find(self, item_id: str) -> Item:
        """The item with this id; raises KeyError naming the id if there is none."""
        for item in self:
            if item.id == item_id:
                return item
        raise KeyError(f"no item with id {item_id!r} in this inventory")

    def on_ground(self, item_id: str) -> bool:
        return any(item.id == item_id for item in self.ground)

    def items_in(self, area: str) -> tuple[Item, ...]:
        return tuple(item for item in self.items if item.area == area)

    def occupants(self, area: str, slot: int | str) -> tuple[Item, ...]:
        """The items covering one slot (a number, or a magic slot's name)."""
        if area == MAGIC:
            return tuple(i for i in self.items if i.area == MAGIC and i.magic_slot == slot)
        return tuple(i for i in self.items if i.area == area and slot in i.span)

    def occupancy(self) -> dict[tuple[str, int | str], tuple[str, ...]]:
        """Each occupied slot, ``(area, number)`` or ``("magic", name)``, and the ids in it."""
        taken: dict[tuple[str, int | str], list[str]] = {}
        for item in self.items:
            if item.area == MAGIC:
                if item.magic_slot is not None:
                    taken.setdefault((MAGIC, item.magic_slot), []).append(item.id)
                continue
            for slot in item.span:
                taken.setdefault((item.area, slot), []).append(item.id)
        return {place: tuple(ids) for place, ids in taken.items()}

    def backpack_slots_holding_items(self) -> frozenset[int]:
        """Backpack slot numbers 1–10 that hold at least one item."""
        size = SLOT_AREAS[BACKPACK]
        return frozenset(
            slot for item in self.items_in(BACKPACK) for slot in item.span if 1 <= slot <= size
        )

    def worn_armor(self) -> Item | None:
        """The worn suit in the backpack, if there is one."""
        for item in self.items_in(BACKPACK):
            if item.worn and not item.is_shield:
                return item
        return None

    def armor_sources(self) -> tuple[Item, ...]:
        """The items whose AD shields the crow: the worn suit, then shields in hand."""
        worn = self.worn_armor()
        shields = tuple(
            item
            for item in sorted(self.items_in(HAND), key=lambda i: i.at or 0)
            if item.is_shield and item.armor is not None
        )
        return ((worn,) if worn is not None else ()) + shields

    def overloaded_magic_slots(self) -> tuple[str, ...]:
        """Magic slots that hold two or more items (no rest; 1d6 wounds at each DT end)."""
        counts: dict[str, int] = {}
        for item in self.items_in(MAGIC):
            if item.magic_slot in MAGIC_SLOTS:
                counts[item.magic_slot] = counts.get(item.magic_slot, 0) + 1
        return tuple(slot for slot in MAGIC_SLOTS if counts.get(slot, 0) >= 2)

    # -- building new inventories ------------------------------------------------------------

    def with_item(self, item: Item) -> Inventory:
        """This inventory plus ``item`` (placed as it says, or in the ground tray)."""
        if item.area == GROUND:
            return Inventory(self.items, (*self.ground, item))
        return Inventory((*self.items, item), self.ground)

    def without(self, item_id: str) -> Inventory:
        self.find(item_id)
        return Inventory(
            tuple(i for i in self.items if i.id != item_id),
            tuple(i for i in self.ground if i.id != item_id),
        )

    def replaced(self, item: Item) -> Inventory:
        """The item with ``item.id`` swapped for ``item``, moving between slots and ground."""
        old = self.find(item.id)
        if (old.area == GROUND) == (item.area == GROUND):
            if item.area == GROUND:
                return Inventory(
                    self.items, tuple(item if i.id == item.id else i for i in self.ground)
                )
            return Inventory(tuple(item if i.id == item.id else i for i in self.items), self.ground)
        return self.without(item.id).with_item(item)

    # -- rule check --------------------------------------------------------------------------

    def check(self, rules: InventoryRules | None = None) -> list[Problem]:
        """Every slot-rule breach, errors first in a fixed order, then warnings."""
        rules = rules or InventoryRules()
        shaped = rules.shaping.inventory(self)
        problems: list[Problem] = []
        problems += _range_problems(shaped.items, rules)
        problems += _overlap_problems(shaped.items)
        problems += _stack_problems(shaped.items)
        problems += _armor_problems(shaped)
        problems += _magic_slot_problems(shaped.items)
        problems += _overload_warnings(shaped.items)
        return problems

    def errors(self, rules: InventoryRules | None = None) -> list[Problem]:
        return [p for p in self.check(rules) if not p.is_warning]

    def warnings(self, rules: InventoryRules | None = None) -> list[Problem]:
        return [p for p in self.check(rules) if p.is_warning]


def placement_problem(
    area: str, at: int | None, slots: int, rules: InventoryRules, name: str = "The item"
) -> str | None:
    """Why ``slots`` slots starting at ``at`` are not a legal span of ``area``, or None."""
    label = f"{name} ({describe_place(area, at, slots)})"
    if area not in SLOT_AREAS:
        return f"{name} is in an unknown area {area!r} (expected hand, belt, backpack or magic)"
    size = rules.size(area)
    if at is None:
        return f"{name} is in the {area} but has no slot number"
    if at < 1:
        return f"{label} starts before {area} slot 1"
    end = at + slots - 1
    if end > size:
        if at > size:
            return f"{label} is past the last {area} slot, {size}"
        return f"{label} runs past {area} slot {size}"
    if area == BACKPACK and rules.card_layout_adjacency and at <= BACKPACK_ROW_BREAK < end:
        return (
            f"{label} runs from backpack slot {BACKPACK_ROW_BREAK} into slot "
            f"{BACKPACK_ROW_BREAK + 1}, which is on the next row of the card layout"
        )
    return None


def _range_problems(items: tuple[Item, ...], rules: InventoryRules) -> list[Problem]:
    problems = []
    for item in items:
        if item.area == MAGIC:
            continue
        reason = placement_problem(item.area, item.at, item.slots, rules, item.name)
        reason = reason or rules.slot_refusal(item, item.area, item.at)
        if reason is not None:
            problems.append(Problem("slot_out_of_range", reason))
    return problems


def _overlap_problems(items: tuple[Item, ...]) -> list[Problem]:
    problems = []
    for first, second in combinations(items, 2):
        if first.area != second.area or first.area not in SLOT_AREAS:
            continue
        shared = sorted(set(first.span) & set(second.span))
        if not shared or first.stacks_with(second):
            continue
        where = _slot_list(first.area, shared)
        if first.area == HAND:
            why = "a hand holds one item"
        elif first.stack is not None and second.stack is not None:
            why = f"{first.stack.kind} and {second.stack.kind} do not stack together"
        else:
            why = "only items of one stack kind can share a slot"
        problems.append(
            Problem("overlap", f"{first.label} and {second.label} share {where}; {why}")
        )
    return problems


def _stack_problems(items: tuple[Item, ...]) -> list[Problem]:
    problems = []
    for item in items:
        if item.count > 1 and item.stack is None:
            problems.append(
                Problem(
                    "not_stackable",
                    f"{item.label} has a count of {item.count}, but {item.name} does not stack",
                )
            )
        if item.area == HAND and item.count > 1:
            problems.append(
                Problem(
                    "hand_stack",
                    f"{item.label} is a stack of {item.count}; a hand holds one item, "
                    "never a stack",
                )
            )
    # Per slot and stack kind: the total count against the smallest limit among the entries.
    totals: dict[tuple[str, int, str], list[Item]] = {}
    for item in items:
        if item.stack is None or item.area not in SLOT_AREAS:
            continue
        for slot in item.span:
            totals.setdefault((item.area, slot, item.stack.kind), []).append(item)
    for (area, slot, kind), entries in totals.items():
        count = sum(entry.count for entry in entries)
        limit = min(entry.stack.limit for entry in entries if entry.stack is not None)
        if count > limit:
            problems.append(
                Problem(
                    "stack_limit",
                    f"{area.capitalize()} slot {slot} holds {count} {kind} "
                    f"({', '.join(e.name for e in entries)}); a {kind} stack holds at most "
                    f"{limit}",
                )
            )
    return problems


def _armor_problems(inventory: Inventory) -> list[Problem]:
    problems = []
    worn_suits = []
    for item in inventory:
        if not item.worn:
            continue
        if item.is_shield:
            problems.append(
                Problem(
                    "worn_armor",
                    f"{item.label} is marked as worn, but a shield is wielded in a hand, not worn",
                )
            )
        elif item.area != BACKPACK:
            problems.append(
                Problem(
                    "worn_armor",
                    f"{item.label} is marked as worn, but worn armour must be in the backpack",
                )
            )
        else:
            worn_suits.append(item)
    if len(worn_suits) > 1:
        names = " and ".join(item.label for item in worn_suits)
        problems.append(
            Problem("worn_armor", f"{names} are all marked as worn; a crow wears one suit")
        )
    return problems


def _magic_slot_problems(items: tuple[Item, ...]) -> list[Problem]:
    problems = []
    for item in items:
        if item.area != MAGIC or item.magic_slot in MAGIC_SLOTS or item.absorbed:
            continue
        known = ", ".join(MAGIC_SLOTS)
        if item.magic_slot is None:
            message = f"{item.name} is among the magic items but names no magic slot ({known})"
        else:
            message = f"{item.name} is in an unknown magic slot {item.magic_slot!r} ({known})"
        problems.append(Problem("magic_slot", message))
    return problems


def _overload_warnings(items: tuple[Item, ...]) -> list[Problem]:
    problems = []
    for slot in MAGIC_SLOTS:
        names = [i.name for i in items if i.area == MAGIC and i.magic_slot == slot]
        if len(names) >= 2:
            problems.append(
                Problem(
                    "magic_overload",
                    f"{_count_word(len(names))} items share the {slot} slot ({', '.join(names)}): "
                    "the crow cannot rest and gains 1d6 wounds at the end of each DT",
                    WARNING,
                )
            )
    return problems


def _count_word(count: int) -> str:
    words = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
    return words.get(count, str(count))


def _slot_list(area: str, slots: list[int]) -> str:
    if len(slots) == 1:
        return f"{area} slot {slots[0]}"
    return f"{area} slots {', '.join(str(s) for s in slots)}"
