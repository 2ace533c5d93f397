"""d100 read from two d10s: one die is the tens, the other the ones.

A 10 reads as 0 on either die, except that two 10s read as 100, so the value is always 1..100.
"""

from __future__ import annotations

import random

from refkit.rules.checks.crows_test import check_die
from refkit.rules.common.slot_record import SlotRecord

SPELL_RANK_MAX = 5


class D100Roll(SlotRecord):
    """The two d10 faces (tens die first) and the value they read (a frozen record, not a
    dataclass: ``refkit cast`` leaves ``dataclasses`` unimported)."""

    FIELDS = ("tens", "ones", "value")
    __slots__ = FIELDS
    tens: int
    ones: int
    value: int

    def __init__(self, tens: int, ones: int, value: int) -> None:
        self._fill(tens, ones, value)


def read_d100(tens: int, ones: int) -> int:
    """Read a d100 from the tens die and the ones die (each 1..10). Raises ValueError."""
    check_die("tens die", tens, 10)
    check_die("ones die", ones, 10)
    if tens == 10 and ones == 10:
        return 100
    return (tens % 10) * 10 + ones % 10


def d100_from_faces(tens: int, ones: int) -> D100Roll:
    """The d100 roll given its faces (for forced dice)."""
    return D100Roll(tens=tens, ones=ones, value=read_d100(tens, ones))


def roll_d100(rng: random.Random) -> D100Roll:
    """Roll the tens die, then the ones die, with ``rng``."""
    tens = rng.randint(1, 10)
    ones = rng.randint(1, 10)
    return d100_from_faces(tens, ones)


def backlash_index(d100: int, rank: int) -> int:
    """The Backlashes table index: d100 + the spell's rank (0..5), so 1..105."""
    if isinstance(d100, bool) or not isinstance(d100, int) or not 1 <= d100 <= 100:
        raise ValueError(f"d100 value must be from 1 to 100, got {d100!r}")
    if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank <= SPELL_RANK_MAX:
        raise ValueError(f"spell rank must be from 0 to {SPELL_RANK_MAX}, got {rank!r}")
    return d100 + rank
