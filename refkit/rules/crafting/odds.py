"""The odds of one crafter's crafting roll, shown before it is made: a doom, a crit (another
roll), the points to expect (crit chains counted) and the chance the roll and its chain reach
the points still missing. Exact sums over the 100 faces of 2d10, in floating point."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.checks.crows_test import CRIT_MIN
from refkit.rules.crafting.project import crafting_roll


@dataclass(frozen=True)
class CraftingOdds:
    doom: float
    crit: float
    expected_points: float
    finish: float  # the chance of reaching ``needed`` points with this roll and its crits
    needed: int

    @property
    def text(self) -> str:
        points = f"{self.needed} point{'s' if self.needed != 1 else ''}"
        return (
            f"{self.finish:.0%} for the {points} still needed · about "
            f"{self.expected_points:.1f} points · crit {self.crit:.0%} · doom {self.doom:.0%}"
        )


def _outcomes(
    mind: int, edges: int, banes: int, bonus: int, expertises: int, crit_min: int
) -> tuple[tuple[int, bool], ...]:
    """(points, crit) for each of the 100 faces."""
    bonuses = (bonus,) if bonus else ()
    result = []
    for d1 in range(1, 11):
        for d2 in range(1, 11):
            roll = crafting_roll(
                d1,
                d2,
                mind,
                edges=edges,
                banes=banes,
                bonuses=bonuses,
                expertises=expertises,
                crit_min=crit_min,
            )
            result.append((roll.points, roll.extra_roll))
    return tuple(result)


def crafting_odds(
    needed: int,
    mind: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonus: int = 0,
    expertises: int = 0,
    crit_min: int = CRIT_MIN,
) -> CraftingOdds:
    """The odds of a crafting roll made as :func:`~refkit.rules.crafting.tracker.roll_for_crafter`
    makes it (the expertises on the first roll only). ``needed``: the points still missing."""
    if needed < 0:
        raise ValueError(f"points needed cannot be negative, got {needed}")
    first = _outcomes(mind, edges, banes, bonus, expertises, crit_min)
    extra = _outcomes(mind, edges, banes, bonus, 0, crit_min)
    p_crit_extra = sum(1 for _, crit in extra if crit) / 100
    mean_extra = sum(points for points, _ in extra) / 100
    # A chain of extra rolls: each adds mean_extra and goes on with p_crit_extra.
    chain = mean_extra / (1 - p_crit_extra) if p_crit_extra < 1 else float("inf")
    p_crit = sum(1 for _, crit in first if crit) / 100
    expected = sum(points for points, _ in first) / 100 + p_crit * chain

    # reach[left]: the chance an extra roll and its own crits bring ``left`` more points,
    # built from 1 up (a crit adds at least one point, so each step reads smaller ones).
    reach = [1.0]
    for left in range(1, needed + 1):
        total = 0.0
        for points, crit in extra:
            if points >= left:
                total += 1
            elif crit:
                total += reach[left - points]
        reach.append(total / 100)

    finish = 1.0 if needed == 0 else 0.0
    if needed > 0:
        for points, crit in first:
            if points >= needed:
                finish += 1
            elif crit:
                finish += reach[needed - points]
        finish /= 100
    doom = sum(1 for points, crit in first if points == 0 and not crit) / 100
    return CraftingOdds(
        doom=doom, crit=p_crit, expected_points=expected, finish=finish, needed=needed
    )
