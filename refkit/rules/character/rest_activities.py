"""Rest activities (L447–481), the ration a rest needs (L439) and starvation (L521), as rules.

Each crow does one activity per rest: Tend Wounds (another resting crow with two wounds or more
loses two at the end instead of one; once per patient), Repair Armor (one carried armour or shield
back to full AD), Seclude Camp (+1 to the rest's EN; one crow per group), Prepare for a Task (+2
on that task until the next rest ends), Identify Item (a carried magic item's properties),
Harvest (a monster corpse's parts: 1d6 up to Medium, 2d6 Large, 3d6 Huge, 4d6 Holy Shit), Craft
Equipment (one crafting roll) and Study a Lore Book (:mod:`refkit.rules.character.lore_study`)
— or none. :func:`plan_rest` checks the choices of a whole group
and refuses, with the reason, what the rules do not allow; :func:`rest_one` is what the finished
rest does to one crow.

A crow eats one ration at the rest, a plain Ration before a Hearty ration (which heals one wound
more). A crow with none is starving: the rest gives it none of its benefits and it takes a
starvation wound; its starvation wounds all heal at the first rest where it eats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from refkit.errors import DomainError
from refkit.rules.character.lore_study import StudyPlan, StudyRefused, plan_study, study_result
from refkit.rules.character.model import Character, RestRefused
from refkit.rules.character.trait_rest import (
    REPAIR_REPAIR,
    TraitActivityRefused,
    has_trait,
    plan_trait,
    trait_activity,
    trait_result,
)
from refkit.rules.character.trait_rest_plus import second_roll_note
from refkit.rules.common.name_text import match_key
from refkit.rules.inventory.model import GROUND, Item


class ActivityRefused(DomainError, ValueError):
    """A rest activity the rules do not allow (the message says who, what and why)."""


class Activity(StrEnum):
    """The rest activities, by their command-line names."""

    NONE = "none"
    TEND_WOUNDS = "tend-wounds"
    REPAIR_ARMOR = "repair-armor"
    SECLUDE_CAMP = "seclude-camp"
    PREPARE = "prepare"
    IDENTIFY = "identify"
    HARVEST = "harvest"
    CRAFT = "craft"
    STUDY = "study"
    TRAIT = "trait"


@dataclass(frozen=True)
class ActivityInfo:
    label: str
    does: str  # what it gives, in one line
    target: str = ""  # what the ":TARGET" part names, "" when it takes none


ACTIVITIES: dict[Activity, ActivityInfo] = {
    Activity.NONE: ActivityInfo("No activity", "just rest"),
    Activity.TEND_WOUNDS: ActivityInfo(
        "Tend Wounds",
        "a companion with 2+ wounds heals 2 at the end of the rest instead of 1",
        "patient",
    ),
    Activity.REPAIR_ARMOR: ActivityInfo(
        "Repair Armor", "one carried armour or shield back to full AD", "item"
    ),
    Activity.SECLUDE_CAMP: ActivityInfo(
        "Seclude Camp", "+1 to the rest's encounter number (one crow per group)"
    ),
    Activity.PREPARE: ActivityInfo(
        "Prepare for a Task", "+2 on one known task until the next rest ends", "task"
    ),
    Activity.IDENTIFY: ActivityInfo(
        "Identify Item", "learn a carried magic item's properties", "item"
    ),
    Activity.HARVEST: ActivityInfo(
        "Harvest", "a monster corpse gives up its parts (and is destroyed)", "size"
    ),
    Activity.CRAFT: ActivityInfo("Craft Equipment", "one crafting roll", "what"),
    Activity.STUDY: ActivityInfo(
        "Study a Lore Book",
        "+1 use of the book's lore until the next rest (a fine book 2, a masterwork 3)",
        "lore",
    ),
    Activity.TRAIT: ActivityInfo(
        "A trait's rest activity", "what a trait the crow has does at a rest", "trait"
    ),
}

HARVEST_DICE: dict[str, int] = {
    "tiny": 1,
    "small": 1,
    "medium": 1,
    "large": 2,
    "huge": 3,
    "holy-shit": 4,
}
"""The number of d6 of parts a corpse of each size gives (L457)."""

PREPARE_BONUS = 2
RATION = "ration"
HEARTY_RATION = "hearty ration"


def activity_names() -> str:
    return ", ".join(activity.value for activity in Activity)


@dataclass(frozen=True)
class ActivityChoice:
    """One crow's activity and what it is aimed at (a patient, an item, a task, a size)."""

    activity: Activity = Activity.NONE
    target: str = ""
    trait: str = ""  # the trait's name, for Activity.TRAIT

    @property
    def label(self) -> str:
        info = ACTIVITIES[self.activity]
        name = self.trait if self.activity is Activity.TRAIT else info.label
        return f"{name}: {self.target}" if self.target else name

    def text(self) -> str:
        """The command-line form, ``repair-armor:Chain shirt``, ``trait:Hearty Meals``."""
        head = self.activity.value
        if self.activity is Activity.TRAIT:
            head = f"{head}:{self.trait}"
        return f"{head}:{self.target}" if self.target else head


