"""Undoable dungeon-turn steps: End DT, rest steps, adjustments and tracked-effect changes.

Each command runs its service call once, on the first ``do()``, and keeps the change it made.
``undo()`` puts the state from before back (clock, effects, the conditions it ended, its session-log
entries marked undone) and a later ``do()`` (redo) puts the same result back — the same rolls, not
new ones. Undo and redo raise :class:`~refkit.app.dungeon_turn_service.UndoConflictError`,
changing nothing, if the dungeon turn changed in between (say from the command line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from refkit.app.dungeon_turn_service import (
    DungeonTurnChange,
    DungeonTurnService,
    Outcome,
    RestFinished,
)
from refkit.rules.tracked_effects import EffectKind
from refkit.rules.usage_dice import UsageDiceMode


class DungeonTurnCommand:
    """One service call as an undoable command. ``outcome`` is its result after the first do."""

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


class EndTurnCommand(DungeonTurnCommand):
    """End DT: usage dice, conditions, encounter check, next DT — one undo step."""

    def __init__(
        self,
        service: DungeonTurnService,
        die: int | None = None,
        *,
        seed: int | None = None,
        at: float | None = None,
    ) -> None:
        super().__init__(service, "End DT", lambda: service.end_turn(die, seed=seed, at=at))


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


class StartRestCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService) -> None:
        super().__init__(service, "Start rest", service.start_rest)


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
    ) -> None:
        super().__init__(
            service,
            "Rest encounter check",
            lambda: service.rest_encounter_check(seclude, die, seed=seed),
        )


class FinishRestCommand(DungeonTurnCommand):
    """Finish (or interrupt) the rest. What the ``on_rest_finished`` hooks returned is undone
    first on undo, and done again after the redo, when it has ``undo()`` / ``do()``."""

    def __init__(self, service: DungeonTurnService, *, interrupted: bool = False) -> None:
        super().__init__(
            service,
            "Interrupt rest" if interrupted else "Finish rest",
            lambda: service.finish_rest(interrupted=interrupted),
        )

    def _hook_results(self) -> tuple[object, ...]:
        if self.outcome is None:
            return ()
        finished = self.outcome.value
        assert isinstance(finished, RestFinished)
        return finished.hook_results

    def do(self) -> None:
        redo = self.change is not None
        super().do()
        if redo:
            for result in self._hook_results():
                again = getattr(result, "do", None)
                if callable(again):
                    again()

    def undo(self) -> None:
        for result in reversed(self._hook_results()):
            back = getattr(result, "undo", None)
            if callable(back):
                back()
        super().undo()


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
