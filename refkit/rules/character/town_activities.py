"""Rest activities in town (L485), as rules.

In a village or another place with no chance of encounters a crow may do up to
:data:`PER_DAY` rest activities a day without finishing a rest, about :data:`HOURS_EACH` hours
each. What an activity gives "when you finish the rest" it gives when its two hours are done
instead — armour repaired, an item identified, a corpse harvested, a crafting roll, a task
prepared for, a trait's work — with one exception: Tend Wounds helps a patient once a day, and
only once the patient has slept at least :data:`SLEEP_HOURS` hours after it. We read its benefit
as the activity's own: the patient loses 2 wounds then. Seclude Camp has nothing to do where no
encounter can come, and a trait activity shared by a resting group (Song of Rest, Leftovers) or
lasting until a rest needs a rest.

:class:`TownDay` is what the day has seen so far (stored by the app as a versioned document):
each crow's activities done, and the patients tended that wait for their sleep.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import (
    ACTIVITIES,
    Activity,
    ActivityChoice,
    ActivityRefused,
    PlannedActivity,
    _activity_result,
    _plan_one,
    resting_crow,
)
from refkit.rules.character.trait_rest import BLESS, LASTING, LEFTOVERS, trait_activity
from refkit.rules.common.name_text import match_key

PER_DAY = 4
HOURS_EACH = 2
SLEEP_HOURS = 4
TEND_HEALS = 2

NOT_IN_TOWN: dict[Activity, str] = {
    Activity.NONE: "name an activity to spend the two hours on",
    Activity.SECLUDE_CAMP: "Seclude Camp raises a rest's EN, and no encounter comes in town",
}


AT_A_REST = frozenset({BLESS, LEFTOVERS, LASTING})
"""Trait activities that give the resting group something, or last until a rest: not in town."""


def town_activity_names() -> str:
    return ", ".join(a.value for a in Activity if a not in NOT_IN_TOWN)


@dataclass(frozen=True)
class TownDay:
    """The town day so far: its number, each crow's activities (labels, by folded name) and
    the patients tended today who wait for 4 hours of sleep (folded name → who tended them)."""

    day: int = 1
    done: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tended: Mapping[str, str] = field(default_factory=dict)

    def done_by(self, name: str) -> tuple[str, ...]:
        return self.done.get(match_key(name), ())

    def left_for(self, name: str) -> int:
        return max(0, PER_DAY - len(self.done_by(name)))

    def to_json(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "done": {key: list(labels) for key, labels in self.done.items()},
            "tended": dict(self.tended),
        }

    @classmethod
    def from_json(cls, data: Any) -> TownDay:
        """ValueError when ``data`` is not a stored town day."""
        try:
            day = data["day"]
            if isinstance(day, bool) or not isinstance(day, int) or day < 1:
                raise ValueError(f"day {day!r}")
            done = {str(k): tuple(str(x) for x in v) for k, v in dict(data["done"]).items()}
            tended = {str(k): str(v) for k, v in dict(data["tended"]).items()}
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"the stored town day cannot be read: {error}") from None
        return cls(day, done, tended)


def plan_town_activity(
    crow: Character, choice: ActivityChoice, crows: Sequence[Character], today: TownDay
) -> PlannedActivity:
    """The crow's next activity of the day, checked: ActivityRefused (naming the crow and why)
    for a dead crow, a fifth activity, one that has no place in town, or a patient tended
    already today."""
    if crow.dead:
        raise ActivityRefused(f"{crow.name} is dead")
    if today.left_for(crow.name) == 0:
        raise ActivityRefused(
            f"{crow.name} has done {PER_DAY} activities on town day {today.day} "
            "(four a day): sleep first"
        )
    if choice.activity in NOT_IN_TOWN:
        raise ActivityRefused(f"{crow.name}: {NOT_IN_TOWN[choice.activity]}")
    plan = _plan_one(crow, choice, crows)
    if choice.activity is Activity.TRAIT and trait_activity(choice.trait).kind in AT_A_REST:
        raise ActivityRefused(
            f"{crow.name}: {choice.trait} works at a rest the group finishes, not in town"
        )
    if choice.activity is Activity.TEND_WOUNDS:
        earlier = today.tended.get(match_key(plan.target))
        if earlier is not None:
            raise ActivityRefused(f"{plan.target} was tended by {earlier} today: once a day")
    return plan


@dataclass(frozen=True)
class TownActivityDone:
    """What one town activity did to the crow (its effect comes now, after the two hours)."""

    after: Character
    result: str
    harvest_parts: int | None
    today: TownDay


def do_town_activity(
    crow: Character, plan: PlannedActivity, today: TownDay, rng: random.Random
) -> TownActivityDone:
    """The crow after the activity's two hours, what it did, and the day with it counted."""
    if plan.choice.activity is Activity.TEND_WOUNDS:
        after, parts = crow, None
        result = (
            f"tended {plan.target}'s wounds: {plan.target} loses {TEND_HEALS} once it has slept "
            f"{SLEEP_HOURS} hours"
        )
    else:
        after, result, parts = _activity_result(crow, plan, rng)
    key = match_key(crow.name)
    done = dict(today.done)
    done[key] = (*today.done_by(crow.name), plan.choice.label)
    tended = dict(today.tended)
    if plan.choice.activity is Activity.TEND_WOUNDS:
        tended[match_key(plan.target)] = crow.name
    return TownActivityDone(after, result, parts, replace(today, done=done, tended=tended))


def patients_waiting(today: TownDay, crows: Sequence[Character]) -> list[tuple[Character, str]]:
    """The tended patients (the crow, who tended it) whose wounds heal with their sleep."""
    found = []
    for key, by in today.tended.items():
        try:
            found.append((resting_crow(crows, key), by))
        except ActivityRefused:
            continue  # deleted since: nothing to heal
    return found


def next_day(today: TownDay) -> TownDay:
    """The town day after a night's sleep: four activities again for everyone."""
    return TownDay(day=today.day + 1)


def activity_label(activity: Activity) -> str:
    return ACTIVITIES[activity].label