def parse_activity(text: str) -> ActivityChoice:
    """``ACTIVITY[:TARGET]`` or ``trait:TRAIT[:TARGET]`` (kebab case, any letter case);
    ActivityRefused for an unknown name or a trait choice without the trait."""
    name, _, target = text.partition(":")
    key = "-".join(name.strip().casefold().replace("_", " ").split())
    try:
        activity = Activity(key)
    except ValueError:
        raise ActivityRefused(
            f"unknown rest activity {name.strip()!r} (one of {activity_names()})"
        ) from None
    trait = ""
    if activity is Activity.TRAIT:
        trait, _, target = target.partition(":")
        trait = " ".join(trait.split())
        if not trait:
            raise ActivityRefused("trait: name the trait (trait:TRAIT[:TARGET])")
    return ActivityChoice(activity, " ".join(target.split()), trait)


# -- rations -------------------------------------------------------------------------------------


def is_ration(item: Item) -> bool:
    kind = item.stack.kind.casefold() if item.stack is not None else ""
    return kind == RATION or item.name.casefold() in (RATION, HEARTY_RATION)


def rations_carried(character: Character) -> int:
    """How many rations the crow carries (the ground tray is nobody's)."""
    return sum(item.count for item in character.items.items if is_ration(item))


def ration_to_eat(character: Character) -> Item | None:
    """The carried ration the crow eats: a plain one first, a Hearty ration when it has no other."""
    rations = [item for item in character.items.items if is_ration(item)]
    rations.sort(key=lambda item: item.name.casefold() == HEARTY_RATION)
    return rations[0] if rations else None


def eat_ration(character: Character, ration: Item) -> Character:
    """The crow with one ration fewer (the last of a stack leaves the inventory)."""
    if ration.count > 1:
        return character.with_items(
            character.items.replaced(replace(ration, count=ration.count - 1))
        )
    return character.with_items(character.items.without(ration.id))


# -- one group's choices -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedActivity:
    """A checked choice: ``target`` is resolved (the patient's name, the item's id)."""

    crow: str
    choice: ActivityChoice
    target: str = ""
    target_name: str = ""  # the patient's or item's name as shown
    second: str = ""  # Repair, Repair's second item (its id), "" none
    second_name: str = ""
    study: StudyPlan | None = None  # the books studied (and who hears them read aloud)


def _find_item(crow: Character, wanted: str, candidates: Sequence[Item], what: str) -> Item:
    for item in candidates:
        if item.id == wanted or match_key(item.name) == match_key(wanted):
            return item
    for item in crow.items:
        if item.id == wanted or match_key(item.name) == match_key(wanted):
            where = " (it lies on the ground)" if item.area == GROUND else ""
            raise ActivityRefused(f"{crow.name}: {item.name} is not {what}{where}")
    raise ActivityRefused(f"{crow.name} carries no item called {wanted!r}")


