"""A scrolled list of equal rows that shows only whole rows (Qt-free arithmetic).

The view is cut to the tallest height that holds whole rows (the rest of the room stays blank
below them) and scrolls a row at a time, so no row shows in part: a half-hidden button is one a
click misses. ``pitch`` is a row's height plus the spacing after it.
"""

from __future__ import annotations


def rows_that_fit(available: int, pitch: int, spacing: int) -> int:
    """How many whole rows ``available`` pixels hold (at least one: a short view scrolls)."""
    if pitch <= 0:
        return 0
    return max(1, (available + spacing) // pitch)


def blank_below(available: int, pitch: int, spacing: int) -> int:
    """The pixels left blank under the whole rows that fit in ``available`` (0 with no rows)."""
    rows = rows_that_fit(available, pitch, spacing)
    if rows == 0:
        return 0
    return max(0, available - (rows * pitch - spacing))


def snapped(value: int, pitch: int, maximum: int) -> int:
    """The scroll position nearest ``value`` at which a row's top meets the view's top."""
    if pitch <= 0:
        return value
    return min(maximum, max(0, round(value / pitch) * pitch))
