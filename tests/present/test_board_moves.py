"""The inventory board's decisions, without a widget (issue 24: the board's presenter): where a
let-go card lands, what refuses it and why, what the hint says once it is done, and what
hovering a wound box says."""

from __future__ import annotations

from refkit.present.board_moves import (
    Carry,
    DropKind,
    plan_drop,
    target_for,
    wound_box_tooltip,
)
from refkit.present.sheet_layout import GROUND_PLACE, Place
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    HAND,
    Inventory,
    InventoryRules,
    Item,
    StackInfo,
)

RULES = InventoryRules()
ROPE = Item("Rope", area=BACKPACK, at=3, id="rope")
POLE = Item("Long pole", area=BACKPACK, at=5, slots=2, id="pole")
STONE = Item("Stone", area=GROUND, id="stone")


def crow(*items: Item, wounds: tuple[int, ...] = ()) -> Character:
    placed = tuple(item for item in items if item.area != GROUND)
    ground = tuple(item for item in items if item.area == GROUND)
    return Character(
        "Vale",
        Characteristics(0, 1, 2),
        Stamina(9, 9),
        items=Inventory(placed, ground),
        wounds=wounds,
    )


def test_a_card_lands_where_it_is_let_go_less_the_slot_it_was_grabbed_by() -> None:
    assert target_for(Place(BACKPACK, 7)) == (BACKPACK, 7)
    assert target_for(Place(BACKPACK, 7), grab_index=1) == (BACKPACK, 6)
    assert target_for(GROUND_PLACE, grab_index=1) == (GROUND, None)
    drop = plan_drop(crow(ROPE, POLE), RULES, Carry(POLE, grab_index=1), Place(BACKPACK, 9))
    assert (drop.kind, drop.area, drop.at) == (DropKind.MOVE, BACKPACK, 8)
    assert drop.done == "Done: Long pole fits in Backpack 9" and not drop.refused


def test_a_move_onto_another_card_is_refused_with_the_rules_reason() -> None:
    drop = plan_drop(crow(ROPE, POLE), RULES, Carry(ROPE), Place(BACKPACK, 5))
    assert drop.kind is DropKind.NOTHING
    assert drop.refused.startswith("✗ Not moved: ")
    assert len(drop.refused) > len("✗ Not moved: ")


def test_a_two_slot_card_grabbed_by_its_second_slot_has_no_room_left_of_the_first() -> None:
    drop = plan_drop(crow(POLE), RULES, Carry(POLE, grab_index=1), Place(BACKPACK, 1))
    assert drop.kind is DropKind.NOTHING
    assert "no room for it to the left of Backpack 1" in drop.refused


def test_a_catalogue_card_is_added_and_the_hint_says_where() -> None:
    lantern = Item("Lantern", id="")
    drop = plan_drop(crow(), RULES, Carry(lantern, from_catalogue=True), Place(HAND, 1))
    assert (drop.kind, drop.area, drop.at) == (DropKind.ADD, HAND, 1)
    assert drop.done == "Added Lantern to Hand 1"


def test_a_card_on_the_ground_let_go_on_the_ground_asks_for_no_edit() -> None:
    drop = plan_drop(crow(STONE), RULES, Carry(STONE), GROUND_PLACE)
    assert drop.kind is DropKind.NOTHING and not drop.refused


def test_a_stack_let_go_on_its_like_says_how_many_join() -> None:
    here = Item("Ration", area=BELT, at=1, count=5, stack=StackInfo("ration", 6), id="a")
    more = Item("Ration", area=BACKPACK, at=2, count=3, stack=StackInfo("ration", 6), id="b")
    drop = plan_drop(crow(here, more), RULES, Carry(more), Place(BELT, 1))
    assert drop.kind is DropKind.MOVE
    assert drop.done == "Done: 1 of 3 Ration join the stack in Belt 1; 2 stay where they are"


def test_nothing_is_moved_without_a_crow() -> None:
    drop = plan_drop(None, RULES, Carry(ROPE), Place(BACKPACK, 1))
    assert drop.refused == "✗ Not moved: No crow is open"


def test_hovering_a_wound_box_says_what_a_click_does() -> None:
    assert wound_box_tooltip(crow(wounds=(4,)), 4) == (
        "Backpack slot 4 holds a wound. Click to heal it."
    )
    assert wound_box_tooltip(crow(), 4) == "Click to place a wound in backpack slot 4."
    assert wound_box_tooltip(None, 4) == ""
