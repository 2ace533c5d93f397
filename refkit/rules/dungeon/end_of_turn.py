"""The end-of-DT procedure and the rest procedure, as pure functions over immutable state.

End of a DT (crows-facts.md §7.1, the recommended order of §15 D7):

1. roll the usage dice of every tracked effect rolled at the end of a DT — lit lights with the DT
   mode, spell and backlash durations, custom effects — in list order; effects that end with the DT
   end without a roll;
2. end the conditions that last until the end of the DT (blessed, vulnerable, weakened);
3. make the encounter check with the current EN (an encounter stays pending until resolved);
4. start the next DT.

A rest (§7.3, §15 D2): starting it ends the DT with no encounter check and prompts the players to
douse their lights; at the half-way point every effect bound to the DT end ends without a roll;
one encounter check with the rest EN (the dungeon EN, +1 for Seclude Camp); finishing it, or its
interruption, starts a new DT, and only a finished rest restores items with the Rest mode.

Every result keeps the state it started from, so the caller can undo the whole step at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import (
    EffectKind,
    EffectRoll,
    TrackedEffect,
    restore_on_rest,
    roll_effect,
)
from refkit.rules.encounters import (
    EncounterCheck,
    check_encounter,
    encounter_number,
    roll_encounter,
)

DT_END_CONDITIONS = frozenset({"blessed", "vulnerable", "weakened"})

ConditionsByCharacter = Mapping[str, Iterable[str]]


@dataclass(frozen=True)
class EndedCondition:
    character: str
    condition: str

    def to_dict(self) -> dict[str, str]:
        return {"character": self.character, "condition": self.condition}


def end_dt_conditions(
    conditions_by_character: ConditionsByCharacter,
) -> tuple[dict[str, tuple[str, ...]], tuple[EndedCondition, ...]]:
    """Each character's conditions without those that end with the DT, and the ones ended."""
    kept: dict[str, tuple[str, ...]] = {}
    ended: list[EndedCondition] = []
    for character, conditions in conditions_by_character.items():
        if isinstance(conditions, str):
            raise ValueError(f"{character}'s conditions must be a list of names, not one string")
        remaining = []
        for condition in conditions:
            if condition.strip().casefold() in DT_END_CONDITIONS:
                ended.append(EndedCondition(character, condition.strip().casefold()))
            else:
                remaining.append(condition)
        kept[character] = tuple(remaining)
    return kept, tuple(ended)


def _freeze_conditions(
    conditions_by_character: ConditionsByCharacter,
) -> dict[str, tuple[str, ...]]:
    return {name: tuple(conditions) for name, conditions in conditions_by_character.items()}


def _check_effect_ids(effects: Sequence[TrackedEffect]) -> None:
    seen: set[str] = set()
    for effect in effects:
        if effect.id in seen:
            raise ValueError(f"two tracked effects share the id {effect.id!r}")
        seen.add(effect.id)


def _pending(
    check: EncounterCheck, dt: int, *, during_rest: bool = False, due_dt: int | None = None
) -> PendingEncounter:
    """An encounter from a check made in (or at the end of) DT ``dt``; it comes in ``due_dt``,
    the next DT unless said otherwise (L435)."""
    return PendingEncounter(
        dt=dt,
        roll=check.roll,
        en=check.en,
        immediate=check.immediate,
        during_rest=during_rest,
        due_dt=dt + 1 if due_dt is None else due_dt,
    )


def encounter_to_dict(check: EncounterCheck) -> dict[str, Any]:
    return {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
    }


