"""Undoable dungeon-turn steps: End DT, rest steps, adjustments, tracked effects and settings.

Each command runs its service call once, on the first ``do()``, and keeps the change it made.
``undo()`` puts the state from before back (clock, effects, the conditions it ended, its session-log
entries marked undone) and a later ``do()`` (redo) puts the same result back — the same rolls, not
new ones. Undo and redo raise :class:`~refkit.app.undo.UndoConflictError`, changing nothing,
if the dungeon turn changed in between (say from the command line).

End DT and Finish rest are joined steps: what the service's hooks did on the crows (overload
wounds, the party's rest) is joined to the dungeon-turn step as one
:class:`~refkit.app.undo.CompositeCommand` — undone first, redone last, all or none, in one unit
of work (one transaction) each time. Settings changes and the EN toggles are commands too: their
undo puts the settings from before back only if nobody changed them since.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from refkit.app.dungeon.rests import RestPlan, RestStarted
from refkit.app.dungeon.settings import SettingsChange, toggle_changes
from refkit.app.dungeon_turn_service import (
    DungeonTurnChange,
    DungeonTurnService,
    Outcome,
    RestFinished,
)
from refkit.app.steps import Outcome as StepOutcome
from refkit.app.undo import Command, CompositeCommand, FollowedStep, as_command
from refkit.rules.dungeon.effects import EffectKind
from refkit.rules.usage_dice import UsageDiceMode
from refkit.store.dungeon_settings import DungeonSettings


class _StepCommand:
    """One service call on the dungeon turn alone. ``outcome`` is its result after the first do."""

    def __init__(
        self, service: DungeonTurnService, text: str, run: Callable[[], Outcome[Any]]
    ) -> None:
        self._service = service
        self._text = text
        self._run = run
        self._change: DungeonTurnChange | None = None
        self.outcome: Outcome[Any] | None = None

    @property
    def text(self) -> str:
        return self._text

    @property
    def change(self) -> DungeonTurnChange | None:
        return self._change

    def do(self) -> None:
        if self._change is None:
            outcome = self._run()
            self.outcome = outcome
            self._change = outcome.change
            self._text = outcome.change.text
        else:
            self._change = self._service.reapply(self._change)

    def undo(self) -> None:
        if self._change is None:
            raise RuntimeError(f"{self._text!r} has not been done, so it cannot be undone")
        self._change = self._service.revert(self._change)


class JoinedStepCommand(FollowedStep):
    """A dungeon-turn step and what its hooks did, as one composite undo step.

    The first ``do()`` runs the step (the service runs the hooks); then each hook result that can
    be undone joins as a child after the step (:meth:`follow`), so undo takes the hooks' work back
    first and redo puts it back last. Do, undo and redo are each one unit of work
    (:class:`~refkit.app.undo.FollowedStep`): the clock and every crow commit together.
    ``outcome`` and ``change`` are the step's.
    """

    def __init__(
        self,
        service: DungeonTurnService,
        text: str,
        run: Callable[[], Outcome[Any]],
        hook_results: Callable[[Outcome[Any]], Sequence[object]] = lambda _outcome: (),
    ) -> None:
        self._service = service
        self._turn_step = _StepCommand(service, text, run)
        self._hook_results = hook_results
        super().__init__(self._turn_step)

    @property
    def outcome(self) -> Outcome[Any] | None:
        return self._turn_step.outcome

    @property
    def change(self) -> DungeonTurnChange | None:
        return self._turn_step.change

    def follow(self) -> Iterator[Command]:
        """The hooks' work, done by the step already, that can be undone with it."""
        outcome = self._turn_step.outcome
        assert outcome is not None
        for result in (*outcome.change.hook_results, *self._hook_results(outcome)):
            joined = as_command(result, self._turn_step.text)
            if joined is not None:
                yield joined


class DungeonTurnCommand(JoinedStepCommand):
    """One service call as an undoable command, joined with what its change carries (the dice a
    step burnt on a crow's torch): ``outcome`` is its result after the first do."""


