"""Exact odds: known values, brute force and icepool's own pool operations as references."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from refkit.dice import MAX_ODDS_WORK, DiceOddsError, parse_notation
from refkit.dice.exact import DiceGroup, expression_tally, odds_work


def brute_force_odds(text: str) -> dict[int, Fraction]:
    """Every combination of faces, evaluated by the roller itself."""
    expression = parse_notation(text)
    totals = Counter(
        expression.roll_with(faces).total
        for faces in itertools.product(*(range(1, sides + 1) for sides in expression.die_sides))
    )
    whole = sum(totals.values())
    return {total: Fraction(count, whole) for total, count in sorted(totals.items())}


def icepool_odds(die: icepool.Die) -> dict[int, Fraction]:
    return {outcome: die.probability(outcome) for outcome in die.outcomes()}


def test_two_d6_make_seven_one_time_in_six() -> None:
    odds = parse_notation("2d6").odds()
    assert odds[7] == Fraction(1, 6)
    assert odds[2] == odds[12] == Fraction(1, 36)
    assert list(odds) == list(range(2, 13))


def test_four_d6_keep_three() -> None:
    expression = parse_notation("4d6kh3")
    odds = expression.odds()
    assert expression.mean() == Fraction(15869, 1296)
    assert sum(total * p for total, p in odds.items()) == Fraction(15869, 1296)
    assert odds[18] == Fraction(21, 1296)  # four sixes, or three sixes and one other die
    assert odds[3] == Fraction(1, 1296)  # only four ones


def test_d_percent_is_uniform() -> None:
    odds = parse_notation("d%").odds()
    assert odds == {total: Fraction(1, 100) for total in range(1, 101)}


def test_a_subtracted_die_mirrors_its_odds() -> None:
    assert parse_notation("-d6+1").odds() == {t: Fraction(1, 6) for t in range(-5, 1)}


def test_constants_shift_the_odds() -> None:
    plain = parse_notation("2d10").odds()
    shifted = parse_notation("2d10+3-1").odds()
    assert shifted == {total + 2: p for total, p in plain.items()}
    assert parse_notation("5").odds() == {5: Fraction(1)}


@pytest.mark.parametrize(
    "text",
    [
        "3d4kh2",
        "3d4kl2",
        "4d3dh1",
        "4d3dl2",
        "2d4-1d3+2",
        "-2d3kh1+1d2",
        "2d6kl1-1",
        "3d2kh2-2d3kl1",
        "d%-d4",
    ],
)
def test_odds_match_brute_force(text: str) -> None:
    assert parse_notation(text).odds() == brute_force_odds(text)


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("5d8kh2", icepool.d8.pool(5).highest(2).sum()),
        ("6d10kl3", icepool.d10.pool(6).lowest(3).sum()),
        ("7d6dl3", icepool.d6.pool(7).highest(4).sum()),
        ("3d20+2d12-4", icepool.d20.pool(3).sum() + icepool.d12.pool(2).sum() - 4),
        ("2d20kh1-d6", icepool.d20.pool(2).highest(1).sum() - icepool.d6),
    ],
)
def test_odds_match_icepool_pool_operations(text: str, reference: icepool.Die) -> None:
    expression = parse_notation(text)
    assert expression.odds() == icepool_odds(reference)
    assert icepool_odds(expression.distribution()) == icepool_odds(reference)


@pytest.mark.parametrize("text", ["4d6kh3", "3d20+2d12-4", "-10d6dl3+d%", "9d4kl5-2"])
def test_summary_numbers_agree_with_the_odds(text: str) -> None:
    expression = parse_notation(text)
    odds = expression.odds()
    assert sum(odds.values()) == 1
    assert expression.min() == min(odds)
    assert expression.max() == max(odds)
    assert expression.mean() == sum(total * p for total, p in odds.items())
    assert expression.distribution().mean() == expression.mean()


@pytest.mark.parametrize(
    ("count", "sides", "kept"), [(10, 6, 8), (9, 7, 2), (12, 5, 6), (11, 4, 10)]
)
def test_keep_means_without_the_distribution_are_exact(count: int, sides: int, kept: int) -> None:
    for highest in (True, False):
        group = DiceGroup(count, sides, kept, highest)
        assert group.mean() == expression_tally([group]).mean()


def test_odds_of_two_d10_plus_three_are_quick() -> None:
    # generous, for loaded machines: the 5 ms bar is measured by tests/bench/bench_cli.py
    timings = []
    for _ in range(5):
        expression = parse_notation("2d10+3")  # a fresh expression: nothing cached
        start = time.perf_counter()
        odds = expression.odds()
        timings.append(time.perf_counter() - start)
    assert odds[14] == Fraction(1, 10)  # 2d10 make 11 one time in ten
    assert min(timings) < 0.1


def test_a_thousand_d6_sum_exactly() -> None:
    odds = parse_notation("1000d6").odds()
    assert len(odds) == 5001
    assert odds[1000] == odds[6000] == Fraction(1, 6**1000)
    assert odds[3500] == max(odds.values())
    assert odds[1001] == Fraction(1000, 6**1000)


def test_big_keep_pools_beyond_icepools_recursion_work() -> None:
    odds = parse_notation("2d1000kh1").odds()
    assert odds[1000] == Fraction(1999, 1000**2)
    assert odds[1] == Fraction(1, 1000**2)
    assert parse_notation("1000d6kh3").odds()[18] > Fraction(999, 1000)


def test_too_costly_odds_fail_fast_with_a_clear_error() -> None:
    expression = parse_notation("1000d1000")
    assert odds_work([DiceGroup(1000, 1000, 1000)]) > MAX_ODDS_WORK
    start = time.perf_counter()
    with pytest.raises(DiceOddsError, match=r"exact odds for .1000d1000. would take too long"):
        expression.odds()
    with pytest.raises(DiceOddsError):
        expression.distribution()
    assert time.perf_counter() - start < 5  # refused up front, not after minutes of work
    assert expression.mean() == Fraction(1000 * 1001, 2)
    assert (expression.min(), expression.max()) == (1000, 1_000_000)
