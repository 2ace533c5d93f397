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
    from refkit.rules.inventory.model import Item

ANY = "any"
ALCHEMY = "alchemy"


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
