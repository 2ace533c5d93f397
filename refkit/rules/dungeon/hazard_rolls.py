"""Rolling the hazards: a fall, a held breath running out, a toppled object, a harvested corpse.

Each roll takes an injected ``random.Random`` (or the faces rolled at the table) and gives a
:class:`HazardRoll`: how many dice of which size, the faces, the total and what the total means.
:func:`hazard_record` turns one into the roll log's record, so the hazard panel and ``refkit
hazard`` log the same thing. The dice counts come from :mod:`refkit.rules.dungeon.hazards`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from refkit.dice.records import RollRecord
from refkit.rules.checks.crows_test import TestResult, check_die, resolve_test
from refkit.rules.dungeon.hazards import (
    Size,
    ToppleEffort,
    falling_dice,
    harvest_dice,
    suffocation_damage_dice,
    suffocation_rounds,
    topple_dice,
    topple_effort,
)

ROLL_KIND = "hazard"
"""The roll log's kind for every hazard roll."""


class Hazard(StrEnum):
    FALL = "fall"
    SUFFOCATE = "suffocate"
    TOPPLE = "topple"
    HARVEST = "harvest"


@dataclass(frozen=True)
class HazardRoll:
    """One hazard rolled. ``means`` says what ``total`` counts (``piercing damage``, ``parts``);
    ``facts`` holds what it was rolled for (feet, sizes, Strength and round)."""

    hazard: Hazard
    count: int
    sides: int
    faces: tuple[int, ...]
    means: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def rolled(self) -> bool:
        """False when the hazard called for no dice (a 5 ft drop, a breath still held)."""
        return self.count > 0

    @property
    def dice(self) -> str:
        """``2d6``, or ``no dice``."""
        return f"{self.count}d{self.sides}" if self.count else "no dice"

    def headline(self) -> str:
        """``7 piercing damage (2d6: 3, 4)`` or ``no damage``."""
        if not self.rolled:
            return "no parts" if self.hazard is Hazard.HARVEST else "no damage"
        faces = ", ".join(str(face) for face in self.faces)
        return f"{self.total} {self.means} ({self.dice}: {faces})"


def _faces(
    rng: random.Random, count: int, sides: int, given: Sequence[int] | None
) -> tuple[int, ...]:
    if given is None:
        return tuple(rng.randint(1, sides) for _ in range(count))
    faces = tuple(given)
    if len(faces) != count:
        raise ValueError(f"{count}d{sides} needs {count} faces, got {len(faces)}")
    for face in faces:
        check_die(f"d{sides} face", face, sides)
    return faces


FALL_DICE_SAVED = {1: 0, 2: 1, 3: 2}
"""d6 a falling creature's reaction RR takes off the fall, by its tier (fact sheet §7.4)."""


def fall_rr(agility: int, faces: tuple[int, int]) -> TestResult:
    """The faller's reaction RR against a fall: 2d10 + Agility (L517)."""
    return resolve_test(faces[0], faces[1], agility)


def fall_dice_after(feet: int, rr: TestResult | None) -> int:
    """The d6 a fall of ``feet`` deals after the faller's RR (None: no reaction used)."""
    saved = FALL_DICE_SAVED[rr.tier] if rr is not None else 0
    return max(0, falling_dice(feet) - saved)


def roll_fall(
    rng: random.Random,
    feet: int,
    faces: Sequence[int] | None = None,
    *,
    rr: TestResult | None = None,
) -> HazardRoll:
    """A fall of ``feet``: 1d6 piercing per full 10 ft (L517), less one die for the faller's RR
    at tier 2 and two at tier 3 (``rr``: the RR made with its reaction, or None)."""
    count = fall_dice_after(feet, rr)
    facts: dict[str, Any] = {"feet": feet}
    if rr is not None:
        facts.update(
            rr_tier=rr.tier,
            rr_total=rr.total,
            rr_dice=list(rr.dice),
            dice_saved=falling_dice(feet) - count,
        )
    return HazardRoll(Hazard.FALL, count, 6, _faces(rng, count, 6, faces), "piercing damage", facts)


