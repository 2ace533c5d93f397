"""Crafting: a Mind roll without tiers whose total becomes crafting points toward an item's goal.

Readings (CONTRACT, fact sheet §12 and §15 G): edges and banes cancel as in a test; a single edge
or bane is +2 / -2, a double edge +4, a double bane -4; each expertise applied is +4, at most two; a
doom scores 0; any other roll scores at least 1; a crit grants another crafting roll (which may
itself crit). Surplus points beyond the goal start the next copy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from refkit.rules.checks.crows_test import (
    CRIT_MIN,
    DOOM_MAX,
    cancel_edges_banes,
    check_characteristic,
    check_die,
)

MAX_EXPERTISES = 2
EXPERTISE_POINTS = 4
_LEVEL_POINTS = {0: 0, 1: 2, 2: 4}


@dataclass(frozen=True)
class CraftingRoll:
    """One crafting roll: the dice, the points it adds, and whether another roll is owed."""

    dice: tuple[int, int]
    points: int
    crit: bool
    doom: bool
    extra_roll: bool


def crafting_roll(
    d1: int,
    d2: int,
    mind: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertises: int = 0,
    crit_min: int = CRIT_MIN,
) -> CraftingRoll:
    """Score a crafting roll from the two d10 faces. Raises ValueError on bad input."""
    check_die("first die", d1, 10)
    check_die("second die", d2, 10)
    check_characteristic("mind", mind)
    for bonus in bonuses:
        if isinstance(bonus, bool) or not isinstance(bonus, int):
            raise ValueError(f"bonus must be a whole number, got {bonus!r}")
    if isinstance(expertises, bool) or not isinstance(expertises, int):
        raise ValueError(f"expertises must be a whole number from 0 to 2, got {expertises!r}")
    if not 0 <= expertises <= MAX_EXPERTISES:
        raise ValueError(f"expertises {expertises} is outside 0 to 2 (at most two per roll)")
    if isinstance(crit_min, bool) or not isinstance(crit_min, int) or not 2 <= crit_min <= 20:
        raise ValueError(f"crit_min must be a natural from 2 to 20, got {crit_min!r}")
    edge, bane = cancel_edges_banes(edges, banes)

    natural = d1 + d2
    if natural <= DOOM_MAX:
        return CraftingRoll(dice=(d1, d2), points=0, crit=False, doom=True, extra_roll=False)
    modifier = _LEVEL_POINTS[edge] - _LEVEL_POINTS[bane] + EXPERTISE_POINTS * expertises
    points = max(1, natural + mind + sum(bonuses) + modifier)
    crit = natural >= crit_min
    return CraftingRoll(dice=(d1, d2), points=points, crit=crit, doom=False, extra_roll=crit)


def roll_crafting(
    rng: random.Random,
    mind: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertises: int = 0,
    crit_min: int = CRIT_MIN,
) -> CraftingRoll:
    """Roll 2d10 with ``rng`` and score a crafting roll."""
    check_characteristic("mind", mind)
    d1 = rng.randint(1, 10)
    d2 = rng.randint(1, 10)
    return crafting_roll(
        d1,
        d2,
        mind,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        expertises=expertises,
        crit_min=crit_min,
    )


@dataclass(frozen=True)
class CraftingProgress:
    """Points gathered toward an item whose card sets ``goal``."""

    goal: int
    points: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.goal, bool) or not isinstance(self.goal, int) or self.goal < 1:
            raise ValueError(
                f"crafting goal must be a whole number of 1 or more, got {self.goal!r}"
            )
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise ValueError(f"crafting points must be 0 or more, got {self.points!r}")

    def add(self, points: int) -> CraftingProgress:
        """The progress after adding ``points`` (0 or more)."""
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise ValueError(f"crafting points to add must be 0 or more, got {points!r}")
        return CraftingProgress(goal=self.goal, points=self.points + points)

    @property
    def completed_copies(self) -> int:
        """How many copies the points finish (each needs its own materials)."""
        return self.points // self.goal

    @property
    def surplus(self) -> int:
        """Points toward the next, unfinished copy."""
        return self.points % self.goal

    @property
    def complete(self) -> bool:
        return self.completed_copies >= 1
