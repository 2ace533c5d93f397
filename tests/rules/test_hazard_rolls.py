"""Hazard rolls: the dice each hazard calls for, faces given or drawn from the injected random
source, and the roll log's record of them."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from refkit.rules.dungeon.hazard_rolls import (
    Hazard,
    hazard_record,
    roll_fall,
    roll_harvest,
    roll_suffocation,
    roll_topple,
)

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_a_fall_draws_its_faces_from_the_given_random_source() -> None:
    roll = roll_fall(random.Random(5), 30)
    expected = random.Random(5)
    assert roll.faces == tuple(expected.randint(1, 6) for _ in range(3))
    assert (roll.count, roll.sides, roll.means) == (3, 6, "piercing damage")


def test_faces_given_must_fit_the_dice() -> None:
    assert roll_fall(random.Random(), 20, (6, 6)).total == 12
    with pytest.raises(ValueError, match="2d6 needs 2 faces, got 1"):
        roll_fall(random.Random(), 20, (6,))
    with pytest.raises(ValueError, match="only has faces 1 to 6"):
        roll_harvest(random.Random(), "Large", (7, 1))


def test_no_dice_means_no_damage_and_no_parts() -> None:
    assert roll_fall(random.Random(), 9).headline() == "no damage"
    assert roll_suffocation(random.Random(), 0, 3).headline() == "no damage"
    assert roll_suffocation(random.Random(), 0, 4, (2,)).headline() == "2 damage (1d6: 2)"


def test_topple_and_harvest_dice_by_size() -> None:
    assert roll_topple(random.Random(), "Large", "Medium", (1, 1, 1)).total == 3
    assert roll_topple(random.Random(1), "Medium", "Medium").count == 1
    assert roll_harvest(random.Random(1), "Huge").count == 3


def test_the_record_says_what_was_rolled_and_what_came_of_it() -> None:
    roll = roll_topple(random.Random(), "Huge", "Medium", (1, 2, 3, 4, 10))
    record = hazard_record(roll, None, AT)
    assert record.kind == "hazard"
    assert record.expression == "Huge object toppled on a Medium creature: 5d10"
    assert record.summary == "20 damage (5d10: 1, 2, 3, 4, 10)"
    assert (record.total, record.seed, record.faces) == (20, None, (1, 2, 3, 4, 10))
    assert record.detail["hazard"] == Hazard.TOPPLE.value
