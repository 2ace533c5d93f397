"""Flat-topped hexes in axial coordinates: the six directions, neighbours, distance and bearing.

A hex is 5 miles across (L799). The lost die counts clockwise from the hex due north (L920), which
only a flat-topped grid has, so Refkit's maps are flat-topped (fact sheet §15 E5). Axial ``q`` grows
to the east (south-east and north-east neighbours), ``r`` grows to the south.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refkit.rules.checks.crows_test import check_die

MILES_PER_HEX = 5


class HexDirection(Enum):
    """The six neighbours of a flat-topped hex, in lost-die order, with axial deltas."""

    N = (1, 0, -1)
    NE = (2, 1, -1)
    SE = (3, 1, 0)
    S = (4, 0, 1)
    SW = (5, -1, 1)
    NW = (6, -1, 0)

    @property
    def die(self) -> int:
        return self.value[0]

    @property
    def delta(self) -> tuple[int, int]:
        return self.value[1], self.value[2]

    @property
    def opposite(self) -> HexDirection:
        return HexDirection.for_die((self.die + 2) % 6 + 1)

    @classmethod
    def for_die(cls, die: int) -> HexDirection:
        check_die("lost die", die, 6)
        return next(direction for direction in cls if direction.die == die)

    @classmethod
    def parse(cls, text: str) -> HexDirection:
        """A direction from its name (``N``, ``ne``…), ignoring case and spaces."""
        wanted = str(text).strip().upper()
        try:
            return cls[wanted]
        except KeyError:
            raise ValueError(
                f"unknown direction {text!r} (expected N, NE, SE, S, SW or NW)"
            ) from None


def _whole(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"hex coordinate {name} must be a whole number, got {value!r}")
    return value


@dataclass(frozen=True, order=True)
class Hex:
    """One hex of the map, by axial coordinates."""

    q: int
    r: int

    def __post_init__(self) -> None:
        _whole("q", self.q)
        _whole("r", self.r)

    def step(self, direction: HexDirection) -> Hex:
        """The neighbour in ``direction``."""
        dq, dr = direction.delta
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbours, in lost-die order (north first, clockwise)."""
        return tuple(self.step(direction) for direction in HexDirection)

    def distance(self, other: Hex) -> int:
        """Hexes between the two, walking from hex to hex."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def direction_to(self, other: Hex) -> HexDirection | None:
        """The neighbour direction that leads to ``other`` if it is adjacent, else None."""
        for direction in HexDirection:
            if self.step(direction) == other:
                return direction
        return None

    @property
    def label(self) -> str:
        """``3,-2``: how the command line writes a hex."""
        return f"{self.q},{self.r}"

    def to_list(self) -> list[int]:
        return [self.q, self.r]


def parse_hex(text: str) -> Hex:
    """A hex from ``Q,R`` text; ValueError saying what is wrong."""
    parts = [part.strip() for part in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f"{text!r} should be a hex written Q,R, like 3,-2")
    try:
        return Hex(int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(f"{text!r} should be a hex written Q,R, like 3,-2") from None