def _only_one(crow: Character, candidates: Sequence[Item], what: str, activity: str) -> Item:
    if not candidates:
        raise ActivityRefused(f"{crow.name} carries no {what}: choose another activity")
    if len(candidates) > 1:
        names = ", ".join(item.name for item in candidates)
        raise ActivityRefused(f"{crow.name}: name the item for {activity} (one of {names})")
    return candidates[0]


def magic_items(crow: Character) -> tuple[Item, ...]:
    return tuple(item for item in crow.items.items if item.is_magic)


def patients(crow: Character, crows: Sequence[Character]) -> tuple[Character, ...]:
    """The other resting crows Tend Wounds can help (two wounds or more, alive)."""
    return tuple(
        other
        for other in crows
        if match_key(other.name) != match_key(crow.name)
        and len(other.wound_slots) >= 2
        and not other.dead
    )


def _plan_one(
    crow: Character, choice: ActivityChoice, crows: Sequence[Character]
) -> PlannedActivity:
    activity = choice.activity
    if activity is Activity.REPAIR_ARMOR:
        damaged = crow.repairable_armour()
        if has_trait(crow, REPAIR_REPAIR):
            return _plan_two_repairs(crow, choice, damaged)
        what = "damaged armour or shield"
        if choice.target:
            item = _find_item(crow, choice.target, damaged, "carried armour that lost AD")
        else:
            item = _only_one(crow, damaged, what, "Repair Armor")
        return PlannedActivity(crow.name, choice, item.id, item.name)
    if activity is Activity.IDENTIFY:
        magic = magic_items(crow)
        if choice.target:
            item = _find_item(crow, choice.target, magic, "a carried magic item")
        else:
            item = _only_one(crow, magic, "magic item to identify", "Identify Item")
        return PlannedActivity(crow.name, choice, item.id, item.name)
    if activity is Activity.TEND_WOUNDS:
        able = patients(crow, crows)
        if choice.target:
            try:
                wanted = resting_crow(crows, choice.target)
            except ActivityRefused:
                raise ActivityRefused(
                    f"{crow.name}: {choice.target!r} is not resting with {crow.name}"
                ) from None
            if wanted is crow:
                raise ActivityRefused(f"{crow.name} cannot tend its own wounds")
            if wanted not in able:
                raise ActivityRefused(
                    f"{crow.name}: {wanted.name} has {len(wanted.wound_slots)} wound(s); "
                    "Tend Wounds needs a patient with 2 or more"
                )
            return PlannedActivity(crow.name, choice, wanted.name, wanted.name)
        if not able:
            raise ActivityRefused(
                f"{crow.name}: nobody resting with it has 2 or more wounds to tend"
            )
        if len(able) > 1:
            names = ", ".join(c.name for c in able)
            raise ActivityRefused(f"{crow.name}: name the patient for Tend Wounds (one of {names})")
        return PlannedActivity(crow.name, choice, able[0].name, able[0].name)
    if activity is Activity.HARVEST:
        size = "-".join(choice.target.casefold().split())
        if size not in HARVEST_DICE:
            raise ActivityRefused(
                f"{crow.name}: Harvest needs the corpse's size "
                f"(harvest:SIZE, one of {', '.join(HARVEST_DICE)})"
            )
        return PlannedActivity(crow.name, choice, size, size)
    if activity is Activity.STUDY:
        try:
            study = plan_study(crow, choice.target, crows)
        except StudyRefused as error:
            raise ActivityRefused(str(error)) from None
        return PlannedActivity(crow.name, choice, choice.target, choice.target, study=study)
    if activity is Activity.TRAIT:
        try:
            plan_trait(crow, choice.trait, choice.target)
        except TraitActivityRefused as error:
            raise ActivityRefused(str(error)) from None
    return PlannedActivity(crow.name, choice, choice.target, choice.target)


