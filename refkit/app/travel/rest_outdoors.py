"""The travel day's rest outdoors through the one rest procedure (:func:`refkit.app.party.rest`).

Once the rest's encounter check is made (the guided day's rest step, or a whole day with a rest)
the journey's crows rest as any rest gives it: each crow's activity, rations eaten or starvation,
Stamina and wounds, expertise uses back unless the rest is in the Miasma, cruelty cleared away
from it. The travel step and the crows' rest are done in one unit of work and undone as one step.
Travellers that are not crows in the database (hirelings, animals) have no sheet to rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from refkit.app.character_service import CharacterService
from refkit.app.party.day_meal import DayMealCommand
from refkit.app.party.rest import CrowRestCommand, RestCrafting
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import FollowedStep
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.common.first_names import by_first_name
from refkit.store.errors import CharacterNotFoundError


class Step(Protocol):
    @property
    def text(self) -> str: ...

    def do(self) -> None: ...

    def undo(self) -> None: ...


@dataclass(frozen=True)
class RestTaken:
    """What the travel step says of its rest: who travels, where they rest, and a seed."""

    travellers: tuple[str, ...]
    in_miasma: bool
    seed: int
    secluded: bool = False
    """The rest's encounter check was made with Seclude Camp (else no crow may seclude now)."""
    campsite: bool = False
    """The rest's check was made with Prepare Campsite: a crow resting must have prepared it
    (``trait:Prepare Campsite``); made without, none may now."""
    crafting_bonus: int = 0
    """Make Camp's bonus on the crafting rolls at this camp (L860)."""
    day: int = 0
    """The travel day whose rest this is (names the crafting rolls' occasion)."""
    rested: bool = True
    """False for a day without a rest: the crows eat (or starve) without its benefits (L521)."""
    journey: str = ""
    """The journey's name: a day's meal is kept under it for the command line's undo."""


RestOf = Callable[[], RestTaken | None]
"""After the step is done: its rest, or None when the step made no rest."""


def check_seclude(secluded: bool) -> bool | None:
    """How the crows' Seclude Camp is checked for a rest whose check was made with it or not.

    Made without Seclude Camp, no crow may seclude now (the EN is rolled already); made with
    it, the secluder may be a hireling, so no crow is required to have done it.
    """
    return None if secluded else False


def resting_crows(characters: CharacterService, names: Sequence[str]) -> list[Character]:
    crows = []
    for name in names:
        try:
            crows.append(characters.get(name))
        except CharacterNotFoundError:
            continue  # a hireling or an animal: no sheet
    return crows


class RestFollowsTravel(FollowedStep):
    """A travel step and the crows' rest it leads to, one undo step."""

    def __init__(
        self,
        step: Step,
        rest_of: RestOf,
        characters: CharacterService,
        prompts: WoundPrompts,
        *,
        activities: Mapping[str, ActivityChoice] | None = None,
        crafting: RestCrafting | None = None,
    ) -> None:
        super().__init__(step)
        self._crafting = crafting
        self.step: Step = step
        self._rest_of = rest_of
        self._characters = characters
        self._prompts = prompts
        self._activities = dict(activities or {})
        self.rest: CrowRestCommand | None = None
        self.meal: DayMealCommand | None = None

    def follow(self) -> Iterator[CrowRestCommand | DayMealCommand]:
        taken = self._rest_of()
        if taken is None:
            return
        crows = resting_crows(self._characters, taken.travellers)
        if not taken.rested:
            if self._activities:
                raise ValueError("a rest activity is given, but the party does not rest today")
            if crows:
                meal = DayMealCommand(
                    self._characters, self._prompts, crows, day=taken.day, journey=taken.journey
                )
                meal.do()
                self.meal = meal
                yield meal
            return
        names = [crow.name for crow in crows]
        unknown = sorted(name for name in self._activities if by_first_name(names, name) is None)
        if unknown:
            raise ValueError(
                f"an activity is given for {unknown[0]}, who is not a crow resting here"
            )
        if crows:
            rest = CrowRestCommand(
                self._characters,
                self._prompts,
                crows,
                in_miasma=taken.in_miasma,
                choices=self._activities,
                check_seclude=check_seclude(taken.secluded),
                check_campsite=taken.campsite,
                rng=random.Random(taken.seed),
                crafting=self._crafting,
                crafting_bonus=taken.crafting_bonus,
                occasion=f"the rest of travel day {taken.day}",
            )
            rest.do()
            self.rest = rest
            yield rest
