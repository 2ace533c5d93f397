"""Extra slots a crow's traits give (characters facts §4.4, the traits tagged S).

A holster-like trait adds one belt slot that holds only what it names: Alchemy Belt alchemy
items, Bashing/Chopping/Stabbing Holster and Scabbard weapons of that group, Portal Pocket any
item. Like The Nest, Refkit gives a crow at most **one** extra belt slot however many of these
traits it has (belt 4 + 1); with two of them the slot takes what either allows. The slot is the
belt's fifth; an item there that no grant allows breaks the slot rules like an item past the
belt's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from refkit.rules.inventory.model import Inventory, Item

ANY = "any"
ALCHEMY = "alchemy"
QUIVER = "quiver"


def is_quiver(item: Item) -> bool:
    """A quiver of arrows (``Quiver of 20 arrows``), by its name."""
    return item.name.casefold().startswith(QUIVER)


@dataclass(frozen=True)
class SlotGrant:
    """One extra slot of ``area`` from ``source`` (a trait, ``"Tree: Name"``), holding only
    items ``accepts`` names: ``"any"``, ``"alchemy"`` or a weapon group (``"stabbing"``)."""

    source: str
    area: str
    accepts: str = ANY

    def takes(self, item: Item) -> bool:
        if self.accepts == ANY:
            return True
        if self.accepts == ALCHEMY:
            crafted = item.crafting is not None and item.crafting.expertise.casefold() == ALCHEMY
            return ALCHEMY in item.tags or crafted
        return self.accepts in (word.casefold() for word in item.keywords)

    @property
    def holds(self) -> str:
        """What the slot holds, in plain words: ``stabbing weapons only``."""
        if self.accepts == ANY:
            return "any item"
        if self.accepts == ALCHEMY:
            return "alchemy items only"
        return f"{self.accepts} weapons only"


def extra_slots(grants: Sequence[SlotGrant], area: str) -> int:
    """How many slots ``area`` gains: one when any grant names it (they do not add up)."""
    return 1 if any(grant.area == area for grant in grants) else 0


def grant_refusal(grants: Sequence[SlotGrant], item: Item, area: str, slot: int) -> str | None:
    """Why the extra ``slot`` of ``area`` may not hold ``item`` (None: it may)."""
    mine = [grant for grant in grants if grant.area == area]
    if not mine or any(grant.takes(item) for grant in mine):
        return None
    why = "; ".join(f"{grant.source}: {grant.holds}" for grant in mine)
    return f"{area} slot {slot} is a trait's extra slot ({why}); {item.name} is not one"


@dataclass(frozen=True)
class TraitShaping:
    """How a crow's traits change the slots and stacks of what it carries (facts §4.4, S).

    ``stack_plus``: Stacks on Stacks — a stack limit above 1 holds one more. ``shared_stacks``:
    Share Food — rations and animal feed are one stack kind. ``armor_less``: Second Skin — the
    worn suit takes that many slots fewer (at least 1). ``draw_less``: Labeled Inventory or Out
    of the Pack — a backpack slot's number counts that much lower when drawing (at least 1).
    ``quivers``: Double Quiver — that many quivers (each with its own usage dice) share a slot,
    so one slot holds 40 arrows.
    """

    stack_plus: int = 0
    shared_stacks: tuple[str, ...] = ()
    armor_less: int = 0
    draw_less: int = 0
    quivers: int = 0

    def __bool__(self) -> bool:
        shaped = (
            self.stack_plus,
            self.shared_stacks,
            self.armor_less,
            self.draw_less,
            self.quivers,
        )
        return any(shaped)

    def item(self, item: Item) -> Item:
        """``item`` as this crow carries it."""
        from dataclasses import replace

        stack = item.stack
        if stack is not None and stack.kind in self.shared_stacks:
            stack = replace(stack, kind=self.shared_stacks[0])
        if stack is not None and stack.limit > 1 and self.stack_plus:
            stack = replace(stack, limit=stack.limit + self.stack_plus)
        if self.quivers > 1 and stack is None and is_quiver(item):
            from refkit.rules.inventory.model import StackInfo

            stack = StackInfo(QUIVER, self.quivers)
        slots = item.slots
        if item.worn and not item.is_shield and self.armor_less:
            slots = max(1, slots - self.armor_less)
        if stack is item.stack and slots == item.slots:
            return item
        return replace(item, stack=stack, slots=slots)

    def inventory(self, inventory: Inventory) -> Inventory:
        """Every item of ``inventory`` as this crow carries it."""
        if not self:
            return inventory
        items = tuple(map(self.item, inventory.items))
        return type(inventory)(items, tuple(map(self.item, inventory.ground)))

    def draw_needs(self, at: int) -> int:
        """The d10 a Draw From Pack needs for an item in backpack slot ``at``."""
        return max(1, at - self.draw_less)
