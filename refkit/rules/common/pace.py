"""The travel pace (slow, normal, fast): it sets a day's hexes and its encounter number, so both
travel and the encounter check read it."""

from __future__ import annotations

from enum import Enum


class Pace(Enum):
    """The group's travel pace for the day."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"

    @classmethod
    def parse(cls, value: Pace | str) -> Pace:
        """A Pace from itself or its name, ignoring case."""
        if isinstance(value, Pace):
            return value
        wanted = str(value).strip().casefold()
        for pace in cls:
            if pace.value == wanted:
                return pace
        raise ValueError(f"unknown pace {value!r} (expected slow, normal or fast)")

    @property
    def base_hexes(self) -> int:
        return {Pace.SLOW: 1, Pace.NORMAL: 2, Pace.FAST: 3}[self]

    @property
    def base_encounter_number(self) -> int:
        return {Pace.SLOW: 8, Pace.NORMAL: 7, Pace.FAST: 6}[self]
