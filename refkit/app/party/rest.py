"""The one rest procedure: what a finished rest gives the crows resting together.

The DT panel's Finish rest, the sheet's Rest dialog and ``refkit dt rest finish`` all come here.
Each crow eats a ration from its inventory (or starves: no benefits, a starvation wound), gets its
Stamina, its expertise uses (not in the Miasma) and its Rest items' dice back, heals its wounds
(one; two when a companion tended it; one more for a Hearty ration; every starvation wound once
it eats) and does its one activity (:mod:`refkit.rules.character.rest_activities`); Craft on one
of its crafting projects makes its crafting roll on it. The wounds a
rest heals are the player's choice: when they are fewer than the crow's wounds and no slots were
named they wait on the sheet. A crow that cannot rest (a doubled magic slot, dead) gets nothing,
and the report says why. The tracked effects a crow owns that end at a rest (a backlash "until
a rest", a spell rolled at each DT end) end when its rest finishes, the sheet's rest too. The
choices are checked before anything is written; the crows, the prompts, the starvation and
preparation records, the ended effects and the session-log entry are one undo step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Protocol

from refkit.app.character_commands import CharacterEdit
from refkit.app.character_service import CharacterService
from refkit.app.dungeon.rests import rest_check_campsite, rest_check_seclude
from refkit.app.dungeon_turn_commands import RemoveEffectCommand
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.crow_changes import CrowChanges, plural, slots_text
from refkit.app.party.rest_crafting import RestCrafting as RestCrafting  # re-exported
from refkit.app.party.rest_crafting import crafting_rolls
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import CompositeCommand, FunctionCommand
from refkit.app.versioned import StateValues
from refkit.errors import StaleWriteError
from refkit.rules.character.lore_study import StudyPlan
from refkit.rules.character.lore_uses import with_lore_uses, without_lore_uses
from refkit.rules.character.model import Character, RestRefused, WoundPlacementError
from refkit.rules.character.pet_moves import burden_after_rest, burden_choices
from refkit.rules.character.rest_activities import (
    Activity,
    ActivityChoice,
    ActivityRefused,
    OneRest,
    PlannedActivity,
    plan_rest,
    rations_carried,
    rest_one,
    secluded_by,
    tended_patients,
)
from refkit.rules.character.trait_rest import (
    BLESS,
    CAMPSITE,
    LASTING,
    LEFTOVERS,
    expert_planner,
    trait_activity,
)
from refkit.rules.character.trait_rest_plus import HELD_BLESSINGS, song_blessings
from refkit.rules.dungeon.clock import ClockState
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.store.row_forms import name_key

if TYPE_CHECKING:
    from refkit.app.crafting.service import CraftingStep

RECORDS_KEY: Final = "rest_records"
"""State key: ``{crow's folded name: {"starvation_wounds": n, "prepared": task, "studied": the
lore uses a book gave it, "lore_uses": those uses as added to its expertises}}``, saved only
on the version read (a rest's undo or redo refuses, nothing written, when they changed
since)."""
RECORDS_WHAT: Final = "the rest records (starvation wounds, prepared tasks)"
"""What a conflict calls them (as the store does)."""


def read_records(repository: StateValues) -> dict[str, dict[str, Any]]:
    """Each crow's starvation wounds and prepared task; ValueError when they cannot be read."""
    return records_from_text(repository.read_state(RECORDS_KEY).text)


def records_from_text(text: str | None) -> dict[str, dict[str, Any]]:
    """The records stored as ``text`` (None: none); ValueError when they cannot be read."""
    if text is None:
        return {}
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError("not a JSON object of objects")
    except ValueError as error:
        raise ValueError(f"the stored rest records cannot be read: {error}") from None
    return data


def starvation_wounds(repository: StateValues, name: str) -> int:
    value = read_records(repository).get(name_key(name), {}).get("starvation_wounds", 0)
    return value if isinstance(value, int) and value > 0 else 0


