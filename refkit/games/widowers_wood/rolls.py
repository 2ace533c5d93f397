"""How a Widower's Wood roll is built: base dice, one Boost die at most, additional dice each from
a different rule, discards before totalling, and rerolls that replace the dice they touch."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

GAME_ID = "widowers-wood"
SIDES = 6
MAX_DICE = 12
"""No roll in the game comes near this many dice; more is a typing slip, refused early."""


class RollKind(StrEnum):
    """The rolls the game names. Hazard and spawning rolls are not standard: no Boost."""

    ATTACK = "attack"
    DAMAGE = "damage"
    CHALLENGE = "challenge"
    HAZARD = "hazard"
    SPAWN = "spawn"

    @property
    def base_dice(self) -> int:
        return 1 if self is RollKind.HAZARD else 2

    @property
    def boostable(self) -> bool:
        return self not in (RollKind.HAZARD, RollKind.SPAWN)

    @property
    def adds_dice(self) -> bool:
        """Only the standard 2d6 + stat rolls take extra or discarded dice."""
        return self.boostable


@dataclass(frozen=True)
class RollPlan:
    """What is declared before any die is rolled.

    ``boost_sources`` names every rule that boosts the roll; however many there are, the roll
    gets one Boost die. ``additional`` names the rule behind each additional die; two dice from
    the same rule are refused. ``discard_lowest`` / ``discard_highest`` dice are dropped before
    the total is taken.
    """

    kind: RollKind
    boost_sources: tuple[str, ...] = ()
    additional: tuple[str, ...] = ()
    discard_lowest: int = 0
    discard_highest: int = 0

    def __post_init__(self) -> None:
        name = self.kind.value
        if self.boost_sources and not self.kind.boostable:
            raise ValueError(f"a {name} roll cannot be boosted")
        if (self.additional or self.discard_lowest or self.discard_highest) and not (
            self.kind.adds_dice
        ):
            raise ValueError(f"a {name} roll takes no additional or discarded dice")
        sources = [source.strip().casefold() for source in self.additional]
        if any(not source for source in sources):
            raise ValueError("an additional die needs the name of the rule that gives it")
        repeated = sorted({s for s in sources if sources.count(s) > 1})
        if repeated:
            raise ValueError(
                f"additional dice must each come from a different rule; "
                f"{', '.join(repeated)} gives more than one"
            )
        if self.discard_lowest < 0 or self.discard_highest < 0:
            raise ValueError("the number of dice to discard cannot be negative")
        if self.dice_count > MAX_DICE:
            raise ValueError(f"{self.dice_count} dice is more than a roll can take ({MAX_DICE})")
        if self.kept_count < 1:
            raise ValueError(
                f"discarding {self.discard_lowest + self.discard_highest} of "
                f"{self.dice_count} dice leaves none to total"
            )

    @property
    def boosted(self) -> bool:
        return bool(self.boost_sources)

    @property
    def dice_count(self) -> int:
        return self.kind.base_dice + (1 if self.boosted else 0) + len(self.additional)

    @property
    def kept_count(self) -> int:
        return self.dice_count - self.discard_lowest - self.discard_highest

    def describe(self) -> str:
        """``3d6 (boosted), discard lowest 1`` — the roll in a few words."""
        words = [f"{self.dice_count}d6"]
        if self.boosted:
            words.append("(boosted)")
        if self.discard_lowest:
            words.append(f"discard lowest {self.discard_lowest}")
        if self.discard_highest:
            words.append(f"discard highest {self.discard_highest}")
        return " ".join(words)


def plan_for(
    kind: RollKind,
    *,
    boosted: bool = False,
    additional: int = 0,
    discard_lowest: int = 0,
    discard_highest: int = 0,
) -> RollPlan:
    """A plan from counts, as a form gives them (each additional die its own rule)."""
    return RollPlan(
        kind,
        boost_sources=("boost",) if boosted else (),
        additional=tuple(f"rule {n}" for n in range(1, additional + 1)),
        discard_lowest=discard_lowest,
        discard_highest=discard_highest,
    )


def check_faces(plan: RollPlan, faces: Sequence[int]) -> tuple[int, ...]:
    """The faces of ``plan``'s dice, checked: one per die, each 1–6."""
    if len(faces) != plan.dice_count:
        raise ValueError(
            f"a {plan.describe()} {plan.kind.value} roll needs {plan.dice_count} dice, "
            f"got {len(faces)}"
        )
    for index, face in enumerate(faces, start=1):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise ValueError(f"die {index}: {face!r} is not a face of a d6")
    return tuple(faces)


def roll_dice(plan: RollPlan, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, SIDES) for _ in range(plan.dice_count))


def reroll(faces: Sequence[int], indices: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """``faces`` with the dice at ``indices`` rolled again; the new faces replace the old ones
    outright (a hit rerolled into a miss is a miss)."""
    chosen = set(indices)
    bad = sorted(i for i in chosen if not 0 <= i < len(faces))
    if bad:
        raise ValueError(f"no die {bad[0] + 1} to reroll: the roll has {len(faces)} dice")
    if not chosen:
        raise ValueError("choose at least one die to reroll")
    return tuple(rng.randint(1, SIDES) if i in chosen else face for i, face in enumerate(faces))


def kept_faces(plan: RollPlan, faces: Sequence[int]) -> tuple[int, ...]:
    """The dice left once the discards are made (recomputed after every reroll)."""
    ordered = sorted(check_faces(plan, faces))
    return tuple(ordered[plan.discard_lowest : len(ordered) - plan.discard_highest])


def discarded_positions(plan: RollPlan, faces: Sequence[int]) -> frozenset[int]:
    """Which dice (by position) are discarded: the lowest and highest, first come first."""
    order = sorted(range(len(faces)), key=lambda i: (faces[i], i))
    dropped = order[: plan.discard_lowest] + order[len(order) - plan.discard_highest :]
    return frozenset(dropped)
