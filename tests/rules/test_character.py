"""A crow's derived values, damage and healing, rests, and the character-level checks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from refkit.rules.character.model import (
    Character,
    Characteristics,
    Expertise,
    RestRefused,
    Stamina,
    WoundPlacementError,
    creation_problems,
    expertise_category,
    load_expertise_names,
    rule_problems,
)
from refkit.rules.inventory.model import (
    BACKPACK,
    HAND,
    MAGIC,
    Armor,
    Inventory,
    Item,
    UsageDiceState,
)
from refkit.rules.usage_dice import UsageDiceMode


def crow(**changes) -> Character:
    base = Character(
        name="Test Crow",
        characteristics=Characteristics(agility=1, mind=0, strength=2),
        stamina=Stamina(max=7, current=7),
    )
    return replace(base, **changes)


def armoured(ad: int = 3, stamina: int = 4) -> Character:
    suit = Item(
        "Leather armour", area=BACKPACK, at=1, slots=2, armor=Armor(ad, ad, True), id="suit"
    )
    return crow(stamina=Stamina(max=7, current=stamina), items=Inventory((suit,)))


def codes(character: Character) -> list[str]:
    return [problem.code for problem in rule_problems(character)]


# -- speed and death ------------------------------------------------------------------------------


def test_base_speed_is_five() -> None:
    assert crow().speed == 5


def test_speed_drops_only_for_wounds_in_slots_that_hold_items() -> None:  # V61
    items = Inventory((Item("Rope", area=BACKPACK, at=1), Item("Ladder", area=BACKPACK, at=3)))
    assert crow(items=items, wounds=(1, 3, 9)).speed == 3


def test_a_wound_under_a_multi_slot_item_counts_per_slot() -> None:
    items = Inventory((Item("Ladder", area=BACKPACK, at=4, slots=3),))
    assert crow(items=items, wounds=(4, 5, 6)).speed == 2


def test_speed_never_drops_below_zero() -> None:
    items = Inventory(tuple(Item(f"Rock {n}", area=BACKPACK, at=n) for n in range(1, 10)))
    assert crow(items=items, wounds=tuple(range(1, 10))).speed == 0


def test_ten_wounds_kill() -> None:  # V62
    assert crow(wounds=tuple(range(1, 11))).dead
    assert not crow(wounds=tuple(range(1, 10))).dead


# -- damage ----------------------------------------------------------------------------------------


def test_damage_spills_from_armour_to_stamina_to_wounds() -> None:  # V59
    outcome = armoured().take_damage(10)
    after = outcome.character
    assert after.items.find("suit").armor.ad == 0
    assert after.stamina.current == 0
    assert (outcome.wounds_taken, outcome.wounds_to_place) == (3, 3)
    assert after.wounds == ()  # the player places them


def test_piercing_damage_ignores_armour() -> None:  # V60
    outcome = armoured().take_damage(5, piercing=True)
    assert outcome.character.items.find("suit").armor.ad == 3
    assert outcome.character.stamina.current == 0
    assert outcome.wounds_taken == 1


def test_wounds_can_be_placed_with_the_damage() -> None:
    outcome = armoured(stamina=0).take_damage(5, wound_slots=(9, 10))
    assert outcome.character.wounds == (9, 10)
    assert outcome.wounds_to_place == 0
    with pytest.raises(WoundPlacementError, match="only 2 wounds"):
        armoured(ad=0, stamina=0).take_damage(2, wound_slots=(1, 2, 3))


def test_the_player_chooses_which_armour_loses_ad_first() -> None:
    suit = Item("Chain shirt", area=BACKPACK, at=1, slots=2, armor=Armor(4, 4, True), id="suit")
    shield = Item("Buckler", area=HAND, at=1, armor=Armor(1, 1), tags=("shield",), id="shield")
    character = crow(items=Inventory((suit, shield)))
    assert character.armor_defense == 5
    shield_first = character.take_damage(2, armour_order=["shield"]).character
    assert shield_first.items.find("shield").armor.ad == 0
    assert shield_first.items.find("suit").armor.ad == 3
    with pytest.raises(ValueError, match="not worn armour or a shield in hand"):
        character.take_damage(2, armour_order=["rope"])


def test_a_vulnerable_crow_takes_an_extra_d6() -> None:
    vulnerable = crow(conditions=("vulnerable",))
    assert vulnerable.take_damage(1, vulnerable_roll=4).stamina_lost == 5
    rolled = vulnerable.take_damage(1, rng=random.Random(3)).stamina_lost
    assert 2 <= rolled <= 7
    with pytest.raises(ValueError, match="vulnerable"):
        vulnerable.take_damage(1)
    with pytest.raises(ValueError, match="not vulnerable"):
        crow().take_damage(1, vulnerable_roll=3)


def test_damage_wakes_an_unconscious_crow() -> None:
    sleeper = crow(conditions=("unconscious", "prone"))
    assert sleeper.take_damage(1).character.conditions == ("prone",)
    assert sleeper.take_damage(0).character.conditions == ("unconscious", "prone")


def test_wounds_go_only_into_free_backpack_slots() -> None:
    wounded = crow(wounds=(1, 2))
    assert wounded.place_wounds([3]).wounds == (1, 2, 3)
    with pytest.raises(WoundPlacementError, match="already holds a wound"):
        wounded.place_wounds([2])
    with pytest.raises(WoundPlacementError, match="1–10"):
        wounded.place_wounds([11])
    with pytest.raises(WoundPlacementError, match="already holds a wound"):
        wounded.place_wounds([4, 4])


def test_more_wounds_than_free_slots_only_fill_the_slots() -> None:
    nearly = crow(stamina=Stamina(7, 0), wounds=tuple(range(1, 9)))
    outcome = nearly.take_damage(5)
    assert outcome.wounds_taken == 5 and outcome.wounds_to_place == 0
    assert outcome.character.wounds == tuple(range(1, 11)) and outcome.character.dead


# -- healing and rest ----------------------------------------------------------------------------


def test_healing_stamina_stops_at_the_maximum() -> None:
    assert crow(stamina=Stamina(7, 2)).heal_stamina(3).stamina.current == 5
    assert crow(stamina=Stamina(7, 6)).heal_stamina(3).stamina.current == 7


def test_healing_a_chosen_wound() -> None:
    assert crow(wounds=(2, 5)).heal_wound(5).wounds == (2,)
    with pytest.raises(WoundPlacementError, match="no wound"):
        crow(wounds=(2,)).heal_wound(3)


def _tired() -> Character:
    rest_dice = frozenset({UsageDiceMode.REST, UsageDiceMode.ACTIVATE})
    items = Inventory(
        (
            Item(
                "Ring", area=MAGIC, magic_slot="finger", usage_dice=UsageDiceState(1, 0, rest_dice)
            ),
            Item(
                "Torch",
                area=HAND,
                at=1,
                usage_dice=UsageDiceState(2, 1, frozenset({UsageDiceMode.DT})),
            ),
            Item(
                "Spellbook", area=HAND, at=2, usage_dice=UsageDiceState(3, 0), tags=("spellbook",)
            ),
        )
    )
    return crow(
        stamina=Stamina(7, 1),
        wounds=(3, 6),
        expertises=(Expertise("Stealth", "general", 2, 2),),
        conditions=("weakened", "prone"),
        items=items,
    )


def test_a_finished_rest_restores_the_crow() -> None:
    rested = _tired().finish_rest([6])
    assert rested.stamina.current == 7
    assert rested.wounds == (3,)
    assert rested.expertises[0].spent == 0
    dice = {item.name: item.usage_dice.current for item in rested.items}
    assert dice == {"Ring": 1, "Torch": 1, "Spellbook": 3}
    assert rested.conditions == ("prone",)


def test_a_rest_restores_only_what_the_crow_carries() -> None:  # L399, L1039
    rest_dice = frozenset({UsageDiceMode.REST, UsageDiceMode.ACTIVATE})
    tired = _tired()
    lying = Inventory(
        tired.items.items,
        (
            Item("Spare ring", usage_dice=UsageDiceState(1, 0, rest_dice)),
            Item("Old spellbook", usage_dice=UsageDiceState(3, 0), tags=("spellbook",)),
        ),
    )
    rested = replace(tired, items=lying).finish_rest([6])
    dice = {item.name: item.usage_dice.current for item in rested.items}
    assert dice == {"Ring": 1, "Torch": 1, "Spellbook": 3, "Spare ring": 0, "Old spellbook": 0}


def test_a_rest_in_the_miasma_does_not_restore_expertise_uses() -> None:
    rested = _tired().finish_rest([3], in_miasma=True)
    assert rested.expertises[0].spent == 2
    assert rested.stamina.current == 7


def test_a_rest_away_from_the_miasma_clears_cruelty_and_one_in_it_does_not() -> None:
    cruel = replace(_tired(), cruelty=3)
    assert cruel.finish_rest([6]).cruelty == 0
    assert cruel.finish_rest([6], in_miasma=True).cruelty == 3


def test_the_player_must_choose_the_healed_wound() -> None:
    with pytest.raises(RestRefused, match="choose 1"):
        _tired().finish_rest()
    with pytest.raises(RestRefused, match="no wound"):
        _tired().finish_rest([4])
    assert crow().finish_rest().wounds == ()
    assert _tired().finish_rest([3, 6], wounds_healed=2).wounds == ()


def test_no_rest_with_a_doubled_magic_slot() -> None:
    items = Inventory(
        (
            Item("Ring of embers", area=MAGIC, magic_slot="finger"),
            Item("Ring of frost", area=MAGIC, magic_slot="finger"),
        )
    )
    overloaded = crow(items=items)
    assert overloaded.cannot_rest
    with pytest.raises(RestRefused, match="finger"):
        overloaded.finish_rest()


def test_a_doubled_magic_slot_costs_1d6_wounds_at_each_dt_end() -> None:  # V63
    items = Inventory(
        (
            Item("Ring of embers", area=MAGIC, magic_slot="finger"),
            Item("Ring of frost", area=MAGIC, magic_slot="finger"),
        )
    )
    rng = random.Random(7)
    expected = random.Random(7).randint(1, 6)
    assert crow(items=items).overload_wounds_at_dt_end(rng) == expected
    assert crow().overload_wounds_at_dt_end(random.Random(7)) == 0


# -- expertises and conditions ---------------------------------------------------------------------


def test_spending_expertise_uses() -> None:
    character = crow(expertises=(Expertise("Stealth", "general", 1),))
    spent = character.spend_expertise("Stealth")
    assert spent.expertises[0].left == 0
    with pytest.raises(ValueError, match="no uses left"):
        spent.spend_expertise("Stealth")
    with pytest.raises(ValueError, match="no expertise called"):
        character.spend_expertise("Bow")


def test_a_condition_is_never_had_twice() -> None:
    assert crow().with_condition("prone").with_condition("prone").conditions == ("prone",)
    with pytest.raises(ValueError, match="listed twice"):
        crow(conditions=("prone", "prone"))
    with pytest.raises(ValueError, match="unknown condition"):
        crow(conditions=("on fire",))


def test_expertise_lists() -> None:
    names = load_expertise_names()
    assert len(names["general"]) == 18
    assert names["spellcasting"] == (
        "Alteration",
        "Benefaction",
        "Conjuration",
        "Elemental",
        "Illusion",
        "Necromancy",
    )
    assert set(names["weapon"]) == {"Bashing", "Bow", "Chopping", "Slashing", "Stabbing", "Unarmed"}
    assert expertise_category("pick lock", names) == "general"
    assert expertise_category("Climb", names) is None
    with pytest.raises(ValueError, match="weapon"):
        load_expertise_names('general = ["Search"]\nspellcasting = ["Illusion"]\n')


# -- checks ----------------------------------------------------------------------------------------


def test_a_wound_outside_the_backpack_is_a_wound_slot_error() -> None:
    problems = rule_problems(crow(wounds=(0, 11)))
    assert [p.code for p in problems] == ["wound_slot", "wound_slot"]
    assert "slot 0" in problems[0].message


def test_a_repeated_wound_slot_is_a_wound_slot_error() -> None:
    problems = rule_problems(crow(wounds=(4, 4)))
    assert [p.code for p in problems] == ["wound_slot"]
    assert "slot 4 is listed with two wounds" in problems[0].message


def test_a_characteristic_outside_minus_5_to_5_is_a_range_error() -> None:
    problems = rule_problems(crow(characteristics=Characteristics(6, 0, -6)))
    assert [p.code for p in problems] == ["characteristic_range", "characteristic_range"]


def test_a_characteristic_above_4_warns() -> None:
    problems = rule_problems(crow(characteristics=Characteristics(5, 0, 0)))
    assert [(p.code, p.is_warning) for p in problems] == [("characteristic_above_max", True)]
    magic = crow(characteristics=Characteristics(5, 0, 0), magic_characteristics=True)
    assert rule_problems(magic) == []


def test_inventory_errors_come_before_warnings() -> None:
    items = Inventory(
        (
            Item("Ring of embers", area=MAGIC, magic_slot="finger"),
            Item("Ring of frost", area=MAGIC, magic_slot="finger"),
            Item("Rope", area=HAND, at=3),
        )
    )
    assert codes(crow(items=items, wounds=(12,))) == [
        "slot_out_of_range",
        "wound_slot",
        "magic_overload",
    ]


def test_creation_range_is_minus_1_to_2_unless_advanced() -> None:
    newcomer = crow(characteristics=Characteristics(3, 0, -2))
    problems = creation_problems(newcomer)
    assert [p.code for p in problems if not p.is_warning] == ["creation_range", "creation_range"]
    assert creation_problems(replace(newcomer, advanced=True)) == []


@pytest.mark.parametrize("spread", [(2, 1, 0), (0, 2, 1), (2, 2, -1), (-1, 2, 2)])
def test_background_spreads_are_legal(spread: tuple[int, int, int]) -> None:
    assert creation_problems(crow(characteristics=Characteristics(*spread))) == []


def test_other_spreads_and_stamina_warn_at_creation() -> None:
    odd = crow(characteristics=Characteristics(1, 1, 1), stamina=Stamina(6, 6))
    assert [(p.code, p.is_warning) for p in creation_problems(odd)] == [
        ("creation_spread", True),
        ("creation_stamina", True),
    ]
