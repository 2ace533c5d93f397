"""A rest in the dungeon, step by step: start, half-way, its one encounter check, finish or
interruption (with the party's benefits joined to the finish)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from refkit.app.dungeon import log_text
from refkit.app.dungeon.runner import Plan, TurnRunner, plan
from refkit.app.dungeon.settings import SettingsSteps
from refkit.app.dungeon.state import DungeonTurnState, Outcome, RestFinished
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

RestHook = Callable[[], object]
"""An ``on_rest_finished`` hook with its service bound (the party's rest)."""


class RestSteps:
    """Each call is one step on the dungeon turn (see :class:`TurnRunner`)."""

    def __init__(self, runner: TurnRunner, settings: SettingsSteps) -> None:
        self._runner = runner
        self._settings = settings

    def start_rest(self) -> Outcome[RestStart]:
        """Start a rest: the DT ends with no encounter check; ``lights_to_douse`` lists the lights
        the players should douse."""

        def step(state: DungeonTurnState, now: float) -> Plan[RestStart]:
            rest = start_rest_step(state.clock, state.effects, now)
            line = log_text.rest_started(state.clock.dt, rest)
            return plan("Start rest", rest.clock, state.effects, rest, line)

        return self._runner.run(step)

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
        self, seclude: bool = False, die: int | None = None, *, seed: int | None = None
    ) -> Outcome[RestEncounterCheck]:
        """The rest's one encounter check: the dungeon EN, +1 for Seclude Camp, at most 10."""
        rng, used_seed = self._runner.rng_factory(seed)
        en = self._settings.encounter_number()

        def step(state: DungeonTurnState, now: float) -> Plan[RestEncounterCheck]:
            check = rest_encounter_check(state.clock, en, rng, seclude=seclude, die=die)
            line = log_text.rest_check(check.encounter, seclude=seclude, seed=used_seed)
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
        with runner.store.database.unit_of_work():  # all or nothing, as at End DT
            outcome = runner.run(step)
            if not interrupted:
                hook_results = runner.run_hooks(outcome.change, hooks)
        return Outcome(RestFinished(outcome.value, hook_results), outcome.change, outcome.now)
