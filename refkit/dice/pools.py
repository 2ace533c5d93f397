"""Dice pools: several dice of one size rolled together (usage dice, symbol dice, ...).

Unlike notation terms, a pool may be empty (zero dice roll nothing), which suits a count that has
run down to 0. Otherwise the limits are the notation's: at most 1000 dice of 2 to 1000 sides.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING

from refkit.dice.exact import DiceGroup, Tally, expression_tally
from refkit.dice.limits import check_count, check_sides
from refkit.dice.rng import roll_die

if TYPE_CHECKING:
    import icepool  # loaded on first use: it costs start-up time


def roll_pool(rng: random.Random, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice with ``sides`` faces; the faces in roll order."""
    check_count(count, minimum=0)
    check_sides(sides)
    return tuple(roll_die(rng, sides) for _ in range(count))


def pool_sum_odds(count: int, sides: int) -> dict[int, Fraction]:
    """Exact probability of each possible sum of the pool."""
    return _sum_tally(count, sides).odds()


def pool_sum_distribution(count: int, sides: int) -> icepool.Die:
    """The exact distribution of the pool's sum as an icepool Die."""
    return _sum_tally(count, sides).die()


def _sum_tally(count: int, sides: int) -> Tally:
    check_count(count, minimum=0)
    check_sides(sides)
    if count == 0:
        return Tally(0, (1,))
    return expression_tally([DiceGroup(count, sides, count)], label=f"{count}d{sides}")
