"""Moves between slots: refusals with reasons, stack merging and splitting, armour, drawing."""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    MAGIC,
    MAGIC_SLOTS,
    Armor,
    Inventory,
    InventoryRules,
    Item,
    StackInfo,
    UsageDiceState,
)
from refkit.rules.inventory.moves import (
    MoveRefused,
    add_item,
    can_place,
    draw_chance,
    draw_from_pack,
    drop_to_ground,
    first_free_place,
    move,
    pick_up,
    refuel,
    split_stack,
    take_off_armor,
    wear_armor,
)
from refkit.rules.usage_dice import UsageDiceMode

POTION = StackInfo("potion", 5)
LOCK = StackInfo("lock", 3)
OIL = StackInfo("lantern oil", 2)


def potion(at: int, count: int, name: str = "Healing potion", item_id: str = "") -> Item:
    return Item(name, area=BACKPACK, at=at, count=count, stack=POTION, id=item_id)


# -- can_place and move --------------------------------------------------------------------------


def test_a_two_slot_item_needs_two_free_slots_side_by_side() -> None:
    inventory = Inventory(
        (Item("Rope", area=BELT, at=3, id="rope"), Item("Spear", area=HAND, at=1, slots=2, id="s"))
    )
    verdict = can_place(inventory, "s", BELT, 2)
    assert not verdict.ok
    assert verdict.reason.startswith("A 2-slot item needs two free slots side by side in the belt")
    assert "belt slot 3 holds Rope" in verdict.reason
    assert can_place(inventory, "s", BELT, 1).ok


def test_a_multi_slot_item_cannot_run_past_the_end_of_an_area() -> None:
    inventory = Inventory((Item("Spear", area=HAND, at=1, slots=2, id="s"),))
    verdict = can_place(inventory, "s", BELT, 4)
    assert not verdict.ok and "runs past belt slot 4" in verdict.reason


def test_a_refused_move_raises_and_changes_nothing() -> None:
    inventory = Inventory(
        (Item("Torch", area=HAND, at=1, id="torch"), Item("Rope", area=HAND, at=2, id="rope"))
    )
    before = copy.deepcopy(inventory)
    with pytest.raises(MoveRefused, match="Hand slot 2 already holds Rope; a hand holds one item"):
        move(inventory, "torch", HAND, 2)
    assert inventory == before


def test_moving_to_a_free_slot() -> None:
    inventory = Inventory((Item("Torch", area=HAND, at=1, id="torch"),))
    moved = move(inventory, "torch", BELT, 4)
    assert moved.find("torch").area == BELT and moved.find("torch").at == 4
    assert moved.check() == []


def test_a_multi_slot_item_may_shift_onto_its_own_slots() -> None:
    inventory = Inventory((Item("Ladder", area=BACKPACK, at=1, slots=3, id="ladder"),))
    assert move(inventory, "ladder", BACKPACK, 2).find("ladder").span == (2, 3, 4)


def test_moving_across_the_backpack_row_break_follows_the_setting() -> None:
    inventory = Inventory((Item("Ladder", area=HAND, at=1, slots=2, id="ladder"),))
    assert can_place(inventory, "ladder", BACKPACK, 5).ok
    strict = can_place(
        inventory, "ladder", BACKPACK, 5, rules=InventoryRules(card_layout_adjacency=True)
    )
    assert not strict.ok and "next row of the card layout" in strict.reason


def test_unknown_places_are_refused_with_a_reason() -> None:
    inventory = Inventory((Item("Torch", area=HAND, at=1, id="torch"),))
    assert "no area called 'pocket'" in can_place(inventory, "torch", "pocket", 1).reason
    assert "no magic slot called 'toe'" in can_place(inventory, "torch", MAGIC, "toe").reason
    assert "slot number" in can_place(inventory, "torch", BELT, None).reason
    assert not can_place(inventory, "nothing", BELT, 1).ok


def test_a_stack_cannot_go_into_a_hand() -> None:
    inventory = Inventory((potion(3, 2, item_id="p"),))
    verdict = can_place(inventory, "p", HAND, 1)
    assert not verdict.ok and "split the stack first" in verdict.reason


