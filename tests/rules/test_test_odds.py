"""Exact test odds: agree with the resolver over all 100 dice pairs, sum to 1, and are fast."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.checks.crows_test import resolve_test
from refkit.rules.checks.odds import NATURALS, PAIRS, TestOdds, test_odds


def brute_force(characteristic, **kwargs) -> TestOdds:
    counts = {"tier1": 0, "tier2": 0, "tier3": 0, "crit": 0, "doom": 0}
    for d1 in range(1, 11):
        for d2 in range(1, 11):
            result = resolve_test(d1, d2, characteristic, **kwargs)
            counts[f"tier{result.tier}"] += 1
            counts["crit"] += result.crit
            counts["doom"] += result.doom
    return TestOdds(**{key: Fraction(value, 100) for key, value in counts.items()})


def test_the_naturals_counted_are_icepools_2d10():
    import icepool

    two_d10 = icepool.d10 + icepool.d10
    assert dict(NATURALS) == dict(two_d10.items())
    assert two_d10.denominator() == PAIRS


def test_plain_test_odds():
    odds = test_odds(0)
    assert odds == TestOdds(
        tier1=Fraction(55, 100),
        tier2=Fraction(35, 100),
        tier3=Fraction(10, 100),
        crit=Fraction(3, 100),
        doom=Fraction(3, 100),
    )


def test_widened_crit_range_odds():
    assert test_odds(0, crit_min=18).crit == Fraction(6, 100)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"edges": 1},
        {"edges": 2},
        {"banes": 2, "expertise": True},
        {"banes": 2, "expertise": True, "order": "net"},
        {"edges": 3, "banes": 1, "bonuses": (2, -1)},
        {"edges": 1, "banes": 2, "crit_min": 18},
        {"expertise": True, "bonuses": (-6,)},
        {"doom_max": 4},
    ],
)
@pytest.mark.parametrize("characteristic", [-5, -1, 0, 2, 5])
def test_matches_brute_force_over_all_100_pairs(characteristic, kwargs):
    assert test_odds(characteristic, **kwargs) == brute_force(characteristic, **kwargs)


@given(
    st.integers(min_value=-5, max_value=5),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=4),
    st.lists(st.integers(min_value=-8, max_value=8), max_size=3),
    st.booleans(),
    st.integers(min_value=2, max_value=20),
    st.sampled_from(["sequential", "net"]),
)
def test_tiers_sum_to_one(characteristic, edges, banes, bonuses, expertise, crit_min, order):
    odds = test_odds(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertise=expertise,
        crit_min=crit_min,
        order=order,
    )
    assert odds.tier1 + odds.tier2 + odds.tier3 == 1
    assert odds.crit <= odds.tier3
    assert odds.doom <= odds.tier1


def test_each_call_is_quick():
    # generous, for loaded machines: the 5 ms bar is measured by tests/bench/bench_cli.py
    combos = [
        (char, edges, banes, expertise)
        for char in range(-5, 6)
        for edges in range(3)
        for banes in range(3)
        for expertise in (False, True)
    ]
    start = time.perf_counter()
    for char, edges, banes, expertise in combos:
        test_odds(char + 0, edges=edges, banes=banes, bonuses=(7,), expertise=expertise)
    per_call = (time.perf_counter() - start) / len(combos)
    assert per_call < 0.1


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"characteristic": 7}, "characteristic 7"),
        ({"edges": -1}, "got -1"),
        ({"crit_min": 0}, "got 0"),
        ({"order": "backwards"}, "'backwards'"),
    ],
)
def test_bad_input_raises_with_the_value(kwargs, fragment):
    args = {"characteristic": 0} | kwargs
    with pytest.raises(ValueError, match=fragment):
        test_odds(args.pop("characteristic"), **args)


def test_a_forced_doom_is_certain_in_the_odds():
    # an unconscious crow's Agility or Strength test (L383): the odds say doom, whatever the edges
    odds = test_odds(5, edges=2, expertise=True, forced="doom")
    assert (odds.tier1, odds.tier2, odds.tier3) == (1, 0, 0)
    assert odds.doom == 1 and odds.crit == 0