@dataclass(frozen=True)
class EndOfTurnResult:
    """Everything one End DT press changed, with the state before it for undo."""

    dt_ended: int
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    previous_effects: tuple[TrackedEffect, ...]
    effects: tuple[TrackedEffect, ...]
    usage_dice: tuple[EffectRoll, ...]
    ran_out: tuple[EffectRoll, ...]  # rolls that took an effect to 0 UD (announce these)
    items_spent: tuple[TrackedEffect, ...]  # Useless equipment that is now spent for good
    effects_ended: tuple[TrackedEffect, ...]  # effects removed from the list (as they were)
    previous_conditions: dict[str, tuple[str, ...]]
    conditions_by_character: dict[str, tuple[str, ...]]
    conditions_ended: tuple[EndedCondition, ...]
    encounter: EncounterCheck

    @property
    def pending_encounter(self) -> bool:
        return self.clock.pending_encounter

    def to_dict(self, now: float) -> dict[str, Any]:
        """The ``refkit dt end`` JSON object."""
        return {
            "dt_ended": self.dt_ended,
            "usage_dice": [roll.to_dict() for roll in self.usage_dice],
            "conditions_ended": [ended.to_dict() for ended in self.conditions_ended],
            "encounter": encounter_to_dict(self.encounter),
            "status": self.clock.status(now),
        }


def end_dungeon_turn(
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    conditions_by_character: ConditionsByCharacter,
    encounter_en: int,
    rng: random.Random,
    now: float,
    die: int | None = None,
) -> EndOfTurnResult:
    """Run the end-of-DT procedure (module docstring) and start the next DT at ``now``.

    ``die`` gives the encounter d10's face instead of rolling it. Raises ValueError when no DT
    is under way, the EN is outside 1..10 or ``die`` is not a d10 face; nothing is rolled then.
    """
    effects = tuple(effects)
    _check_effect_ids(effects)
    next_clock = clock.end_turn(now)  # validates the state before anything is rolled
    if die is None:
        encounter_number(en=encounter_en)  # validates the EN before anything is rolled
    else:
        check_encounter(die, encounter_en)  # validates the EN and the face likewise

    rolled_out = _roll_dt_end_effects(effects, rng)
    kept, rolls, ended, spent = rolled_out
    conditions, conditions_ended = end_dt_conditions(conditions_by_character)
    check = roll_encounter(rng, encounter_en, die)
    if check.encounter:
        next_clock = next_clock.add_pending_encounter(_pending(check, clock.dt))
    return EndOfTurnResult(
        dt_ended=clock.dt,
        previous_clock=clock,
        clock=next_clock,
        previous_effects=effects,
        effects=tuple(kept),
        usage_dice=tuple(rolls),
        ran_out=tuple(roll for roll in rolls if roll.ran_out),
        items_spent=tuple(spent),
        effects_ended=tuple(ended),
        previous_conditions=_freeze_conditions(conditions_by_character),
        conditions_by_character=conditions,
        conditions_ended=conditions_ended,
        encounter=check,
    )


def _roll_dt_end_effects(
    effects: Sequence[TrackedEffect], rng: random.Random
) -> tuple[list[TrackedEffect], list[EffectRoll], list[TrackedEffect], list[TrackedEffect]]:
    """Step 1 of the end of a DT: the effects kept, the rolls, the effects ended, the items
    spent."""
    rolls: list[EffectRoll] = []
    kept: list[TrackedEffect] = []
    ended: list[TrackedEffect] = []
    spent: list[TrackedEffect] = []
    for effect in effects:
        if effect.ends_at_dt_end:
            ended.append(effect)
            continue
        if not effect.rolls_at_dt_end:
            kept.append(effect)
            continue
        rolled = roll_effect(effect, rng)
        rolls.append(rolled)
        if rolled.effect is None:
            ended.append(effect)
            continue
        if rolled.effect.spent and not effect.spent:
            spent.append(rolled.effect)
        kept.append(rolled.effect)
    return kept, rolls, ended, spent


@dataclass(frozen=True)
class EncounterCheckResult:
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    encounter: EncounterCheck


def loud_noise_check(
    clock: DungeonTurnClock, en: int, rng: random.Random, die: int | None = None
) -> EncounterCheckResult:
    """An extra encounter check in mid-DT (loud noise, a big smoky fire...); the DT goes on."""
    if clock.state is ClockState.STOPPED:
        raise ValueError("no DT is under way: start the clock before checking for encounters")
    check = roll_encounter(rng, en, die)
    new_clock = clock
    if check.encounter:
        during_rest = clock.state is ClockState.RESTING
        # A 10 strikes in this DT; a sign's encounter comes in the next (after a rest: the DT
        # the rest's end starts).
        due = clock.dt if check.immediate and not during_rest else clock.dt + 1
        new_clock = clock.add_pending_encounter(
            _pending(check, clock.dt, during_rest=during_rest, due_dt=due)
        )
    return EncounterCheckResult(previous_clock=clock, clock=new_clock, encounter=check)


