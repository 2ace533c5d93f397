"""Rest activities in town (L485) as undoable steps: one activity of two hours, or the night.

The town day (:class:`refkit.rules.character.town_activities.TownDay`: each crow's activities so
far, the patients waiting for their sleep) is the versioned ``app_state`` document
:data:`TOWN_KEY`. An activity's effect goes on the crow's sheet when its two hours are done —
armour repaired, parts harvested into the pack, a crafting roll on one of its projects, a task
prepared for (kept in the rest records until its next rest ends) — and the day counts it; Tend
Wounds only marks the patient, who heals with :class:`TownSleepCommand` (at least 4 hours of
sleep), which also starts the next town day. Each is one undo step: the sheets, the records,
the prompts and the town day change together, written only on the versions read.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.party.rest import (
    RECORDS_KEY,
    RECORDS_WHAT,
    RestCrafting,
    _healed_choice,
    records_from_text,
)
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import Command, CompositeCommand, FunctionCommand
from refkit.app.versioned import StateValues
from refkit.errors import StaleWriteError
from refkit.rules.character.rest_activities import Activity, ActivityChoice, ActivityRefused
from refkit.rules.character.town_activities import (
    HOURS_EACH,
    PER_DAY,
    TEND_HEALS,
    TownDay,
    do_town_activity,
    next_day,
    patients_waiting,
    plan_town_activity,
)
from refkit.store.row_forms import name_key

TOWN_KEY: Final = "town_day"
TOWN_WHAT: Final = "the town day (activities done, patients tended)"


def read_town_day(repository: StateValues) -> TownDay:
    """The town day as stored (a fresh day 1 when none is); ValueError when unreadable."""
    return _town_from_text(repository.read_state(TOWN_KEY).text)


def _town_from_text(text: str | None) -> TownDay:
    if text is None:
        return TownDay()
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"the stored town day cannot be read: {error}") from None
    return TownDay.from_json(data)


def _town_text(today: TownDay) -> str:
    return json.dumps(today.to_json(), ensure_ascii=False, sort_keys=True)


def _state_swap(
    repository: StateValues,
    key: str,
    what: str,
    before: str | None,
    after: str | None,
    same: Callable[[str | None, str | None], bool],
) -> FunctionCommand:
    """Write ``after`` under ``key`` if it is still ``before`` (undo: the other way round), on
    the version read; StaleWriteError, nothing written, when someone else wrote it since."""

    def swap(expected: str | None, target: str | None) -> None:
        stored = repository.read_state(key)
        if not same(stored.text, expected):
            raise StaleWriteError(what, plural=key == RECORDS_KEY)
        repository.write_state(key, target or "{}", stored.version)

    return FunctionCommand(what, lambda: swap(before, after), lambda: swap(after, before))


def _same_town(a: str | None, b: str | None) -> bool:
    return _town_from_text(a) == _town_from_text(b)


def _same_records(a: str | None, b: str | None) -> bool:
    return records_from_text(a) == records_from_text(b)


@dataclass(frozen=True)
class TownActivityReport:
    """What a town activity did, for the window and the command line."""

    crow: str
    activity: str
    target: str
    result: str
    day: int
    done_today: int
    harvest_parts: int | None = None

    @property
    def left_today(self) -> int:
        return max(0, PER_DAY - self.done_today)

    def to_dict(self) -> dict[str, Any]:
        return {
            "crow": self.crow,
            "activity": self.activity,
            "target": self.target,
            "result": self.result,
            "town_day": self.day,
            "hours": HOURS_EACH,
            "done_today": self.done_today,
            "left_today": self.left_today,
            "harvest_parts": self.harvest_parts,
        }

    def line(self) -> str:
        return (
            f"{self.crow} (town day {self.day}, activity {self.done_today} of {PER_DAY}, "
            f"{HOURS_EACH} hours): {self.result}"
        )


class TownActivityCommand:
    """One crow's town activity as one undo step (worked out on its first do)."""

    def __init__(
        self,
        characters: CharacterService,
        crow: str,
        choice: ActivityChoice,
        *,
        crafting: RestCrafting | None = None,
        seed: int | None = None,
    ) -> None:
        self._characters = characters
        self._crow = crow
        self._choice = choice
        self._crafting = crafting
        self._seed = seed
        self._joined: CompositeCommand | None = None
        self.report: TownActivityReport | None = None

    @property
    def text(self) -> str:
        return f"Town activity: {self._crow}, {self._choice.label}"

    def do(self) -> None:
        if self._joined is None:
            self._joined = self._made()
        self._joined.do()

    def undo(self) -> None:
        assert self._joined is not None
        self._joined.undo()

    def _made(self) -> CompositeCommand:
        characters = self._characters
        repository = characters.repository
        today = read_town_day(repository)
        town_before = _town_text(today)  # none stored yet: written back as a fresh day 1
        crow = characters.get(self._crow)
        crows = [characters.get(name) for name in characters.names()]
        plan = plan_town_activity(crow, self._choice, crows, today)
        rng = random.Random(self._seed)
        done = do_town_activity(crow, plan, today, rng)
        after = done.after
        if done.harvest_parts:
            from refkit.app.crafting.harvest import with_harvested_parts

            after = with_harvested_parts(after, done.harvest_parts, plan.target)
        children: list[Command] = []
        if after != crow:
            children.append(CharacterEdit(characters, crow.name, crow, after, self.text))
        result = done.result
        count = len(done.today.done_by(crow.name))
        if plan.choice.activity is Activity.CRAFT:
            crafted, result = self._craft(crow.name, plan.target, today.day, count, rng)
            children.append(crafted)
        if plan.choice.activity is Activity.PREPARE:
            children.append(self._prepared(repository, crow.name, plan.target))
        children.append(
            _state_swap(
                repository,
                TOWN_KEY,
                TOWN_WHAT,
                town_before,
                _town_text(done.today),
                _same_town,
            )
        )
        self.report = TownActivityReport(
            crow.name,
            plan.choice.activity.value,
            plan.target_name,
            result,
            today.day,
            count,
            done.harvest_parts,
        )
        return CompositeCommand(self.text, children)

    def _craft(
        self, crow: str, target: str, day: int, count: int, rng: random.Random
    ) -> tuple[Command, str]:
        if self._crafting is None:
            raise ActivityRefused("crafting is not available here")
        projects = self._crafting.projects_of(crow)
        project = next((p for p in projects if name_key(p) == name_key(target)), None)
        if project is None:
            offered = ", ".join(projects) or "none: start one first"
            raise ActivityRefused(
                f"{crow} crafts on no project called {target!r} (its projects: {offered})"
            )
        occasion = f"town day {day}, activity {count}"
        step = self._crafting.rest_roll(project, crow, rest=occasion, seed=rng.getrandbits(32))
        result = f"crafting roll on {project}"
        if step.roll is not None and step.project is not None:
            result += f": +{step.roll.points} ({step.project.points}/{step.project.goal} points)"
        return step.command, result

    @staticmethod
    def _prepared(repository: StateValues, crow: str, task: str) -> Command:
        before = repository.read_state(RECORDS_KEY).text
        records = records_from_text(before)
        record = dict(records.get(name_key(crow), {}))
        record["prepared"] = task or "the task named at the table"
        records[name_key(crow)] = record
        after = json.dumps(records, ensure_ascii=False, sort_keys=True)
        return _state_swap(repository, RECORDS_KEY, RECORDS_WHAT, before, after, _same_records)