def _plan_two_repairs(
    crow: Character, choice: ActivityChoice, damaged: Sequence[Item]
) -> PlannedActivity:
    """Repair, Repair: two items back to full AD (``repair-armor:A,B``; with two or fewer
    damaged and none named, all of them)."""
    if choice.target:
        names = [part.strip() for part in choice.target.split(",") if part.strip()]
        if len(names) > 2:
            raise ActivityRefused(
                f"{crow.name}: Repair, Repair repairs two items, not {len(names)}"
            )
        items = [_find_item(crow, n, damaged, "carried armour that lost AD") for n in names]
        if len(items) == 2 and items[0].id == items[1].id:
            raise ActivityRefused(f"{crow.name}: name two different items for Repair, Repair")
    elif not damaged:
        raise ActivityRefused(f"{crow.name} carries no damaged armour or shield: choose another")
    elif len(damaged) > 2:
        offered = ", ".join(item.name for item in damaged)
        raise ActivityRefused(
            f"{crow.name}: name up to two items for Repair, Repair "
            f"(repair-armor:A,B; one of {offered})"
        )
    else:
        items = list(damaged)
    first, *rest = items
    other = rest[0] if rest else None
    return PlannedActivity(
        crow.name,
        choice,
        first.id,
        first.name,
        other.id if other else "",
        other.name if other else "",
    )


def resting_crow(crows: Sequence[Character], name: str) -> Character:
    """The resting crow called ``name`` (any letter case), or the only one whose name starts
    with it ("Wren" for Wren Ashdown); ActivityRefused naming who rests here otherwise."""
    exact = [crow for crow in crows if match_key(crow.name) == match_key(name)]
    if exact:
        return exact[0]
    start = match_key(name) + " "
    begins = [crow for crow in crows if match_key(crow.name).startswith(start)]
    if len(begins) == 1:
        return begins[0]
    resting = ", ".join(crow.name for crow in crows) or "nobody"
    raise ActivityRefused(f"{name!r} is not resting here (resting: {resting})")


def plan_rest(
    crows: Sequence[Character], choices: Mapping[str, ActivityChoice]
) -> dict[str, PlannedActivity]:
    """Every crow's checked activity, by crow name (``NONE`` for a crow with no choice).

    ActivityRefused, naming the crow, for a crow not resting here, a choice the rules refuse,
    two Seclude Camps in one group or one patient tended twice.
    """
    wanted: dict[str, ActivityChoice] = {}
    for name, choice in choices.items():
        crow = resting_crow(crows, name)
        if match_key(crow.name) in wanted:
            raise ActivityRefused(f"{crow.name} has two activities; a crow does one per rest")
        wanted[match_key(crow.name)] = choice
    planned: dict[str, PlannedActivity] = {}
    secluding: list[str] = []
    tended: dict[str, str] = {}
    for crow in crows:
        choice = wanted.get(match_key(crow.name), ActivityChoice())
        plan = _plan_one(crow, choice, crows)
        if choice.activity is Activity.SECLUDE_CAMP:
            secluding.append(crow.name)
            if len(secluding) > 1:
                raise ActivityRefused(
                    f"only one crow per group can seclude the camp ({', '.join(secluding)})"
                )
        if choice.activity is Activity.TEND_WOUNDS:
            earlier = tended.get(match_key(plan.target))
            if earlier is not None:
                raise ActivityRefused(
                    f"{plan.target} is tended once per rest ({earlier} and {crow.name} chose it)"
                )
            tended[match_key(plan.target)] = crow.name
        planned[crow.name] = plan
    return planned


def secluded_by(planned: Mapping[str, PlannedActivity]) -> str | None:
    """The crow who secluded the camp, if one did."""
    return next(
        (p.crow for p in planned.values() if p.choice.activity is Activity.SECLUDE_CAMP), None
    )


def tended_patients(planned: Mapping[str, PlannedActivity]) -> dict[str, str]:
    """Patient's name (case-folded) → the crow who tends it."""
    return {
        match_key(p.target): p.crow
        for p in planned.values()
        if p.choice.activity is Activity.TEND_WOUNDS
    }


