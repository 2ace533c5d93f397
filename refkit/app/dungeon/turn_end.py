"""The end of a DT and the encounters: End DT (by hand or at zero), a loud noise, a resolved
encounter."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from refkit.app.dungeon import log_text
from refkit.app.dungeon.runner import Plan, TurnRunner, plan
from refkit.app.dungeon.settings import SettingsSteps
from refkit.app.dungeon.state import DungeonTurnState, Outcome
from refkit.rules.dungeon.clock import PendingEncounter
from refkit.rules.dungeon.effects import EffectRoll, TrackedEffect
from refkit.rules.dungeon.end_of_turn import (
    EncounterCheckResult,
    EndOfTurnResult,
    _roll_dt_end_effects,
    end_dungeon_turn,
    loud_noise_check,
)

TurnEndHook = Callable[[EndOfTurnResult, random.Random], object]
"""An ``on_turn_ended`` hook with its service bound: it gets the result and the step's dice."""


@dataclass(frozen=True)
class TwoHoursPassed:
    """Two hours of fiction outside a dungeon, counted as a DT for the tracked effects."""

    usage_dice: tuple[EffectRoll, ...]
    effects_ended: tuple[TrackedEffect, ...]
    items_spent: tuple[TrackedEffect, ...]


class TurnEndSteps:
    """Each call is one step on the dungeon turn (see :class:`TurnRunner`)."""

    def __init__(self, runner: TurnRunner, settings: SettingsSteps) -> None:
        self._runner = runner
        self._settings = settings

    def end_turn(
        self,
        die: int | None = None,
        *,
        seed: int | None = None,
        at: float | None = None,
        hooks: Sequence[TurnEndHook] = (),
    ) -> Outcome[EndOfTurnResult]:
        """The end-of-DT procedure (usage dice, conditions, encounter check, next DT) as one step.

        ``die`` gives the encounter d10's face; ``seed`` makes the rolls repeatable; ``at`` ends
        the DT at that moment (an automatic end at zero passes the moment the DT ran out, so the
        next DT keeps to the schedule). ValueError, nothing changed, when no DT is under way or
        ``die`` is not a d10 face. The DT, the conditions and the hooks' writes are one unit of
        work: if anything in it raises (a hook, a failed write), nothing of the step is kept.
        """
        runner = self._runner
        rng, used_seed = runner.rng_factory(seed)
        conditions = runner.read_conditions()
        en = self._settings.encounter_number()

        def step(state: DungeonTurnState, now: float) -> Plan[EndOfTurnResult]:
            when = now if at is None else at
            result = end_dungeon_turn(state.clock, state.effects, conditions, en, rng, when, die)
            return plan(
                f"End DT {result.dt_ended}",
                result.clock,
                result.effects,
                result,
                *log_text.end_of_turn_log(result, used_seed),
                conditions_before=result.previous_conditions,
                conditions=result.conditions_by_character,
            )

        # One transaction for the DT, the conditions and what the hooks write on the crows, their
        # prompts and the log: a failure anywhere keeps none of it, even if the process dies.
        outcome = runner.run(step)
        bound = [partial(hook, outcome.value, rng) for hook in hooks]
        results = runner.run_hooks(outcome.change, bound)
        if not results:
            return outcome
        joined = (*outcome.change.hook_results, *results)
        return Outcome(outcome.value, replace(outcome.change, hook_results=joined), outcome.now)

    def two_hours_pass(self, *, seed: int | None = None) -> Outcome[TwoHoursPassed]:
        """Outside a dungeon, 2 hours of fiction count as a DT for tracked effects (L427): each
        effect rolls its usage dice as at End DT and those lasting a DT end. Nothing else: no
        encounter check, no DT counted, no condition ended. One step (undoable like End DT)."""
        runner = self._runner
        rng, used_seed = runner.rng_factory(seed)

        def step(state: DungeonTurnState, now: float) -> Plan[TwoHoursPassed]:
            kept, rolls, ended, spent = _roll_dt_end_effects(state.effects, rng)
            passed = TwoHoursPassed(tuple(rolls), tuple(ended), tuple(spent))
            return plan(
                "2 hours pass",
                state.clock,
                kept,
                passed,
                *log_text.two_hours_log(passed.usage_dice, passed.effects_ended, used_seed),
            )

        return runner.run(step)

    def auto_end_if_due(
        self, *, seed: int | None = None, hooks: Sequence[TurnEndHook] = ()
    ) -> Outcome[EndOfTurnResult] | None:
        """With auto-end on, end a running DT whose time has run out, at the moment it ran out."""
        if not self._settings.settings().auto_end:
            return None
        ends_at = self._runner.store.load().clock.ends_at()
        if ends_at is None or ends_at > self._runner.now():
            return None
        return self.end_turn(seed=seed, at=ends_at, hooks=hooks)

    def loud_noise(
        self, die: int | None = None, *, seed: int | None = None
    ) -> Outcome[EncounterCheckResult]:
        """An extra encounter check now (loud noise, smoke...); the DT goes on."""
        rng, used_seed = self._runner.rng_factory(seed)
        en = self._settings.encounter_number()

        def step(state: DungeonTurnState, now: float) -> Plan[EncounterCheckResult]:
            result = loud_noise_check(state.clock, en, rng, die)
            line = log_text.loud_noise(state.clock.dt, result.encounter, used_seed)
            return plan("Loud-noise encounter check", result.clock, state.effects, result, line)

        return self._runner.run(step)

    def resolve_encounter(self, index: int = 0) -> Outcome[PendingEncounter]:
        """The referee has dealt with pending encounter ``index`` (0: the oldest)."""

        def step(state: DungeonTurnState, now: float) -> Plan[PendingEncounter]:
            clock = state.clock.resolve_encounter(index)
            resolved = state.clock.pending_encounters[index]
            line = log_text.encounter_resolved(resolved)
            return plan("Resolve encounter", clock, state.effects, resolved, line)

        return self._runner.run(step)
