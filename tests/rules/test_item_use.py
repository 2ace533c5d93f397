"""Using an item with the Activate mode: its usage dice are rolled after the use (L400)."""

from __future__ import annotations

import pytest

from refkit.rules.inventory.model import HAND, Inventory, Item, UsageDiceState
from refkit.rules.inventory.moves import use_item
from refkit.rules.usage_dice import UsageDiceMode
from tests.rules.scripted_random import ScriptedRandom

ACTIVATE_USELESS = frozenset({UsageDiceMode.ACTIVATE, UsageDiceMode.USELESS})


def kit(current: int = 3, modes: frozenset[UsageDiceMode] = ACTIVATE_USELESS) -> Inventory:
    dice = UsageDiceState(3, current, modes)
    return Inventory((Item("Tinderbox", area=HAND, at=1, usage_dice=dice, id="box"),))


def test_a_use_rolls_the_items_dice_and_the_pips_drop() -> None:
    after, roll = use_item(kit(), "box", ScriptedRandom([1, 4, 6]))
    assert (roll.before, roll.rolled, roll.after) == (3, (1, 4, 6), 2)
    dice = after.find("box").usage_dice
    assert dice is not None and dice.current == 2


def test_given_faces_are_used_instead_of_rolling() -> None:
    after, roll = use_item(kit(2), "box", ScriptedRandom(), faces=[2, 2])
    assert roll.after == 0
    dice = after.find("box").usage_dice
    assert dice is not None and dice.current == 0 and dice.entry.is_useless(dice.current)


def test_a_use_is_refused_without_activate_or_with_no_dice_left() -> None:
    with pytest.raises(ValueError, match="Tinderbox has no Activate mode"):
        use_item(kit(modes=frozenset({UsageDiceMode.DT})), "box", ScriptedRandom())
    with pytest.raises(ValueError, match="Tinderbox has no usage dice left"):
        use_item(kit(0), "box", ScriptedRandom())
    with pytest.raises(KeyError, match="'rope'"):
        use_item(kit(), "rope", ScriptedRandom())
