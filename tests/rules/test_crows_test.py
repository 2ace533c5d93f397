"""Crows test resolution: vectors V1-V18 of the fact sheet, readings of the contract, invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.checks.crows_test import (
    cancel_edges_banes,
    net_state,
    resolve_test,
    roll_test,
    tier_for_total,
)


def test_v1_total_12_is_tier_2():
    result = resolve_test(5, 6, 1)
    assert (result.natural, result.total, result.tier) == (11, 12, 2)


def test_v2_total_11_is_tier_1():
    result = resolve_test(5, 5, 1)
    assert (result.total, result.tier) == (11, 1)


def test_v3_total_17_is_tier_3():
    result = resolve_test(8, 8, 1)
    assert (result.total, result.tier) == (17, 3)


def test_v4_single_edge_adds_two():
    result = resolve_test(7, 8, 1, edges=1)
    assert (result.total, result.tier, result.net) == (18, 3, "edge")


def test_v5_double_edge_adds_nothing_but_shifts_a_tier():
    result = resolve_test(7, 8, 1, edges=2)
    assert (result.total, result.base_tier, result.tier, result.net) == (16, 2, 3, "double_edge")


def test_v6_single_bane_subtracts_two():
    result = resolve_test(6, 5, 0, banes=1)
    assert (result.total, result.tier, result.net) == (9, 1, "bane")


def test_v7_double_bane_drops_a_tier():
    result = resolve_test(8, 8, 0, banes=2)
    assert (result.total, result.base_tier, result.tier, result.net) == (16, 2, 1, "double_bane")


def test_v8_crit_beats_banes_and_penalties():
    result = resolve_test(9, 10, -1, banes=3, bonuses=(-4,))
    assert result.crit and not result.doom
    assert result.tier == 3


def test_v9_crit_beats_double_bane():
    result = resolve_test(10, 9, -3, banes=2)
    assert result.total == 16
    assert result.crit
    assert result.tier == 3


def test_v10_doom_beats_everything_and_spends_no_expertise():
    result = resolve_test(1, 2, 4, edges=3, bonuses=(6,), expertise=True)
    assert result.doom and not result.crit
    assert result.tier == 1
    assert result.expertise_applied is False


def test_v11_double_edge_and_single_bane_leave_one_edge():
    result = resolve_test(6, 6, 0, edges=3, banes=1)
    assert (result.net, result.total, result.tier) == ("edge", 14, 2)


def test_v12_double_bane_and_single_edge_leave_one_bane():
    result = resolve_test(7, 7, 0, edges=1, banes=2)
    assert (result.net, result.total, result.tier) == ("bane", 12, 2)


def test_v13_double_edge_and_double_bane_cancel():
    result = resolve_test(7, 7, 0, edges=2, banes=2)
    assert (result.net, result.total, result.tier) == ("none", 14, 2)


def test_v14_edge_and_bane_cancel():
    result = resolve_test(5, 6, 0, edges=1, banes=1)
    assert (result.net, result.total, result.tier) == ("none", 11, 1)


def test_v15_expertise_raises_a_tier():
    result = resolve_test(5, 5, 0, expertise=True)
    assert (result.total, result.base_tier, result.tier) == (10, 1, 2)
    assert result.expertise_applied


def test_v16_double_edge_and_expertise_stack():
    result = resolve_test(4, 5, 0, edges=2, expertise=True)
    assert (result.base_tier, result.tier, result.expertise_applied) == (1, 3, True)


def test_v17_double_bane_then_expertise_depends_on_order():
    sequential = resolve_test(4, 5, 0, banes=2, expertise=True)
    net = resolve_test(4, 5, 0, banes=2, expertise=True, order="net")
    assert sequential.tier == 2
    assert net.tier == 1
    # In both readings the use is spent: the tier before expertise was below 3.
    assert sequential.expertise_applied and net.expertise_applied


def test_v18_bonuses_never_cancel_a_bane():
    result = resolve_test(5, 5, 0, banes=1, bonuses=(2, 1))
    assert (result.net, result.total, result.tier) == ("bane", 11, 1)


def test_unconscious_strength_test_is_forced_doom():
    result = resolve_test(9, 9, 3, forced="doom", expertise=True)
    assert result.doom and result.tier == 1
    assert not result.expertise_applied


def test_forced_doom_cancels_a_natural_crit():
    result = resolve_test(10, 10, 0, forced="doom")
    assert result.doom and not result.crit and result.tier == 1


def test_attack_on_unconscious_target_is_tier_3_even_on_a_natural_doom():
    result = resolve_test(1, 1, 0, forced="tier3")
    assert (result.tier, result.doom, result.crit) == (3, False, False)


def test_attack_on_unconscious_target_still_reports_a_crit():
    result = resolve_test(10, 10, 0, forced="tier3")
    assert result.crit and result.tier == 3


def test_expertise_is_not_spent_on_a_natural_tier_3():
    result = resolve_test(9, 9, 0, expertise=True)
    assert result.tier == 3
    assert result.expertise_applied is False


def test_expertise_is_not_spent_on_a_crit_that_would_have_been_tier_1():
    result = resolve_test(10, 9, -5, banes=2, expertise=True)
    assert result.crit and result.tier == 3
    assert result.expertise_applied is False


def test_expertise_is_spent_when_double_edge_already_reached_tier_3_only_if_below():
    result = resolve_test(7, 8, 1, edges=2, expertise=True)
    assert result.tier == 3
    assert result.expertise_applied is False


def test_widened_crit_range():
    assert resolve_test(9, 9, -5, crit_min=18).crit
    assert not resolve_test(9, 9, -5).crit


def test_doom_wins_when_crit_and_doom_ranges_overlap():
    result = resolve_test(1, 2, 0, crit_min=3)
    assert result.doom and not result.crit and result.tier == 1


def test_tier_for_total_boundaries():
    assert [tier_for_total(t) for t in (-3, 11, 12, 16, 17, 30)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(
    ("edges", "banes", "expected"),
    [
        (0, 0, (0, 0)),
        (1, 0, (1, 0)),
        (5, 0, (2, 0)),
        (0, 4, (0, 2)),
        (1, 1, (0, 0)),
        (2, 2, (0, 0)),
        (4, 3, (0, 0)),
        (2, 1, (1, 0)),
        (3, 1, (1, 0)),
        (1, 2, (0, 1)),
        (1, 6, (0, 1)),
    ],
)
def test_cancellation_works_on_capped_states(edges, banes, expected):
    assert cancel_edges_banes(edges, banes) == expected


def test_net_state_names():
    assert [net_state(e, b) for e, b in ((2, 0), (1, 0), (0, 0), (0, 1), (0, 3))] == [
        "double_edge",
        "edge",
        "none",
        "bane",
        "double_bane",
    ]


def test_roll_test_uses_the_injected_rng():
    rng = random.Random(1234)
    expected_rng = random.Random(1234)
    d1, d2 = expected_rng.randint(1, 10), expected_rng.randint(1, 10)
    result = roll_test(rng, 2, edges=1)
    assert result == resolve_test(d1, d2, 2, edges=1)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"d1": 0}, "first die shows 0"),
        ({"d1": 11}, "first die shows 11"),
        ({"d2": 12}, "second die shows 12"),
        ({"characteristic": 6}, "characteristic 6"),
        ({"characteristic": -6}, "characteristic -6"),
        ({"edges": -1}, "edges must be 0 or more, got -1"),
        ({"banes": -2}, "banes must be 0 or more, got -2"),
        ({"bonuses": (1.5,)}, "1.5"),
        ({"crit_min": 1}, "crit_min must be a natural from 2 to 20, got 1"),
        ({"crit_min": 21}, "got 21"),
        ({"doom_max": 0}, "doom_max must be from 1 (no doom) to 20, got 0"),
        ({"order": "sum"}, "'sum'"),
        ({"forced": "tier2"}, "'tier2'"),
    ],
)
def test_bad_input_raises_with_the_value(kwargs, fragment):
    args = {"d1": 5, "d2": 5, "characteristic": 0} | kwargs
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        resolve_test(
            args.pop("d1"),
            args.pop("d2"),
            args.pop("characteristic"),
            **args,
        )


def test_roll_test_validates_before_rolling():
    rng = random.Random(5)
    state = rng.getstate()
    with pytest.raises(ValueError, match="characteristic 9"):
        roll_test(rng, 9)
    assert rng.getstate() == state


dice = st.integers(min_value=1, max_value=10)
characteristics = st.integers(min_value=-5, max_value=5)
counts = st.integers(min_value=0, max_value=5)
bonus_lists = st.lists(st.integers(min_value=-10, max_value=10), max_size=4)


@given(
    dice,
    dice,
    characteristics,
    counts,
    counts,
    bonus_lists,
    st.booleans(),
    st.sampled_from(["sequential", "net"]),
    st.sampled_from([None, "doom", "tier3"]),
    st.integers(min_value=2, max_value=20),
)
def test_invariants(d1, d2, char, edges, banes, bonuses, expertise, order, forced, crit_min):
    result = resolve_test(
        d1,
        d2,
        char,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertise=expertise,
        order=order,
        forced=forced,
        crit_min=crit_min,
    )
    assert 1 <= result.tier <= 3
    assert 1 <= result.base_tier <= 3
    assert not (result.crit and result.doom)
    if result.crit:
        assert result.tier == 3
    if result.doom:
        assert result.tier == 1
        assert not result.expertise_applied
    if result.expertise_applied:
        assert expertise
    assert result.dice == (d1, d2)
    assert result.natural == d1 + d2


@given(dice, dice, characteristics, counts, counts, st.sampled_from(["sequential", "net"]))
def test_expertise_never_lowers_and_raises_at_most_one_tier(d1, d2, char, edges, banes, order):
    plain = resolve_test(d1, d2, char, edges=edges, banes=banes, order=order)
    expert = resolve_test(d1, d2, char, edges=edges, banes=banes, order=order, expertise=True)
    assert plain.tier <= expert.tier <= plain.tier + 1
    assert expert.expertise_applied == (not plain.doom and plain.tier < 3)


@pytest.mark.parametrize("bonus", [101, -101, 10**20])
def test_an_impossible_bonus_is_refused_with_its_value(bonus: int) -> None:
    with pytest.raises(ValueError, match=rf"bonus must be between -100 and 100, got {bonus}"):
        resolve_test(5, 5, 0, bonuses=(bonus,))