def prepared_task(repository: StateValues, name: str) -> str:
    """The task the crow prepared for at its last rest ("" none): +2 until its next rest ends."""
    value = read_records(repository).get(name_key(name), {}).get("prepared", "")
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class CrowRest:
    """What a finished rest gave one crow, or why it gave nothing."""

    character: str
    rested: bool
    reason: str = ""  # why not, when not rested
    stamina_regained: int = 0
    uses_restored: int = 0
    items_restored: tuple[str, ...] = ()
    healed: tuple[int, ...] = ()  # the wounds healed at once
    wounds_to_heal: int = 0  # left for the player to choose on the sheet
    repaired: str = ""  # the armour Repair Armor brought back to full AD
    repair_refused: str = ""  # kept for older readers: the finish refuses instead now
    activity: str = "none"
    activity_result: str = ""
    ration_eaten: str = ""
    starving: bool = False
    rations_left: int = 0
    tended_by: str = ""
    starvation_wound_placed: tuple[int, ...] = ()
    harvest_parts: int | None = None
    effects_ended: tuple[str, ...] = ()  # the crow's tracked effects that ended with the rest
    beast_of_burden: str = ""  # the pet with Beast of Burden's 2 extra slots until the next rest

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "rested": self.rested,
            "reason": self.reason,
            "stamina_regained": self.stamina_regained,
            "uses_restored": self.uses_restored,
            "items_restored": list(self.items_restored),
            "healed": list(self.healed),
            "wounds_to_heal": self.wounds_to_heal,
            "repaired": self.repaired,
            "repair_refused": self.repair_refused,
            "activity": self.activity,
            "activity_result": self.activity_result,
            "ration_eaten": self.ration_eaten,
            "starving": self.starving,
            "rations_left": self.rations_left,
            "tended_by": self.tended_by,
            "harvest_parts": self.harvest_parts,
            "effects_ended": list(self.effects_ended),
            "beast_of_burden": self.beast_of_burden,
        }

    def line(self) -> str:
        if not self.rested and not self.starving:
            return f"No rest: {self.reason}"  # the reason names the crow
        parts = []
        if self.starving:
            where = (
                f" (backpack slot {slots_text(self.starvation_wound_placed)})"
                if self.starvation_wound_placed
                else ": place it on the sheet"
            )
            parts.append(f"no ration: no rest benefits, a starvation wound{where}")
        if self.stamina_regained:
            parts.append(f"+{self.stamina_regained} Stamina")
        if self.uses_restored:
            parts.append(f"{plural(self.uses_restored, 'expertise use')} back")
        if self.items_restored:
            parts.append(f"restored {', '.join(self.items_restored)}")
        if self.healed:
            tended = f", tended by {self.tended_by}" if self.tended_by else ""
            parts.append(f"healed the wound in backpack slot {slots_text(self.healed)}{tended}")
        if self.wounds_to_heal:
            parts.append(f"heal {plural(self.wounds_to_heal, 'wound')}: click it on the sheet")
        if self.activity_result:
            parts.append(self.activity_result)
        if self.ration_eaten:
            parts.append(f"ate a {self.ration_eaten.lower()} ({self.rations_left} left)")
        if self.effects_ended:
            parts.append(f"{', '.join(self.effects_ended)} ended with the rest")
        if self.beast_of_burden:
            parts.append(f"{self.beast_of_burden} carries 2 slots more (Beast of Burden)")
        return f"{self.character}: {'; '.join(parts) if parts else 'rested, nothing to restore'}"


@dataclass
class PartyRest(CrowChanges):
    """What a finished rest gave the crows resting together."""

    in_miasma: bool = False
    entries: tuple[CrowRest, ...] = ()
    repository: StateValues | None = None
    records_before: str | None = None
    records_after: str | None = None
    secluded_by: str | None = None
    effects_ended: tuple[RemoveEffectCommand, ...] = ()
    crafted: tuple[CraftingStep, ...] = ()

    def to_list(self) -> list[dict[str, Any]]:
        return [entry.to_dict() for entry in self.entries]

    def lines(self) -> list[str]:
        return [entry.line() for entry in self.entries]

    def _set_records(self, expected: str | None, text: str | None) -> None:
        """Write the records as ``text`` if they are still ``expected`` (the rest's read, or
        what it or its undo left), on the version read with them; StaleWriteError, nothing
        written, when someone else wrote them since: the step is refused."""
        if self.repository is None:
            return
        stored = self.repository.read_state(RECORDS_KEY)
        if records_from_text(stored.text) != records_from_text(expected):
            raise StaleWriteError(RECORDS_WHAT, plural=True)
        records = json.dumps(records_from_text(text), ensure_ascii=False, sort_keys=True)
        self.repository.write_state(RECORDS_KEY, records, stored.version)

    def _joined(self) -> CompositeCommand:
        joined = super()._joined()
        records = FunctionCommand(
            "Rations and rest records",
            lambda: self._set_records(self.records_before, self.records_after),
            lambda: self._set_records(self.records_after, self.records_before),
        )
        children = (*joined.children, records, *self.crafted, *self.effects_ended)
        return CompositeCommand(self.text, children)