# -- rests ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RestStart:
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    lights_to_douse: tuple[TrackedEffect, ...]  # lit lights: prompt the players to douse them
    effects: tuple[TrackedEffect, ...] = ()  # the effects after the start
    resolved_dt_end: bool = False  # the DT's dice and conditions were resolved (a setting)
    usage_dice: tuple[EffectRoll, ...] = ()
    effects_ended: tuple[TrackedEffect, ...] = ()
    items_spent: tuple[TrackedEffect, ...] = ()
    previous_conditions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    conditions_by_character: dict[str, tuple[str, ...]] = field(default_factory=dict)
    conditions_ended: tuple[EndedCondition, ...] = ()


def start_rest(
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    now: float,
    *,
    resolve_dt_end: bool = False,
    conditions_by_character: ConditionsByCharacter | None = None,
    rng: random.Random | None = None,
) -> RestStart:
    """Start a rest: the DT ends with no encounter check (L441).

    By default (§15 D2) nothing of the DT's end is resolved: no usage dice are rolled and the
    conditions stay until the rest's half-way point. With ``resolve_dt_end`` (the referee's
    setting) the DT's usage dice are rolled and its conditions end as at End DT (``rng`` and
    ``conditions_by_character`` are needed then); still no encounter check.
    """
    effects = tuple(effects)
    _check_effect_ids(effects)
    new_clock = clock.start_rest(now)
    if not resolve_dt_end:
        lit = tuple(effect for effect in effects if effect.kind is EffectKind.LIGHT and effect.lit)
        return RestStart(
            previous_clock=clock, clock=new_clock, lights_to_douse=lit, effects=effects
        )
    if rng is None:
        raise ValueError("resolving the DT's end at a rest's start needs a random source")
    kept, rolls, ended, spent = _roll_dt_end_effects(effects, rng)
    given = conditions_by_character or {}
    conditions, conditions_ended = end_dt_conditions(given)
    lit = tuple(effect for effect in kept if effect.kind is EffectKind.LIGHT and effect.lit)
    return RestStart(
        previous_clock=clock,
        clock=new_clock,
        lights_to_douse=lit,
        effects=tuple(kept),
        resolved_dt_end=True,
        usage_dice=tuple(rolls),
        effects_ended=tuple(ended),
        items_spent=tuple(spent),
        previous_conditions=_freeze_conditions(given),
        conditions_by_character=conditions,
        conditions_ended=conditions_ended,
    )


@dataclass(frozen=True)
class RestHalfway:
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    previous_effects: tuple[TrackedEffect, ...]
    effects: tuple[TrackedEffect, ...]
    effects_ended: tuple[TrackedEffect, ...]
    lights_put_out: tuple[TrackedEffect, ...]  # as they are now (out), without a roll
    previous_conditions: dict[str, tuple[str, ...]]
    conditions_by_character: dict[str, tuple[str, ...]]
    conditions_ended: tuple[EndedCondition, ...]


def _halfway_effects(
    effects: Sequence[TrackedEffect], douse_burning_lights: bool
) -> tuple[tuple[TrackedEffect, ...], tuple[TrackedEffect, ...], tuple[TrackedEffect, ...]]:
    kept: list[TrackedEffect] = []
    ended: list[TrackedEffect] = []
    put_out: list[TrackedEffect] = []
    for effect in effects:
        if effect.ends_with_rest:
            ended.append(effect)
        elif douse_burning_lights and effect.kind is EffectKind.LIGHT and effect.lit:
            out = replace(effect, lit=False)
            put_out.append(out)
            kept.append(out)
        else:
            kept.append(effect)
    return tuple(kept), tuple(ended), tuple(put_out)


