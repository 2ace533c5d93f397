"""L938: a Miasma effects roll that lands on a pair already affecting the human is rolled again."""

from __future__ import annotations

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table, row_for
from refkit.rules.travel.miasma import MiasmaRoller, resist_miasma
from tests.rules.scripted_random import ScriptedRandom

TABLE = find_table(load_default_tables(), MIASMA_TABLE)


def test_a_pair_already_held_is_rolled_again_for_a_different_one():
    held = row_for(TABLE, 6)[1].text  # the row of 5 + cruelty 1
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=0, cruelty=0, effects_held=(held,))],
        TABLE,
        ScriptedRandom([9]),  # the roll again: 9 + 1
        dice={"Mara": (1, 1)},
        effects_dice={"Mara": 5},
    )
    assert result.effects is not None
    assert result.effects.index == 10
    assert result.effects.text != held


def test_a_pair_not_held_stands():
    other = row_for(TABLE, 1)[1].text
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=0, cruelty=0, effects_held=(other,))],
        TABLE,
        ScriptedRandom(),
        dice={"Mara": (1, 1)},
        effects_dice={"Mara": 5},
    )
    assert result.effects is not None and result.effects.index == 6


def test_when_every_reachable_pair_is_held_the_roll_stands():
    held = tuple(row.text for row in TABLE.rows)
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=0, cruelty=0, effects_held=held)],
        TABLE,
        ScriptedRandom(),
        dice={"Mara": (1, 1)},
        effects_dice={"Mara": 5},
    )
    assert result.effects is not None and result.effects.index == 6


def test_an_effects_die_a_tier_2_does_not_need_is_kept_as_unused():
    (result,) = resist_miasma(
        [MiasmaRoller("Mara", mind=3, cruelty=0)],
        TABLE,
        ScriptedRandom(),
        dice={"Mara": (5, 5)},
        effects_dice={"Mara": 4},
    )
    assert (result.tier, result.effects, result.unused_effects_die) == (2, None, 4)