def _healed_choice(
    crow: Character, after: Character, due: int, chosen: Sequence[int] | None
) -> tuple[Character, tuple[int, ...], int]:
    """The crow with its healed wounds, the slots healed, and the wounds left to choose."""
    wounds = sorted(after.wound_slots)
    if due <= 0 or not wounds:
        return after, (), 0
    if chosen is not None:
        picked = list(chosen)
        if len(picked) != due or len(set(picked)) != due:
            raise RestRefused(
                f"{crow.name}: choose {due} different wounded backpack slot(s) to heal, "
                f"got {picked}"
            )
        for slot in picked:
            try:
                after = after.heal_wound(slot)
            except WoundPlacementError as error:
                raise RestRefused(f"{crow.name}: {error}") from None
        return after, tuple(sorted(picked)), 0
    if due >= len(wounds):  # no choice to make: they all heal
        for slot in wounds:
            after = after.heal_wound(slot)
        return after, tuple(wounds), 0
    return after, (), due


def check_choices(
    crows: Sequence[Character],
    choices: Mapping[str, ActivityChoice] | None,
    *,
    check_seclude: bool | None = None,
    check_campsite: bool | None = None,
) -> dict[str, PlannedActivity]:
    """The group's activities checked (see :func:`plan_rest`) and kept consistent with the rest's
    encounter check: made with Seclude Camp, a crow must have secluded the camp; made without,
    none can (the EN is rolled already); the same for Prepare Campsite. ActivityRefused says
    what is wrong."""
    planned = plan_rest(crows, choices or {})
    secluder = secluded_by(planned)
    if check_seclude is True and secluder is None and crows:
        raise ActivityRefused(
            "the rest's encounter check was made with Seclude Camp: name the crow who "
            "secluded the camp (seclude-camp)"
        )
    if check_seclude is False and secluder is not None:
        raise ActivityRefused(
            f"{secluder} cannot seclude the camp now: the rest's encounter check was made "
            "without Seclude Camp"
        )
    campers = trait_doers(planned, CAMPSITE)
    if check_campsite is True and not campers and crows:
        raise ActivityRefused(
            "the rest's encounter check was made with Prepare Campsite: name the crow who "
            "prepared it (trait:Prepare Campsite)"
        )
    if check_campsite is False and campers:
        raise ActivityRefused(
            f"{campers[0]} cannot prepare the campsite now: the rest's encounter check was made "
            "without Prepare Campsite"
        )
    return planned


