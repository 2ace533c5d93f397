"""Hazards, sizes, backpack draws and initiative: vectors V51-V58 and V64."""

from __future__ import annotations

from fractions import Fraction

import pytest

from refkit.rules.dungeon.hazards import (
    Size,
    ToppleEffort,
    draw_from_pack,
    draw_from_pack_chance,
    falling_dice,
    harvest_dice,
    initiative,
    suffocation_damage_dice,
    suffocation_rounds,
    topple_dice,
    topple_effort,
)


def test_v51_slot_1_always_draws():
    assert all(draw_from_pack(1, roll) for roll in range(1, 11))
    assert draw_from_pack_chance(1) == 1


def test_v52_slot_7_fails_on_a_6():
    assert not draw_from_pack(7, 6)
    assert draw_from_pack(7, 7)


def test_v53_two_slot_item_uses_its_lowest_slot():
    assert draw_from_pack(9, 9)
    assert draw_from_pack_chance(10) == Fraction(1, 10)
    assert draw_from_pack_chance(9) == Fraction(1, 5)


def test_v54_topple_damage_dice():
    assert topple_dice(Size.HUGE, Size.MEDIUM) == 5
    assert topple_dice("large", "Large") == 1
    assert topple_dice("Holy Shit!", "small") == 9


def test_v55_topple_effort():
    assert topple_effort(Size.HUGE, Size.MEDIUM) == ToppleEffort("action", True, 2)
    assert topple_effort(Size.SMALL, Size.MEDIUM) == ToppleEffort("maneuver", False, 0)
    assert topple_effort(Size.MEDIUM, Size.MEDIUM) == ToppleEffort("action", True, 0)
    assert topple_effort(Size.LARGE, Size.MEDIUM) == ToppleEffort("action", True, 1)
    # More than two sizes larger: not by brute strength, but ropes and pulleys can (L789).
    assert topple_effort("Huge", "Small") == ToppleEffort("tools", False, 0)


@pytest.mark.parametrize(("feet", "dice"), [(0, 0), (5, 0), (10, 1), (25, 2), (40, 4)])
def test_v56_falling(feet, dice):
    assert falling_dice(feet) == dice


def test_v57_suffocation():
    assert suffocation_rounds(2) == 5
    assert [suffocation_damage_dice(2, rnd) for rnd in range(1, 8)] == [0, 0, 0, 0, 0, 1, 1]
    assert suffocation_rounds(-5) == 0


def test_v58_initiative():
    assert initiative(6) == "pcs_first"
    assert initiative(5) == "enemies_first"
    assert initiative(10) == "pcs_first"
    assert initiative(1) == "enemies_first"


def test_v64_harvest():
    assert harvest_dice(Size.LARGE) == 2
    assert harvest_dice("Small") == 1
    assert [harvest_dice(size) for size in Size] == [1, 1, 1, 2, 3, 4]


def test_sizes_are_ordered_and_parsed_loosely():
    assert [size.rank for size in Size] == list(range(6))
    assert Size.parse("holy shit") is Size.HOLY_SHIT
    assert Size.parse("HOLY_SHIT") is Size.HOLY_SHIT
    assert Size.parse(Size.TINY) is Size.TINY


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: falling_dice(-5), "fall distance in feet cannot be negative, got -5"),
        (lambda: suffocation_rounds(6), "strength 6"),
        (lambda: suffocation_damage_dice(0, 0), "round number must be 1 or more, got 0"),
        (lambda: Size.parse("Gigantic"), "unknown size 'Gigantic'"),
        (
            lambda: topple_dice("Small", "Large"),
            "Small object cannot be toppled onto a larger Large",
        ),
        (lambda: draw_from_pack_chance(0), "backpack slot 0 is outside 1 to 10"),
        (lambda: draw_from_pack(11, 5), "backpack slot 11"),
        (lambda: draw_from_pack(3, 0), "draw-from-pack die shows 0"),
        (lambda: initiative(11), "initiative die shows 11"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
