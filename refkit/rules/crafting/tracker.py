"""A crafting project: the item being made, who works on it, the points gathered, its rolls.

A crafter qualifies (L1071–1083, §15 G2) with the card's expertise at the card's number of uses
or more (its maximum, not what is left today) and the tools that expertise needs, carried. Each
crafter makes one crafting roll per rest (the Craft Equipment activity); several crafters may add
theirs in the same rest (L1109). A crit's extra roll is made with the same edges, banes and
bonuses and no expertise again (that would spend more uses); the chain stops at
:data:`MAX_CHAIN` rolls. Points past the goal start the next copy when the materials allow it
(L1105); finished copies take their materials and the points they used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from refkit.errors import DomainError
from refkit.rules.checks.crows_test import CRIT_MIN
from refkit.rules.common.name_text import match_key, require_plain_name
from refkit.rules.crafting.materials import MaterialNeed, parse_materials
from refkit.rules.crafting.project import MAX_EXPERTISES, CraftingRoll, crafting_roll
from refkit.rules.crafting.tools import ToolSet, find_tools, tools_needed
from refkit.rules.inventory.model import Crafting, Inventory

MAX_CHAIN = 50
"""The most rolls one crafter's crit chain makes (a crit range widened to every natural would
otherwise only stop at a doom)."""
MAX_BONUS = 20
MAX_NAME = 80


class CraftingRefused(DomainError, ValueError):
    """A crafting step the rules do not allow; the message says who, what and why."""


@dataclass(frozen=True)
class CrafterExpertise:
    """One of the crafter's expertises: its uses and how many are left until the next rest."""

    name: str
    uses: int
    left: int


@dataclass(frozen=True)
class Crafter:
    """What the crafting rules read of a crow: Mind, expertises and what it carries."""

    name: str
    mind: int
    expertises: tuple[CrafterExpertise, ...] = ()
    inventory: Inventory = field(default_factory=Inventory)

    def expertise(self, name: str) -> CrafterExpertise | None:
        return next((e for e in self.expertises if match_key(e.name) == match_key(name)), None)