def party_rest(
    characters: CharacterService,
    prompts: WoundPrompts,
    crows: Sequence[Character],
    service: DungeonTurnService | None,
    *,
    in_miasma: bool,
    choices: Mapping[str, ActivityChoice] | None = None,
    healed_slots: Mapping[str, Sequence[int]] | None = None,
    check_seclude: bool | None = None,
    check_campsite: bool | None = None,
    rng: random.Random | None = None,
    dt: int | None = None,
    effects: DungeonTurnService | None = None,
    crafting: RestCrafting | None = None,
    crafting_bonus: int = 0,
    occasion: str | None = None,
    burden_pets: Mapping[str, str] | None = None,
) -> PartyRest:
    """Give each crow the benefits of the rest, save them and log them; returns the step (done
    already) to undo with the rest. ``choices`` names each crow's activity (None with a
    ``service``: the plan of the rest it is finishing, checked against its encounter check);
    ``healed_slots`` the wounds a crow's player picked to heal (else they wait on the sheet when
    there is a choice). ``effects``: the dungeon turn whose tracked effects a rested crow owns
    end with the rest (default: ``service``; None and no ``service``: none end). ``crafting``:
    the projects a crow's Craft activity (``craft:PROJECT``) makes its crafting roll on, with
    ``crafting_bonus`` (Make Camp's, L860) on each roll; ``occasion`` names a rest that is not
    the dungeon's ("the rest of travel day 3"); ``burden_pets`` the pet a crow with Beast of
    Burden gives its extra slots. ActivityRefused or RestRefused (nothing written) for choices
    the rules refuse."""
    if service is not None and choices is None:  # the dungeon's Finish rest: its plan
        plan = service.rest_plan
        choices, healed_slots = plan.activities, healed_slots or plan.healed_slots
        burden_pets = plan.burden_pets
        check_seclude = rest_check_seclude(service.store.session_log)
        check_campsite = rest_check_campsite(service.store.session_log)
        if rng is None and plan.seed is not None:
            rng = random.Random(plan.seed)
    rng = rng or random.Random()
    planned = check_choices(
        crows, choices, check_seclude=check_seclude, check_campsite=check_campsite
    )
    tended = tended_patients(planned)
    burdens = burden_choices(crows, burden_pets or {})
    picked = {name_key(name): list(slots) for name, slots in (healed_slots or {}).items()}
    repository = characters.repository
    before_text = repository.read_state(RECORDS_KEY).text
    records = records_from_text(before_text)
    entries: list[CrowRest] = []
    edits: list[CharacterEdit] = []
    raised: list[tuple[str, int, int]] = []
    fed_free = leftovers_fed(crows, planned)
    by_name = {crow.name: crow for crow in crows}
    singers = [(n, *song_blessings(by_name[n])) for n in trait_doers(planned, BLESS)]
    planned_for = expert_plan(crows, planned)
    studied = lore_studied(planned)
    for crow in crows:
        key = name_key(crow.name)
        record = dict(records.get(key, {}))
        starved = record.get("starvation_wounds", 0)
        base = without_lore_uses(crow, record.get("lore_uses"))  # the last study's uses end
        try:
            one = rest_one(
                base,
                planned.get(crow.name),
                in_miasma=in_miasma,
                tended_by=tended.get(key, ""),
                starvation_wounds=starved if isinstance(starved, int) else 0,
                eat=key not in fed_free,
                rng=rng,
            )
        except RestRefused as error:
            entries.append(CrowRest(crow.name, rested=False, reason=str(error)))
            continue
        entry, rested, crow_raised = _crow_entry(base, one, picked.get(key))
        rested = burden_after_rest(rested, burdens.get(crow.name))[0]
        entry = replace(entry, beast_of_burden=rested.burden_pet)
        entry, rested, record[HELD_BLESSINGS] = _trait_group_effects(
            entry, rested, singers, fed_free.get(key, "")
        )
        prepared = one.prepared_task
        if not prepared and entry.rested and planned_for and name_key(planned_for[0]) != key:
            prepared = planned_for[1]  # Expert Plan: the planner's task helps this crow too
            said = f"+2 on {prepared} from {planned_for[0]}'s Expert Plan"
            entry = replace(
                entry, activity_result="; ".join(filter(None, (entry.activity_result, said)))
            )
        study, heard_from = studied.get(key, (None, ""))
        benefit = study.benefit() if study is not None else ""
        if study is not None and entry.rested:  # the book's uses, on the crow until its next rest
            rested, record["lore_uses"] = with_lore_uses(
                rested, {book.subject: book.uses for book in study.books}
            )
        else:
            record["lore_uses"] = {}
        if heard_from and entry.rested:
            said = f"heard {heard_from}'s lore book read aloud: {benefit} until the next rest"
            entry = replace(
                entry, activity_result="; ".join(filter(None, (entry.activity_result, said)))
            )
        raised.extend(crow_raised)
        entries.append(entry)
        record["studied"] = benefit if entry.rested else ""
        record["starvation_wounds"] = one.starvation_wounds
        record["prepared"] = prepared
        record["lasting"] = one.activity_result if _lasting(one.activity) else ""
        records[key] = {k: v for k, v in record.items() if v}
        if not records[key]:
            del records[key]
        if rested != crow:
            where = " in the Miasma" if in_miasma else ""
            edits.append(CharacterEdit(characters, crow.name, crow, rested, f"Rest{where}"))
    after_text = json.dumps(records, ensure_ascii=False, sort_keys=True)
    if service is not None:
        occasion = f"the rest at DT {service.store.load().clock.dt - 1}"
    crafting_said, crafted = crafting_rolls(
        crafting,
        crows,
        planned,
        [entry.character for entry in entries if entry.rested and entry.activity_result],
        occasion,
        rng,
        crafting_bonus,
    )
    entries = [
        replace(entry, activity_result=crafting_said[entry.character])
        if entry.character in crafting_said
        else entry
        for entry in entries
    ]
    entries, ended = _effects_ending(effects or service, entries)
    step = PartyRest(
        edits=tuple(edits),
        prompts=prompts,
        raised=tuple(raised),
        service=service,
        text="The party's rest in the Miasma" if in_miasma else "The party's rest",
        in_miasma=in_miasma,
        entries=tuple(entries),
        repository=repository,
        records_before=before_text,
        records_after=after_text,
        secluded_by=secluded_by(planned),
        effects_ended=ended,
        crafted=crafted,
    )
    if entries:
        step.do()
        where = " in the Miasma (no expertise uses back)" if in_miasma else ""
        if dt is None and service is not None:
            dt = service.store.load().clock.dt - 1
        step.log(
            "rest",
            dt or 0,
            f"The party rested{where}: " + "; ".join(entry.line() for entry in entries),
            {"in_miasma": in_miasma, "crows": step.to_list()},
        )
    return step