def test_different_stack_kinds_cannot_share_a_slot() -> None:
    inventory = Inventory(
        (potion(3, 1, item_id="p"), Item("Lock", area=BELT, at=1, stack=LOCK, id="lock"))
    )
    verdict = can_place(inventory, "lock", BACKPACK, 3)
    assert not verdict.ok and "lock and potion cannot share a slot" in verdict.reason


# -- stacks ----------------------------------------------------------------------------------------


def test_an_identical_stack_merges_into_the_one_already_there() -> None:
    inventory = Inventory((potion(3, 2, item_id="a"), potion(4, 2, item_id="b")))
    merged = move(inventory, "b", BACKPACK, 3)
    assert merged.find("a").count == 4
    assert "b" not in merged.ids()


def test_merging_stops_at_the_limit_and_leaves_the_rest_where_it_was() -> None:
    inventory = Inventory((potion(3, 4, item_id="a"), potion(4, 3, item_id="b")))
    verdict = can_place(inventory, "b", BACKPACK, 3)
    assert verdict.ok and verdict.merged == 1
    merged = move(inventory, "b", BACKPACK, 3)
    assert merged.find("a").count == 5
    assert (merged.find("b").at, merged.find("b").count) == (4, 2)
    assert merged.check() == []


def test_a_different_item_of_the_same_kind_joins_the_slot_as_its_own_entry() -> None:
    inventory = Inventory((potion(3, 3, item_id="a"), potion(4, 3, "Antitoxin", item_id="b")))
    merged = move(inventory, "b", BACKPACK, 3)
    antitoxin = [i for i in merged.items if i.name == "Antitoxin"]
    assert sorted((i.at, i.count) for i in antitoxin) == [(3, 2), (4, 1)]
    assert merged.check() == []


def test_a_full_stack_refuses_more() -> None:
    inventory = Inventory((potion(3, 5, item_id="a"), potion(4, 1, item_id="b")))
    verdict = can_place(inventory, "b", BACKPACK, 3)
    assert not verdict.ok
    assert verdict.reason == "Backpack slot 3 already holds a full stack of potion (5 of 5)"


def test_the_smaller_limit_rules_a_mixed_slot() -> None:
    small = StackInfo("potion", 3)
    inventory = Inventory(
        (
            Item("Odd potion", area=BACKPACK, at=1, count=3, stack=small, id="odd"),
            potion(2, 1, item_id="p"),
        )
    )
    assert not can_place(inventory, "p", BACKPACK, 1).ok


def test_stacks_do_not_merge_in_hands() -> None:
    inventory = Inventory(
        (
            Item("Healing potion", area=HAND, at=1, stack=POTION, id="a"),
            Item("Healing potion", area=BELT, at=1, stack=POTION, id="b"),
        )
    )
    assert not can_place(inventory, "b", HAND, 1).ok


def test_splitting_a_stack_keeps_both_parts_in_the_slot() -> None:
    inventory = Inventory((potion(3, 5, item_id="a"),))
    result = split_stack(inventory, "a", 2)
    assert result.inventory.find("a").count == 3
    piece = result.inventory.find(result.new_item_id)
    assert (piece.area, piece.at, piece.count) == (BACKPACK, 3, 2)
    assert result.inventory.check() == []


def test_splitting_to_another_place() -> None:
    inventory = Inventory((potion(3, 5, item_id="a"),))
    result = split_stack(inventory, "a", 1, HAND, 2)
    assert result.inventory.find(result.new_item_id).area == HAND
    assert result.inventory.find("a").count == 4


def test_a_split_must_leave_something_behind() -> None:
    inventory = Inventory((potion(3, 5, item_id="a"), Item("Rope", area=BELT, at=1, id="rope")))
    with pytest.raises(MoveRefused, match="between 1 and 4"):
        split_stack(inventory, "a", 5)
    with pytest.raises(MoveRefused, match="not a stack"):
        split_stack(inventory, "rope", 1)
    with pytest.raises(MoveRefused, match="A hand holds one item"):
        split_stack(inventory, "a", 2, HAND, 1)


# -- ground ----------------------------------------------------------------------------------------


def test_drop_and_pick_up() -> None:
    inventory = Inventory((Item("Torch", area=HAND, at=1, id="torch"),))
    dropped = drop_to_ground(inventory, "torch")
    assert dropped.items == () and dropped.ground[0].id == "torch"
    held = pick_up(dropped, "torch")
    assert (held.find("torch").area, held.find("torch").at) == (HAND, 1)
    with pytest.raises(MoveRefused, match="not on the ground"):
        pick_up(held, "torch")


