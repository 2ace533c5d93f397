"""L517 (fact sheet §7.4): the faller's reaction RR, 2d10 + Agility, takes 1d6 off a fall at tier
2 and 2d6 at tier 3."""

from __future__ import annotations

import pytest

from refkit.rules.dungeon.hazard_rolls import fall_rr, roll_fall
from tests.rules.scripted_random import ScriptedRandom


@pytest.mark.parametrize(
    ("rr_faces", "tier", "dice"), [((1, 2), 1, 4), ((6, 6), 2, 3), ((9, 9), 3, 2)]
)
def test_the_rr_tier_takes_dice_off_the_fall(rr_faces, tier, dice):
    rr = fall_rr(1, rr_faces)
    assert rr.tier == tier
    roll = roll_fall(ScriptedRandom([6] * dice), 40, rr=rr)
    assert (roll.count, roll.total) == (dice, 6 * dice)
    assert roll.facts["dice_saved"] == 4 - dice


def test_a_short_fall_is_not_taken_below_no_dice():
    roll = roll_fall(ScriptedRandom(), 10, rr=fall_rr(2, (9, 9)))
    assert (roll.count, roll.total, roll.facts["dice_saved"]) == (0, 0, 1)
