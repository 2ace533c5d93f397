"""Exact odds of each Widower's Wood roll before it is made (icepool), as Fractions."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from refkit.games.widowers_wood.outcomes import damage_wounds, effective_defence
from refkit.games.widowers_wood.rolls import SIDES, RollPlan


@cache
def _kept_sum(dice: int, lowest: int, highest: int) -> Any:
    pool = icepool.d6.pool(dice)
    return pool[lowest : dice - highest].sum()


def kept_total_die(plan: RollPlan) -> Any:
    """The distribution of the dice a plan keeps, summed (an icepool Die)."""
    return _kept_sum(plan.dice_count, plan.discard_lowest, plan.discard_highest)


def _at_least(plan: RollPlan, needed: int) -> Fraction:
    """P(kept dice total >= needed)."""
    die = kept_total_die(plan)
    return Fraction(die.probability(">=", needed))


def attack_odds(
    plan: RollPlan,
    *,
    accuracy: int,
    defence: int,
    ranged: bool = False,
    cover: bool = False,
    camouflage: bool = False,
    auto_hit: bool = False,
    auto_miss: bool = False,
) -> Fraction:
    """The chance the attack hits (1 or 0 when it is automatic)."""
    if auto_hit:
        return Fraction(1)
    if auto_miss:
        return Fraction(0)
    needed = effective_defence(defence, ranged=ranged, cover=cover, camouflage=camouflage)
    return _at_least(plan, needed - accuracy)


def damage_odds(plan: RollPlan, *, power: int, armour: int) -> dict[int, Fraction]:
    """The chance of 0, 1 and 2 wounds."""
    die = kept_total_die(plan)
    chances = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    denominator = die.denominator()
    for outcome, quantity in die.items():
        chances[damage_wounds(int(outcome) + power, armour)] += Fraction(quantity, denominator)
    return chances


def challenge_odds(plan: RollPlan, *, stat: int, target: int) -> Fraction:
    """The chance a stat challenge reaches its target number."""
    return _at_least(plan, target - stat)


def hazard_odds() -> Fraction:
    """The chance a hazard roll deals its 1 damage (a 5 or 6)."""
    return Fraction(icepool.d6.probability(">=", 5))


def spawn_odds(villains: Mapping[int, str]) -> dict[str, Fraction]:
    """The chance of each villain type on the type die (its indices out of six); each passage
    comes up one time in six."""
    chances: dict[str, Fraction] = {}
    for index in range(1, SIDES + 1):
        name = villains.get(index, f"index {index}")
        chances[name] = chances.get(name, Fraction(0)) + Fraction(1, SIDES)
    return chances
