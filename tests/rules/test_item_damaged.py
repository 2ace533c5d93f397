"""Which items can be marked damaged (armour, shields, tools without usage dice) and the reasons
the others are refused; a damaged item takes a bane until it is repaired (L169)."""

from __future__ import annotations

import pytest

from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.damaged import damage_refusal, mark_damaged
from refkit.rules.inventory.model import Inventory, Item
from refkit.rules.inventory.moves import MoveRefused


def card(name: str, count: int = 1) -> Item:
    entry = find_catalogue_item(load_item_catalogue(), name)
    return entry.to_item(count=count, item_id="it")


@pytest.mark.parametrize(
    "name", ["Lockpick set", "Shield", "Light armor", "Heavy armor", "Crowbar", "Alchemist's tools"]
)
def test_armour_shields_and_tools_can_be_damaged(name: str) -> None:
    assert damage_refusal(card(name)) == ""
    items = mark_damaged(Inventory((), (card(name),)), "it", True)
    damaged = items.find("it")
    assert damaged.damaged and damaged.banes == 1
    repaired = mark_damaged(items, "it", False).find("it")
    assert not repaired.damaged and repaired.banes == 0


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Healing potion", "only armour, shields and tools can"),
        ("Rope", "only armour, shields and tools can"),
        ("Torch", "wears out through its usage dice"),
        ("Surgical kit", "wears out through its usage dice"),
    ],
)
def test_other_items_are_refused_with_the_reason(name: str, reason: str) -> None:
    assert reason in damage_refusal(card(name))
    with pytest.raises(MoveRefused, match=reason):
        mark_damaged(Inventory((), (card(name),)), "it", True)


def test_marking_twice_or_repairing_what_is_whole_is_refused() -> None:
    items = mark_damaged(Inventory((), (card("Lockpick set"),)), "it", True)
    with pytest.raises(MoveRefused, match="already damaged"):
        mark_damaged(items, "it", True)
    with pytest.raises(MoveRefused, match="nothing to repair"):
        mark_damaged(Inventory((), (card("Lockpick set"),)), "it", False)


def test_a_damaged_armour_keeps_its_ad() -> None:
    armour = card("Light armor")
    damaged = mark_damaged(Inventory((), (armour,)), "it", True).find("it")
    assert damaged.armor == armour.armor