def test_picking_up_needs_a_free_hand() -> None:
    inventory = Inventory(
        (
            Item("Spear", area=HAND, at=1, slots=2),
            Item("Shield", area=BELT, at=1),
        ),
        (Item("Torch", id="torch"),),
    )
    with pytest.raises(MoveRefused, match="no room in the hand"):
        pick_up(inventory, "torch")


def test_add_item_finds_a_matching_stack_then_a_free_slot_then_the_ground() -> None:
    inventory = Inventory((potion(3, 4, item_id="a"),))
    one_more = add_item(inventory, Item("Healing potion", stack=POTION))
    assert one_more.find("a").count == 5
    full = Inventory(tuple(Item(f"Rock {n}", area=BACKPACK, at=n) for n in range(1, 11)))
    full = Inventory(
        (
            *full.items,
            *(Item(f"Pebble {n}", area=BELT, at=n) for n in range(1, 5)),
            *(Item(f"Stick {n}", area=HAND, at=n) for n in range(1, 3)),
        )
    )
    assert add_item(full, Item("Rope")).ground[0].name == "Rope"
    assert first_free_place(full, Item("Rope")) is None


def test_first_free_place_skips_slots_that_are_too_short() -> None:
    inventory = Inventory((Item("Rope", area=BACKPACK, at=2),))
    assert first_free_place(inventory, Item("Ladder", slots=3), (BACKPACK,)) == (BACKPACK, 3)


# -- magic slots -----------------------------------------------------------------------------------


def test_only_magic_items_go_in_magic_slots() -> None:
    inventory = Inventory(
        (
            Item("Torch", area=BELT, at=1, id="t"),
            Item("Amulet of the owl", area=BACKPACK, at=2, id="a", tags=("magic",)),
        )
    )
    refused = can_place(inventory, "t", MAGIC, "neck")
    assert not refused.ok and "Torch is not a magic item" in refused.reason
    with pytest.raises(MoveRefused, match="not a magic item"):
        move(inventory, "t", MAGIC, "neck")
    worn = move(inventory, "a", MAGIC, "neck")
    assert worn.find("a").magic_slot == "neck"
    # once worn it stays a magic item, wherever it is carried next
    back = move(worn, "a", BACKPACK, 5)
    assert can_place(back, "a", MAGIC, "head").ok


def test_doubling_a_magic_slot_is_allowed_with_a_warning() -> None:
    inventory = Inventory(
        (
            Item("Ring of embers", area=MAGIC, magic_slot="finger", id="a"),
            Item("Ring of frost", area=BACKPACK, at=1, id="b", tags=("magic",)),
        )
    )
    verdict = can_place(inventory, "b", MAGIC, "finger")
    assert verdict.ok and "cannot rest" in verdict.warning
    doubled = move(inventory, "b", MAGIC, "finger")
    assert doubled.overloaded_magic_slots() == ("finger",)
    assert doubled.errors() == []


# -- armour ----------------------------------------------------------------------------------------


def _armoury() -> Inventory:
    return Inventory(
        (
            Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(3, 3, True), id="a"),
            Item("Chain shirt", area=BACKPACK, at=3, slots=2, armor=Armor(4, 4), id="b"),
            Item("Scale coat", area=BELT, at=1, slots=3, armor=Armor(5, 5), id="c"),
            Item("Buckler", area=HAND, at=1, armor=Armor(1, 1), tags=("shield",), id="d"),
            Item("Rope", area=HAND, at=2, id="rope"),
        )
    )


def test_wearing_a_suit_takes_off_the_other() -> None:
    worn = wear_armor(_armoury(), "b")
    assert worn.worn_armor() is not None and worn.worn_armor().id == "b"
    assert not worn.find("a").worn
    assert worn.check() == []
    assert take_off_armor(worn).worn_armor() is None


@pytest.mark.parametrize(
    ("item_id", "reason"),
    [("c", "must be in the backpack"), ("d", "is a shield"), ("rope", "is not armour")],
)
def test_what_cannot_be_worn(item_id: str, reason: str) -> None:
    with pytest.raises(MoveRefused, match=reason):
        wear_armor(_armoury(), item_id)


