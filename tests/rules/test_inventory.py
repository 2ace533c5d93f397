"""The slot rules of an inventory and the contract's check codes."""

from __future__ import annotations

import pytest

from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    MAGIC,
    Armor,
    Inventory,
    InventoryRules,
    Item,
    StackInfo,
    UsageDiceState,
    fresh_item_id,
)
from refkit.rules.usage_dice import UsageDiceMode

POTION = StackInfo("potion", 5)
LOCK = StackInfo("lock", 3)


def potion(area: str = BACKPACK, at: int | None = 3, count: int = 1, name: str = "Healing potion"):
    return Item(name, area=area, at=at, count=count, stack=POTION)


def codes(inventory: Inventory, rules: InventoryRules | None = None) -> list[str]:
    return [problem.code for problem in inventory.check(rules)]


def test_an_empty_inventory_is_legal() -> None:
    assert Inventory().check() == []


def test_a_sensible_kit_is_legal() -> None:
    inventory = Inventory(
        (
            Item("Torch", area=HAND, at=1),
            Item("Rope", area=BELT, at=1),
            Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(3, 3, worn=True)),
            potion(at=3, count=5),
            Item("Ladder", area=BACKPACK, at=4, slots=3),
            Item("Ring of embers", area=MAGIC, magic_slot="finger"),
        )
    )
    assert inventory.check() == []


# -- slot_out_of_range ------------------------------------------------------------------------


def test_slot_out_of_range_names_the_item_and_the_last_slot() -> None:
    problems = Inventory((Item("Rope", area=BELT, at=4, slots=2),)).check()
    assert [p.code for p in problems] == ["slot_out_of_range"]
    assert problems[0].message == "Rope (belt 4–5) runs past belt slot 4"


@pytest.mark.parametrize(
    ("area", "at", "slots"),
    [(HAND, 0, 1), (HAND, 3, 1), (HAND, 2, 2), (BELT, 5, 1), (BACKPACK, 11, 1), (BACKPACK, 9, 3)],
)
def test_items_must_lie_inside_their_area(area: str, at: int, slots: int) -> None:
    assert codes(Inventory((Item("Thing", area=area, at=at, slots=slots),))) == [
        "slot_out_of_range"
    ]


@pytest.mark.parametrize(("area", "last"), [(HAND, 2), (BELT, 4), (BACKPACK, 10)])
def test_the_last_slot_of_each_area_is_usable(area: str, last: int) -> None:
    assert Inventory((Item("Thing", area=area, at=last),)).check() == []
    assert codes(Inventory((Item("Thing", area=area, at=last + 1),))) == ["slot_out_of_range"]


def test_an_unknown_area_is_out_of_range() -> None:
    assert codes(Inventory((Item("Thing", area="pocket", at=1),))) == ["slot_out_of_range"]


def test_backpack_items_may_span_slot_5_and_6_by_default() -> None:
    ladder = Inventory((Item("Ladder", area=BACKPACK, at=5, slots=2),))
    assert ladder.check() == []


def test_card_layout_adjacency_forbids_crossing_from_slot_5_to_6() -> None:
    ladder = Inventory((Item("Ladder", area=BACKPACK, at=4, slots=3),))
    problems = ladder.check(InventoryRules(card_layout_adjacency=True))
    assert [p.code for p in problems] == ["slot_out_of_range"]
    assert "slot 5 into slot 6" in problems[0].message
    assert (
        Inventory((Item("Ladder", area=BACKPACK, at=6, slots=2),)).check(
            InventoryRules(card_layout_adjacency=True)
        )
        == []
    )


# -- overlap ----------------------------------------------------------------------------------


def test_two_items_in_one_slot_overlap() -> None:
    problems = Inventory((Item("Rope", area=BELT, at=2), Item("Crowbar", area=BELT, at=2))).check()
    assert [p.code for p in problems] == ["overlap"]
    assert "Rope (belt 2) and Crowbar (belt 2) share belt slot 2" in problems[0].message


def test_a_multi_slot_item_overlaps_what_lies_in_its_later_slots() -> None:
    inventory = Inventory(
        (Item("Ladder", area=BACKPACK, at=1, slots=3), Item("Rope", area=BACKPACK, at=3))
    )
    problems = inventory.check()
    assert [p.code for p in problems] == ["overlap"]
    assert "backpack slot 3" in problems[0].message