def reach_rest_halfway(
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    conditions_by_character: ConditionsByCharacter,
    *,
    douse_burning_lights: bool = True,
) -> RestHalfway:
    """The rest's half-way point: every effect that ends at, or rolls at, the end of a DT ends,
    with no roll, and so does one lasting until a rest; so do blessed, vulnerable and weakened.
    Lights still burning go out without a roll unless ``douse_burning_lights`` is false (a
    referee's option, §15 D2)."""
    effects = tuple(effects)
    _check_effect_ids(effects)
    new_clock = clock.rest_halfway()
    kept, ended, put_out = _halfway_effects(effects, douse_burning_lights)
    conditions, conditions_ended = end_dt_conditions(conditions_by_character)
    return RestHalfway(
        previous_clock=clock,
        clock=new_clock,
        previous_effects=effects,
        effects=kept,
        effects_ended=ended,
        lights_put_out=put_out,
        previous_conditions=_freeze_conditions(conditions_by_character),
        conditions_by_character=conditions,
        conditions_ended=conditions_ended,
    )


@dataclass(frozen=True)
class RestEncounterCheck:
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    en: int
    encounter: EncounterCheck


def rest_encounter_check(
    clock: DungeonTurnClock,
    dungeon_en: int,
    rng: random.Random,
    *,
    seclude: bool = False,
    modifiers: Sequence[int] = (),
    die: int | None = None,
    campsite: bool = False,
) -> RestEncounterCheck:
    """The rest's one encounter check: the dungeon EN (+1 for Prepare Campsite when it is 5 or
    lower), +1 for Seclude Camp, capped at 10.

    A signalled encounter arrives at a moment the referee picks during the rest (interrupting
    it) or early in the DT after it (§15 D3); it stays pending until resolved.
    """
    en = encounter_number(en=dungeon_en, seclude=seclude, campsite=campsite, modifiers=modifiers)
    marked = clock.mark_rest_checked()
    check = roll_encounter(rng, en, die)
    if check.encounter:
        marked = marked.add_pending_encounter(_pending(check, clock.dt, during_rest=True))
    return RestEncounterCheck(previous_clock=clock, clock=marked, en=en, encounter=check)


@dataclass(frozen=True)
class RestFinish:
    previous_clock: DungeonTurnClock
    clock: DungeonTurnClock
    previous_effects: tuple[TrackedEffect, ...]
    effects: tuple[TrackedEffect, ...]
    restored: tuple[TrackedEffect, ...]  # items whose Rest mode restored them (as they are now)
    halfway: RestHalfway | None  # the half-way step, when finishing had to apply it
    interrupted: bool


def finish_rest(
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    conditions_by_character: ConditionsByCharacter,
    now: float,
    *,
    interrupted: bool = False,
    douse_burning_lights: bool = True,
) -> RestFinish:
    """End the rest and start a new DT at ``now``.

    A finished rest that skipped its half-way point applies it first. Only a finished rest
    restores items with the Rest mode; an interrupted one restores nothing (the rest must start
    over) and applies no half-way step it had not reached.
    """
    effects = tuple(effects)
    _check_effect_ids(effects)
    if clock.state is not ClockState.RESTING:
        raise ValueError(f"cannot finish a rest: the clock is {clock.state}, not resting")
    halfway = None
    current_clock, current = clock, effects
    if not interrupted and not clock.rest_halfway_done:
        halfway = reach_rest_halfway(
            clock, effects, conditions_by_character, douse_burning_lights=douse_burning_lights
        )
        current_clock, current = halfway.clock, halfway.effects
    restored: list[TrackedEffect] = []
    after: list[TrackedEffect] = []
    for effect in current:
        if not interrupted:
            renewed = restore_on_rest(effect)
            if renewed != effect:
                restored.append(renewed)
                effect = renewed
        after.append(effect)
    return RestFinish(
        previous_clock=clock,
        clock=current_clock.finish_rest(now),
        previous_effects=effects,
        effects=tuple(after),
        restored=tuple(restored),
        halfway=halfway,
        interrupted=interrupted,
    )
