"""The Miasma resistance test, cruelty and the effects roll (V67, V68, fact sheet §9.6)."""

from __future__ import annotations

import pytest

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.miasma import MiasmaRoller, resist_miasma
from tests.rules.scripted_random import ScriptedRandom

TABLE = find_table(load_default_tables(), MIASMA_TABLE)


def test_v67_tier_1_adds_a_cruelty_level_and_rolls_with_it():
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=1, cruelty=2)], TABLE, ScriptedRandom([5, 5, 4])
    )
    assert result.test.total == 9 and result.tier == 1
    assert result.cruelty == 3
    assert result.effects is not None and result.effects.index == 7  # 4 + the new level 3
    assert not result.claimed


def test_v68_effects_of_13_or_more_claim_the_crow():
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=1, cruelty=2)],
        TABLE,
        ScriptedRandom(),
        dice={"Mara": (5, 5)},
        effects_dice={"Mara": 10},
    )
    assert result.effects is not None and result.effects.index == 13
    assert result.claimed


def test_tier_2_changes_nothing_and_tier_3_clears_cruelty():
    steady, cleansed = resist_miasma(
        [MiasmaRoller("Bo", mind=0, cruelty=1), MiasmaRoller("Sel", mind=2, cruelty=1)],
        TABLE,
        ScriptedRandom([7, 7, 9, 9]),
    )
    assert (steady.tier, steady.cruelty, steady.effects) == (2, 1, None)
    assert (cleansed.tier, cleansed.cruelty) == (3, 0)


def test_fight_the_miasma_edges_count_on_the_test():
    (result,) = resist_miasma(
        [MiasmaRoller("Bo", mind=0, cruelty=0, edges=1)], TABLE, ScriptedRandom([5, 5])
    )
    assert result.test.total == 12 and result.tier == 2


def test_a_tier_3_may_lift_another_result_after_everyone_rolled():
    lifter, lifted = resist_miasma(
        [MiasmaRoller("Sel", mind=2, cruelty=2), MiasmaRoller("Bo", mind=0, cruelty=1)],
        TABLE,
        ScriptedRandom([10, 9, 3, 5]),
        raises={"Sel": "Bo"},
    )
    assert (lifter.tier, lifter.cruelty, lifter.raises) == (3, 2, "Bo")
    assert (lifted.test.tier, lifted.tier, lifted.cruelty, lifted.raised_by) == (1, 2, 1, "Sel")
    assert lifted.effects is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"raises": {"Bo": "Sel"}}, "Bo needs tier 3"),
        ({"raises": {"Sel": "Sel"}}, "only another human"),
        ({"raises": {"Ann": "Bo"}}, "Ann makes no Miasma test"),
        ({"effects_dice": {"Sel": 11}}, "effects die for Sel shows 11"),
        ({"dice": {"Ann": (1, 1)}}, "dice are given for Ann"),
    ],
)
def test_bad_raises_and_dice_are_refused(options, message):
    rollers = [MiasmaRoller("Sel", mind=2, cruelty=0), MiasmaRoller("Bo", mind=0, cruelty=0)]
    dice = {"Sel": (10, 9), "Bo": (7, 7)} | options.pop("dice", {})
    with pytest.raises(ValueError, match=message):
        resist_miasma(rollers, TABLE, ScriptedRandom(), dice=dice, **options)


def test_negative_cruelty_is_refused():
    with pytest.raises(ValueError, match="cruelty"):
        resist_miasma([MiasmaRoller("Bo", 0, -1)], TABLE, ScriptedRandom([5, 5]))
