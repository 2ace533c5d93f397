"""Damage to a creature: AD then Stamina, piercing past AD, death or a knock-out at 0 (L343–353)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.combat.damage import damage_creature


def test_damage_goes_through_ad_then_stamina() -> None:
    hit = damage_creature(8, 3, 5)
    assert (hit.ad_after, hit.stamina_after, hit.absorbed_by_ad, hit.standing) == (
        0,
        6,
        3,
        "fighting",
    )


def test_piercing_damage_skips_ad() -> None:
    hit = damage_creature(8, 3, 5, piercing=True)
    assert (hit.ad_after, hit.stamina_after) == (3, 3)


def test_a_ref_creature_at_0_stamina_dies() -> None:
    hit = damage_creature(4, 0, 9)
    assert (hit.stamina_after, hit.standing, hit.wounds) == (0, "dead", 0)


def test_a_knock_out_leaves_it_unconscious_at_1_stamina() -> None:
    hit = damage_creature(4, 0, 9, knock_out=True)
    assert (hit.stamina_after, hit.standing) == (1, "knocked_out")
    assert "unconscious" in hit.conditions_after


def test_a_knock_out_asked_for_on_a_hit_that_does_not_drop_it_changes_nothing() -> None:
    hit = damage_creature(10, 0, 3, knock_out=True)
    assert (hit.stamina_after, hit.standing, hit.conditions_after) == (7, "fighting", ())


def test_a_human_the_referee_runs_takes_wounds_past_0_stamina() -> None:
    hit = damage_creature(4, 3, 10, uses_wounds=True)  # V59, for a Ref-run human
    assert (hit.ad_after, hit.stamina_after, hit.wounds, hit.standing) == (0, 0, 3, "fighting")


def test_any_damage_wakes_a_sleeper_and_a_vulnerable_one_takes_the_d6() -> None:
    hit = damage_creature(9, 0, 1, vulnerable_extra=4, conditions=("unconscious", "vulnerable"))
    assert hit.amount == 5 and hit.stamina_after == 4
    assert hit.conditions_after == ("vulnerable",)


def test_the_vulnerable_die_is_not_added_to_no_damage_or_to_one_not_vulnerable() -> None:
    assert damage_creature(9, 0, 0, vulnerable_extra=4, conditions=("vulnerable",)).amount == 0
    assert damage_creature(9, 0, 2, vulnerable_extra=4).amount == 2


amounts = st.integers(min_value=0, max_value=60)


@given(st.integers(1, 99), st.integers(0, 30), amounts, st.booleans(), st.booleans())
def test_stamina_and_ad_never_go_negative(
    stamina: int, ad: int, amount: int, piercing: bool, knock_out: bool
) -> None:
    hit = damage_creature(stamina, ad, amount, piercing=piercing, knock_out=knock_out)
    assert 0 <= hit.stamina_after <= stamina
    assert 0 <= hit.ad_after <= ad
    assert (hit.standing == "dead") == (hit.stamina_after == 0)


@given(st.integers(1, 99), st.integers(0, 30), amounts)
def test_piercing_never_takes_less_stamina_than_the_same_damage_through_ad(
    stamina: int, ad: int, amount: int
) -> None:
    plain = damage_creature(stamina, ad, amount)
    pierced = damage_creature(stamina, ad, amount, piercing=True)
    assert pierced.stamina_after <= plain.stamina_after
    assert pierced.ad_after == ad


@given(st.integers(1, 99), st.integers(0, 30), amounts, amounts)
def test_more_damage_never_leaves_more_stamina(stamina: int, ad: int, low: int, more: int) -> None:
    small = damage_creature(stamina, ad, low)
    big = damage_creature(stamina, ad, low + more)
    assert big.stamina_after <= small.stamina_after
