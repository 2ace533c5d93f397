"""Damage through armour, Stamina and wounds: vectors V59-V61."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.character.damage import ArmourSource, apply_damage, speed_with_wounds


def test_v59_damage_spills_from_armour_to_stamina_to_wounds():
    result = apply_damage(4, [ArmourSource("leather", 3)], 10)
    assert result.armour_after == (ArmourSource("leather", 0),)
    assert (result.stamina_after, result.wounds) == (0, 3)
    assert (result.absorbed_by_armour, result.stamina_lost, result.dies) == (3, 4, False)


def test_v60_piercing_ignores_armour():
    result = apply_damage(4, [ArmourSource("leather", 3)], 5, piercing=True)
    assert result.armour_after == (ArmourSource("leather", 3),)
    assert (result.stamina_after, result.wounds, result.absorbed_by_armour) == (0, 1, 0)


def test_v61_speed_loses_one_per_slot_with_a_wound_and_an_item():
    assert speed_with_wounds(5, 2) == 3
    assert speed_with_wounds(2, 4) == 0


def test_owner_chosen_armour_order():
    armour = [ArmourSource("shield", 2), ArmourSource("mail", 5)]
    result = apply_damage(6, armour, 4)
    assert result.armour_after == (ArmourSource("shield", 0), ArmourSource("mail", 3))
    result = apply_damage(6, list(reversed(armour)), 4)
    assert result.armour_after == (ArmourSource("mail", 1), ArmourSource("shield", 2))


def test_vulnerable_extra_is_added():
    result = apply_damage(5, [], 2, vulnerable_extra=4)
    assert (result.stamina_after, result.wounds) == (0, 1)


def test_monster_without_wounds_dies_at_zero():
    result = apply_damage(3, [], 9, uses_wounds=False)
    assert (result.stamina_after, result.wounds, result.dies) == (0, 0, True)
    assert not apply_damage(3, [], 2, uses_wounds=False).dies


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: apply_damage(-1, [], 1), "stamina cannot be negative, got -1"),
        (lambda: apply_damage(3, [], -2), "damage cannot be negative, got -2"),
        (lambda: apply_damage(3, [], 1, vulnerable_extra=-1), "got -1"),
        (lambda: apply_damage(3, [("mail", 2)], 1), "ArmourSource"),
        (lambda: ArmourSource("mail", -3), "AD of 'mail' cannot be negative, got -3"),
        (lambda: speed_with_wounds(5, 11), "got 11"),
        (lambda: speed_with_wounds(-1, 0), "base speed cannot be negative, got -1"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


@given(
    st.integers(0, 20),
    st.lists(st.integers(0, 8), max_size=3),
    st.integers(0, 40),
    st.booleans(),
    st.integers(0, 6),
    st.booleans(),
)
def test_every_point_is_accounted_for(stamina, ads, amount, piercing, extra, uses_wounds):
    armour = [ArmourSource(f"a{i}", ad) for i, ad in enumerate(ads)]
    result = apply_damage(
        stamina, armour, amount, piercing=piercing, vulnerable_extra=extra, uses_wounds=uses_wounds
    )
    lost_ad = sum(ads) - sum(source.ad for source in result.armour_after)
    assert lost_ad == result.absorbed_by_armour
    assert result.stamina_after == stamina - result.stamina_lost >= 0
    if uses_wounds:
        assert result.absorbed_by_armour + result.stamina_lost + result.wounds == amount + extra
    if piercing:
        assert result.absorbed_by_armour == 0
