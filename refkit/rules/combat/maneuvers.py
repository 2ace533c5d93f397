"""Grab, Escape Grab and Knockback: the fight's maneuvers that make a test (L621–643).

Each is a Crows test (:func:`refkit.rules.checks.crows_test.resolve_test`) read as its own
three results, in Refkit's words:

- **Grab** (2d10 + Strength, a target of the grabber's size or smaller, in reach, one at a
  time): tier 1 the target may counter; tier 2 the grabber pushes the target 1 square or takes
  a Shift; tier 3 the target is grabbed.
- **Escape Grab** (2d10 + Agility or Strength, the grabbed one's choice): tier 1 the grabber may
  counter; tier 2 the grabbed one may choose to be free, and then the grabber may counter; tier
  3 free, with 1 square of movement that provokes no opportunity attack.
- **Knockback** (2d10 + Strength, a target of the actor's size or smaller): tier 1 the target
  may counter; tier 2 push 1; tier 3 push 2.

A counter is the countering creature's melee weapon at tier 2, or tier 3 when the triggering
roll was a doom (L715). The actor's own conditions act as on any test (blessed an edge, weakened
a bane, unconscious an automatic doom on Agility and Strength); an unconscious creature takes no
maneuvers at all (L383). Nothing here rolls dice unless asked to with a random source.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from refkit.errors import DomainError
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import TestResult, check_characteristic, resolve_test
from refkit.rules.combat.sizes import SIZES, normal_size

Maneuver = Literal["grab", "escape", "knockback"]
MANEUVERS: tuple[Maneuver, ...] = ("grab", "escape", "knockback")
MANEUVER_NAMES: dict[str, str] = {
    "grab": "Grab",
    "escape": "Escape Grab",
    "knockback": "Knockback",
}
TESTED_BY: dict[str, tuple[str, ...]] = {
    "grab": ("strength",),
    "escape": ("agility", "strength"),
    "knockback": ("strength",),
}


class ManeuverRefused(DomainError, ValueError):
    """This maneuver cannot be made as asked (a target too big, an unconscious actor)."""


@dataclass(frozen=True)
class ManeuverRequest:
    """Who tries what: the maneuver, the characteristic tested (name and value), the actor's
    conditions, both sizes (Grab and Knockback reach only the actor's size or smaller) and
    what the referee adds. ``break_free``: on an Escape Grab's tier 2, the grabbed one chooses
    to be free (and the grabber may counter)."""

    kind: Maneuver
    characteristic: int
    tested: str
    actor_size: str = "medium"
    target_size: str = "medium"
    actor_conditions: tuple[str, ...] = ()
    edges: int = 0
    banes: int = 0
    bonuses: tuple[int, ...] = ()
    break_free: bool = False

    def __post_init__(self) -> None:
        if self.kind not in MANEUVERS:
            raise ValueError(f"a maneuver is grab, escape or knockback, not {self.kind!r}")
        check_characteristic("characteristic", self.characteristic)
        if self.tested not in TESTED_BY[self.kind]:
            raise ManeuverRefused(
                f"{MANEUVER_NAMES[self.kind]} tests {' or '.join(TESTED_BY[self.kind])}, "
                f"not {self.tested}"
            )
        object.__setattr__(self, "actor_size", normal_size(self.actor_size))
        object.__setattr__(self, "target_size", normal_size(self.target_size))
        for name in ("edges", "banes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number 0 or more")
        if self.break_free and self.kind != "escape":
            raise ManeuverRefused("breaking free is an Escape Grab's choice on its tier 2")


@dataclass(frozen=True)
class ManeuverOutcome:
    """What the maneuver did. ``counter_tier`` (2 or 3) is the tier of the weapon damage the
    other side may counter with; ``push`` the squares the target is pushed (0 to 2)."""

    kind: Maneuver
    test: TestResult
    reasons: tuple[str, ...]
    grabbed: bool
    """A Grab's tier 3: the target is grabbed."""
    freed: bool
    """An Escape Grab's tier 3, or its tier 2 with ``break_free``: no longer grabbed."""
    push: int
    may_shift: bool
    """A Grab's tier 2: push 1 or take the Shift maneuver instead."""
    free_move: int
    """An Escape Grab's tier 3: squares of movement that provoke no opportunity attack."""
    counter_tier: int | None

    @property
    def tier(self) -> int:
        return self.test.tier


def check_maneuver(request: ManeuverRequest) -> tuple[int, int, tuple[str, ...]]:
    """The edges, banes and reasons the actor's conditions add; ManeuverRefused when the
    maneuver cannot be made at all."""
    if "unconscious" in request.actor_conditions:
        raise ManeuverRefused("an unconscious combatant takes no maneuvers (L383)")
    if request.kind != "escape" and SIZES.index(request.target_size) > SIZES.index(
        request.actor_size
    ):
        raise ManeuverRefused(
            f"{MANEUVER_NAMES[request.kind]} reaches a target of the actor's size or smaller: "
            f"a {request.target_size} target is bigger than a {request.actor_size} actor"
        )
    effect = conditions_on_test(request.actor_conditions, request.tested)
    return (
        request.edges + effect.edges,
        request.banes + effect.banes,
        effect.reasons,
    )


def resolve_maneuver(request: ManeuverRequest, dice: tuple[int, int]) -> ManeuverOutcome:
    """The maneuver resolved from its two d10 faces."""
    edges, banes, reasons = check_maneuver(request)
    effect = conditions_on_test(request.actor_conditions, request.tested)
    test = resolve_test(
        dice[0],
        dice[1],
        request.characteristic,
        edges=edges,
        banes=banes,
        bonuses=request.bonuses,
        forced=effect.forced,
    )
    tier = test.tier
    counter = 3 if test.doom else 2
    grabbed = freed = may_shift = False
    push = free_move = 0
    counter_tier: int | None = None
    if tier == 1:
        counter_tier = counter
    elif request.kind == "grab":
        grabbed = tier == 3
        push, may_shift = (1, True) if tier == 2 else (0, False)
    elif request.kind == "knockback":
        push = tier - 1
    elif tier == 3:
        freed, free_move = True, 1
    elif request.break_free:
        freed, counter_tier = True, 2
    return ManeuverOutcome(
        kind=request.kind,
        test=test,
        reasons=reasons,
        grabbed=grabbed,
        freed=freed,
        push=push,
        may_shift=may_shift,
        free_move=free_move,
        counter_tier=counter_tier,
    )


@dataclass(frozen=True)
class RolledManeuver:
    """A maneuver rolled, the faces it drew, and faces given outright it did not need."""

    outcome: ManeuverOutcome
    faces: tuple[int, int]
    unused: tuple[int, ...] = ()


def roll_maneuver(
    rng: random.Random, request: ManeuverRequest, *, dice: Sequence[int] | None = None
) -> RolledManeuver:
    """Roll the maneuver's 2d10 (``dice`` gives faces outright; any past two are unused)."""
    check_maneuver(request)  # refused before anything is drawn
    given = list(dice or ())
    first = given.pop(0) if given else rng.randint(1, 10)
    second = given.pop(0) if given else rng.randint(1, 10)
    outcome = resolve_maneuver(request, (first, second))
    return RolledManeuver(outcome=outcome, faces=(first, second), unused=tuple(given))


def outcome_words(outcome: ManeuverOutcome, actor: str, target: str) -> str:
    """What the maneuver did, in a few words (no counter damage: the caller knows it)."""
    if outcome.kind == "grab":
        if outcome.grabbed:
            return f"{target} is grabbed by {actor}"
        if outcome.may_shift:
            return f"{actor} pushes {target} 1 square or takes a Shift"
    elif outcome.kind == "knockback":
        if outcome.push:
            return f"{actor} pushes {target} {outcome.push} square{'s' if outcome.push > 1 else ''}"
    elif outcome.freed and outcome.free_move:
        return f"{actor} is free of {target} and may move 1 square without opportunity attacks"
    elif outcome.freed:
        return f"{actor} breaks free of {target}"
    elif outcome.tier == 2:
        return f"{actor} could break free of {target} (and be countered), but stays grabbed"
    return f"{actor} fails"
