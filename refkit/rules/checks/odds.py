"""Exact odds of a Crows test before it is rolled.

The 2d10 natural is an icepool die; each natural is pushed through :func:`resolve_test` (the result
depends on the natural only, never on which die showed what), so the odds always agree with the
resolver. Results are cached per distinct set of modifiers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import icepool

from refkit.rules.checks.crows_test import (
    CRIT_MIN,
    DOOM_MAX,
    Forced,
    Order,
    check_modifiers,
    resolve_test,
)


@dataclass(frozen=True)
class TestOdds:
    """Exact probabilities of each final tier, and of a crit and a doom."""

    __test__ = False  # not a pytest test class

    tier1: Fraction
    tier2: Fraction
    tier3: Fraction
    crit: Fraction
    doom: Fraction


@cache
def _natural_die() -> icepool.Die:
    return icepool.d10 + icepool.d10


def _faces_for(natural: int) -> tuple[int, int]:
    """One pair of d10 faces that sums to ``natural`` (2..20)."""
    first = min(10, natural - 1)
    return first, natural - first


@lru_cache(maxsize=4096)
def _odds(
    characteristic: int,
    edges: int,
    banes: int,
    bonus: int,
    expertise: bool,
    crit_min: int,
    doom_max: int,
    order: Order,
    forced: Forced | None,
) -> TestOdds:
    def outcome(natural: int) -> tuple[int, bool, bool]:
        d1, d2 = _faces_for(natural)
        result = resolve_test(
            d1,
            d2,
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=(bonus,),
            expertise=expertise,
            crit_min=crit_min,
            doom_max=doom_max,
            order=order,
            forced=forced,
        )
        return result.tier, result.crit, result.doom

    outcomes = _natural_die().map(outcome)
    tiers = {1: Fraction(0), 2: Fraction(0), 3: Fraction(0)}
    crit = Fraction(0)
    doom = Fraction(0)
    denominator = outcomes.denominator()
    for (tier, is_crit, is_doom), quantity in outcomes.items():
        probability = Fraction(quantity, denominator)
        tiers[tier] += probability
        if is_crit:
            crit += probability
        if is_doom:
            doom += probability
    return TestOdds(tier1=tiers[1], tier2=tiers[2], tier3=tiers[3], crit=crit, doom=doom)


def test_odds(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    crit_min: int = CRIT_MIN,
    doom_max: int = DOOM_MAX,
    order: Order = "sequential",
    forced: Forced | None = None,
) -> TestOdds:
    """Exact odds of a test with these modifiers. Raises ValueError like :func:`resolve_test`."""
    check_modifiers(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        crit_min=crit_min,
        doom_max=doom_max,
        order=order,
        forced=forced,
    )
    return _odds(
        characteristic,
        min(edges, 2),
        min(banes, 2),
        sum(bonuses),
        bool(expertise),
        crit_min,
        doom_max,
        order,
        forced,
    )


test_odds.__test__ = False  # type: ignore[attr-defined]  # not a pytest test function