def test_moving_worn_armour_out_of_the_backpack_takes_it_off() -> None:
    moved = drop_to_ground(_armoury(), "a")
    assert not moved.find("a").worn
    assert moved.check() == []


# -- refuelling ------------------------------------------------------------------------------------


def _lantern_kit(oil: int) -> Inventory:
    dice = UsageDiceState(
        2, 0, frozenset({UsageDiceMode.REFUEL, UsageDiceMode.DT}), refuel_with="lantern oil"
    )
    return Inventory(
        (
            Item("Lantern", area=HAND, at=1, usage_dice=dice, id="lantern"),
            Item("Lantern oil", area=BELT, at=1, count=oil, stack=OIL, id="oil"),
            Item("Rope", area=BELT, at=2, id="rope"),
        )
    )


def test_a_flask_of_oil_refuels_a_lantern_to_two_usage_dice() -> None:
    refuelled = refuel(_lantern_kit(2), "lantern", "oil")
    assert refuelled.find("lantern").usage_dice.current == 2
    assert refuelled.find("oil").count == 1
    assert "oil" not in refuel(_lantern_kit(1), "lantern", "oil").ids()


def test_a_lantern_refuses_other_fuel() -> None:
    with pytest.raises(ValueError, match="refuels with 'lantern oil'"):
        refuel(_lantern_kit(1), "lantern", "rope")
    with pytest.raises(ValueError, match="no Refuel"):
        refuel(_lantern_kit(1), "rope", "oil")


# -- Draw From Pack --------------------------------------------------------------------------------


def _pack() -> Inventory:
    return Inventory(
        (
            Item("Sword", area=HAND, at=1, id="sword"),
            Item("Rope", area=BACKPACK, at=1, id="rope"),
            Item("Lantern", area=BACKPACK, at=7, id="lantern"),
            Item("Ladder", area=BACKPACK, at=9, slots=2, id="ladder"),
            potion(4, 3, item_id="potions"),
        )
    )


@pytest.mark.parametrize("roll", range(1, 11))
def test_an_item_in_slot_1_is_always_drawn(roll: int) -> None:  # V51
    result = draw_from_pack(_pack(), "rope", roll, hand=2)
    assert result.success
    assert result.inventory.find("rope").area == HAND


def test_an_item_in_slot_7_fails_on_a_6() -> None:  # V52
    result = draw_from_pack(_pack(), "lantern", 6)
    assert not result.success and result.needed == 7
    assert result.inventory == _pack()


def test_a_two_slot_item_in_slots_9_and_10_is_drawn_on_a_9() -> None:  # V53
    result = draw_from_pack(_pack(), "ladder", 9)
    assert result.success
    ladder = result.inventory.find("ladder")
    assert (ladder.area, ladder.at) == (HAND, 1)
    assert result.inventory.find("sword").area == GROUND
    assert result.inventory.check() == []


def test_drawing_can_swap_the_held_item_into_the_freed_slot() -> None:
    result = draw_from_pack(_pack(), "lantern", 8, make_room="swap")
    assert result.inventory.find("lantern").area == HAND
    sword = result.inventory.find("sword")
    assert (sword.area, sword.at) == (BACKPACK, 7)


def test_drawing_from_a_stack_takes_one() -> None:
    result = draw_from_pack(_pack(), "potions", 4, hand=2)
    held = result.inventory.occupants(HAND, 2)
    assert [(i.name, i.count) for i in held] == [("Healing potion", 1)]
    assert result.inventory.find("potions").count == 2


def test_draw_chance_is_eleven_minus_the_lowest_slot_in_tenths() -> None:
    pack = _pack()
    assert draw_chance(pack.find("rope")) == 1
    assert draw_chance(pack.find("lantern")) == Fraction(4, 10)
    assert draw_chance(pack.find("ladder")) == Fraction(2, 10)
    with pytest.raises(ValueError):
        draw_chance(pack.find("sword"))
    with pytest.raises(ValueError, match="d10"):
        draw_from_pack(pack, "rope", 11)


# -- properties ------------------------------------------------------------------------------------


