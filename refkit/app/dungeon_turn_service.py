"""The dungeon turn at the table: one façade over the clock, End DT, rests, effects and settings.

:class:`DungeonTurnService` is what the desktop app and the command line both drive. It holds no
logic of its own: each call goes to the concern that owns it in :mod:`refkit.app.dungeon`
(``clock``, ``turn_end``, ``rests``, ``effects``, ``settings``), where a pure step from
``refkit.rules`` is run by the step runner (:mod:`refkit.app.steps`): read the state, work the step
out, write it with its session-log entries in one unit of work if the version read is still the
stored one — otherwise work it out again on the fresh state (a few times at most) and then refuse
with :class:`ConcurrentChangeError`.

Each state-changing call returns an :class:`Outcome` whose ``change`` lets
:mod:`refkit.app.dungeon_turn_commands` undo (:meth:`DungeonTurnService.revert`) and redo
(:meth:`DungeonTurnService.reapply`) it as one step; undo and redo refuse, changing nothing, when
the stored state is no longer the one the step left behind. End DT and Finish rest run their hooks
(the party's overload wounds, the party's rest) in the same unit of work, so the DT, the
conditions and what the hooks write commit once, or not at all.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from refkit.app.dungeon.carried import CarriedItems
from refkit.app.dungeon.clock import ClockSteps
from refkit.app.dungeon.conditions import ConditionsKeeper
from refkit.app.dungeon.effects import EffectSteps
from refkit.app.dungeon.rests import RestPlan, RestSteps
from refkit.app.dungeon.runner import Clock, RngFactory, TurnRunner
from refkit.app.dungeon.settings import SettingsChange, SettingsSteps, toggle_changes
from refkit.app.dungeon.state import (
    DungeonTurnChange,
    DungeonTurnState,
    DungeonTurnView,
    Outcome,
    RestFinished,
    dungeon_en,
)
from refkit.app.dungeon.turn_end import TurnEndSteps
from refkit.app.ports import DungeonTurnStorage
from refkit.app.steps import SAVE_ATTEMPTS
from refkit.app.steps import Outcome as StepOutcome
from refkit.app.undo import UndoConflictError
from refkit.dice.rng import make_rng
from refkit.rules.dungeon.clock import PendingEncounter
from refkit.rules.dungeon.effects import DouseResult, EffectKind, EffectRoll, TrackedEffect
from refkit.rules.dungeon.end_of_turn import (
    EncounterCheckResult,
    EndOfTurnResult,
    RestEncounterCheck,
    RestHalfway,
    RestStart,
)
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.dungeon_settings import DungeonSettings
from refkit.store.errors import ConcurrentChangeError
from refkit.store.records import DungeonTurnSnapshot

__all__ = [
    "SAVE_ATTEMPTS",
    "ConcurrentChangeError",
    "ConditionsKeeper",
    "DungeonTurnChange",
    "DungeonTurnService",
    "DungeonTurnState",
    "DungeonTurnView",
    "Outcome",
    "RestFinished",
    "UndoConflictError",
]

RestHook = Callable[["DungeonTurnService"], object]
TurnEndHook = Callable[["DungeonTurnService", EndOfTurnResult, random.Random], object]
RestStartHook = Callable[["DungeonTurnService", RestStart, random.Random], object]


class DungeonTurnService:
    """Use-cases of the dungeon turn. ``clock`` gives UTC epoch seconds; ``rng_factory(seed)``
    gives ``(random.Random, seed)``; ``conditions`` is where characters' conditions live (none
    until the characters feature provides it).

    ``on_rest_finished`` holds callables run with this service after a rest is finished (not
    interrupted) — the characters feature applies Stamina, wounds, expertise and spellbooks
    there. ``on_turn_ended`` holds callables run after each End DT with this service, the
    :class:`EndOfTurnResult` and the step's random source (the party's magic-overload wounds).
    A hook may return a command (or an object with ``undo()`` and ``do()``); the step's command
    joins it (:meth:`revert` and :meth:`reapply` touch the dungeon turn only).
    """

    def __init__(
        self,
        store: DungeonTurnStorage,
        *,
        clock: Clock = time.time,
        rng_factory: RngFactory = make_rng,
        conditions: ConditionsKeeper | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        # Every step reads the time through now(), the one seam for a test's clock.
        moment = lambda: self.now()  # noqa: E731
        self._runner = TurnRunner(
            store, clock=moment, rng_factory=rng_factory, conditions=conditions
        )
        self.settings_steps = SettingsSteps(store, moment)
        self.clock_steps = ClockSteps(self._runner, lambda: self.party_at_table())
        self.turn_end_steps = TurnEndSteps(self._runner, self.settings_steps)
        self.rest_steps = RestSteps(self._runner, self.settings_steps)
        self.effect_steps = EffectSteps(self._runner)
        self.party_at_table: Callable[[], str | None] = lambda: None
        """Names the party at the table (None: none), the group a DT started now is for; the
        party bridge sets it (:mod:`refkit.app.party.bridge`)."""
        self.on_rest_finished: list[RestHook] = []
        self.on_turn_ended: list[TurnEndHook] = []
        self.on_rest_started: list[RestStartHook] = []
        """Run when a rest's start resolves the DT's end (a setting): doubled magic slots."""
        self.last_rest: RestFinished | None = None
        self.rest_plan: RestPlan = RestPlan()
        """The choices of the rest being finished (each crow's activity), for the hooks."""

    @property
    def store(self) -> DungeonTurnStorage:
        return self._store

    def now(self) -> float:
        return float(self._clock())

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self) -> DungeonTurnSnapshot:
        return self._store.load()

    def view(self) -> DungeonTurnView:
        snapshot = self._store.load()
        settings = self._store.settings()
        return DungeonTurnView(
            now=self.now(),
            clock=snapshot.clock,
            effects=self._runner.synced(snapshot.effects),
            settings=settings,
            encounter_number=dungeon_en(settings),
            version=snapshot.version,
        )

    def status(self) -> dict[str, Any]:
        """The ``refkit dt status`` object now."""
        return self._store.load().clock.status(self.now())

    def effects(self) -> tuple[TrackedEffect, ...]:
        """The tracked effects, those lit from a crow's item holding that item's dice now."""
        return self._runner.synced(self._store.load().effects)

    def carry_items(self, keeper: CarriedItems | None) -> None:
        """Where the items of effects bound to a crow's item live (the party bridge sets it)."""
        self._runner.carried = keeper

    def settings(self) -> DungeonSettings:
        return self.settings_steps.settings()

    def encounter_number(self) -> int:
        """The dungeon EN from the toggles and modifiers (clamped to 1..10)."""
        return self.settings_steps.encounter_number()

    def warnings_due(self) -> tuple[int, ...]:
        """Warning thresholds (seconds before the end) reached in this DT and not yet shown."""
        view = self.view()
        return view.clock.warnings_due(view.now, view.settings.warning_thresholds_s)

    # -- settings ----------------------------------------------------------------------------

    def change_settings(
        self, text: str = "Change DT settings", *, logged: bool = True, **changes: Any
    ) -> StepOutcome[DungeonSettings, DungeonSettings] | None:
        """Change settings by name as an undoable step (None: they are so already). ValueError,
        nothing saved, on an unknown name or an impossible value."""
        if not self.settings_steps.would_change(changes):
            return None
        return self.settings_steps.change(changes, text, logged=logged)

    def update_settings(self, **changes: Any) -> DungeonSettings:
        """Change settings by name (see DungeonSettings); logged. ValueError, nothing saved, on
        an unknown name or an impossible value."""
        outcome = self.change_settings(**changes)
        return self.settings() if outcome is None else outcome.value

    def set_encounter_toggles(
        self,
        *,
        crowded: bool | None = None,
        chaos: bool | None = None,
        modifiers: Sequence[int] | None = None,
    ) -> int:
        """Set the dungeon EN toggles and modifiers; returns the EN they give."""
        self.update_settings(**toggle_changes(crowded, chaos, modifiers))
        return self.encounter_number()

    def revert_settings(self, change: SettingsChange) -> SettingsChange:
        """Undo a settings change; UndoConflictError, nothing changed, if they changed since."""
        return self.settings_steps.revert(change)

    def reapply_settings(self, change: SettingsChange) -> SettingsChange:
        return self.settings_steps.reapply(change)

    # -- the clock ---------------------------------------------------------------------------

    def set_length(self, minutes: float) -> Outcome[int]:
        return self.clock_steps.set_length(minutes)

    def start(self, minutes: float | None = None, dungeon: str | None = None) -> Outcome[int]:
        return self.clock_steps.start(minutes, dungeon)

    def stop(self) -> Outcome[int]:
        return self.clock_steps.stop()

    def pause(self) -> Outcome[float]:
        return self.clock_steps.pause()

    def resume(self) -> Outcome[float]:
        return self.clock_steps.resume()

    def adjust(self, minutes: float, reason: str = "") -> Outcome[float]:
        return self.clock_steps.adjust(minutes, reason)

    def pause_retroactively(self, at: float, reason: str = "") -> Outcome[float]:
        return self.clock_steps.pause_retroactively(at, reason)

    def mark_warnings_fired(self, thresholds_s: Iterable[int]) -> None:
        self.clock_steps.mark_warnings_fired(thresholds_s)

    def follow_party_rename(self, old: str, new: str) -> None:
        """Keep a renamed party's dungeon visits (and greed) under its new name."""
        self.clock_steps.follow_party_rename(old, new)

    def follow_crow_rename(self, old: str, new: str) -> None:
        """Keep the lights lit from a renamed crow's items bound to them."""
        self.effect_steps.follow_crow_rename(old, new)

    # -- end of a DT and encounters ----------------------------------------------------------

    def end_turn(
        self, die: int | None = None, *, seed: int | None = None, at: float | None = None
    ) -> Outcome[EndOfTurnResult]:
        """End DT with the ``on_turn_ended`` hooks (see :meth:`TurnEndSteps.end_turn`)."""
        return self.turn_end_steps.end_turn(die, seed=seed, at=at, hooks=self._turn_hooks())

    def auto_end_if_due(self, *, seed: int | None = None) -> Outcome[EndOfTurnResult] | None:
        return self.turn_end_steps.auto_end_if_due(seed=seed, hooks=self._turn_hooks())

    def loud_noise(
        self, die: int | None = None, *, seed: int | None = None
    ) -> Outcome[EncounterCheckResult]:
        return self.turn_end_steps.loud_noise(die, seed=seed)

    def resolve_encounter(self, index: int = 0) -> Outcome[PendingEncounter]:
        return self.turn_end_steps.resolve_encounter(index)

    def _turn_hooks(self) -> list[Callable[[EndOfTurnResult, random.Random], object]]:
        return [partial(hook, self) for hook in self.on_turn_ended]

    # -- rests -------------------------------------------------------------------------------

    def start_rest(self, *, seed: int | None = None) -> Outcome[RestStart]:
        hooks = [partial(hook, self) for hook in self.on_rest_started]
        return self.rest_steps.start_rest(seed=seed, hooks=hooks)

    def rest_halfway(self) -> Outcome[RestHalfway]:
        return self.rest_steps.rest_halfway()

    def rest_encounter_check(
        self,
        seclude: bool = False,
        die: int | None = None,
        *,
        seed: int | None = None,
        campsite: bool = False,
    ) -> Outcome[RestEncounterCheck]:
        return self.rest_steps.rest_encounter_check(seclude, die, seed=seed, campsite=campsite)

    def finish_rest(
        self, *, interrupted: bool = False, plan: RestPlan | None = None
    ) -> Outcome[RestFinished]:
        """Finish (or interrupt) the rest with the ``on_rest_finished`` hooks; ``plan`` holds
        each crow's rest activity (the hooks read it as :attr:`rest_plan`)."""
        hooks = [partial(hook, self) for hook in self.on_rest_finished]
        self.rest_plan = plan or RestPlan()
        try:
            outcome = self.rest_steps.finish_rest(interrupted=interrupted, hooks=hooks)
        finally:
            self.rest_plan = RestPlan()
        self.last_rest = outcome.value
        return outcome

    # -- tracked effects ---------------------------------------------------------------------

    def add_effect(
        self,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = EffectKind.CUSTOM,
        *,
        owner: str = "",
        lit: bool | None = None,
        ends_at_dt_end: bool = False,
        refuel_with: str = "",
        ends_at_rest: bool = False,
    ) -> Outcome[TrackedEffect]:
        return self.effect_steps.add_effect(
            name,
            usage_dice,
            modes,
            kind,
            owner=owner,
            lit=lit,
            ends_at_dt_end=ends_at_dt_end,
            refuel_with=refuel_with,
            ends_at_rest=ends_at_rest,
        )

    def add_preset(
        self, preset: str, *, owner: str = "", lit: bool = True
    ) -> Outcome[TrackedEffect]:
        return self.effect_steps.add_preset(preset, owner=owner, lit=lit)

    def douse(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[DouseResult]:
        return self.effect_steps.douse(effect_id, faces, seed=seed)

    def activate(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[EffectRoll]:
        return self.effect_steps.activate(effect_id, faces, seed=seed)

    def light_item(self, crow: str, item_id: str) -> Outcome[TrackedEffect]:
        return self.effect_steps.light_item(crow, item_id)

    def relight(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self.effect_steps.relight(effect_id)

    def refuel(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self.effect_steps.refuel(effect_id)

    def restore_on_rest(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self.effect_steps.restore_on_rest(effect_id)

    def remove(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self.effect_steps.remove(effect_id)

    # -- undo and redo -----------------------------------------------------------------------

    def revert(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Undo ``change``: put the state before it back, mark its log entries undone, give back
        the conditions it ended. Returns the change that redoes it.

        Raises UndoConflictError, changing nothing, when the stored state is no longer what
        ``change`` left (something else happened since, here or in another process).
        """
        return self._runner.revert(change)

    def reapply(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Redo ``change`` after :meth:`revert`: the same result again, no new rolls."""
        return self._runner.reapply(change)
