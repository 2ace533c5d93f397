"""d100 from two d10s: vectors V20 and V21."""

from __future__ import annotations

import random

import pytest

from refkit.rules.checks.d100 import D100Roll, backlash_index, d100_from_faces, read_d100, roll_d100


@pytest.mark.parametrize(
    ("tens", "ones", "value"),
    [(10, 10, 100), (10, 5, 5), (3, 10, 30), (7, 2, 72), (10, 1, 1)],
)
def test_v20_reading(tens, ones, value):
    assert read_d100(tens, ones) == value


def test_v20_every_value_1_to_100_exactly_once():
    values = sorted(read_d100(t, o) for t in range(1, 11) for o in range(1, 11))
    assert values == list(range(1, 101))


def test_v21_backlash_index_is_d100_plus_rank():
    assert backlash_index(100, 5) == 105
    assert backlash_index(1, 0) == 1


def test_roll_d100_reads_tens_then_ones_from_the_rng():
    expected = random.Random(99)
    tens, ones = expected.randint(1, 10), expected.randint(1, 10)
    roll = roll_d100(random.Random(99))
    assert roll == D100Roll(tens=tens, ones=ones, value=read_d100(tens, ones))


def test_faces_variant():
    assert d100_from_faces(4, 10) == D100Roll(tens=4, ones=10, value=40)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: read_d100(0, 5), "tens die shows 0"),
        (lambda: read_d100(5, 11), "ones die shows 11"),
        (lambda: backlash_index(0, 1), "got 0"),
        (lambda: backlash_index(101, 1), "got 101"),
        (lambda: backlash_index(50, 6), "got 6"),
        (lambda: backlash_index(50, -1), "got -1"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
