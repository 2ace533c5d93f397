"""Warriors of Krynn battle helpers: which side attacks on a line, and where a roll's hits land."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["alliance", "dragon army"]
LINES = ("foot", "missile", "mounted")
"""All-out battles resolve the lines from the inside out, in this order."""


def attacking_side(
    alliance_units: int, alliance_tactics: int, dragon_units: int, dragon_tactics: int
) -> Side | None:
    """The side with the greater combat strength (units + tactic tokens) attacks on a line. A
    tie is not covered by the reference: None, and the referee decides."""
    for value in (alliance_units, alliance_tactics, dragon_units, dragon_tactics):
        if value < 0:
            raise ValueError("units and tactic tokens cannot be negative")
    alliance = alliance_units + alliance_tactics
    dragon = dragon_units + dragon_tactics
    if alliance == dragon:
        return None
    return "alliance" if alliance > dragon else "dragon army"


@dataclass(frozen=True)
class LineState:
    barricades: int
    ready: int
    shaken: int


def apply_hits(line: LineState, hits: int) -> tuple[LineState, int]:
    """Hits on a line: barricades first (1 HP each), then each hit shakes a ready unit, then
    removes a shaken one. (The reference leaves the order among units to the unit card and the
    referee; shaking every ready unit first is Refkit's default.) Returns the line and the hits
    nothing was left to take."""
    if hits < 0 or min(line.barricades, line.ready, line.shaken) < 0:
        raise ValueError("hits, barricades and units cannot be negative")
    barricades = max(0, line.barricades - hits)
    left = hits - (line.barricades - barricades)
    shaken_now = min(left, line.ready)
    ready = line.ready - shaken_now
    left -= shaken_now
    shaken = line.shaken + shaken_now
    removed = min(left, shaken)
    return LineState(barricades, ready, shaken - removed), left - removed
