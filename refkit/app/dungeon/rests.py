"""A rest in the dungeon, step by step: start, half-way, its one encounter check, finish or
interruption (with the party's benefits joined to the finish).

Starting a rest ends the DT with no encounter check; whether the DT's usage dice, conditions and
doubled-magic-slot wounds still resolve then is the ``resolve_dt_at_rest_start`` setting (off:
§15 D2). The finish carries a :class:`RestPlan` (each crow's activity) to the party's hook.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from refkit.app.dungeon import log_text
from refkit.app.dungeon.runner import Plan, TurnRunner, plan
from refkit.app.dungeon.settings import SettingsSteps
from refkit.app.dungeon.state import DungeonTurnState, Outcome, RestFinished
from refkit.app.ports import SessionLog
from refkit.app.steps import LogLine
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.dungeon.end_of_turn import (
    RestEncounterCheck,
    RestFinish,
    RestHalfway,
    RestStart,
    reach_rest_halfway,
    rest_encounter_check,
)
from refkit.rules.dungeon.end_of_turn import finish_rest as finish_rest_step
from refkit.rules.dungeon.end_of_turn import start_rest as start_rest_step
from refkit.store.records import SessionLogEntry

RestHook = Callable[[], object]
"""An ``on_rest_finished`` hook with its service bound (the party's rest)."""

RestStartHook = Callable[[RestStart, random.Random], object]
"""An ``on_rest_started`` hook with its service bound, run when the DT's end is resolved at the
start of a rest (the party's doubled-magic-slot wounds)."""


@dataclass(frozen=True)
class RestStarted(RestStart):
    """A rest's start with what its ``on_rest_started`` hooks returned (to undo with it)."""

    hook_results: tuple[object, ...] = ()


@dataclass(frozen=True)
class RestPlan:
    """What the referee chose for a rest's finish: each crow's activity (by name), the wounds a
    player picked to heal, a seed for the rolls (a Harvest's parts), and the pet a crow with
    Beast of Burden gives its extra slots (by crow; else the pet that had them, or its first)."""

    activities: Mapping[str, ActivityChoice] = field(default_factory=dict)
    healed_slots: Mapping[str, Sequence[int]] = field(default_factory=dict)
    seed: int | None = None
    burden_pets: Mapping[str, str] = field(default_factory=dict)


def _since_rest_started(log: SessionLog) -> list[SessionLogEntry]:
    """The newest rest and encounter lines, newest first, in the order they were logged (a
    rest's start, then its check): found by the kind index alone, so finishing a rest costs the
    same on a ten-year log as on a new one."""
    return log.entries(kinds=["rest", "encounter"], newest_first=True, limit=50, stored_order=True)


def rest_check_seclude(log: SessionLog) -> bool | None:
    """Whether the current rest's encounter check was made with Seclude Camp (None: no check
    yet), read from the session log since the rest started."""
    entries = _since_rest_started(log)
    for entry in entries:
        if entry.kind == "rest" and entry.text.startswith("Rest started"):
            return None
        if entry.kind == "encounter" and entry.text.startswith("Rest encounter check"):
            return bool(entry.detail.get("seclude", False))
    return None


def rest_check_campsite(log: SessionLog) -> bool | None:
    """Whether the current rest's encounter check was made with Prepare Campsite (None: no
    check yet), read from the session log since the rest started."""
    entries = _since_rest_started(log)
    for entry in entries:
        if entry.kind == "rest" and entry.text.startswith("Rest started"):
            return None
        if entry.kind == "encounter" and entry.text.startswith("Rest encounter check"):
            return bool(entry.detail.get("campsite", False))
    return None


class RestSteps:
    """Each call is one step on the dungeon turn (see :class:`TurnRunner`)."""

    def __init__(self, runner: TurnRunner, settings: SettingsSteps) -> None:
        self._runner = runner
        self._settings = settings

    def start_rest(
        self, *, seed: int | None = None, hooks: Sequence[RestStartHook] = ()
    ) -> Outcome[RestStart]:
        """Start a rest: the DT ends with no encounter check; ``lights_to_douse`` lists the lights
        the players should douse. With the ``resolve_dt_at_rest_start`` setting the DT's usage
        dice roll and its conditions end, and ``hooks`` run (one unit of work with the step)."""
        runner = self._runner
        resolve = self._settings.settings().resolve_dt_at_rest_start
        rng, used_seed = runner.rng_factory(seed)
        conditions = runner.read_conditions() if resolve else {}

        def step(state: DungeonTurnState, now: float) -> Plan[RestStart]:
            rest = start_rest_step(
                state.clock,
                state.effects,
                now,
                resolve_dt_end=resolve,
                conditions_by_character=conditions,
                rng=rng,
            )
            lines = [log_text.rest_started(state.clock.dt, rest)]
            lines.extend(
                LogLine(
                    "usage_dice",
                    log_text.roll_text(rolled.name, rolled.roll),
                    {**log_text.roll_detail(rolled.name, rolled.roll), "seed": used_seed},
                )
                for rolled in rest.usage_dice
            )
            if rest.conditions_ended:
                ended = log_text.conditions_text(rest.conditions_ended)
                lines.append(LogLine("rest", f"At the rest's start, conditions ended: {ended}"))
            return plan(
                "Start rest",
                rest.clock,
                rest.effects,
                rest,
                *lines,
                conditions_before=rest.previous_conditions if resolve else None,
                conditions=rest.conditions_by_character if resolve else None,
            )

        if not resolve:
            return runner.run(step)
        outcome = runner.run(step)
        bound = [partial(hook, outcome.value, rng) for hook in hooks]
        results = runner.run_hooks(outcome.change, bound)
        started = RestStarted(**vars(outcome.value), hook_results=tuple(results))
        return Outcome(started, outcome.change, outcome.now)

    def rest_halfway(self) -> Outcome[RestHalfway]:
        """The rest's half-way point: effects bound to the DT end, without rolling."""
        conditions = self._runner.read_conditions()
        douse = self._settings.settings().douse_lights_at_rest_halfway

        def step(state: DungeonTurnState, now: float) -> Plan[RestHalfway]:
            halfway = reach_rest_halfway(
                state.clock, state.effects, conditions, douse_burning_lights=douse
            )
            return plan(
                "Rest half-way",
                halfway.clock,
                halfway.effects,
                halfway,
                log_text.rest_halfway(halfway),
                conditions_before=halfway.previous_conditions,
                conditions=halfway.conditions_by_character,
            )

        return self._runner.run(step)

    def rest_encounter_check(
        self,
        seclude: bool = False,
        die: int | None = None,
        *,
        seed: int | None = None,
        campsite: bool = False,
    ) -> Outcome[RestEncounterCheck]:
        """The rest's one encounter check: the dungeon EN (+1 for Prepare Campsite when it is 5
        or lower), +1 for Seclude Camp, at most 10."""
        rng, used_seed = self._runner.rng_factory(seed)
        en = self._settings.encounter_number()

        def step(state: DungeonTurnState, now: float) -> Plan[RestEncounterCheck]:
            check = rest_encounter_check(
                state.clock, en, rng, seclude=seclude, die=die, campsite=campsite
            )
            line = log_text.rest_check(
                check.encounter, seclude=seclude, seed=used_seed, campsite=campsite
            )
            return plan("Rest encounter check", check.clock, state.effects, check, line)

        return self._runner.run(step)

    def finish_rest(
        self, *, interrupted: bool = False, hooks: Sequence[RestHook] = ()
    ) -> Outcome[RestFinished]:
        """End the rest and start a new DT. A finished rest applies a half-way step it skipped,
        restores items with the Rest mode and then runs ``hooks`` (a hook that raises, or a write
        that fails, keeps nothing of the step: it is one unit of work)."""
        runner = self._runner
        conditions = runner.read_conditions()
        douse = self._settings.settings().douse_lights_at_rest_halfway

        def step(state: DungeonTurnState, now: float) -> Plan[RestFinish]:
            finish = finish_rest_step(
                state.clock,
                state.effects,
                conditions,
                now,
                interrupted=interrupted,
                douse_burning_lights=douse,
            )
            halfway = finish.halfway
            return plan(
                "Interrupt rest" if interrupted else "Finish rest",
                finish.clock,
                finish.effects,
                finish,
                log_text.rest_finished(finish, interrupted=interrupted),
                conditions_before=halfway.previous_conditions if halfway else {},
                conditions=halfway.conditions_by_character if halfway else {},
            )

        hook_results: tuple[object, ...] = ()
        # all or nothing, as at End DT
        outcome = runner.run(step)
        if not interrupted:
            hook_results = runner.run_hooks(outcome.change, hooks)
        return Outcome(RestFinished(outcome.value, hook_results), outcome.change, outcome.now)
