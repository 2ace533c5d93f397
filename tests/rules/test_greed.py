"""Greed bonus: vectors V41-V43."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refkit.rules.dungeon.greed import greed_percent, greed_value


def test_v41_first_dt_is_worth_30_percent_more():
    assert greed_value(1000, 1) == 1300


def test_v42_rounds_down():
    assert greed_value(125, 1) == 162


def test_v43_no_bonus_from_dt_4_or_on_a_revisit():
    assert greed_value(500, 4) == 500
    assert greed_value(500, 2, revisit=True) == 500


def test_percent_by_dungeon_turn():
    assert [greed_percent(dt) for dt in (1, 2, 3, 4, 10)] == [30, 20, 10, 0, 0]
    assert greed_percent(1, revisit=True) == 0


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: greed_percent(0), "dungeon turn must be 1 or more, got 0"),
        (lambda: greed_value(100, -2), "got -2"),
        (lambda: greed_value(-5, 1), "treasure value cannot be negative, got -5"),
        (lambda: greed_value(2.5, 1), "got 2.5"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


@given(st.integers(min_value=0, max_value=10**7), st.integers(1, 20), st.booleans())
def test_greed_value_never_below_base(value, dt, revisit):
    raised = greed_value(value, dt, revisit=revisit)
    assert value <= raised <= value * 13 // 10
