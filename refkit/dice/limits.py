"""Limits every roll and every piece of dice notation must respect."""

from __future__ import annotations

MAX_DICE = 1000
"""At most this many dice in one term, one expression or one pool."""

MIN_SIDES = 2
"""A die has at least two sides: a one-sided 'die' is a constant, so d1 is treated as a typo."""

MAX_SIDES = 1000
"""A die has at most this many sides."""

MAX_CONSTANT = 1_000_000
"""An integer constant in dice notation may be at most this large in magnitude."""


def check_sides(sides: int) -> int:
    """Return ``sides`` if it is a legal die size, else raise ValueError naming the range."""
    if isinstance(sides, bool) or not isinstance(sides, int):
        raise TypeError(f"a die's sides must be a whole number, got {sides!r}")
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise ValueError(f"a die must have {MIN_SIDES} to {MAX_SIDES} sides, got {sides}")
    return sides


def check_count(count: int, *, minimum: int = 1) -> int:
    """Return ``count`` if it is a legal number of dice, else raise ValueError naming the range."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"a number of dice must be a whole number, got {count!r}")
    if not minimum <= count <= MAX_DICE:
        raise ValueError(f"the number of dice must be {minimum} to {MAX_DICE}, got {count}")
    return count
