"""The words of the dungeon turn: every session-log entry and result text, worded in one place.

Each function turns a rules result into the line the session log stores (the GUI's log panel,
``refkit dt log`` and the Markdown export all show these) or into the detail kept beside it. The
steps in :mod:`refkit.app.dungeon` call nothing else to word what they did, so a front end that
wants the same words (the command line's ``dt end``) calls these too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from refkit.app.steps import LogLine
from refkit.present.clock_text import short_clock_text
from refkit.present.encounter_text import CheckPlace, check_outcome_text
from refkit.rules.dungeon.clock import DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import DouseResult, EffectRoll, TrackedEffect
from refkit.rules.dungeon.end_of_turn import (
    EndedCondition,
    EndOfTurnResult,
    RestFinish,
    RestHalfway,
    RestStart,
)
from refkit.rules.encounters import EncounterCheck
from refkit.rules.usage_dice import UsageDiceRoll


def signed(value: float) -> str:
    """A number of minutes with its sign: ``+5``, ``-2.5``."""
    text = f"{value:g}"
    return text if value < 0 else f"+{text}"


def names(effects: Iterable[TrackedEffect]) -> str:
    return ", ".join(effect.name for effect in effects)


def conditions_text(ended: Iterable[EndedCondition]) -> str:
    return ", ".join(f"{item.character} {item.condition}" for item in ended)


def roll_text(name: str, roll: UsageDiceRoll) -> str:
    """A usage-dice roll: ``Torch: 2 UD → 1 (rolled 1, 4)``, with `` — out`` at 0."""
    faces = ", ".join(str(face) for face in roll.rolled)
    ending = " — out" if roll.after == 0 else ""
    return f"{name}: {roll.before} UD → {roll.after} (rolled {faces}){ending}"


def roll_detail(name: str, roll: UsageDiceRoll, **extra: Any) -> dict[str, Any]:
    return {
        "effect": name,
        "before": roll.before,
        "rolled": list(roll.rolled),
        "after": roll.after,
        **extra,
    }


def check_text(check: EncounterCheck, place: CheckPlace = CheckPlace.DUNGEON) -> str:
    """An encounter check: ``EN 9, rolled 10: an encounter now``."""
    return f"EN {check.en}, rolled {check.roll}: {check_outcome_text(check, place)}"


def check_detail(check: EncounterCheck, **extra: Any) -> dict[str, Any]:
    return {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
        **extra,
    }


# -- the clock -----------------------------------------------------------------------------------


def started(clock: DungeonTurnClock, *, entering: bool) -> LogLine:
    where = f" in {clock.dungeon}" if clock.dungeon else ""
    who = f" for {clock.party}" if entering and clock.party else ""
    if entering and clock.revisit:
        visit = " (a revisit: no greed bonus)"
    elif entering and clock.dt == 1:
        visit = f" (first visit: greed +{clock.greed_percent}%)"
    else:
        visit = ""
    text = f"DT {clock.dt} started{where}{who}, {short_clock_text(clock.length_s)} long{visit}"
    detail = {
        "dungeon": clock.dungeon,
        "party": clock.party,
        "revisit": clock.revisit,
        "length_s": clock.length_s,
    }
    return LogLine("dt_start", text, detail, dt=clock.dt)


def stopped(clock: DungeonTurnClock) -> LogLine:
    where = f" {clock.dungeon}" if clock.dungeon else " the dungeon"
    return LogLine("note", f"Left{where} after DT {clock.dt}; the clock stopped")


def paused(clock: DungeonTurnClock, left_s: float) -> LogLine:
    return LogLine("pause", f"DT {clock.dt} paused, {short_clock_text(left_s)} left")


def resumed(clock: DungeonTurnClock, left_s: float) -> LogLine:
    return LogLine("resume", f"DT {clock.dt} resumed, {short_clock_text(left_s)} left")


def adjusted(clock: DungeonTurnClock, minutes: float, reason: str, left_s: float) -> LogLine:
    because = f" ({reason})" if reason else ""
    text = f"DT {clock.dt}: {signed(minutes)} min{because}, {short_clock_text(left_s)} left"
    return LogLine("adjust", text, {"minutes": minutes, "reason": reason})


def paused_retroactively(
    clock: DungeonTurnClock, at: float, reason: str, given_back: float, left_s: float
) -> LogLine:
    because = f" ({reason})" if reason else ""
    text = (
        f"DT {clock.dt} paused retroactively{because}: {given_back:.1f} min given back, "
        f"{short_clock_text(left_s)} left"
    )
    return LogLine("pause", text, {"at": at, "reason": reason, "minutes": given_back})


def length_set(minutes: float) -> LogLine:
    return LogLine("settings", f"DT length set to {minutes:g} min", {"minutes": minutes})


def settings_changed(changes: Mapping[str, Any], settings: Mapping[str, Any]) -> LogLine:
    """A settings change: the names and values asked for; the detail holds every setting."""
    shown = ", ".join(f"{name} = {value}" for name, value in sorted(changes.items()))
    return LogLine("settings", f"Settings changed: {shown}", {"changes": dict(settings)})


# -- end of a DT and encounters ------------------------------------------------------------------


def end_of_turn(result: EndOfTurnResult) -> str:
    """The one line that says what an End DT did: ``DT 3 ended; ran out: Torch; ...``."""
    parts = [f"DT {result.dt_ended} ended"]
    if result.ran_out:
        parts.append(f"ran out: {', '.join(rolled.name for rolled in result.ran_out)}")
    if result.items_spent:
        parts.append(f"spent for good: {names(result.items_spent)}")
    ran_out = {rolled.name for rolled in result.ran_out}  # named above already
    ended_effects = [effect for effect in result.effects_ended if effect.name not in ran_out]
    if ended_effects:
        parts.append(f"ended with the DT: {names(ended_effects)}")
    if result.conditions_ended:
        parts.append(f"conditions ended: {conditions_text(result.conditions_ended)}")
    return "; ".join(parts)


def end_of_turn_check(result: EndOfTurnResult) -> str:
    """The encounter check of an End DT: ``End of DT 3: EN 9, rolled 4: no encounter``."""
    return f"End of DT {result.dt_ended}: {check_text(result.encounter)}"


def end_of_turn_log(result: EndOfTurnResult, seed: int) -> tuple[LogLine, ...]:
    """The entries of one End DT: each usage-dice roll, what ended, the encounter check."""
    log = [
        LogLine(
            "usage_dice", roll_text(rolled.name, rolled.roll), roll_detail(rolled.name, rolled.roll)
        )
        for rolled in result.usage_dice
    ]
    detail = {
        "dt_ended": result.dt_ended,
        "usage_dice": [rolled.to_dict() for rolled in result.usage_dice],
        "conditions_ended": [item.to_dict() for item in result.conditions_ended],
        "effects_ended": [effect.name for effect in result.effects_ended],
        "seed": seed,
    }
    log.append(LogLine("dt_end", end_of_turn(result), detail))
    log.append(
        LogLine("encounter", end_of_turn_check(result), check_detail(result.encounter, seed=seed))
    )
    return tuple(log)


def two_hours_log(
    rolls: Iterable[EffectRoll], ended: Iterable[TrackedEffect], seed: int
) -> tuple[LogLine, ...]:
    """Two hours outside a dungeon: each usage-dice roll, then one line saying what ran out."""
    rolled = list(rolls)
    log = [
        LogLine("usage_dice", roll_text(r.name, r.roll), roll_detail(r.name, r.roll))
        for r in rolled
    ]
    gone = [*(r.name for r in rolled if r.roll.after == 0), *(e.name for e in ended)]
    text = "2 hours pass outside a dungeon: " + (
        f"tracked effects rolled; ran out or ended: {', '.join(gone)}" if gone else
        "tracked effects rolled" if rolled else "no tracked effect to roll"
    )  # fmt: skip
    detail = {"usage_dice": [r.to_dict() for r in rolled], "ended": [e.name for e in ended],
              "seed": seed}  # fmt: skip
    log.append(LogLine("usage_dice", text, detail))
    return tuple(log)


def loud_noise(dt: int, check: EncounterCheck, seed: int) -> LogLine:
    text = f"Loud noise in DT {dt}: {check_text(check)}"
    return LogLine("encounter", text, check_detail(check, seed=seed))


def encounter_resolved(resolved: PendingEncounter) -> LogLine:
    text = f"Encounter from DT {resolved.dt} (rolled {resolved.roll}) resolved"
    return LogLine("encounter", text, resolved.to_dict())


# -- rests ---------------------------------------------------------------------------------------


def rest_started(dt: int, rest: RestStart) -> LogLine:
    lights = f"; lights burning: {names(rest.lights_to_douse)}" if rest.lights_to_douse else ""
    text = f"Rest started: DT {dt} ends with no encounter check{lights}"
    return LogLine("rest", text, {"lights_to_douse": [e.id for e in rest.lights_to_douse]})


def rest_halfway(halfway: RestHalfway) -> LogLine:
    parts = ["Rest half-way"]
    if halfway.effects_ended:
        parts.append(f"ended: {names(halfway.effects_ended)}")
    if halfway.lights_put_out:
        parts.append(f"put out: {names(halfway.lights_put_out)}")
    if halfway.conditions_ended:
        parts.append(f"conditions ended: {conditions_text(halfway.conditions_ended)}")
    detail = {
        "effects_ended": [effect.name for effect in halfway.effects_ended],
        "lights_put_out": [effect.name for effect in halfway.lights_put_out],
        "conditions_ended": [ended.to_dict() for ended in halfway.conditions_ended],
    }
    return LogLine("rest", "; ".join(parts), detail)


def rest_check(
    check: EncounterCheck, *, seclude: bool, seed: int, campsite: bool = False
) -> LogLine:
    made = [name for name, on in (("Prepare Campsite", campsite), ("Seclude Camp", seclude)) if on]
    camp = f" ({', '.join(made)})" if made else ""
    text = f"Rest encounter check{camp}: {check_text(check, CheckPlace.REST)}"
    extra: dict[str, Any] = {"campsite": True} if campsite else {}
    return LogLine("encounter", text, check_detail(check, seclude=seclude, seed=seed, **extra))


def rest_finished(finish: RestFinish, *, interrupted: bool) -> LogLine:
    how = "interrupted" if interrupted else "finished"
    parts = [f"Rest {how}; DT {finish.clock.dt} started"]
    if finish.restored:
        parts.append(f"restored: {names(finish.restored)}")
    ended = finish.halfway.conditions_ended if finish.halfway else ()
    if finish.halfway and finish.halfway.effects_ended:
        parts.append(f"ended: {names(finish.halfway.effects_ended)}")
    detail = {
        "interrupted": interrupted,
        "restored": [effect.name for effect in finish.restored],
        "conditions_ended": [item.to_dict() for item in ended],
    }
    return LogLine("rest", "; ".join(parts), detail)


# -- tracked effects -----------------------------------------------------------------------------


def named(effect: TrackedEffect) -> str:
    """An effect as the log names it: "Wren's Torch" for one lit from a crow's item."""
    return effect.source or effect.name