# -- what the rest does to one crow --------------------------------------------------------------


@dataclass(frozen=True)
class OneRest:
    """What a finished rest does to one crow (the crow after it, and what to say)."""

    before: Character
    after: Character
    rested: bool
    reason: str = ""  # why it got no rest benefits
    ration_eaten: str = ""  # the ration's name, "" when none
    starving: bool = False
    starvation_wounds: int = 0  # its starvation wounds after the rest (to keep for the next)
    wounds_to_heal: int = 0  # how many wounds the rest heals (the player picks which)
    tended_by: str = ""
    activity: PlannedActivity | None = None
    activity_result: str = ""
    harvest_parts: int | None = None
    prepared_task: str = ""  # the task with +2 until the crow's next rest ends ("" none)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ration_eaten": self.ration_eaten,
            "starving": self.starving,
            "activity": self.activity.choice.activity.value if self.activity else "none",
            "activity_result": self.activity_result,
        }


def _activity_result(
    crow: Character, plan: PlannedActivity, rng: random.Random
) -> tuple[Character, str, int | None]:
    activity = plan.choice.activity
    if activity is Activity.REPAIR_ARMOR:
        try:
            repaired = crow.repair_armour(plan.target)
        except RestRefused as error:  # checked by plan_rest; kept for a stale plan
            raise ActivityRefused(str(error)) from None
        repairs: list[str] = []
        for item_id in (plan.target, plan.second):
            if not item_id:
                continue
            if item_id != plan.target:
                repaired = repaired.repair_armour(item_id)
            item = repaired.items.find(item_id)
            assert item.armor is not None
            repairs.append(f"{item.name} to full AD ({item.armor.max_ad})")
        return repaired, f"repaired {' and '.join(repairs)}", None
    if activity is Activity.TEND_WOUNDS:
        return crow, f"tended {plan.target}'s wounds (2 heal instead of 1)", None
    if activity is Activity.SECLUDE_CAMP:
        return crow, "secluded the camp: the rest's EN +1", None
    if activity is Activity.PREPARE:
        task = plan.target or "the task named at the table"
        return crow, f"+{PREPARE_BONUS} on {task} until the next rest ends", None
    if activity is Activity.IDENTIFY:
        return crow, f"learns what {plan.target_name} is and does", None
    if activity is Activity.HARVEST:
        dice = HARVEST_DICE[plan.target]
        parts = sum(rng.randint(1, 6) for _ in range(dice))
        return crow, f"harvested a {plan.target} corpse: {dice}d6 → {parts} parts", parts
    if activity is Activity.CRAFT:
        what = f" for {plan.target}" if plan.target else ""
        return crow, f"makes one crafting roll{what}", None
    if activity is Activity.STUDY and plan.study is not None:
        return crow, study_result(plan.study), None
    if activity is Activity.TRAIT:
        after, said = trait_result(crow, trait_activity(plan.choice.trait), plan.target, rng)
        return after, said, None
    return crow, "", None