class EndTurnCommand(JoinedStepCommand):
    """End DT: usage dice, conditions, encounter check, next DT, and the ``on_turn_ended`` hooks'
    work on the party (magic-overload wounds) — one undo step."""

    def __init__(
        self,
        service: DungeonTurnService,
        die: int | None = None,
        *,
        seed: int | None = None,
        at: float | None = None,
    ) -> None:
        super().__init__(
            service,
            "End DT",
            lambda: service.end_turn(die, seed=seed, at=at),
        )


class LoudNoiseCommand(DungeonTurnCommand):
    def __init__(
        self, service: DungeonTurnService, die: int | None = None, *, seed: int | None = None
    ) -> None:
        super().__init__(service, "Loud-noise check", lambda: service.loud_noise(die, seed=seed))


class ResolveEncounterCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, index: int = 0) -> None:
        super().__init__(service, "Resolve encounter", lambda: service.resolve_encounter(index))


class StartTurnCommand(DungeonTurnCommand):
    def __init__(
        self,
        service: DungeonTurnService,
        minutes: float | None = None,
        dungeon: str | None = None,
    ) -> None:
        super().__init__(service, "Start DT", lambda: service.start(minutes, dungeon))


class StopCommand(DungeonTurnCommand):
    """The group leaves the dungeon: the clock stops (coming back is a revisit)."""

    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Leave the dungeon", service.stop)


class PauseCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Pause", service.pause)


class ResumeCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Resume", service.resume)


class AdjustTimeCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, minutes: float, reason: str = "") -> None:
        super().__init__(service, "Adjust time", lambda: service.adjust(minutes, reason))


class PauseRetroactivelyCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, at: float, reason: str = "") -> None:
        super().__init__(
            service,
            "Pause retroactively",
            lambda: service.pause_retroactively(at, reason),
        )


class StartRestCommand(JoinedStepCommand):
    """Start a rest, and what the ``on_rest_started`` hooks did (the DT's end resolved at the
    start, a setting) — one undo step."""

    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Start rest", service.start_rest, _start_hook_results)


def _start_hook_results(outcome: Outcome[Any]) -> tuple[object, ...]:
    started = outcome.value
    return started.hook_results if isinstance(started, RestStarted) else ()


class RestHalfwayCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Rest half-way", service.rest_halfway)


class RestEncounterCheckCommand(DungeonTurnCommand):
    def __init__(
        self,
        service: DungeonTurnService,
        seclude: bool = False,
        die: int | None = None,
        *,
        seed: int | None = None,
        campsite: bool = False,
    ) -> None:
        super().__init__(
            service,
            "Rest encounter check",
            lambda: service.rest_encounter_check(seclude, die, seed=seed, campsite=campsite),
        )


class FinishRestCommand(JoinedStepCommand):
    """Finish (or interrupt) the rest, and what the ``on_rest_finished`` hooks gave the party —
    one undo step."""

    def __init__(
        self,
        service: DungeonTurnService,
        *,
        interrupted: bool = False,
        plan: RestPlan | None = None,
    ) -> None:
        super().__init__(
            service,
            "Interrupt rest" if interrupted else "Finish rest",
            lambda: service.finish_rest(interrupted=interrupted, plan=plan),
            _rest_hook_results,
        )


def _rest_hook_results(outcome: Outcome[Any]) -> tuple[object, ...]:
    finished = outcome.value
    assert isinstance(finished, RestFinished)
    return finished.hook_results


class AddEffectCommand(DungeonTurnCommand):
    def __init__(
        self,
        service: DungeonTurnService,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = EffectKind.CUSTOM,
        **options: Any,
    ) -> None:
        modes = modes if isinstance(modes, str) else tuple(modes)
        super().__init__(
            service,
            f"Add {name}",
            lambda: service.add_effect(name, usage_dice, modes, kind, **options),
        )


class AddLightCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, preset: str, *, owner: str = "") -> None:
        super().__init__(service, f"Add {preset}", lambda: service.add_preset(preset, owner=owner))


class LightItemCommand(DungeonTurnCommand):
    """Light a crow's torch or lantern: a tracked light rolling that item's dice."""

    def __init__(self, service: DungeonTurnService, crow: str, item_id: str) -> None:
        super().__init__(service, "Light", lambda: service.light_item(crow, item_id))