def test_the_same_slot_number_in_different_areas_is_not_an_overlap() -> None:
    inventory = Inventory(
        (Item("Torch", area=HAND, at=1), Item("Rope", area=BELT, at=1), potion(at=1))
    )
    assert inventory.check() == []


def test_stacks_of_different_kinds_overlap() -> None:
    inventory = Inventory((potion(at=3), Item("Lock", area=BACKPACK, at=3, stack=LOCK)))
    problems = inventory.check()
    assert [p.code for p in problems] == ["overlap"]
    assert "potion and lock do not stack together" in problems[0].message


def test_different_items_of_one_stack_kind_share_a_slot() -> None:
    inventory = Inventory((potion(count=2), potion(count=3, name="Antitoxin")))
    assert inventory.check() == []


def test_stackable_items_overlap_in_a_hand() -> None:
    inventory = Inventory((potion(area=HAND, at=1), potion(area=HAND, at=1, name="Antitoxin")))
    assert codes(inventory) == ["overlap"]


# -- stack_limit, not_stackable, hand_stack ---------------------------------------------------


def test_a_stack_over_its_limit() -> None:
    problems = Inventory((potion(count=6),)).check()
    assert [p.code for p in problems] == ["stack_limit"]
    assert "holds 6 potion" in problems[0].message and "at most 5" in problems[0].message


def test_the_limit_counts_every_entry_of_the_kind_in_the_slot() -> None:
    inventory = Inventory((potion(count=3), potion(count=3, name="Antitoxin")))
    assert codes(inventory) == ["stack_limit"]
    assert Inventory((potion(count=3), potion(count=2, name="Antitoxin"))).check() == []


@pytest.mark.parametrize(("kind", "limit"), [("potion", 5), ("lock", 3), ("lantern oil", 2)])
def test_the_rulebook_stack_limits(kind: str, limit: int) -> None:
    stack = StackInfo(kind, limit)
    full = Inventory((Item(kind, area=BELT, at=1, count=limit, stack=stack),))
    over = Inventory((Item(kind, area=BELT, at=1, count=limit + 1, stack=stack),))
    assert full.check() == []
    assert codes(over) == ["stack_limit"]


def test_a_count_without_a_stack_is_not_stackable() -> None:
    problems = Inventory((Item("Rope", area=BELT, at=1, count=2),)).check()
    assert [p.code for p in problems] == ["not_stackable"]
    assert problems[0].message == "Rope (belt 1) has a count of 2, but Rope does not stack"


def test_a_stack_in_a_hand_is_a_hand_stack() -> None:
    problems = Inventory((potion(area=HAND, at=2, count=2),)).check()
    assert [p.code for p in problems] == ["hand_stack"]
    assert "Healing potion (hand 2) is a stack of 2" in problems[0].message


def test_a_single_stackable_item_may_be_held() -> None:
    assert Inventory((potion(area=HAND, at=1),)).check() == []


# -- worn_armor --------------------------------------------------------------------------------


def test_worn_armour_outside_the_backpack() -> None:
    armour = Item("Chain shirt", area=BELT, at=1, slots=2, armor=Armor(4, 4, worn=True))
    problems = Inventory((armour,)).check()
    assert [p.code for p in problems] == ["worn_armor"]
    assert "must be in the backpack" in problems[0].message


def test_two_suits_worn_at_once() -> None:
    inventory = Inventory(
        (
            Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(3, 3, worn=True)),
            Item("Chain shirt", area=BACKPACK, at=3, slots=2, armor=Armor(4, 4, worn=True)),
        )
    )
    assert codes(inventory) == ["worn_armor"]


def test_a_worn_shield_is_a_worn_armor_error() -> None:
    shield = Item("Buckler", area=BACKPACK, at=1, armor=Armor(1, 1, worn=True), tags=("shield",))
    assert codes(Inventory((shield,))) == ["worn_armor"]


def test_armour_dropped_on_the_ground_is_no_longer_worn() -> None:
    armour = Item("Chain shirt", slots=2, armor=Armor(4, 4, worn=True))
    inventory = Inventory(ground=(armour,))
    assert inventory.ground[0].worn is False
    assert inventory.check() == []


# -- magic slots ---------------------------------------------------------------------------------


def test_an_unknown_magic_slot() -> None:
    problems = Inventory((Item("Toe ring", area=MAGIC, magic_slot="toe"),)).check()
    assert [p.code for p in problems] == ["magic_slot"]
    assert "'toe'" in problems[0].message


