"""Pets carry things: a pet's pack by its kind, moves in and out with the backpack's rules,
Beast of Burden's 2 extra slots after a rest, and the check of an over-full pack."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.rules.character.model import Character, Characteristics, Stamina, rule_problems
from refkit.rules.character.pet_moves import (
    PACK_PROBLEM,
    burden_after_rest,
    holder,
    move_from_pack,
    move_to_pack,
    pack_of,
    pack_slots,
    pack_summary,
)
from refkit.rules.character.pet_packs import PetPack, pet_kind
from refkit.rules.inventory.model import Armor, Inventory, Item, StackInfo
from refkit.rules.inventory.moves import MoveRefused

BURDEN = "Pets: Beast of Burden"


def rope(at: int = 1, area: str = "backpack", item_id: str = "rope-1") -> Item:
    return Item("Rope", area=area, at=at, id=item_id)


def rations(count: int, at: int = 2, item_id: str = "ration-1") -> Item:
    return Item(
        "Ration", area="backpack", at=at, count=count, stack=StackInfo("ration", 3), id=item_id
    )


def crow(*items: Item, pets: tuple[str, ...] = ("Rex the Dog",), **more: object) -> Character:
    return Character(
        "Ada",
        Characteristics(0, 0, 0),
        Stamina(7, 7),
        items=Inventory(items),
        pets=pets,
        **more,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Dog", "Dog"),
        ("goat", "Goat"),
        ("Riding Horse", "Riding Horse"),
        ("Horse, Riding", "Riding Horse"),
        ("Rex the Dog", "Dog"),
        ("Bessie (Goat)", "Goat"),
        ("Horse", None),
        ("Doggo", None),
        ("Dog and Goat", None),
        ("Mr. Whiskers", None),
    ],
)
def test_a_pets_kind_comes_from_its_name(name: str, kind: str | None) -> None:
    assert pet_kind(name) == kind


def test_pack_slots_by_kind_and_none_for_an_unknown_pet() -> None:
    ada = crow(pets=("Dog", "Goat", "Riding Horse", "Horse"))
    assert [pack_slots(ada, pet) for pet in ada.pets] == [1, 2, 10, None]


def test_an_item_moves_into_a_pack_and_back() -> None:
    ada = crow(rope())
    packed = move_to_pack(ada, "rope-1", "rex the dog")
    assert packed.items.items == ()
    assert [(i.name, i.at) for i in pack_of(packed, "Rex the Dog").items] == [("Rope", 1)]
    assert holder(packed, "rope-1") == "Rex the Dog"
    back = move_from_pack(packed, "rope-1", "belt", 2)
    assert back.items.find("rope-1").location == "belt 2"
    assert back.pet_packs == ()


def test_a_full_pack_refuses_with_the_reason_and_changes_nothing() -> None:
    ada = crow(rope(), Item("Lantern", area="backpack", at=2, id="lantern-1"))
    packed = move_to_pack(ada, "rope-1", "Rex the Dog")
    with pytest.raises(MoveRefused, match=r"Rex the Dog's pack: .*no room"):
        move_to_pack(packed, "lantern-1", "Rex the Dog")
    with pytest.raises(MoveRefused, match="past the last pack slot, 1"):
        move_to_pack(packed, "lantern-1", "Rex the Dog", at=2)


def test_a_two_slot_item_needs_two_free_slots_side_by_side() -> None:
    ada = crow(Item("Tent", area="backpack", at=1, slots=2, id="tent-1"), pets=("Goat",))
    packed = move_to_pack(ada, "tent-1", "Goat")
    assert pack_of(packed, "Goat").items.find("tent-1").span == (1, 2)
    dog = crow(Item("Tent", area="backpack", at=1, slots=2, id="tent-1"))
    with pytest.raises(MoveRefused, match="no room"):
        move_to_pack(dog, "tent-1", "Rex the Dog")


def test_stacks_merge_in_a_pack_up_to_their_limit() -> None:
    ada = crow(rations(2, at=1, item_id="ration-1"), rations(2, at=2, item_id="ration-2"))
    ada = move_to_pack(ada, "ration-1", "Rex the Dog")
    merged = move_to_pack(ada, "ration-2", "Rex the Dog", at=1)
    packed = pack_of(merged, "Rex the Dog").items.items
    assert [(i.count, i.at) for i in packed] == [(3, 1)]
    left = merged.items.find("ration-2")
    assert left.count == 1  # the rest stay where they were


def test_a_pet_without_a_known_kind_has_no_pack() -> None:
    ada = crow(rope(), pets=("Mr. Whiskers",))
    with pytest.raises(MoveRefused, match=r"Mr\. Whiskers has no pack"):
        move_to_pack(ada, "rope-1", "Mr. Whiskers")
    assert pack_summary(ada, "Mr. Whiskers") == "Mr. Whiskers (no pack)"


def test_an_unknown_pet_is_refused_by_name() -> None:
    with pytest.raises(MoveRefused, match="no pet called 'Rover'"):
        move_to_pack(crow(rope()), "rope-1", "Rover")


def test_worn_armour_put_on_a_pet_is_no_longer_worn() -> None:
    suit = Item("Gambeson", area="backpack", at=1, armor=Armor(1, 1, worn=True), id="gambeson-1")
    packed = move_to_pack(crow(suit, pets=("Goat",)), "gambeson-1", "Goat")
    assert pack_of(packed, "Goat").items.find("gambeson-1").worn is False


def test_beast_of_burden_gives_the_first_pet_two_slots_after_a_rest() -> None:
    ada = crow(rope(), Item("Lantern", area="backpack", at=2, id="lantern-1"), traits=(BURDEN,))
    assert pack_slots(ada, "Rex the Dog") == 1
    rested, said = burden_after_rest(ada)
    assert rested.burden_pet == "Rex the Dog" and "Rex the Dog carries 2 slots more" in said
    assert pack_slots(rested, "Rex the Dog") == 3
    packed = move_to_pack(move_to_pack(rested, "rope-1", "Rex the Dog"), "lantern-1", "Rex the Dog")
    assert pack_summary(packed, "Rex the Dog") == (
        "Rex the Dog (Dog, 2 of 3 slots, Beast of Burden +2: Rope, Lantern)"
    )
    assert rule_problems(packed) == []


def test_beast_of_burden_keeps_its_pet_and_a_choice_moves_it() -> None:
    ada = crow(traits=(BURDEN,), pets=("Goat", "Rex the Dog"), burden_pet="Rex the Dog")
    kept, _ = burden_after_rest(ada)
    assert kept.burden_pet == "Rex the Dog"
    moved, _ = burden_after_rest(ada, "goat")
    assert moved.burden_pet == "Goat"
    with pytest.raises(MoveRefused, match="has no pack"):
        burden_after_rest(crow(traits=(BURDEN,), pets=("Horse",)), "Horse")


def test_without_the_trait_the_next_rest_ends_the_extra_slots() -> None:
    ada = crow(pets=("Goat",), burden_pet="Goat")
    assert pack_slots(ada, "Goat") == 4
    after, said = burden_after_rest(ada)
    assert after.burden_pet == "" and "end" in said
    assert pack_slots(after, "Goat") == 2
    with pytest.raises(MoveRefused, match="does not have the trait"):
        burden_after_rest(ada, "Goat")


def test_the_check_flags_a_pack_over_its_slots() -> None:
    over = crow(
        pets=("Rex the Dog",),
        pet_packs=(PetPack("Rex the Dog", Inventory((rope(at=1), rope(at=2, item_id="r2")))),),
    )
    problems = [p for p in rule_problems(over) if p.code == PACK_PROBLEM]
    assert len(problems) == 1
    assert (
        "Rex the Dog's pack" in problems[0].message and "last pack slot, 1" in problems[0].message
    )
    with_burden = replace(over, burden_pet="Rex the Dog")
    assert [p for p in rule_problems(with_burden) if p.code == PACK_PROBLEM] == []


def test_the_check_flags_a_pack_of_a_pet_the_crow_does_not_have() -> None:
    stray = crow(pets=(), pet_packs=(PetPack("Dog", Inventory((rope(),))),))
    assert [p.code for p in rule_problems(stray)] == [PACK_PROBLEM]


def test_a_packed_item_keeps_a_unique_id_beside_new_ones() -> None:
    ada = move_to_pack(crow(rope()), "rope-1", "Rex the Dog")
    again = ada.with_items(ada.items.with_item(rope(at=3)))
    ids = [*again.items.ids(), *pack_of(again, "Rex the Dog").items.ids()]
    assert len(ids) == len(set(ids)) == 2