@dataclass(frozen=True)
class PatientHealed:
    crow: str
    tended_by: str
    healed: tuple[int, ...]
    wounds_to_heal: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "crow": self.crow,
            "tended_by": self.tended_by,
            "healed": list(self.healed),
            "wounds_to_heal": self.wounds_to_heal,
        }

    def line(self) -> str:
        said = f"{self.crow} (tended by {self.tended_by})"
        if self.healed:
            said += f": healed backpack slot {', '.join(map(str, self.healed))}"
        if self.wounds_to_heal:
            said += f": heal {self.wounds_to_heal} wound(s) on the sheet"
        if not self.healed and not self.wounds_to_heal:
            said += ": no wounds left to heal"
        return said


class TownSleepCommand:
    """The night in town (at least 4 hours of sleep): each patient tended today loses its
    wounds (2; the player picks which when it has more), and a new town day starts."""

    def __init__(self, characters: CharacterService, prompts: WoundPrompts) -> None:
        self._characters = characters
        self._prompts = prompts
        self._joined: CompositeCommand | None = None
        self.healed: tuple[PatientHealed, ...] = ()
        self.day = 0

    @property
    def text(self) -> str:
        return "The night in town"

    def do(self) -> None:
        if self._joined is None:
            self._joined = self._made()
        self._joined.do()

    def undo(self) -> None:
        assert self._joined is not None
        self._joined.undo()

    def _made(self) -> CompositeCommand:
        characters, prompts = self._characters, self._prompts
        repository = characters.repository
        today = read_town_day(repository)
        town_before = _town_text(today)  # none stored yet: written back as a fresh day 1
        crows = [characters.get(name) for name in characters.names()]
        children: list[Command] = []
        healed: list[PatientHealed] = []
        for patient, by in patients_waiting(today, crows):
            after, slots, to_heal = _healed_choice(patient, patient, TEND_HEALS, None)
            if after != patient:
                children.append(CharacterEdit(characters, patient.name, patient, after, self.text))
            if to_heal:
                children.append(_prompt_step(prompts, patient.name, to_heal))
            healed.append(PatientHealed(patient.name, by, slots, to_heal))
        tomorrow = next_day(today)
        children.append(
            _state_swap(
                repository, TOWN_KEY, TOWN_WHAT, town_before, _town_text(tomorrow), _same_town
            )
        )
        self.healed = tuple(healed)
        self.day = tomorrow.day
        return CompositeCommand(self.text, children)


def _prompt_step(prompts: WoundPrompts, name: str, to_heal: int) -> FunctionCommand:
    return FunctionCommand(
        "Wounds to heal",
        lambda: prompts.add(name, to_heal=to_heal),
        lambda: prompts.add(name, to_heal=-to_heal),
    )
