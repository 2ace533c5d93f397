"""Overland travel: hexes per day, the day's encounter numbers, and wandering while lost.

Readings (CONTRACT, fact sheet §9.3 and §9.5): hexes are 1 / 2 / 3 by pace; the slowest creature's
speed gives -1 (3 or less), +1 (7-9) or +2 (10 or more); a road all day +1; crossing a river without
a boat, or going upstream, -1; downstream +1; never below 0. The map uses flat-topped hexes in axial
coordinates (q, r), so a lost group's d6 counts clockwise from the hex due north.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from refkit.rules.common.pace import Pace
from refkit.rules.encounters import CAMPSITE_EN_MAX, clamp_en
from refkit.rules.travel.hexes import HexDirection


def speed_hex_modifier(slowest_speed: int) -> int:
    """Hexes gained or lost for the slowest creature's speed (a rider uses the mount's)."""
    if isinstance(slowest_speed, bool) or not isinstance(slowest_speed, int):
        raise ValueError(f"slowest speed must be a whole number, got {slowest_speed!r}")
    if slowest_speed < 0:
        raise ValueError(f"slowest speed cannot be negative, got {slowest_speed}")
    if slowest_speed <= 3:
        return -1
    if slowest_speed <= 6:
        return 0
    if slowest_speed <= 9:
        return 1
    return 2


def day_hexes(
    pace: Pace | str,
    slowest_speed: int,
    *,
    road: bool = False,
    river_cross: bool = False,
    downstream: bool = False,
    role_hex_mods: int = 0,
) -> int:
    """Hexes the group covers today.

    ``river_cross`` means crossing a river or major water without a boat, or travelling upstream.
    ``role_hex_mods`` is the sum of the travel roles' hex results. Never below 0. A day may both
    cross a river and go downstream (for instance on different rivers); both then apply.
    """
    pace = Pace.parse(pace)
    if isinstance(role_hex_mods, bool) or not isinstance(role_hex_mods, int):
        raise ValueError(f"role hex modifiers must be a whole number, got {role_hex_mods!r}")
    hexes = pace.base_hexes + speed_hex_modifier(slowest_speed)
    hexes += (1 if road else 0) - (1 if river_cross else 0) + (1 if downstream else 0)
    return max(0, hexes + role_hex_mods)


def day_encounter_numbers(
    pace: Pace | str,
    *,
    road: bool = False,
    travel_mods: int = 0,
    rest_mods: int = 0,
    seclude: bool = False,
    campsite: bool = False,
) -> tuple[int, int]:
    """The day's (travel EN, rest EN): 8 / 7 / 6 by pace, -1 for a road all day, then the role
    results (travel or rest), Prepare Campsite +1 on a rest EN of 5 or lower, Seclude Camp +1 on
    the rest, each clamped to 1..10."""
    pace = Pace.parse(pace)
    for name, value in (("travel EN modifiers", travel_mods), ("rest EN modifiers", rest_mods)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
    base = pace.base_encounter_number - (1 if road else 0)
    travel = clamp_en(base + travel_mods)
    rest = clamp_en(base + rest_mods)
    if campsite and rest <= CAMPSITE_EN_MAX:  # Prepare Campsite: before resting, a low EN +1
        rest += 1
    rest = clamp_en(rest + (1 if seclude else 0))
    return travel, rest


def role_test_modifier(pace: Pace | str) -> Literal["edge", "none", "bane"]:
    """Slow pace gives travel-role tests an edge, fast pace a bane."""
    modifiers: dict[Pace, Literal["edge", "none", "bane"]] = {
        Pace.SLOW: "edge",
        Pace.NORMAL: "none",
        Pace.FAST: "bane",
    }
    return modifiers[Pace.parse(pace)]


@dataclass(frozen=True)
class LostStep:
    """One hex entered while lost: the d6, the direction's name and the hex reached."""

    die: int
    direction: str
    to: tuple[int, int]


def lost_step(q: int, r: int, die: int) -> LostStep:
    """The hex a lost group enters from (q, r) when the Ref's d6 shows ``die``."""
    for name, value in (("q", q), ("r", r)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"hex coordinate {name} must be a whole number, got {value!r}")
    direction = HexDirection.for_die(die)
    dq, dr = direction.delta
    return LostStep(die=die, direction=direction.name, to=(q + dq, r + dr))


def roll_lost_step(rng: random.Random, q: int, r: int) -> LostStep:
    """Roll the lost d6 with ``rng`` and step from (q, r)."""
    return lost_step(q, r, rng.randint(1, 6))
