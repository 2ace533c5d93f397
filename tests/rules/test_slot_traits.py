"""Traits that give an extra belt slot give it everywhere: the move rules, the character check,
the character file, the sheet's board layout and the PDF sheet (characters facts §4.4, S)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.present.sheet_layout import (
    EXTRA_BELT,
    BoardMetrics,
    Place,
    all_slot_places,
    lay_out_sheet,
)
from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.file_format import dump_character_json, load_character_json
from refkit.rules.character.model import Character, Characteristics, Stamina, rule_problems
from refkit.rules.character.slot_traits import SLOT_TRAITS, inventory_rules
from refkit.rules.inventory.model import BELT, GROUND, Inventory, Item
from refkit.rules.inventory.moves import MoveRefused, can_place_item, move

BUILD = load_build_data()
FACTS = Path(__file__).resolve().parents[3] / "shared" / "rules" / "characters-facts.md"


def spear(area: str = GROUND, at: int | None = None) -> Item:
    return Item("Spear", area=area, at=at, keywords=("stabbing", "brutal"), id="spear")


def rope(area: str = GROUND, at: int | None = None) -> Item:
    return Item("Rope", area=area, at=at, id="rope")


def crow(*traits: str, items: tuple[Item, ...] = ()) -> Character:
    placed = tuple(i for i in items if i.area != GROUND)
    ground = tuple(i for i in items if i.area == GROUND)
    base = Character(
        "Vale", Characteristics(0, 1, 2), Stamina(9, 9), items=Inventory(placed, ground)
    )
    return replace(base, traits=tuple(BUILD.trait(t).key for t in traits))


def test_every_extra_belt_slot_trait_of_the_fact_file_gives_one() -> None:
    lines = [line for line in FACTS.read_text(encoding="utf-8").splitlines() if "belt slot" in line]
    named = {re.split(r"\s*\|\s*", line)[3] for line in lines if line.startswith("| 4 (2,000)")}
    assert len(named) == 6
    assert {fold(BUILD.trait(name).key) for name in named} == set(SLOT_TRAITS)
    for key in SLOT_TRAITS:
        assert "S" in BUILD.trait(key).tags


def test_a_crow_without_the_trait_has_four_belt_slots() -> None:
    plain = crow(items=(spear(),))
    with pytest.raises(MoveRefused, match="past the last belt slot, 4"):
        move(plain.items, "spear", BELT, 5, rules=inventory_rules(plain))


def test_a_holster_takes_its_weapon_group_in_the_fifth_belt_slot() -> None:
    holstered = crow("Stabbing Holster", items=(spear(), rope()))
    rules = inventory_rules(holstered)
    assert rules.size(BELT) == 5
    moved = move(holstered.items, "spear", BELT, 5, rules=rules)
    assert moved.find("spear").location == "belt 5"
    with pytest.raises(MoveRefused, match=r"Stabbing Holster: stabbing weapons only.*Rope"):
        move(holstered.items, "rope", BELT, 5, rules=rules)
    assert can_place_item(holstered.items, rope(), BELT, 4, rules=rules).ok


def test_portal_pocket_takes_any_item_and_two_grants_still_make_one_slot() -> None:
    both = crow("Portal Pocket", "Chopping Holster", items=(rope(),))
    rules = inventory_rules(both)
    assert rules.size(BELT) == 5
    assert move(both.items, "rope", BELT, 5, rules=rules).find("rope").at == 5
    assert not can_place_item(both.items, spear(), BELT, 6, rules=rules).ok


def test_the_alchemy_belt_takes_alchemy_items_only() -> None:
    brewer = crow("Alchemy Belt")
    rules = inventory_rules(brewer)
    bomb = Item("Smoke bomb", tags=("consumable", "alchemy"), id="bomb")
    assert can_place_item(brewer.items, bomb, BELT, 5, rules=rules).ok
    assert not can_place_item(brewer.items, spear(), BELT, 5, rules=rules).ok


def test_the_character_check_accepts_the_slot_only_with_the_trait() -> None:
    holstered = crow("Stabbing Holster", items=(spear(BELT, 5),))
    assert rule_problems(holstered) == []
    plain = replace(holstered, traits=())
    assert [p.code for p in rule_problems(plain)] == ["slot_out_of_range"]
    wrong = crow("Stabbing Holster", items=(rope(BELT, 5),))
    problems = rule_problems(wrong)
    assert [p.code for p in problems] == ["slot_out_of_range"]
    assert "stabbing weapons only" in problems[0].message


def test_the_character_file_keeps_the_fifth_belt_slot() -> None:
    holstered = crow("Stabbing Holster", items=(spear(BELT, 5),))
    again = load_character_json(dump_character_json(holstered))
    assert again.items.find("spear").location == "belt 5"
    assert rule_problems(again) == []


def test_the_board_lays_out_the_extra_slot_beside_the_backpack() -> None:
    metrics = BoardMetrics.from_line_height(16.0)
    plain = lay_out_sheet(1200, metrics)
    extra = lay_out_sheet(1200, metrics, belt_slots=5)
    assert Place(BELT, 5) not in plain.slots and EXTRA_BELT not in plain.frames
    cell = extra.slots[Place(BELT, 5)]
    frame = extra.frames[EXTRA_BELT].frame
    assert frame.left <= cell.left and cell.right <= frame.right
    assert frame.top <= cell.top and cell.bottom <= frame.bottom
    assert cell.bottom < extra.status.top  # the speed box moves down under it
    assert extra.status.bottom == pytest.approx(plain.status.bottom)
    for place, other in extra.slots.items():
        if place != Place(BELT, 5):
            apart = (
                cell.right <= other.left
                or other.right <= cell.left
                or cell.bottom <= other.top
                or other.bottom <= cell.top
            )
            assert apart, place
    assert all_slot_places(5).index(Place(BELT, 5)) == all_slot_places(5).index(Place(BELT, 4)) + 1
    assert Place(BELT, 5) not in all_slot_places()