def roll_suffocation(
    rng: random.Random, strength: int, round_number: int, faces: Sequence[int] | None = None
) -> HazardRoll:
    """The start of combat round ``round_number`` without air: 1d6 once the 3 + Strength rounds
    of held breath are over (L525); plain damage, not piercing (fact sheet §15 B4)."""
    count = suffocation_damage_dice(strength, round_number)
    facts = {
        "strength": strength,
        "round": round_number,
        "rounds_held": suffocation_rounds(strength),
    }
    return HazardRoll(Hazard.SUFFOCATE, count, 6, _faces(rng, count, 6, faces), "damage", facts)


def roll_topple(
    rng: random.Random,
    object_size: Size | str,
    creature_size: Size | str,
    faces: Sequence[int] | None = None,
) -> HazardRoll:
    """An object toppled onto a creature of its size or smaller: 1d10 + 2d10 per size the object
    is larger (L787)."""
    obj, creature = Size.parse(object_size), Size.parse(creature_size)
    count = topple_dice(obj, creature)
    facts = {"object": obj.value, "creature": creature.value}
    return HazardRoll(Hazard.TOPPLE, count, 10, _faces(rng, count, 10, faces), "damage", facts)


def roll_harvest(
    rng: random.Random, size: Size | str, faces: Sequence[int] | None = None
) -> HazardRoll:
    """Harvesting a corpse: 1d6 parts up to Medium, 2d6 Large, 3d6 Huge, 4d6 Holy Shit! (L457)."""
    corpse = Size.parse(size)
    count = harvest_dice(corpse)
    return HazardRoll(
        Hazard.HARVEST, count, 6, _faces(rng, count, 6, faces), "parts", {"size": corpse.value}
    )


TOPPLE_OUTCOMES = {
    1: "it does not move",
    2: "it topples, and the one toppling it takes 1d6 piercing",
    3: "it topples",
}
"""The Strength test to topple an object by brute strength, by tier (fact sheet §10, L791)."""


def topple_test(strength: int, effort: ToppleEffort, faces: tuple[int, int]) -> TestResult:
    """The Strength test of toppling with brute strength: 2d10 + S with the effort's banes."""
    if not effort.test:
        raise ValueError("toppling this takes no test")
    return resolve_test(faces[0], faces[1], strength, banes=effort.banes)


def effort_to_dict(effort: ToppleEffort) -> dict[str, Any]:
    return {"cost": effort.cost, "test": effort.test, "banes": effort.banes}


def effort_text(effort: ToppleEffort) -> str:
    """What toppling it takes: ``a maneuver, no test`` or ``an action and a Strength test with
    a bane``."""
    if effort.cost == "tools":
        return "ropes, pulleys, crowbars or the like (too big for brute strength), no test"
    if not effort.test:
        return "a maneuver, no test"
    banes = {0: "", 1: " with a bane", 2: " with a double bane"}[effort.banes]
    return f"an action and a Strength test{banes}"


def what_was_rolled(roll: HazardRoll) -> str:
    """The roll log's expression: ``Fall of 25 ft: 2d6 piercing``."""
    facts = roll.facts
    if roll.hazard is Hazard.FALL:
        return f"Fall of {facts['feet']} ft: {roll.dice} piercing"
    if roll.hazard is Hazard.SUFFOCATE:
        return (
            f"Suffocation, round {facts['round']} (breath held {facts['rounds_held']} rounds): "
            f"{roll.dice}"
        )
    if roll.hazard is Hazard.TOPPLE:
        return f"{facts['object']} object toppled on a {facts['creature']} creature: {roll.dice}"
    return f"Harvest of a {facts['size']} corpse: {roll.dice} parts"


def hazard_record(roll: HazardRoll, seed: int | None, rolled_at: datetime) -> RollRecord:
    """The roll log's record of ``roll`` (``seed`` None: faces given at the table)."""
    return RollRecord(
        kind=ROLL_KIND,
        expression=what_was_rolled(roll),
        faces=roll.faces,
        total=roll.total,
        seed=seed,
        rolled_at=rolled_at,
        summary=roll.headline(),
        detail={"hazard": roll.hazard.value, "dice": roll.dice, **dict(roll.facts)},
    )


__all__ = [
    "ROLL_KIND",
    "Hazard",
    "HazardRoll",
    "Size",
    "effort_text",
    "effort_to_dict",
    "hazard_record",
    "roll_fall",
    "roll_harvest",
    "roll_suffocation",
    "roll_topple",
    "topple_effort",
    "what_was_rolled",
]
