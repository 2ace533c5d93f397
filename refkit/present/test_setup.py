"""A Crows test as the dice panel's controls set it up (Qt-free): the characteristic, edges,
banes, bonus and expertise, and the crow it is rolled for with its conditions and prepared task."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.checks.conditions import NO_EFFECT, ConditionEffect
from refkit.rules.checks.crows_test import Forced, Order
from refkit.rules.checks.prepared import PREPARED_BONUS


@dataclass(frozen=True)
class TestSetup:
    """The test as the panel's controls describe it."""

    __test__ = False  # not a pytest test class

    characteristic: int
    edges: int
    banes: int
    bonus: int
    expertise: bool
    crit_min: int
    order: Order
    crow: str | None = None
    tested: str | None = None
    conditions: tuple[str, ...] = ()
    expertise_name: str | None = None
    effect: ConditionEffect = NO_EFFECT
    prepared: bool = False  # the crow's prepared task: +2 until its next rest

    @property
    def bonuses(self) -> tuple[int, ...]:
        given = (self.bonus,) if self.bonus else ()
        return (*given, PREPARED_BONUS) if self.prepared else given

    def keywords(self) -> dict[str, object]:
        """The test's keywords as the rules take them (the conditions' edges and banes added)."""
        return {
            "edges": self.edges + self.effect.edges,
            "banes": self.banes + self.effect.banes,
            "bonuses": self.bonuses,
            "expertise": self.expertise,
            "crit_min": self.crit_min,
            "order": self.order,
            "forced": self.effect.forced,
        }

    def roll_keywords(self) -> dict[str, object]:
        """The keywords for the dice service, which adds the crow's conditions itself."""
        keywords: dict[str, object] = {
            "edges": self.edges,
            "banes": self.banes,
            "bonuses": self.bonuses,
            "expertise": self.expertise,
            "crit_min": self.crit_min,
            "order": self.order,
        }
        if self.crow is not None:
            keywords.update(crow=self.crow, conditions=self.conditions, tested=self.tested)
        return keywords

    @property
    def forced(self) -> Forced | None:
        return self.effect.forced
