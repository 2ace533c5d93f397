"""What a crow's conditions do to its own tests: blessed an edge, weakened a bane (L365, L387),
unconscious an automatic doom on Agility and Strength (L383).

Only conditions that act on every such test are applied here. The unconscious crow's double bane
on Mind tests to notice things depends on what the test is for, so the referee adds it by hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from refkit.rules.checks.crows_test import Forced
from refkit.rules.common.slot_record import SlotRecord

TEST_CHARACTERISTICS: tuple[str, ...] = ("agility", "mind", "strength")
DOOMED_WHEN_UNCONSCIOUS: frozenset[str] = frozenset({"agility", "strength"})


class ConditionEffect(SlotRecord):
    """The edges, banes and forced result a crow's conditions add to one test, and why (a
    SlotRecord: ``refkit test`` imports no dataclasses)."""

    FIELDS = ("edges", "banes", "forced", "reasons")
    __slots__ = FIELDS
    edges: int
    banes: int
    forced: Forced | None
    reasons: tuple[str, ...]

    def __init__(
        self,
        edges: int = 0,
        banes: int = 0,
        forced: Forced | None = None,
        reasons: tuple[str, ...] = (),
    ) -> None:
        self._fill(edges, banes, forced, reasons)


NO_EFFECT = ConditionEffect()


def conditions_on_test(conditions: Iterable[str], characteristic: str) -> ConditionEffect:
    """The effect of ``conditions`` on a test of ``characteristic`` (agility, mind or strength)."""
    if characteristic not in TEST_CHARACTERISTICS:
        raise ValueError(f"a test is of agility, mind or strength, not {characteristic!r}")
    had = set(conditions)
    edges = banes = 0
    forced: Forced | None = None
    reasons: list[str] = []
    if "blessed" in had:
        edges += 1
        reasons.append("blessed: an edge")
    if "weakened" in had:
        banes += 1
        reasons.append("weakened: a bane")
    if "unconscious" in had and characteristic in DOOMED_WHEN_UNCONSCIOUS:
        forced = "doom"
        reasons.append("unconscious: automatic doom")
    return ConditionEffect(edges=edges, banes=banes, forced=forced, reasons=tuple(reasons))
