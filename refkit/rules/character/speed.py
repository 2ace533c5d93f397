"""A crow's speed under conditions: grabbed and unconscious stop it, prone halves it.

Fact sheet §5: grabbed sets speed 0 (L369), unconscious sets speed 0 (L383), prone halves it
(L375), rounding down as every division does (L112). The halving applies to the speed left after
wounds, since the conditions act on the crow's speed as it stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from refkit.rules.common.whole_numbers import require_not_negative

STOPPING_CONDITIONS: Final = ("grabbed", "unconscious")
HALVING_CONDITIONS: Final = ("prone",)


def speed_under_conditions(speed: int, conditions: Iterable[str]) -> int:
    """``speed`` (after wounds) as the crow's conditions leave it."""
    require_not_negative("speed", speed)
    held = set(conditions)
    if held.intersection(STOPPING_CONDITIONS):
        return 0
    if held.intersection(HALVING_CONDITIONS):
        return speed // 2
    return speed


def speed_reason(conditions: Iterable[str]) -> str:
    """The condition that sets the speed, in words ("" when none does)."""
    held = [c for c in conditions if c in STOPPING_CONDITIONS]
    if held:
        return f"{held[0]}: speed 0"
    if any(c in HALVING_CONDITIONS for c in conditions):
        return "prone: halved"
    return ""