def rest_one(
    crow: Character,
    plan: PlannedActivity | None,
    *,
    in_miasma: bool,
    tended_by: str = "",
    starvation_wounds: int = 0,
    eat: bool = True,
    rng: random.Random,
) -> OneRest:
    """The finished rest for one crow: a ration eaten (or starvation), the rest's benefits, the
    wounds it heals (1; 2 when tended; +1 for a Hearty ration; every starvation wound once it
    eats), and its activity. RestRefused when the crow cannot rest (dead, a doubled magic slot);
    ActivityRefused for an activity the rules refuse. ``eat`` false: no ration counted (a rest
    with the rations switched off)."""
    if crow.dead:
        raise RestRefused(f"{crow.name} is dead")
    overloaded = crow.items.overloaded_magic_slots()
    if overloaded:
        raise RestRefused(
            f"{crow.name} cannot rest with two items in the {', '.join(overloaded)} slot"
        )
    after = crow
    activity_result, parts, prepared = "", None, ""
    if plan is not None and plan.choice.activity is not Activity.NONE:
        after, activity_result, parts = _activity_result(after, plan, rng)
        if plan.choice.activity is Activity.PREPARE:
            prepared = plan.target or "the task named at the table"
    ration = ration_to_eat(after) if eat else None  # after a trait's cooking
    if eat and ration is None:
        return OneRest(
            before=crow,
            after=after,
            rested=False,
            reason=f"{crow.name} had no ration: no rest benefits, and a starvation wound",
            starving=True,
            starvation_wounds=starvation_wounds + 1,
            activity=plan,
            activity_result=activity_result,
            harvest_parts=parts,
            prepared_task=prepared or "",
        )
    if ration is not None:
        after = eat_ration(after, ration)
    rested = after.finish_rest((), in_miasma=in_miasma, wounds_healed=0)
    heals = 2 if tended_by else 1
    if ration is not None and ration.name.casefold() == HEARTY_RATION:
        heals += 1
    heals += starvation_wounds  # they all vanish with a ration eaten
    return OneRest(
        before=crow,
        after=rested,
        rested=True,
        ration_eaten=ration.name if ration is not None else "",
        starvation_wounds=0,
        wounds_to_heal=min(heals, len(rested.wound_slots)),
        tended_by=tended_by,
        activity=plan,
        activity_result=activity_result,
        harvest_parts=parts,
        prepared_task=prepared or "",
    )


def rest_preview(
    crow: Character,
    plan: PlannedActivity | None,
    *,
    tended_by: str = "",
    starvation_wounds: int = 0,
) -> str:
    """What the finished rest will do to this crow, in one line, without rolling anything."""
    if crow.dead:
        return f"{crow.name} is dead: no rest"
    if crow.items.overloaded_magic_slots():
        return "cannot rest: two magic items share a slot"
    parts: list[str] = []
    ration = ration_to_eat(crow)
    if ration is None:
        parts.append("no ration: starving — no rest benefits, a starvation wound")
    else:
        parts.append(f"eats a {ration.name.lower()} ({rations_carried(crow) - 1} left)")
        heals = (2 if tended_by else 1) + starvation_wounds
        heals += 1 if ration.name.casefold() == HEARTY_RATION else 0
        heals = min(heals, len(crow.wound_slots))
        if heals:
            tended = f" (tended by {tended_by})" if tended_by else ""
            parts.append(f"heals {heals} wound{'s' if heals != 1 else ''}{tended}")
    if plan is not None and plan.choice.activity is not Activity.NONE:
        parts.append(_activity_preview(crow, plan))
    return "; ".join(parts)


def _activity_preview(crow: Character, plan: PlannedActivity) -> str:
    activity = plan.choice.activity
    if activity is Activity.REPAIR_ARMOR:
        shown = []
        for item_id in filter(None, (plan.target, plan.second)):
            item = crow.items.find(item_id)
            assert item.armor is not None
            shown.append(f"{item.name} AD {item.armor.ad} → {item.armor.max_ad}")
        return "; ".join(shown)
    if activity is Activity.TEND_WOUNDS:
        return f"{plan.target} heals 2 wounds instead of 1"
    if activity is Activity.HARVEST:
        return f"a {plan.target} corpse gives {HARVEST_DICE[plan.target]}d6 parts"
    if activity is Activity.PREPARE:
        task = plan.target or "the task named at the table"
        return f"+{PREPARE_BONUS} on {task} until the next rest ends"
    if activity is Activity.IDENTIFY:
        return f"learns what {plan.target_name} does"
    if activity is Activity.CRAFT:
        what = f" for {plan.target}" if plan.target else ""
        return f"one crafting roll{what}{second_roll_note(crow)}"
    if activity is Activity.STUDY and plan.study is not None:
        return study_result(plan.study)
    if activity is Activity.TRAIT:
        chosen = trait_activity(plan.choice.trait)
        return f"{chosen.name}: {chosen.does}"
    return ACTIVITIES[activity].does
