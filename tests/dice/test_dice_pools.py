"""Dice pools: limits, repeatability and the exact odds of their sum."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from refkit.dice import pool_sum_distribution, pool_sum_odds, roll_pool


def test_a_pool_rolls_the_asked_dice_repeatably() -> None:
    faces = roll_pool(random.Random(4), 12, 6)
    assert len(faces) == 12
    assert set(faces) <= set(range(1, 7))
    assert roll_pool(random.Random(4), 12, 6) == faces


def test_an_empty_pool_rolls_nothing() -> None:
    assert roll_pool(random.Random(0), 0, 6) == ()
    assert pool_sum_odds(0, 6) == {0: Fraction(1)}


@pytest.mark.parametrize(
    ("count", "sides", "message"),
    [(1001, 6, "number of dice must be 0 to 1000"), (-1, 6, "0 to 1000"), (3, 1, "2 to 1000")],
)
def test_pool_limits(count: int, sides: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        roll_pool(random.Random(0), count, sides)
    with pytest.raises(ValueError, match=message):
        pool_sum_odds(count, sides)


@pytest.mark.parametrize(("count", "sides"), [(1, 6), (3, 6), (4, 3), (2, 10)])
def test_pool_sum_odds_match_brute_force(count: int, sides: int) -> None:
    sums = Counter(sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=count))
    whole = sides**count
    assert pool_sum_odds(count, sides) == {s: Fraction(n, whole) for s, n in sorted(sums.items())}


def test_pool_sum_distribution_is_an_icepool_die() -> None:
    die = pool_sum_distribution(3, 6)
    assert die.probability(10) == Fraction(27, 216)
    assert die.mean() == Fraction(21, 2)
