"""Overland travel: vectors V35-V40."""

from __future__ import annotations

import random

import pytest

from refkit.rules.travel.day import (
    HexDirection,
    LostStep,
    Pace,
    day_encounter_numbers,
    day_hexes,
    lost_step,
    role_test_modifier,
    roll_lost_step,
)


def test_v35_normal_pace_speed_5():
    assert day_hexes("normal", 5) == 2
    assert day_encounter_numbers("normal") == (7, 7)
    assert role_test_modifier("normal") == "none"


def test_v36_fast_pace_slowest_speed_3():
    assert day_hexes(Pace.FAST, 3) == 2
    assert day_encounter_numbers(Pace.FAST)[0] == 6
    assert role_test_modifier(Pace.FAST) == "bane"


def test_v37_mounted_on_a_road():
    assert day_hexes("normal", 8, road=True) == 4
    assert day_encounter_numbers("normal", road=True) == (6, 6)


def test_v38_slow_pace_speed_10():
    assert day_hexes("slow", 10) == 3
    assert day_encounter_numbers("slow")[0] == 8
    assert role_test_modifier("SLOW") == "edge"


def test_v39_hexes_never_below_zero():
    assert day_hexes("slow", 2, river_cross=True) == 0


@pytest.mark.parametrize(
    ("die", "direction", "to"),
    [
        (1, "N", (3, 1)),
        (2, "NE", (4, 1)),
        (3, "SE", (4, 2)),
        (4, "S", (3, 3)),
        (5, "SW", (2, 3)),
        (6, "NW", (2, 2)),
    ],
)
def test_v40_lost_directions(die, direction, to):
    assert lost_step(3, 2, die) == LostStep(die=die, direction=direction, to=to)


def test_lost_directions_are_the_six_neighbours_clockwise():
    deltas = [HexDirection.for_die(d).delta for d in range(1, 7)]
    assert len(set(deltas)) == 6
    # Opposite directions (three apart) cancel out.
    for first in range(3):
        dq1, dr1 = deltas[first]
        dq2, dr2 = deltas[first + 3]
        assert (dq1 + dq2, dr1 + dr2) == (0, 0)


@pytest.mark.parametrize(
    ("speed", "expected"), [(0, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4), (15, 4)]
)
def test_speed_bands_at_normal_pace(speed, expected):
    assert day_hexes("normal", speed) == expected


def test_rivers_roads_and_role_results():
    assert day_hexes("normal", 5, downstream=True) == 3
    assert day_hexes("normal", 5, river_cross=True) == 1
    assert day_hexes("fast", 5, road=True, role_hex_mods=2) == 6
    assert day_hexes("normal", 5, role_hex_mods=-5) == 0


def test_day_encounter_numbers_split_travel_and_rest():
    assert day_encounter_numbers("slow", travel_mods=4, rest_mods=1, seclude=True) == (10, 10)
    assert day_encounter_numbers("fast", road=True, travel_mods=-9, rest_mods=2) == (1, 7)


def test_roll_lost_step_uses_the_rng():
    expected = random.Random(11).randint(1, 6)
    assert roll_lost_step(random.Random(11), 0, 0) == lost_step(0, 0, expected)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: day_hexes("gallop", 5), "unknown pace 'gallop'"),
        (lambda: day_hexes("slow", -1), "slowest speed cannot be negative, got -1"),
        (lambda: day_hexes("slow", 5, role_hex_mods=0.5), "got 0.5"),
        (lambda: day_encounter_numbers("slow", travel_mods="2"), "got '2'"),
        (lambda: role_test_modifier("run"), "unknown pace 'run'"),
        (lambda: lost_step(0, 0, 7), "lost die shows 7"),
        (lambda: lost_step(0, 0, 0), "lost die shows 0"),
        (lambda: lost_step(0.5, 0, 1), "q must be a whole number, got 0.5"),
    ],
)
def test_bad_input_raises_with_the_value(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