def expert_plan(
    crows: Sequence[Character], planned: Mapping[str, PlannedActivity]
) -> tuple[str, str] | None:
    """The crow whose Prepare for a Task helps every crow resting with it (Expert Plan, with
    journal, quill and inkpot) and the task, or None."""
    for crow in crows:
        plan = planned.get(crow.name)
        if plan is not None and plan.choice.activity is Activity.PREPARE and expert_planner(crow):
            return crow.name, plan.target or "the task named at the table"
    return None


def lore_studied(
    planned: Mapping[str, PlannedActivity],
) -> dict[str, tuple[StudyPlan | None, str]]:
    """Folded crow name → (the study whose lore uses it has until its next rest, who read the
    book to it ("" itself)), for the crows studying a lore book and those it is read to aloud."""
    studied: dict[str, tuple[StudyPlan | None, str]] = {}
    for plan in planned.values():
        if plan.study is None:
            continue
        studied[name_key(plan.crow)] = (plan.study, "")
        if plan.study.listener:
            studied.setdefault(name_key(plan.study.listener), (plan.study, plan.crow))
    return studied


def trait_doers(planned: Mapping[str, PlannedActivity], kind: str) -> tuple[str, ...]:
    """The crows doing a trait rest activity of ``kind`` (Song of Rest's BLESS, LEFTOVERS)."""
    return tuple(
        plan.crow
        for plan in planned.values()
        if plan.choice.activity is Activity.TRAIT and trait_activity(plan.choice.trait).kind == kind
    )


def _lasting(plan: PlannedActivity | None) -> bool:
    return (
        plan is not None
        and plan.choice.activity is Activity.TRAIT
        and trait_activity(plan.choice.trait).kind == LASTING
    )


