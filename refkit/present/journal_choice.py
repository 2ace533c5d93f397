"""Which day the travel journal shows (Qt-free): the last day travelled, unless the referee
picked an earlier one that is still there (then it stays shown as the journey is read again)."""

from __future__ import annotations

from collections.abc import Sequence


def journal_day_index(days: Sequence[int], chosen: object, kept: bool) -> int:
    """The index in ``days`` to show; ``chosen``: the day shown now; ``kept``: whether the
    referee picked it. -1 with no days."""
    if kept and isinstance(chosen, int) and chosen in days and chosen != days[-1]:
        return list(days).index(chosen)
    return len(days) - 1
