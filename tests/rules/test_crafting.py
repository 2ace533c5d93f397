"""Crafting rolls and progress: vectors V44-V50."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.crafting.project import (
    CraftingProgress,
    CraftingRoll,
    crafting_roll,
    roll_crafting,
)


def test_v44_total_becomes_points():
    assert crafting_roll(6, 5, 2) == CraftingRoll(
        dice=(6, 5), points=13, crit=False, doom=False, extra_roll=False
    )


def test_v45_doom_scores_nothing():
    result = crafting_roll(1, 2, 5, edges=2, expertises=2)
    assert (result.points, result.doom, result.extra_roll) == (0, True, False)


def test_v46_at_least_one_point():
    assert crafting_roll(2, 2, -1, banes=1).points == 1
    assert crafting_roll(2, 2, -5, banes=2, bonuses=(-3,)).points == 1


def test_v47_crit_grants_another_roll():
    result = crafting_roll(10, 9, 1)
    assert (result.points, result.crit, result.extra_roll) == (20, True, True)


def test_v48_expertises_and_double_edge_are_plus_four_each():
    assert crafting_roll(5, 5, 1, edges=2, expertises=2).points == 23


def test_v49_double_bane_is_minus_four():
    assert crafting_roll(7, 7, 0, banes=2).points == 10


def test_v50_surplus_starts_the_next_copy():
    progress = CraftingProgress(goal=50, points=45).add(13)
    assert progress.points == 58
    assert progress.complete
    assert progress.completed_copies == 1
    assert progress.surplus == 8


def test_single_edge_and_cancellation():
    assert crafting_roll(5, 5, 0, edges=1).points == 12
    assert crafting_roll(5, 5, 0, edges=3, banes=1).points == 12
    assert crafting_roll(5, 5, 0, edges=1, banes=2).points == 8
    assert crafting_roll(5, 5, 0, edges=2, banes=2).points == 10


def test_widened_crit_range():
    assert crafting_roll(9, 9, 0, crit_min=18).extra_roll
    assert not crafting_roll(9, 9, 0).extra_roll


def test_progress_chains_several_copies():
    progress = CraftingProgress(goal=5).add(7).add(9)
    assert (progress.completed_copies, progress.surplus) == (3, 1)
    assert not CraftingProgress(goal=5, points=4).complete


def test_roll_crafting_uses_the_rng():
    expected = random.Random(21)
    d1, d2 = expected.randint(1, 10), expected.randint(1, 10)
    assert roll_crafting(random.Random(21), 2, expertises=1) == crafting_roll(
        d1, d2, 2, expertises=1
    )


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: crafting_roll(0, 5, 0), "first die shows 0"),
        (lambda: crafting_roll(5, 11, 0), "second die shows 11"),
        (lambda: crafting_roll(5, 5, 6), "mind 6"),
        (lambda: crafting_roll(5, 5, 0, expertises=3), "expertises 3 is outside 0 to 2"),
        (lambda: crafting_roll(5, 5, 0, expertises=-1), "expertises -1"),
        (lambda: crafting_roll(5, 5, 0, edges=-1), "edges must be 0 or more, got -1"),
        (lambda: crafting_roll(5, 5, 0, crit_min=25), "got 25"),
        (lambda: crafting_roll(5, 5, 0, bonuses=("x",)), "got 'x'"),
        (lambda: roll_crafting(random.Random(0), -6), "mind -6"),
        (lambda: CraftingProgress(goal=0), "got 0"),
        (lambda: CraftingProgress(goal=5, points=-1), "got -1"),
        (lambda: CraftingProgress(goal=5).add(-2), "got -2"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


@given(
    st.integers(1, 10),
    st.integers(1, 10),
    st.integers(-5, 5),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 2),
)
def test_points_are_zero_only_on_a_doom(d1, d2, mind, edges, banes, expertises):
    result = crafting_roll(d1, d2, mind, edges=edges, banes=banes, expertises=expertises)
    assert (result.points == 0) == result.doom == (d1 + d2 <= 3)
    assert result.extra_roll == result.crit
