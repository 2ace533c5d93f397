"""Items a crow carries whose usage dice a tracked effect rolls (a torch lit from Wren's belt).

The dungeon turn does not know the crows: the characters feature hands it a
:class:`CarriedItems` keeper, as it hands over the conditions. Before each step the bound effects
take their item's dice (the item is the one truth); after it, the dice a roll burnt are written on
the items in the same unit of work, and the keeper returns the done command that undoes that.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from refkit.rules.dungeon.effects import TrackedEffect, synced_with_item
from refkit.rules.inventory.model import Item

ItemKey = tuple[str, str]
"""(crow, item id)."""


@dataclass(frozen=True)
class CarriedDice:
    """An item's usage dice as the crow's sheet holds them."""

    name: str
    current: int
    max: int
    useless: bool  # a Useless item at 0: spent for good
    modes: tuple[str, ...] = ()
    refuel_with: str = ""
    count: int = 1  # a stack (two torches): one is taken into a hand to be lit


def carried_dice_of(item: Item) -> CarriedDice | None:
    """``item``'s usage dice as a bound effect takes them; None for an item without any."""
    dice = item.usage_dice
    if dice is None:
        return None
    return CarriedDice(
        name=item.name,
        current=dice.current,
        max=dice.max,
        useless=dice.useless,
        modes=tuple(mode.value for mode in dice.ordered_modes),
        refuel_with=dice.refuel_with or "",
        count=item.count,
    )


class CarriedDiceSource(Protocol):
    """Where a bound effect's item dice are read (:func:`synced` needs only this)."""

    def carried_dice(self, crow: str, item_id: str) -> CarriedDice | None:
        """The item's dice now; None when the crow or the item is gone."""
        ...


class CarriedItems(Protocol):
    """Where the items of bound effects live (the characters feature provides one)."""

    def carried_dice(self, crow: str, item_id: str) -> CarriedDice | None:
        """The item's dice now; None when the crow or the item is gone."""
        ...

    def burn(self, dice: Mapping[ItemKey, int], text: str) -> object | None:
        """Set each item's current usage dice (saved at once); the done command that undoes it
        (None when nothing changed)."""
        ...

    def take_one(self, crow: str, item_id: str) -> tuple[str, object]:
        """One of the stack ``item_id`` taken into a free hand (saved at once): its new id and
        the done command that undoes it. DomainError with the reason when no hand is free."""
        ...

    def refuel(self, crow: str, item_id: str) -> object:
        """Spend one of the item's fuel the crow carries to fill it (saved at once); the done
        command that undoes it. DomainError with the reason when none is carried."""
        ...


def synced(
    effects: Sequence[TrackedEffect], keeper: CarriedDiceSource | None
) -> tuple[TrackedEffect, ...]:
    """The effects with every bound one holding its item's dice (an item gone: as stored)."""
    if keeper is None:
        return tuple(effects)
    result = []
    for effect in effects:
        dice = keeper.carried_dice(effect.crow, effect.item_id) if effect.bound else None
        if dice is not None and dice.max > 0:
            effect = synced_with_item(effect, dice.current, dice.max, useless=dice.useless)
        result.append(effect)
    return tuple(result)


def burnt(before: Sequence[TrackedEffect], after: Sequence[TrackedEffect]) -> dict[ItemKey, int]:
    """The items whose dice a step burnt: bound effects with fewer dice after than before.

    Only losses go back to the items; what fills them (a rest, a refuel) happens on the crow,
    which knows whether the item is carried or lying on the ground."""
    was = {effect.id: effect.usage_dice for effect in before if effect.bound}
    return {
        (effect.crow, effect.item_id): effect.usage_dice
        for effect in after
        if effect.bound and effect.id in was and effect.usage_dice < was[effect.id]
    }