def test_a_magic_item_without_a_slot() -> None:
    assert codes(Inventory((Item("Amulet", area=MAGIC),))) == ["magic_slot"]


def test_two_items_in_one_magic_slot_warn_of_overload() -> None:
    inventory = Inventory(
        (
            Item("Ring of embers", area=MAGIC, magic_slot="finger"),
            Item("Ring of frost", area=MAGIC, magic_slot="finger"),
            Item("Hat", area=MAGIC, magic_slot="head"),
        )
    )
    problems = inventory.check()
    assert [(p.code, p.is_warning) for p in problems] == [("magic_overload", True)]
    assert "cannot rest" in problems[0].message and "1d6 wounds" in problems[0].message
    assert inventory.errors() == []
    assert inventory.overloaded_magic_slots() == ("finger",)


def test_each_of_the_six_magic_slots_takes_an_item() -> None:
    slots = ("head", "neck", "waist", "arms", "finger", "feet")
    inventory = Inventory(tuple(Item(f"Charm {s}", area=MAGIC, magic_slot=s) for s in slots))
    assert inventory.check() == []


# -- occupancy, ids and look-ups -----------------------------------------------------------------


def test_occupancy_lists_every_slot_an_item_covers() -> None:
    inventory = Inventory(
        (
            Item("Ladder", area=BACKPACK, at=2, slots=3, id="ladder"),
            Item("Ring", area=MAGIC, magic_slot="finger", id="ring"),
            potion(at=6, count=2),
            potion(at=6, name="Antitoxin"),
        )
    )
    occupancy = inventory.occupancy()
    assert occupancy[(BACKPACK, 2)] == occupancy[(BACKPACK, 4)] == ("ladder",)
    assert (BACKPACK, 5) not in occupancy
    assert occupancy[(MAGIC, "finger")] == ("ring",)
    assert len(occupancy[(BACKPACK, 6)]) == 2


def test_missing_ids_are_filled_in_and_unique() -> None:
    inventory = Inventory(
        (Item("Torch", area=HAND, at=1), Item("Torch", area=HAND, at=2, id="torch-1")),
        (Item("Torch"),),
    )
    ids = [item.id for item in inventory]
    assert ids == ["torch-2", "torch-1", "torch-3"]
    assert fresh_item_id("Torch", ids) == "torch-4"


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="share the id 'x'"):
        Inventory((Item("Torch", area=HAND, at=1, id="x"), Item("Rope", area=BELT, at=1, id="x")))


def test_ground_items_in_the_items_list_move_to_the_ground_tray() -> None:
    inventory = Inventory((Item("Torch", area=GROUND),))
    assert inventory.items == () and inventory.ground[0].name == "Torch"


def test_backpack_slots_holding_items() -> None:
    inventory = Inventory(
        (Item("Ladder", area=BACKPACK, at=4, slots=3), Item("Torch", area=HAND, at=1))
    )
    assert inventory.backpack_slots_holding_items() == frozenset({4, 5, 6})


def test_armour_sources_are_the_worn_suit_then_shields_in_hand() -> None:
    suit = Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(3, 3, True), id="a")
    spare = Item("Chain shirt", area=BACKPACK, at=3, slots=2, armor=Armor(4, 4), id="b")
    shield = Item("Buckler", area=HAND, at=2, armor=Armor(1, 1), tags=("shield",), id="c")
    packed = Item("Wooden shield", area=BACKPACK, at=5, armor=Armor(2, 2), tags=("shield",))
    inventory = Inventory((shield, spare, packed, suit))
    assert [item.id for item in inventory.armor_sources()] == ["a", "c"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Item("Rope", slots=0),
        lambda: Item("Rope", count=0),
        lambda: Item(" "),
        lambda: StackInfo("potion", 0),
        lambda: Armor(ad=4, max_ad=3),
        lambda: UsageDiceState(max=1, current=2),
    ],
)
def test_impossible_values_are_refused_when_built(make) -> None:
    with pytest.raises(ValueError):
        make()


def test_usage_dice_state_knows_when_it_is_useless() -> None:
    candle = UsageDiceState(1, 0, frozenset({UsageDiceMode.USELESS, UsageDiceMode.DT}))
    lantern = UsageDiceState(2, 0, frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT}))
    assert candle.useless and not lantern.useless
    assert candle.ordered_modes == (UsageDiceMode.USELESS, UsageDiceMode.DT)
