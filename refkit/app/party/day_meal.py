"""A day without a rest: each crow eats its ration or starves (L521), as one undoable step.

The rest records (:data:`refkit.app.party.rest.RECORDS_KEY`) keep each crow's starvation wounds
between days and rests; a starving crow's wound waits to be placed on its sheet (placed at once
when one backpack slot is left), and a ration eaten makes every starvation wound vanish (the
player picks which boxes when the crow has other wounds too). The crows, the prompts and the
records change together, or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.party.crow_changes import slots_text
from refkit.app.party.meal_records import MealRecord, remembered
from refkit.app.party.rest import (
    RECORDS_KEY,
    PartyRest,
    _healed_choice,
    records_from_text,
)
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import FunctionCommand
from refkit.rules.character.meals import day_meal
from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import rations_carried
from refkit.store.row_forms import name_key


@dataclass(frozen=True)
class CrowMeal:
    """What one crow ate (or did not) on a day without a rest."""

    character: str
    ration_eaten: str
    rations_left: int
    starving: bool
    starvation_wounds: int
    placed: tuple[int, ...] = ()
    healed: tuple[int, ...] = ()
    wounds_to_heal: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "ration_eaten": self.ration_eaten or None,
            "rations_left": self.rations_left,
            "starving": self.starving,
            "starvation_wounds": self.starvation_wounds,
            "starvation_wound_placed": list(self.placed),
            "healed": list(self.healed),
            "wounds_to_heal": self.wounds_to_heal,
        }

    def line(self) -> str:
        if self.starving:
            where = f"backpack slot {slots_text(self.placed)}" if self.placed else "to place"
            return f"{self.character}: no ration, a starvation wound ({where})"
        text = f"{self.character}: ate a {self.ration_eaten.lower()} ({self.rations_left} left)"
        if self.healed:
            text += f"; starvation healed (backpack slot {slots_text(self.healed)})"
        if self.wounds_to_heal:
            text += f"; starvation gone: heal {self.wounds_to_heal} wound(s) on the sheet"
        return text


class DayMealCommand:
    """The day's food for the crows (the travellers with a sheet) as one undo step."""

    def __init__(
        self,
        characters: CharacterService,
        prompts: WoundPrompts,
        crows: Sequence[Character],
        *,
        day: int,
        journey: str = "",
    ) -> None:
        self._characters = characters
        self._prompts = prompts
        self._crows = tuple(crows)
        self._text = f"Day {day} without a rest: rations or starvation"
        self.meals: tuple[CrowMeal, ...] = ()
        self._step: PartyRest | None = None
        self._day = day
        self._journey = journey  # "" : no record kept for the command line's undo
        self._kept: FunctionCommand | None = None

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        if self._step is None:
            self._step = self._made()
            if self._journey:
                record = MealRecord.of(self._step, [crow.name for crow in self._crows])
                repository = self._characters.repository
                self._kept = remembered(repository, self._journey, self._day, record)
        self._step.do()
        if self._kept is not None:
            self._kept.do()

    def undo(self) -> None:
        assert self._step is not None
        if self._kept is not None:
            self._kept.undo()
        self._step.undo()

    def _made(self) -> PartyRest:
        repository = self._characters.repository
        before_text = repository.read_state(RECORDS_KEY).text
        records = records_from_text(before_text)
        edits: list[CharacterEdit] = []
        raised: list[tuple[str, int, int]] = []
        meals: list[CrowMeal] = []
        for crow in self._crows:
            key = name_key(crow.name)
            record = dict(records.get(key, {}))
            starved = record.get("starvation_wounds", 0)
            meal = day_meal(crow, starved if isinstance(starved, int) else 0)
            after, to_heal = meal.after, 0
            placed: tuple[int, ...] = ()
            healed: tuple[int, ...] = ()
            if meal.starving:
                free = after.free_wound_slots
                if len(free) == 1:  # no choice: the wound goes in at once
                    after, placed = after.place_wounds(free), free
                elif free:
                    raised.append((crow.name, 1, 0))
            else:
                after, healed, to_heal = _healed_choice(crow, after, meal.wounds_to_heal, None)
                if to_heal:
                    raised.append((crow.name, 0, to_heal))
            record["starvation_wounds"] = meal.starvation_wounds
            records[key] = {k: v for k, v in record.items() if v}
            if not records[key]:
                del records[key]
            if after != crow:
                edits.append(CharacterEdit(self._characters, crow.name, crow, after, self._text))
            meals.append(
                CrowMeal(
                    crow.name,
                    meal.ration_eaten,
                    rations_carried(after),
                    meal.starving,
                    meal.starvation_wounds,
                    placed,
                    healed,
                    to_heal,
                )
            )
        self.meals = tuple(meals)
        return PartyRest(
            edits=tuple(edits),
            prompts=self._prompts,
            raised=tuple(raised),
            service=None,
            text=self._text,
            repository=repository,
            records_before=before_text,
            records_after=json.dumps(records, ensure_ascii=False, sort_keys=True),
        )
