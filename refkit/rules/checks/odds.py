"""Exact odds of a Crows test before it is rolled.

Each 2d10 natural (2 to 20, made by 10 - |natural - 11| of the 100 face pairs) is pushed
through :func:`resolve_test` (the result depends on the natural only, never on which die showed
what), so the odds always agree with the resolver. Results are cached per distinct set of
modifiers. The sum of two d10 is counted here rather than built as an icepool die: loading
icepool took several times a bare Python start, more than the rest of ``refkit odds`` and
``refkit cast`` together (issue 30); the tests check these counts against icepool's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from refkit.rules.checks.crows_test import (
    CRIT_MIN,
    DOOM_MAX,
    check_modifiers,
    resolve_test,
)
from refkit.rules.common.slot_record import SlotRecord

TYPE_CHECKING = False  # as typing's: a quick command's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Sequence

    from refkit.rules.checks.crows_test import Forced, Order


class TestOdds(SlotRecord):
    """Exact probabilities of each final tier, and of a crit and a doom (a frozen record, not a
    dataclass: ``refkit odds`` leaves ``dataclasses`` unimported)."""

    __test__ = False  # not a pytest test class
    FIELDS = ("tier1", "tier2", "tier3", "crit", "doom")
    __slots__ = FIELDS

    tier1: Fraction
    tier2: Fraction
    tier3: Fraction
    crit: Fraction
    doom: Fraction

    def __init__(
        self, tier1: Fraction, tier2: Fraction, tier3: Fraction, crit: Fraction, doom: Fraction
    ) -> None:
        self._fill(tier1, tier2, tier3, crit, doom)


NATURALS: tuple[tuple[int, int], ...] = tuple((n, 10 - abs(n - 11)) for n in range(2, 21))
"""Each natural of 2d10 and how many of the 100 face pairs make it."""
PAIRS = 100


def _faces_for(natural: int) -> tuple[int, int]:
    """One pair of d10 faces that sums to ``natural`` (2..20)."""
    first = min(10, natural - 1)
    return first, natural - first


@lru_cache(maxsize=4096)
def _odds(
    characteristic: int,
    edges: int,
    banes: int,
    bonus: int,
    expertise: bool,
    crit_min: int,
    doom_max: int,
    order: Order,
    forced: Forced | None,
) -> TestOdds:
    def outcome(natural: int) -> tuple[int, bool, bool]:
        d1, d2 = _faces_for(natural)
        result = resolve_test(
            d1,
            d2,
            characteristic,
            edges=edges,
            banes=banes,
            bonuses=(bonus,),
            expertise=expertise,
            crit_min=crit_min,
            doom_max=doom_max,
            order=order,
            forced=forced,
        )
        return result.tier, result.crit, result.doom

    tiers = {1: 0, 2: 0, 3: 0}
    crit = doom = 0
    for natural, pairs in NATURALS:
        tier, is_crit, is_doom = outcome(natural)
        tiers[tier] += pairs
        crit += pairs if is_crit else 0
        doom += pairs if is_doom else 0
    return TestOdds(
        tier1=Fraction(tiers[1], PAIRS),
        tier2=Fraction(tiers[2], PAIRS),
        tier3=Fraction(tiers[3], PAIRS),
        crit=Fraction(crit, PAIRS),
        doom=Fraction(doom, PAIRS),
    )


def test_odds(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    crit_min: int = CRIT_MIN,
    doom_max: int = DOOM_MAX,
    order: Order = "sequential",
    forced: Forced | None = None,
) -> TestOdds:
    """Exact odds of a test with these modifiers. Raises ValueError like :func:`resolve_test`."""
    check_modifiers(
        characteristic,
        edges=edges,
        banes=banes,
        bonuses=bonuses,
        crit_min=crit_min,
        doom_max=doom_max,
        order=order,
        forced=forced,
    )
    return _odds(
        characteristic,
        min(edges, 2),
        min(banes, 2),
        sum(bonuses),
        bool(expertise),
        crit_min,
        doom_max,
        order,
        forced,
    )


test_odds.__test__ = False  # type: ignore[attr-defined]  # not a pytest test function