def leftovers_fed(
    crows: Sequence[Character], planned: Mapping[str, PlannedActivity]
) -> dict[str, str]:
    """Folded crow name → the cook, for the crows Leftovers feeds without a ration: half the
    resting crows (rounded down), those carrying no ration first, then in the group's order."""
    cooks = trait_doers(planned, LEFTOVERS)
    if not cooks:
        return {}
    alive = [crow for crow in crows if not crow.dead]
    order = sorted(alive, key=lambda crow: rations_carried(crow) > 0)
    return {name_key(crow.name): cooks[0] for crow in order[: len(alive) // 2]}


def _trait_group_effects(
    entry: CrowRest, rested: Character, singers: Sequence[tuple[str, bool, int]], fed_by: str
) -> tuple[CrowRest, Character, int]:
    """What another crow's trait gives this one at the rest: Leftovers' meal, Song of Rest's
    blessing (from a singer other than itself; ``singers``: each singer, whether its song
    blesses at once and how many blessings it leaves held), and the blessings now held."""
    said: list[str] = []
    if fed_by and entry.rested:
        said.append(f"fed by {fed_by}'s leftovers (no ration eaten)")
    others = [song for song in singers if name_key(song[0]) != name_key(entry.character)]
    held = 0
    if others and entry.rested:
        singer, now, held = others[0]
        if now and "blessed" not in rested.conditions:
            rested = replace(rested, conditions=(*rested.conditions, "blessed"))
        if now:
            said.append(f"blessed by {singer}'s Song of Rest")
        if held:
            said.append(
                f"holds {plural(held, 'blessing')} from {singer}'s Song of Rest "
                "(taken at the start of a later DT)"
            )
    if not said:
        return entry, rested, held
    result = "; ".join(part for part in (entry.activity_result, *said) if part)
    return replace(entry, activity_result=result), rested, held


def _effects_ending(
    dungeon: DungeonTurnService | None, entries: list[CrowRest]
) -> tuple[list[CrowRest], tuple[RemoveEffectCommand, ...]]:
    """The rest's entries naming the effects each crow that rested (fed or starving) sees end,
    and the steps that end them: those it owns that end at a rest."""
    if dungeon is None:
        return entries, ()
    tracked = dungeon.effects()
    steps: list[RemoveEffectCommand] = []
    named: list[CrowRest] = []
    for entry in entries:
        ending: tuple[TrackedEffect, ...] = ()
        if entry.rested or entry.starving:
            key = name_key(entry.character)
            ending = tuple(
                effect
                for effect in tracked
                if effect.owner and name_key(effect.owner) == key and effect.ends_with_rest
            )
        steps.extend(RemoveEffectCommand(dungeon, effect.id) for effect in ending)
        named.append(
            replace(entry, effects_ended=tuple(e.name for e in ending)) if ending else entry
        )
    return named, tuple(steps)


def _crow_entry(
    crow: Character, one: OneRest, chosen: Sequence[int] | None
) -> tuple[CrowRest, Character, list[tuple[str, int, int]]]:
    raised: list[tuple[str, int, int]] = []
    rested = one.after
    if one.harvest_parts and one.activity is not None:  # the parts go in the pack as materials
        from refkit.app.crafting.harvest import with_harvested_parts

        rested = with_harvested_parts(rested, one.harvest_parts, one.activity.target)
    placed: tuple[int, ...] = ()
    healed: tuple[int, ...] = ()
    to_heal = 0
    if one.starving:
        free = rested.free_wound_slots
        if len(free) == 1:  # no choice: the wound goes in at once (and the crow dies)
            rested = rested.place_wounds(free)
            placed = free
        elif free:
            raised.append((crow.name, 1, 0))
    else:
        rested, healed, to_heal = _healed_choice(crow, rested, one.wounds_to_heal, chosen)
        if to_heal:
            raised.append((crow.name, 0, to_heal))
    plan = one.activity
    activity = plan.choice.activity if plan is not None else Activity.NONE
    entry = CrowRest(
        crow.name,
        rested=one.rested,
        reason=one.reason,
        stamina_regained=rested.stamina.current - crow.stamina.current,
        uses_restored=sum(e.spent for e in crow.expertises)
        - sum(e.spent for e in rested.expertises),
        items_restored=_restored_items(crow, rested),
        healed=healed,
        wounds_to_heal=to_heal,
        repaired=plan.target_name if plan and activity is Activity.REPAIR_ARMOR else "",
        activity=activity.value,
        activity_result=one.activity_result,
        ration_eaten=one.ration_eaten,
        starving=one.starving,
        rations_left=rations_carried(rested),
        tended_by=one.tended_by,
        starvation_wound_placed=placed,
        harvest_parts=one.harvest_parts,
    )
    return entry, rested, raised


def _restored_items(before: Character, after: Character) -> tuple[str, ...]:
    changed = []
    for item in after.items:
        try:
            old = before.items.find(item.id)
        except KeyError:
            continue
        if old.usage_dice != item.usage_dice:
            changed.append(item.name)
    return tuple(changed)


class CrowRestCommand:
    """The sheet's rest for one crow, through the same procedure, as one undo step."""

    def __init__(
        self,
        characters: CharacterService,
        prompts: WoundPrompts,
        crows: Sequence[Character],
        **options: Any,
    ) -> None:
        self._characters = characters
        self._prompts = prompts
        self._crows = tuple(crows)
        self._options = options
        self.step: PartyRest | None = None
        miasma = " in the Miasma" if options.get("in_miasma") else ""
        names = ", ".join(crow.name for crow in crows)
        self._text = f"Rest{miasma}: {names}"

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        if self.step is None:
            self.step = party_rest(
                self._characters, self._prompts, self._crows, None, **self._options
            )
        else:
            self.step.do()

    def undo(self) -> None:
        assert self.step is not None
        self.step.undo()


class CrowsAtTable(Protocol):
    """The party bridge as the sheet's rest sees it."""

    def members(self) -> tuple[str, ...]: ...

    @property
    def service(self) -> DungeonTurnService | None: ...


def sheet_rest_refusal(table: CrowsAtTable | None, name: str) -> str:
    """Why the sheet may not rest this crow on its own ("" when it may): a crow of the party at
    the table rests with the dungeon's rest (DT panel or ``dt rest``) while a DT or a rest is
    under way, so one rest is never counted twice."""
    if table is None or table.service is None:
        return ""
    if name_key(name) not in {name_key(member) for member in table.members()}:
        return ""
    state = table.service.snapshot().clock.state
    if state is ClockState.STOPPED:
        return ""
    doing = "resting" if state is ClockState.RESTING else "in a dungeon turn"
    return (
        f"{name} is {doing} with the party at the table: rest on the DT panel "
        "(Start rest, then Finish rest), so the rest counts once"
    )