def effect_added(effect: TrackedEffect) -> LogLine:
    modes = ", ".join(sorted(mode.value for mode in effect.modes))
    shown = f" ({modes})" if modes else ""
    return LogLine(
        "effect", f"{named(effect)} added: {effect.usage_dice} UD{shown}", effect.to_dict()
    )


def doused(effect: TrackedEffect, result: DouseResult, seed: int) -> LogLine:
    if result.roll is None:
        return LogLine("effect", f"{named(effect)} doused", {"effect": named(effect)})
    text = f"{roll_text(named(effect), result.roll)} (doused)"
    return LogLine(
        "usage_dice", text, roll_detail(named(effect), result.roll, doused=True, seed=seed)
    )


def used(effect: TrackedEffect, roll: UsageDiceRoll, seed: int) -> LogLine:
    text = f"{roll_text(named(effect), roll)} (used)"
    return LogLine("usage_dice", text, roll_detail(named(effect), roll, activated=True, seed=seed))


def effect_changed(changed: TrackedEffect, past: str) -> LogLine:
    """A light lit, refuelled or an item restored: ``Torch refuelled: 3 UD``."""
    return LogLine("effect", f"{named(changed)} {past}: {changed.usage_dice} UD", changed.to_dict())


def effect_removed(effect: TrackedEffect) -> LogLine:
    return LogLine("effect", f"{named(effect)} removed", effect.to_dict())
