"""Wounds that fill the backpack, vulnerable damage, speed under conditions, Repair Armor, and a
multi-slot item in a magic slot (issue 9, "Damage and wounds"; facts from rules/crows-facts.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from refkit.rules.character.file_format import check_character
from refkit.rules.character.model import (
    Character,
    Characteristics,
    RestRefused,
    Stamina,
    rule_problems,
)
from refkit.rules.inventory.model import BACKPACK, GROUND, HAND, MAGIC, Armor, Inventory, Item
from tests.rules.test_character_file import example, load


def crow(**changes: object) -> Character:
    base = Character(
        name="Test Crow",
        characteristics=Characteristics(agility=1, mind=0, strength=2),
        stamina=Stamina(max=7, current=7),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


# -- wounds that leave no choice (L355-357) --------------------------------------------------------


def test_wounds_that_fill_every_free_slot_are_placed_at_once_and_the_crow_dies() -> None:
    nearly = crow(stamina=Stamina(7, 0), wounds=tuple(range(1, 9)))
    outcome = nearly.take_damage(5)
    assert outcome.wounds_taken == 5
    assert outcome.wounds_to_place == 0
    assert outcome.character.wound_slots == frozenset(range(1, 11))
    assert outcome.character.dead


def test_exactly_as_many_wounds_as_free_slots_also_leave_no_choice() -> None:
    nearly = crow(stamina=Stamina(7, 1), wounds=(1, 2, 3, 4, 5, 6, 7))
    outcome = nearly.take_damage(4, piercing=True)  # 1 off Stamina, 3 wounds, 3 free slots
    assert outcome.wounds_to_place == 0 and outcome.character.dead


def test_fewer_wounds_than_free_slots_wait_for_the_player() -> None:
    outcome = crow(stamina=Stamina(7, 0), wounds=(1, 2)).take_damage(3)
    assert outcome.wounds_to_place == 3
    assert outcome.character.wound_slots == {1, 2}


def test_wounds_chosen_with_a_hit_that_fills_the_backpack_are_kept() -> None:
    nearly = crow(stamina=Stamina(7, 0), wounds=tuple(range(1, 8)))
    outcome = nearly.take_damage(3, wound_slots=[9])
    assert outcome.character.dead and outcome.wounds_to_place == 0


# -- vulnerable (L379) --------------------------------------------------------------------------


def test_vulnerable_adds_nothing_to_no_damage() -> None:
    vulnerable = crow(conditions=("vulnerable",))
    assert vulnerable.take_damage(0, rng=random.Random(3)).stamina_lost == 0
    assert vulnerable.take_damage(0, vulnerable_roll=4).stamina_lost == 0
    assert vulnerable.take_damage(0).character == vulnerable  # no die is needed for no damage


def test_vulnerable_adds_the_d6_when_damage_is_taken() -> None:
    vulnerable = crow(conditions=("vulnerable",))
    assert vulnerable.take_damage(1, vulnerable_roll=4).stamina_lost == 5


# -- speed under conditions (L369, L375, L383) --------------------------------------------------


@pytest.mark.parametrize("condition", ["grabbed", "unconscious"])
def test_grabbed_and_unconscious_crows_have_speed_0(condition: str) -> None:
    assert crow(conditions=(condition,)).speed == 0


def test_a_prone_crow_has_half_speed_rounded_down() -> None:  # L375, L112
    assert crow(conditions=("prone",)).speed == 2
    assert crow(conditions=("prone",), speed_base=6).speed == 3


def test_prone_halves_the_speed_left_after_wounds() -> None:
    rope = Item("Rope", area=BACKPACK, at=1, id="rope")
    wounded = crow(items=Inventory((rope,)), wounds=(1,), conditions=("prone",))
    assert wounded.speed == 2  # (5 - 1) // 2


def test_other_conditions_leave_speed_alone() -> None:
    assert crow(conditions=("blessed", "vulnerable", "weakened")).speed == 5


def test_character_check_reports_speed_after_conditions() -> None:
    # The contract's example: wound 2 lies under the leather armour, so speed 4 before conditions.
    assert check_character(load(example(conditions=["prone"]))).speed == 2
    assert check_character(load(example(conditions=["grabbed"]))).speed == 0


# -- Repair Armor (L343, L473) ------------------------------------------------------------------


def _battered() -> Character:
    suit = Item("Chain shirt", area=BACKPACK, at=1, slots=2, armor=Armor(1, 4, True), id="suit")
    shield = Item("Wooden shield", area=HAND, at=1, armor=Armor(0, 2), id="shield")
    spare = Item("Old helm", area=GROUND, armor=Armor(0, 1), id="helm")
    return crow(stamina=Stamina(7, 2), items=Inventory((suit, shield), (spare,)))


def test_repair_armor_brings_one_item_back_to_full_ad() -> None:
    rested = _battered().finish_rest(repair_armour="shield")
    assert rested.items.find("shield").armor == Armor(2, 2)
    assert rested.items.find("suit").armor == Armor(1, 4, True)  # only the one chosen
    assert rested.stamina.current == 7


def test_repairable_armour_is_what_the_crow_carries_with_ad_lost() -> None:
    assert [item.id for item in _battered().repairable_armour()] == ["suit", "shield"]


def test_repair_armor_refuses_what_cannot_be_repaired() -> None:
    battered = _battered()
    with pytest.raises(RestRefused, match="Old helm"):
        battered.finish_rest(repair_armour="helm")  # on the ground, not carried
    with pytest.raises(RestRefused, match="no item"):
        battered.finish_rest(repair_armour="nothing")
    whole = battered.repair_armour("shield")
    with pytest.raises(RestRefused, match="full AD"):
        whole.finish_rest(repair_armour="shield")


# -- a multi-slot item in a magic slot (moves refuse it, so the check does too) -----------------


def test_a_multi_slot_item_in_a_magic_slot_is_a_magic_slot_error() -> None:
    cloak = Item("Heavy cloak", area=MAGIC, magic_slot="neck", slots=2)
    assert [p.code for p in rule_problems(crow(items=Inventory((cloak,))))] == ["magic_slot"]
    message = rule_problems(crow(items=Inventory((cloak,))))[0].message
    assert "Heavy cloak" in message and "2 slots" in message


def test_a_one_slot_item_in_a_magic_slot_stays_valid() -> None:
    ring = Item("Ring", area=MAGIC, magic_slot="finger")
    assert rule_problems(crow(items=Inventory((ring,)))) == []
