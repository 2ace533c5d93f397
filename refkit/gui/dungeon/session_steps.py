"""Every dungeon-turn step the DT screens take, as one typed method each (no command names).

:class:`DungeonSteps` is part of :class:`~refkit.gui.dungeon.session.DungeonTurnSession`: each
method builds the command from :mod:`refkit.app.dungeon_turn_commands` and runs it as one undo
step through the session (``pause()``, ``end_turn()``, ``douse(effect_id)``,
``update_settings(...)``...); :meth:`DungeonSteps.perform` runs any command class the same way.
A refusal becomes the session's ``message``; the result is the command's value, or None.

The commands module is imported on first use, not with the panels: it brings the ORM, which the
read-ahead worker loads off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from refkit.app.dungeon.rests import RestPlan
    from refkit.app.dungeon_turn_service import DungeonTurnService, RestFinished
    from refkit.app.undo import Command
    from refkit.rules.dungeon.clock import PendingEncounter
    from refkit.rules.dungeon.effects import DouseResult, EffectKind, EffectRoll, TrackedEffect
    from refkit.rules.dungeon.end_of_turn import (
        EncounterCheckResult,
        RestEncounterCheck,
        RestHalfway,
        RestStart,
    )
    from refkit.rules.usage_dice import UsageDiceMode
    from refkit.store.dungeon_settings import DungeonSettings

P = ParamSpec("P")


class DungeonSteps:
    """The typed steps of the session (see the module docstring)."""

    # What the session provides (declared only, for the type checker).
    _service: DungeonTurnService | None
    live: Callable[[], bool]
    message: SignalInstance
    turn_ended: SignalInstance
    run: Callable[[Command], bool]
    _refused: Callable[[Exception], None]

    def perform(
        self,
        make: Callable[Concatenate[DungeonTurnService, P], Command],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Any:
        """Run the command ``make(service, *args, **kwargs)`` (a class from
        :mod:`refkit.app.dungeon_turn_commands`) as one undo step; returns its outcome's value,
        or None if it was refused or the dungeon turn could not be loaded."""
        if not self.live() or self._service is None:
            self.message.emit("The dungeon turn is still loading; try again in a moment")
            return None
        command = make(self._service, *args, **kwargs)
        if not self.run(command):
            return None
        outcome = getattr(command, "outcome", None)
        return None if outcome is None else outcome.value

    def start_turn(self, minutes: float | None = None, dungeon: str | None = None) -> int | None:
        """DT 1 on entering ``dungeon`` (without one: coming back into the dungeon left); the
        DT number, or None."""
        from refkit.app.dungeon_turn_commands import StartTurnCommand

        return self.perform(StartTurnCommand, minutes, dungeon)

    def leave_dungeon(self) -> int | None:
        """The group leaves the dungeon (the clock stops); the last DT number, or None."""
        from refkit.app.dungeon_turn_commands import StopCommand

        return self.perform(StopCommand)

    def pause(self) -> float | None:
        from refkit.app.dungeon_turn_commands import PauseCommand

        return self.perform(PauseCommand)

    def resume(self) -> float | None:
        from refkit.app.dungeon_turn_commands import ResumeCommand

        return self.perform(ResumeCommand)

    def adjust(self, minutes: float, reason: str = "") -> float | None:
        from refkit.app.dungeon_turn_commands import AdjustTimeCommand

        return self.perform(AdjustTimeCommand, minutes, reason)

    def pause_retroactively(self, at: float, reason: str = "") -> float | None:
        from refkit.app.dungeon_turn_commands import PauseRetroactivelyCommand

        return self.perform(PauseRetroactivelyCommand, at, reason)

    def set_length(self, minutes: float) -> int | None:
        from refkit.app.dungeon_turn_commands import SetLengthCommand

        return self.perform(SetLengthCommand, minutes)

    def end_turn(self, *, at: float | None = None, automatic: bool = False) -> Any:
        from refkit.app.dungeon_turn_commands import EndTurnCommand

        result = self.perform(EndTurnCommand, at=at)
        if result is not None:
            self.turn_ended.emit(result, automatic)
        return result

    def loud_noise(self) -> EncounterCheckResult | None:
        from refkit.app.dungeon_turn_commands import LoudNoiseCommand

        return self.perform(LoudNoiseCommand)

    def resolve_encounter(self, index: int) -> PendingEncounter | None:
        from refkit.app.dungeon_turn_commands import ResolveEncounterCommand

        return self.perform(ResolveEncounterCommand, index)

    def start_rest(self) -> RestStart | None:
        from refkit.app.dungeon_turn_commands import StartRestCommand

        return self.perform(StartRestCommand)

    def rest_halfway(self) -> RestHalfway | None:
        from refkit.app.dungeon_turn_commands import RestHalfwayCommand

        return self.perform(RestHalfwayCommand)

    def rest_check(self, seclude: bool, campsite: bool = False) -> RestEncounterCheck | None:
        from refkit.app.dungeon_turn_commands import RestEncounterCheckCommand

        return self.perform(RestEncounterCheckCommand, seclude, campsite=campsite)

    def finish_rest(
        self, *, interrupted: bool = False, plan: RestPlan | None = None
    ) -> RestFinished | None:
        """Finish (or interrupt) the rest; ``plan`` holds each crow's rest activity."""
        from refkit.app.dungeon_turn_commands import FinishRestCommand

        return self.perform(FinishRestCommand, interrupted=interrupted, plan=plan)

    def add_light(self, preset: str, *, owner: str = "") -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import AddLightCommand

        return self.perform(AddLightCommand, preset, owner=owner)

    def add_effect(
        self,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = "custom",
        **options: Any,
    ) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import AddEffectCommand

        return self.perform(AddEffectCommand, name, usage_dice, modes, kind, **options)

    def light_item(self, crow: str, item_id: str) -> TrackedEffect | None:
        """Light ``crow``'s item (a torch, a lantern) as a tracked light bound to it."""
        from refkit.app.dungeon_turn_commands import LightItemCommand

        return self.perform(LightItemCommand, crow, item_id)

    def douse(self, effect_id: str) -> DouseResult | None:
        from refkit.app.dungeon_turn_commands import DouseEffectCommand

        return self.perform(DouseEffectCommand, effect_id)

    def use(self, effect_id: str) -> EffectRoll | None:
        from refkit.app.dungeon_turn_commands import UseEffectCommand

        return self.perform(UseEffectCommand, effect_id)

    def relight(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RelightEffectCommand

        return self.perform(RelightEffectCommand, effect_id)

    def refuel(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RefuelEffectCommand

        return self.perform(RefuelEffectCommand, effect_id)

    def remove_effect(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RemoveEffectCommand

        return self.perform(RemoveEffectCommand, effect_id)

    def update_settings(self, **changes: Any) -> DungeonSettings | None:
        """Change settings by name as one undo step (none when they are so already); the
        settings then, or None when refused."""
        from refkit.app.dungeon_turn_commands import UpdateSettingsCommand

        would = self._would_change(changes)
        if would is None or self._service is None:
            return None
        if not would:
            return self._service.settings()
        return self.perform(UpdateSettingsCommand, **changes)

    def set_encounter_toggles(
        self,
        *,
        crowded: bool | None = None,
        chaos: bool | None = None,
        modifiers: Sequence[int] | None = None,
    ) -> int | None:
        """Set the EN toggles and modifiers as one undo step; the EN they give, or None when
        refused."""
        from refkit.app.dungeon.settings import toggle_changes
        from refkit.app.dungeon_turn_commands import EncounterTogglesCommand

        would = self._would_change(toggle_changes(crowded, chaos, modifiers))
        if would is None or self._service is None:
            return None
        if would:
            done = self.perform(
                EncounterTogglesCommand, crowded=crowded, chaos=chaos, modifiers=modifiers
            )
            if done is None:
                return None
        return self._service.encounter_number()

    def _would_change(self, changes: dict[str, Any]) -> bool | None:
        """Whether ``changes`` change the settings (so there is a step to push); None, with a
        message, for a bad value or when the dungeon turn could not be loaded."""
        if not self.live() or self._service is None:
            self.message.emit("The dungeon turn is still loading; try again in a moment")
            return None
        try:
            return self._service.settings_steps.would_change(changes)
        except Exception as error:
            self._refused(error)
            return None
