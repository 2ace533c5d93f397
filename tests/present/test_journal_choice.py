"""The journal shows the last day, or the earlier day the referee picked while it is there."""

from __future__ import annotations

from refkit.present.journal_choice import journal_day_index


def test_the_last_day_unless_one_was_picked() -> None:
    assert journal_day_index([1, 2, 3], 1, kept=False) == 2
    assert journal_day_index([1, 2, 3], 1, kept=True) == 0
    assert journal_day_index([1, 2, 3], 3, kept=True) == 2


def test_a_picked_day_gone_and_no_days() -> None:
    assert journal_day_index([1, 2], 3, kept=True) == 1
    assert journal_day_index([], None, kept=True) == -1