@dataclass(frozen=True)
class CrafterRoll:
    """One crafter's turn at the project in one rest: the rolls of its crit chain."""

    crafter: str
    rest: str
    rolls: tuple[CraftingRoll, ...]
    expertises: tuple[str, ...] = ()
    bonus: int = 0
    tools: str = ""

    @property
    def points(self) -> int:
        return sum(roll.points for roll in self.rolls)

    def to_dict(self) -> dict[str, Any]:
        return {
            "crafter": self.crafter,
            "rest": self.rest,
            "dice": [list(roll.dice) for roll in self.rolls],
            "points": [roll.points for roll in self.rolls],
            "crit": [roll.crit for roll in self.rolls],
            "doom": [roll.doom for roll in self.rolls],
            "expertises": list(self.expertises),
            "bonus": self.bonus,
            "tools": self.tools,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrafterRoll:
        rolls = tuple(
            CraftingRoll(
                dice=(int(dice[0]), int(dice[1])),
                points=int(points),
                crit=bool(crit),
                doom=bool(doom),
                extra_roll=bool(crit),
            )
            for dice, points, crit, doom in zip(
                data["dice"], data["points"], data["crit"], data["doom"], strict=True
            )
        )
        return cls(
            crafter=str(data["crafter"]),
            rest=str(data["rest"]),
            rolls=rolls,
            expertises=tuple(str(e) for e in data.get("expertises", ())),
            bonus=int(data.get("bonus", 0)),
            tools=str(data.get("tools", "")),
        )


@dataclass(frozen=True)
class CraftingProject:
    """An item being crafted. ``name`` is the project's handle (unique, any letter case)."""

    name: str
    item: str
    footer: Crafting
    crafters: tuple[str, ...]
    points: int = 0
    copies_made: int = 0
    rolls: tuple[CrafterRoll, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise CraftingRefused("a crafting project needs a name")
        if len(self.name) > MAX_NAME:
            raise CraftingRefused(
                f"a crafting project's name has at most {MAX_NAME} characters, not {len(self.name)}"
            )
        try:
            require_plain_name("a crafting project's name", self.name)
        except ValueError as error:
            raise CraftingRefused(str(error)) from None
        if self.footer.goal < 1:
            raise CraftingRefused(
                f"{self.item}: its card gives no crafting goal, so it cannot be crafted"
            )
        if not self.crafters:
            raise CraftingRefused(f"project {self.name!r} needs at least one crafter")
        keys = [match_key(c) for c in self.crafters]
        if len(set(keys)) != len(keys):
            raise CraftingRefused(f"project {self.name!r} lists a crafter twice")
        if self.points < 0 or self.copies_made < 0:
            raise CraftingRefused("crafting points and copies cannot be negative")
        parse_materials(self.footer.materials)  # a text that cannot be read is refused here

    @property
    def goal(self) -> int:
        return self.footer.goal

    @property
    def holder(self) -> str:
        """The crafter who receives the finished item (the first one listed)."""
        return self.crafters[0]

    @property
    def materials(self) -> tuple[MaterialNeed, ...]:
        return parse_materials(self.footer.materials)

    @property
    def tools(self) -> str | None:
        return tools_needed(self.footer.expertise)

    @property
    def copies_ready(self) -> int:
        """Copies the points finish (each still needs its own materials)."""
        return self.points // self.goal

    @property
    def toward_next(self) -> int:
        return self.points % self.goal

    def rolled_in(self, rest: str) -> tuple[str, ...]:
        return tuple(roll.crafter for roll in self.rolls if roll.rest == rest)

    def with_roll(self, roll: CrafterRoll) -> CraftingProject:
        return replace(self, points=self.points + roll.points, rolls=(*self.rolls, roll))

    def finished(self, copies: int) -> CraftingProject:
        """The project after ``copies`` copies are made: their points used, the surplus kept."""
        if not 1 <= copies <= self.copies_ready:
            raise CraftingRefused(
                f"{self.name}: {self.points} of {self.goal} points make "
                f"{self.copies_ready} copies, not {copies}"
            )
        return replace(
            self,
            points=self.points - copies * self.goal,
            copies_made=self.copies_made + copies,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "item": self.item,
            "expertise": self.footer.expertise,
            "uses": self.footer.uses,
            "materials": self.footer.materials,
            "goal": self.footer.goal,
            "crafters": list(self.crafters),
            "points": self.points,
            "copies_made": self.copies_made,
            "rolls": [roll.to_dict() for roll in self.rolls],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CraftingProject:
        return cls(
            name=str(data["name"]),
            item=str(data["item"]),
            footer=Crafting(
                expertise=str(data["expertise"]),
                uses=int(data["uses"]),
                materials=str(data["materials"]),
                goal=int(data["goal"]),
            ),
            crafters=tuple(str(c) for c in data["crafters"]),
            points=int(data["points"]),
            copies_made=int(data["copies_made"]),
            rolls=tuple(CrafterRoll.from_dict(r) for r in data.get("rolls", ())),
        )


def crafter_tools(project: CraftingProject, crafter: Crafter) -> ToolSet:
    """The qualifying check of one crafter (L1071–1083): the card's expertise at its uses or
    more (maximum uses, §15 G2) and the tools it needs, carried. CraftingRefused saying why."""
    footer = project.footer
    expertise = crafter.expertise(footer.expertise)
    if expertise is None:
        raise CraftingRefused(
            f"{crafter.name} lacks the {footer.expertise} expertise {project.item} needs"
        )
    if expertise.uses < footer.uses:
        raise CraftingRefused(
            f"{crafter.name}: {project.item} needs {footer.expertise} {footer.uses}, "
            f"and {crafter.name} has {expertise.uses}"
        )
    tools = find_tools(crafter.inventory, footer.expertise)
    if tools is None:
        raise CraftingRefused(
            f"{crafter.name} carries no {project.tools} (needed for {footer.expertise})"
        )
    return tools


def _pairs(faces: Sequence[int]) -> Iterator[tuple[int, int]]:
    for index in range(0, len(faces) - 1, 2):
        yield faces[index], faces[index + 1]


def roll_for_crafter(
    project: CraftingProject,
    crafter: Crafter,
    rest: str,
    *,
    rng: random.Random,
    faces: Sequence[int] | None = None,
    edges: int = 0,
    banes: int = 0,
    bonus: int = 0,
    expertises: Sequence[str] = (),
    allow_same_expertise_twice: bool = False,
    crit_min: int = CRIT_MIN,
) -> CrafterRoll:
    """One crafter's crafting roll in ``rest`` (and the extra rolls its crits give).

    ``expertises`` names the crafter's expertises applied (+4 each, at most two, each spending a
    use, §15 G1); the tools' quality adds to ``bonus`` and a damaged set is a bane. ``faces``
    gives the d10s two by two instead of ``rng``. CraftingRefused for a crafter not on the
    project, one who rolled in this rest already, or who does not qualify.
    """
    if not rest.strip():
        raise CraftingRefused("say which rest the roll is made in")
    listed = {match_key(c): c for c in project.crafters}
    if match_key(crafter.name) not in listed:
        raise CraftingRefused(
            f"{crafter.name} is not a crafter of {project.name} "
            f"(crafters: {', '.join(project.crafters)})"
        )
    if match_key(crafter.name) in {match_key(c) for c in project.rolled_in(rest)}:
        raise CraftingRefused(
            f"{crafter.name} already made a crafting roll for {project.name} in {rest} "
            "(one activity per rest)"
        )
    if isinstance(bonus, bool) or not -MAX_BONUS <= bonus <= MAX_BONUS:
        raise CraftingRefused(f"bonus {bonus} is outside -{MAX_BONUS} to {MAX_BONUS}")
    tools = crafter_tools(project, crafter)
    applied = _applied_expertises(crafter, expertises, allow_same_expertise_twice)
    total_bonus = bonus + tools.bonus
    banes += tools.banes
    given = list(_pairs(faces)) if faces is not None else None
    if faces is not None and len(faces) % 2:
        raise CraftingRefused("give the crafting dice two by two (A,B[,C,D …])")
    rolls: list[CraftingRoll] = []
    while True:
        if given is not None:
            if len(rolls) >= len(given):
                raise CraftingRefused(
                    f"the crit asks for another crafting roll: give {2 * (len(rolls) + 1)} dice"
                )
            d1, d2 = given[len(rolls)]
        else:
            d1, d2 = rng.randint(1, 10), rng.randint(1, 10)
        try:
            roll = crafting_roll(
                d1,
                d2,
                crafter.mind,
                edges=edges,
                banes=banes,
                bonuses=(total_bonus,) if total_bonus else (),
                expertises=len(applied) if not rolls else 0,
                crit_min=crit_min,
            )
        except ValueError as error:
            raise CraftingRefused(str(error)) from None
        rolls.append(roll)
        if not roll.extra_roll or len(rolls) >= MAX_CHAIN:
            break
    if given is not None and len(given) > len(rolls):
        raise CraftingRefused(
            f"{2 * len(given)} dice given but the roll used {2 * len(rolls)} "
            "(no crit asked for more)"
        )
    return CrafterRoll(
        crafter=listed[match_key(crafter.name)],
        rest=rest,
        rolls=tuple(rolls),
        expertises=applied,
        bonus=total_bonus,
        tools=tools.name,
    )


def _applied_expertises(
    crafter: Crafter, names: Sequence[str], allow_twice: bool
) -> tuple[str, ...]:
    if len(names) > MAX_EXPERTISES:
        raise CraftingRefused(
            f"at most {MAX_EXPERTISES} expertises apply to a crafting roll, not {len(names)}"
        )
    applied: list[str] = []
    for wanted in names:
        expertise = crafter.expertise(wanted)
        if expertise is None:
            raise CraftingRefused(f"{crafter.name} has no expertise called {wanted!r}")
        times = sum(1 for name in applied if match_key(name) == match_key(expertise.name)) + 1
        if times > 1 and not allow_twice:
            raise CraftingRefused(
                f"{expertise.name} is applied twice; the referee's setting allows one use each"
            )
        if expertise.left < times:
            raise CraftingRefused(
                f"{crafter.name}'s {expertise.name} has {expertise.left} use(s) left"
            )
        applied.append(expertise.name)
    return tuple(applied)