def _start() -> Inventory:
    return Inventory(
        (
            Item("Torch", area=HAND, at=1, id="torch"),
            Item("Buckler", area=HAND, at=2, armor=Armor(1, 1), tags=("shield",), id="buckler"),
            Item("Lantern oil", area=BELT, at=1, count=2, stack=OIL, id="oil"),
            Item("Lock", area=BELT, at=2, count=1, stack=LOCK, id="lock"),
            Item("Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(3, 3, True), id="la"),
            potion(3, 3, item_id="potions"),
            potion(3, 2, "Antitoxin", item_id="antitoxin"),
            Item("Ladder", area=BACKPACK, at=5, slots=3, id="ladder"),
            Item("Chain shirt", area=BACKPACK, at=8, slots=2, armor=Armor(4, 4), id="chain"),
            Item("Ring of embers", area=MAGIC, magic_slot="finger", id="ring"),
        ),
        (
            Item("Healing potion", count=4, stack=POTION, id="loose-potions"),
            Item("Lock", count=2, stack=LOCK, id="loose-locks"),
            Item("Spear", slots=2, id="spear"),
        ),
    )


def _totals(inventory: Inventory) -> Counter[str]:
    totals: Counter[str] = Counter()
    for item in inventory:
        totals[item.name] += item.count
    return totals


_PLACES = st.one_of(
    st.tuples(st.sampled_from([HAND, BELT, BACKPACK]), st.integers(1, 10) | st.integers(-1, 12)),
    st.tuples(st.just(MAGIC), st.sampled_from([*MAGIC_SLOTS, "toe"])),
    st.tuples(st.just(GROUND), st.none()),
)
_OPERATIONS = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 40), _PLACES),
    st.tuples(st.just("split"), st.integers(0, 40), st.integers(0, 5), st.none() | _PLACES),
    st.tuples(st.just("drop"), st.integers(0, 40)),
    st.tuples(st.just("pick_up"), st.integers(0, 40), st.sampled_from([HAND, BELT, BACKPACK])),
    st.tuples(st.just("wear"), st.integers(0, 40)),
    st.tuples(
        st.just("draw"), st.integers(0, 40), st.integers(1, 10), st.sampled_from(["drop", "swap"])
    ),
)


def _perform(inventory: Inventory, operation: tuple, rules: InventoryRules) -> Inventory:
    ids = sorted(inventory.ids())
    item_id = ids[operation[1] % len(ids)]
    kind = operation[0]
    if kind == "move":
        area, at = operation[2]
        verdict = can_place(inventory, item_id, area, at, rules=rules)
        try:
            moved = move(inventory, item_id, area, at, rules=rules)
        except MoveRefused:
            assert not verdict.ok
            raise
        assert verdict.ok
        return moved
    if kind == "split":
        place = operation[3]
        area, at = place if place is not None else (None, None)
        return split_stack(inventory, item_id, operation[2], area, at, rules=rules).inventory
    if kind == "drop":
        return drop_to_ground(inventory, item_id)
    if kind == "pick_up":
        return pick_up(inventory, item_id, operation[2], rules=rules)
    if kind == "wear":
        return wear_armor(inventory, item_id)
    try:
        return draw_from_pack(
            inventory, item_id, operation[2], make_room=operation[3], rules=rules
        ).inventory
    except ValueError as error:  # not in the backpack: refused like any other move
        raise MoveRefused(str(error)) from None


@settings(max_examples=150, deadline=None)
@given(
    operations=st.lists(_OPERATIONS, min_size=1, max_size=25),
    card_layout=st.booleans(),
)
def test_legal_moves_keep_the_inventory_valid_and_refusals_change_nothing(
    operations: list[tuple], card_layout: bool
) -> None:
    rules = InventoryRules(card_layout_adjacency=card_layout)
    inventory = _start()
    if card_layout:  # the ladder at 5–7 would cross the row break
        inventory = Inventory(
            tuple(i for i in inventory.items if i.id != "ladder"),
            (*inventory.ground, Item("Ladder", slots=3, id="ladder")),
        )
    assert inventory.errors(rules) == []
    totals = _totals(inventory)
    for operation in operations:
        before = copy.deepcopy(inventory)
        try:
            after = _perform(inventory, operation, rules)
        except MoveRefused as refusal:
            assert refusal.reason
            assert inventory == before
            continue
        assert after.errors(rules) == [], (operation, after.errors(rules))
        assert _totals(after) == totals
        assert len(after.ids()) == len(list(after))
        inventory = after
