"""Exact odds of a cast before it is made: each final tier, a crit, a doom, a backlash, the book
losing at least one usage die and the book running out.

The tiers come from the test's own odds (:func:`refkit.rules.checks.odds.test_odds`, an icepool
2d10 through the resolver), so they agree with it. A backlash is a doom, or a non-doom tier 1 and
a chaos 1 (one in six). The book's dice are rolled unless the test is a crit; each die is kept on
a 3 to 6, independently, so the book keeps all its N dice with (2/3)^N and loses every one with
(1/3)^N — exact fractions, checked against icepool's count of dice kept in the tests (building
that die for a 20-die book took milliseconds; the powers take microseconds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache

from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import CRIT_MIN, Order
from refkit.rules.checks.odds import test_odds
from refkit.rules.common.slot_record import SlotRecord
from refkit.rules.magic.casting import check_book_dice

CHAOS_BACKLASH_CHANCE = Fraction(1, 6)


class CastOdds(SlotRecord):
    """A cast's exact odds (a frozen record, not a dataclass)."""

    FIELDS = (
        "tier1", "tier2", "tier3", "crit", "doom", "backlash", "book_loses_die", "book_runs_out"
    )  # fmt: skip
    __slots__ = FIELDS
    tier1: Fraction
    tier2: Fraction
    tier3: Fraction
    crit: Fraction
    doom: Fraction
    backlash: Fraction
    book_loses_die: Fraction
    book_runs_out: Fraction

    def __init__(
        self,
        tier1: Fraction,
        tier2: Fraction,
        tier3: Fraction,
        crit: Fraction,
        doom: Fraction,
        backlash: Fraction,
        book_loses_die: Fraction,
        book_runs_out: Fraction,
    ) -> None:
        self._fill(tier1, tier2, tier3, crit, doom, backlash, book_loses_die, book_runs_out)


DIE_KEPT = Fraction(4, 6)
"""A usage die shows 3 to 6 and stays; on a 1 or 2 it is lost."""


@lru_cache(maxsize=64)
def _book_odds(book_usage_dice: int) -> tuple[Fraction, Fraction]:
    """(P(at least one die lost), P(every die lost)) when the book's dice are rolled."""
    return 1 - DIE_KEPT**book_usage_dice, (1 - DIE_KEPT) ** book_usage_dice


def cast_odds(
    mind: int,
    *,
    book_usage_dice: int,
    edges: int = 0,
    banes: int = 0,
    bonuses: Sequence[int] = (),
    expertise: bool = False,
    conditions: Iterable[str] = (),
    crit_min: int = CRIT_MIN,
    order: Order = "sequential",
) -> CastOdds:
    """The exact odds of casting from a book with ``book_usage_dice`` left (1 or more; a book at
    0 raises BookEmptyError, as the cast would)."""
    check_book_dice(book_usage_dice)
    effect = conditions_on_test(conditions, "mind")
    test = test_odds(
        mind,
        edges=edges + effect.edges,
        banes=banes + effect.banes,
        bonuses=bonuses,
        expertise=expertise,
        crit_min=crit_min,
        order=order,
        forced=effect.forced,
    )
    loses, runs_out = _book_odds(book_usage_dice)
    rolled = 1 - test.crit
    return CastOdds(
        tier1=test.tier1,
        tier2=test.tier2,
        tier3=test.tier3,
        crit=test.crit,
        doom=test.doom,
        backlash=test.doom + (test.tier1 - test.doom) * CHAOS_BACKLASH_CHANCE,
        book_loses_die=rolled * loses,
        book_runs_out=rolled * runs_out,
    )
