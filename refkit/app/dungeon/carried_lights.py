"""Which lights the crows carry and whether each can be lit now (the referee's "Light a crow's
item" list and the board's "Light it"), from a crow's inventory and the tracked effects alone: no
storage, so the panels can show it before the database is open with the ORM.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from refkit.rules.dungeon.effects import TrackedEffect
from refkit.rules.inventory.model import GROUND, HAND, SLOT_AREAS, Inventory, Item
from refkit.rules.usage_dice import UsageDiceMode

if TYPE_CHECKING:
    from refkit.rules.character.model import Character
    from refkit.rules.inventory.moves import SplitResult


def one_into_a_hand(inventory: Inventory, item_id: str) -> SplitResult | None:
    """The inventory with one of the stack ``item_id`` in the first free hand (None: none free)."""
    # Imported here: the lights panel shows before any stack is split (fractions, moves).
    from refkit.rules.inventory.moves import MoveRefused, split_stack

    for hand in range(1, SLOT_AREAS[HAND] + 1):
        try:
            return split_stack(inventory, item_id, 1, HAND, hand)
        except MoveRefused:
            continue
    return None


@dataclass(frozen=True)
class LightableItem:
    """A carried item that burns at the end of a DT (a torch, a lantern, a candle), as the
    referee's "Light a crow's item" list and the board's "Light it" offer it."""

    crow: str
    item_id: str
    name: str
    current: int
    max: int
    refused: str = ""  # why it cannot be lit now ("" when it can)

    count: int = 1

    @property
    def label(self) -> str:
        text = f"{self.crow}'s {self.name} ({self.current}/{self.max} UD)"
        return f"{text}, one of {self.count} into a hand" if self.count > 1 else text


def light_refusal(crow: Character, item: Item, effects: Sequence[TrackedEffect]) -> str | None:
    """Why ``crow``'s ``item`` cannot be lit now ("" when it can); None when it is no light at
    all (no usage dice that burn at the end of a DT)."""
    dice = item.usage_dice
    if dice is None or UsageDiceMode.DT not in dice.modes or dice.max == 0:
        return None
    tracked = next((e for e in effects if (e.crow, e.item_id) == (crow.name, item.id)), None)
    if tracked is not None and tracked.lit:
        return f"{crow.name}'s {item.name} is already lit"
    if dice.useless:
        return f"{item.name} is spent for good"
    if dice.current == 0:
        fuel = f": refuel it with {dice.refuel_with}" if dice.refuel_with else ""
        return f"{item.name} has no usage dice left{fuel}"
    if item.count > 1 and one_into_a_hand(crow.items, item.id) is None:
        return f"Free a hand first: one {item.name} of the stack is taken into it to be lit"
    if item.area == GROUND:
        return f"{item.name} lies on the ground: pick it up first"
    return ""


def lightable_items(
    crows: Iterable[Character], effects: Sequence[TrackedEffect]
) -> list[LightableItem]:
    """Every light the crows carry, in party and inventory order, with why each cannot be lit."""
    found = []
    for crow in crows:
        for item in crow.items:
            refused = light_refusal(crow, item, effects)
            dice = item.usage_dice
            if refused is None or dice is None:
                continue
            found.append(
                LightableItem(
                    crow.name, item.id, item.name, dice.current, dice.max, refused, item.count
                )
            )
    return found
