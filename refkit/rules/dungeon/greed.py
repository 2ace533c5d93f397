"""Greed bonus: treasure found early in a group's first visit to a dungeon is worth more.

+30% in the first dungeon turn, +20% in the second, +10% in the third, nothing after that or on any
later visit (a revisit). The raised value is rounded down.
"""

from __future__ import annotations

_PERCENT_BY_DT = {1: 30, 2: 20, 3: 10}


def greed_percent(dt: int, *, revisit: bool = False) -> int:
    """The bonus in percent for treasure found in dungeon turn ``dt`` (1 = the first)."""
    if isinstance(dt, bool) or not isinstance(dt, int):
        raise ValueError(f"dungeon turn must be a whole number, got {dt!r}")
    if dt < 1:
        raise ValueError(f"dungeon turn must be 1 or more, got {dt}")
    if revisit:
        return 0
    return _PERCENT_BY_DT.get(dt, 0)


def greed_value(value: int, dt: int, *, revisit: bool = False) -> int:
    """The treasure's value with the greed bonus, rounded down (e.g. 125 gc in DT 1 -> 162)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"treasure value must be a whole number of gc, got {value!r}")
    if value < 0:
        raise ValueError(f"treasure value cannot be negative, got {value}")
    percent = greed_percent(dt, revisit=revisit)
    return value * (100 + percent) // 100