class DouseEffectCommand(DungeonTurnCommand):
    def __init__(
        self,
        service: DungeonTurnService,
        effect_id: str,
        faces: Sequence[int] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(service, "Douse", lambda: service.douse(effect_id, faces, seed=seed))


class UseEffectCommand(DungeonTurnCommand):
    """An Activate item was used: its usage dice rolled (L400); redo keeps the same dice."""

    def __init__(
        self,
        service: DungeonTurnService,
        effect_id: str,
        faces: Sequence[int] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(service, "Use", lambda: service.activate(effect_id, faces, seed=seed))


class RelightEffectCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, effect_id: str) -> None:
        super().__init__(service, "Light", lambda: service.relight(effect_id))


class RefuelEffectCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, effect_id: str) -> None:
        super().__init__(service, "Refuel", lambda: service.refuel(effect_id))


class RestoreEffectCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, effect_id: str) -> None:
        super().__init__(service, "Restore", lambda: service.restore_on_rest(effect_id))


class RemoveEffectCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, effect_id: str) -> None:
        super().__init__(service, "Remove effect", lambda: service.remove(effect_id))


class SetLengthCommand(CompositeCommand):
    """The DT length from now on and as the default for a new clock: the clock's step and the
    settings' step as one composite command (one unit of work, opened by whoever runs it), so
    undo puts both back or (when either changed since) neither."""

    def __init__(self, service: DungeonTurnService, minutes: float) -> None:
        self._service = service
        self._clock = DungeonTurnCommand(
            service,
            "Set DT length",
            lambda: service.clock_steps.set_length(minutes, as_default=False),
        )
        default = SettingsCommand(service, "Set DT length", {"dt_minutes": minutes}, logged=False)
        super().__init__("Set DT length", (self._clock, default))

    @property
    def outcome(self) -> Outcome[Any] | None:
        return self._clock.outcome


class SettingsCommand:
    """A change of the dungeon-turn settings as an undoable command. The first ``do()`` changes
    them (nothing, and nothing to undo, when they are so already); ``undo()`` puts the settings
    from before back and redo the ones after, each refusing with UndoConflictError, changing
    nothing, when the stored settings are no longer the ones it left."""

    def __init__(
        self,
        service: DungeonTurnService,
        text: str,
        changes: dict[str, Any],
        *,
        logged: bool = True,
    ) -> None:
        self._service = service
        self._text = text
        self._changes = dict(changes)
        self._logged = logged
        self._change: SettingsChange | None = None
        self._done = False
        self.outcome: StepOutcome[DungeonSettings, DungeonSettings] | None = None

    @property
    def text(self) -> str:
        return self._text

    @property
    def change(self) -> SettingsChange | None:
        return self._change

    def do(self) -> None:
        if not self._done:
            self.outcome = self._service.change_settings(
                self._text, logged=self._logged, **self._changes
            )
            self._change = None if self.outcome is None else self.outcome.change
            self._done = True
        elif self._change is not None:
            self._change = self._service.reapply_settings(self._change)

    def undo(self) -> None:
        if not self._done:
            raise RuntimeError(f"{self._text!r} has not been done, so it cannot be undone")
        if self._change is not None:
            self._change = self._service.revert_settings(self._change)


class UpdateSettingsCommand(SettingsCommand):
    """Settings by name (see DungeonSettings): auto-end, warnings, dousing at the half-way point."""

    def __init__(self, service: DungeonTurnService, **changes: Any) -> None:
        super().__init__(service, "Change DT settings", changes)


class EncounterTogglesCommand(SettingsCommand):
    """The dungeon EN toggles (crowded, chaos) and the referee's modifiers; None leaves one as
    it is."""

    def __init__(
        self,
        service: DungeonTurnService,
        *,
        crowded: bool | None = None,
        chaos: bool | None = None,
        modifiers: Sequence[int] | None = None,
    ) -> None:
        super().__init__(service, "Set EN toggles", toggle_changes(crowded, chaos, modifiers))
