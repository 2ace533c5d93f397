"""The day's walk, hex by hex, with the true and the believed position (L916–926).

The party always believes it went the way it meant to. While it is lost, each hex it leaves is
really chosen by the referee's secret d6, so the true position drifts away from the believed one;
when it is not lost the two are the same hex. A secret step that would leave the map is refused by
the map's edge: the party stays in its hex and the step says so (``blocked``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection


@dataclass(frozen=True)
class WalkStep:
    """One hex left: where the party meant to go and believes it is, and where it really is."""

    intended: HexDirection
    believed: Hex
    true: Hex
    die: int | None = None
    """The secret d6 while lost (None when the party knows its way)."""
    blocked: bool = False
    """The secret d6 pointed off the map: the party really stayed where it was."""

    @property
    def drift(self) -> HexDirection | None:
        """The way the party really went while lost."""
        return None if self.die is None else HexDirection.for_die(self.die)


@dataclass(frozen=True)
class Walk:
    """The steps of one day's walk and where it ends."""

    steps: tuple[WalkStep, ...]
    believed: Hex
    true: Hex
    unused: int
    """Hexes of the day's allowance the route did not use."""
    cut_short: tuple[HexDirection, ...]
    """Route steps beyond the day's allowance, not walked."""


def walk_day(
    hex_map: HexMap,
    *,
    true: Hex,
    believed: Hex,
    route: Sequence[HexDirection],
    hexes: int,
    lost: bool,
    rng: random.Random,
    lost_dice: Sequence[int] = (),
) -> Walk:
    """Walk up to ``hexes`` steps of ``route`` from the two positions.

    ``lost_dice`` gives the secret d6 faces outright, in order (the rest are rolled with ``rng``).
    Raises ValueError when the route (as the party believes it) leaves the map, when the two
    positions differ although the party is not lost, or when more dice are given than hexes left.
    """
    if isinstance(hexes, bool) or not isinstance(hexes, int) or hexes < 0:
        raise ValueError(f"hexes for the day must be a whole number from 0 up, got {hexes!r}")
    if not lost and true != believed:
        raise ValueError(
            f"the party is not lost, yet it is at {true.label} and believes {believed.label}"
        )
    for where in (true, believed):
        hex_map.cell(where)
    walked = list(route[:hexes])
    if lost and len(lost_dice) > len(walked):
        raise ValueError(
            f"{len(lost_dice)} lost dice given, but the party leaves only {len(walked)} "
            f"hex{'es' if len(walked) != 1 else ''} today"
        )
    if not lost and lost_dice:
        raise ValueError("lost dice are given, but the party is not lost")
    steps: list[WalkStep] = []
    for number, intended in enumerate(walked, start=1):
        next_believed = believed.step(intended)
        if next_believed not in hex_map:
            raise ValueError(
                f"route step {number} ({intended.name}) leads off map {hex_map.name!r} "
                f"from {believed.label}"
            )
        die: int | None = None
        blocked = False
        if lost:
            die = lost_dice[number - 1] if number <= len(lost_dice) else rng.randint(1, 6)
            next_true = true.step(HexDirection.for_die(die))
            if next_true not in hex_map:
                next_true, blocked = true, True
        else:
            next_true = next_believed
        believed, true = next_believed, next_true
        steps.append(WalkStep(intended, believed, true, die, blocked))
    return Walk(
        steps=tuple(steps),
        believed=believed,
        true=true,
        unused=hexes - len(walked),
        cut_short=tuple(route[hexes:]),
    )
