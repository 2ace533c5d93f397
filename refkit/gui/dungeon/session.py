"""The desktop app's hold on the dungeon turn: the service, the latest view, and the clock's duties.

One :class:`DungeonTurnSession` is shared by the DT panel, the effects panel and the players'
window. It

* reads the state (``DungeonTurnService.view()``) after every step, after every undo or redo, and
  when a cheap version check every few seconds sees that another process (the command line)
  changed it — it never counts time itself;
* runs every change as an undoable command on the shared ``QUndoStack`` (through the one
  adapter), so End DT is a single undo step, and turns refusals into messages, never crashes —
  one typed method per step (``pause()``, ``end_turn()``, ``douse(effect_id)``,
  ``update_settings(...)``...), or :meth:`DungeonTurnSession.perform` with a command class;
* keeps the clock's promises even when no panel is visible: each warning threshold once per DT
  (``warning``), and, when auto-end is on, the end of the DT at zero (a precise timer armed for
  the moment the DT runs out; the next DT starts exactly then).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from refkit.gui.dungeon.deadlines import DeadlineTimer
from refkit.rules.dungeon.clock import ClockState

if TYPE_CHECKING:
    from refkit.app.dungeon_turn_service import (
        DungeonTurnService,
        DungeonTurnView,
        RestFinished,
    )
    from refkit.app.table_service import TableService
    from refkit.app.undo import Command
    from refkit.rules.dungeon.clock import PendingEncounter
    from refkit.rules.dungeon.effects import DouseResult, EffectKind, TrackedEffect
    from refkit.rules.dungeon.end_of_turn import (
        EncounterCheckResult,
        RestEncounterCheck,
        RestHalfway,
        RestStart,
    )
    from refkit.rules.usage_dice import UsageDiceMode
    from refkit.store.dungeon_settings import DungeonSettings

log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")

VERSION_POLL_MS = 2000
AUTO_END_GRACE_S = 30.0
"""A DT found run out longer ago than this (the app was closed, the lid shut) is not ended
automatically: the panel shows it overdue and the referee decides."""


def _same_state(a: DungeonTurnView | None, b: DungeonTurnView | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.clock, a.effects, a.settings, a.encounter_number, a.version) == (
        b.clock,
        b.effects,
        b.settings,
        b.encounter_number,
        b.version,
    )


class DungeonTurnSession(QObject):
    """Shared state and actions of the dungeon-turn screens (see the module docstring)."""

    view_changed = Signal(object)  # DungeonTurnView
    message = Signal(str)  # something to tell the referee (a refusal, a failure)
    warning = Signal(int)  # a warning threshold (seconds before the end) was reached
    turn_ended = Signal(object, bool)  # EndOfTurnResult, automatically?
    log_changed = Signal()  # the session log has new entries

    def __init__(
        self,
        undo_stack: QUndoStack | None = None,
        parent: QObject | None = None,
        *,
        poll_ms: int = VERSION_POLL_MS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("dungeon_turn_session")
        self.undo_stack = undo_stack
        self._service: DungeonTurnService | None = None
        self._tables: TableService | None = None
        self._view: DungeonTurnView | None = None
        self._end_timer = DeadlineTimer(self.now, self)
        self._end_timer.setObjectName("auto_end_timer")
        self._end_timer.reached.connect(self._auto_end)
        self._warning_timer = DeadlineTimer(self.now, self)
        self._warning_timer.setObjectName("warning_timer")
        self._warning_timer.reached.connect(self._warning_due)
        self._poll = QTimer(self)
        self._poll.setObjectName("dungeon_version_poll")
        self._poll.setInterval(poll_ms)
        self._poll.timeout.connect(self.check_for_outside_changes)
        self.auto_ends = 0
        self._warned: set[tuple[int, int]] = set()  # (DT, threshold) shown by this session
        self.last_auto_end_lateness: float | None = None
        self._closed = False
        if undo_stack is not None:
            undo_stack.indexChanged.connect(self._undo_index_changed)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)

    def close(self) -> None:
        """Stop every timer and stop listening (the app is closing); idempotent."""
        if self._closed:
            return
        self._closed = True
        self._poll.stop()
        self._end_timer.disarm()
        self._warning_timer.disarm()
        if self.undo_stack is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # the stack may be gone already
                self.undo_stack.indexChanged.disconnect(self._undo_index_changed)

    @property
    def closed(self) -> bool:
        return self._closed

    # wiring ---------------------------------------------------------------------------------

    def set_services(
        self, service: DungeonTurnService, table_service: TableService | None = None
    ) -> None:
        self._service = service
        self._tables = table_service
        self._poll.start()
        self.refresh()

    @property
    def service(self) -> DungeonTurnService | None:
        return self._service

    @property
    def table_service(self) -> TableService | None:
        return self._tables

    def ready(self) -> bool:
        return self._service is not None

    def now(self) -> float:
        """The service's clock (the fake one in tests), else the wall clock."""
        return self._service.now() if self._service is not None else time.time()

    def view(self) -> DungeonTurnView | None:
        return self._view

    # reading --------------------------------------------------------------------------------

    def refresh(self) -> DungeonTurnView | None:
        """Read the state again; ``view_changed`` fires when it differs from the last one."""
        if self._service is None or self._closed:
            return self._view
        try:
            view = self._service.view()
        except Exception as error:  # the clock must keep showing: report and keep the last view
            log.exception("cannot read the dungeon turn")
            self.message.emit(f"Cannot read the dungeon turn: {error}")
            return self._view
        changed = not _same_state(view, self._view)
        self._view = view
        self._arm(view, view.now)
        if changed:
            self.view_changed.emit(view)
        return view

    def check_for_outside_changes(self) -> None:
        """Refresh if another process wrote since the last read (one tiny query), and fire a
        deadline that has passed: with the GUI busy the poll may get its turn before the
        deadline timer does, and the DT must end however busy the loop is."""
        if self._service is None or self._closed:
            return
        try:
            version = self._service.store.version()
        except Exception:
            log.exception("cannot check the dungeon turn's version")
            return
        if self._view is None or version != self._view.version:
            self.refresh()
            self.log_changed.emit()
        else:
            self._arm(self._view, self.now())
        if not self._end_timer.fire_if_due() and not self._closed:
            self._warning_timer.fire_if_due()

    def _undo_index_changed(self, _index: int) -> None:
        if self._closed:
            return
        self.refresh()
        self.log_changed.emit()

    # acting ---------------------------------------------------------------------------------

    def run(self, command: Command) -> bool:
        """Do ``command`` as one undo step; False (and a message) when it was refused."""
        try:
            if self.undo_stack is not None:
                from refkit.gui.shell.undo_adapter import push_command

                push_command(self.undo_stack, command)
            else:
                command.do()
        except Exception as error:
            self._refused(error)
            self.refresh()
            return False
        self.refresh()
        self.log_changed.emit()
        return True

    def call(self, action: Callable[[], T]) -> T | None:
        """Run a service call that is not undoable (a setting); None and a message on refusal."""
        try:
            result = action()
        except Exception as error:
            self._refused(error)
            return None
        self.refresh()
        self.log_changed.emit()
        return result

    def _refused(self, error: Exception) -> None:
        from refkit.errors import DomainError
        from refkit.store.dungeon_turn_store import ConcurrentChangeError

        if not isinstance(error, ValueError | DomainError | ConcurrentChangeError):
            log.exception("a dungeon-turn step failed", exc_info=error)
        self.message.emit(str(error))

    # the steps the panels use ----------------------------------------------------------------

    def perform(
        self,
        make: Callable[Concatenate[DungeonTurnService, P], Command],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Any:
        """Run the command ``make(service, *args, **kwargs)`` (a class from
        :mod:`refkit.app.dungeon_turn_commands`) as one undo step; returns its outcome's value,
        or None if it was refused or the dungeon turn is not loaded yet."""
        if self._service is None:
            self.message.emit("The dungeon turn is still loading; try again in a moment")
            return None
        command = make(self._service, *args, **kwargs)
        if not self.run(command):
            return None
        outcome = getattr(command, "outcome", None)
        return None if outcome is None else outcome.value

    # The commands module is imported on first use, not with the panels: it brings the ORM,
    # which the read-ahead worker loads off the GUI thread.

    def start_turn(self, minutes: float | None = None, dungeon: str | None = None) -> int | None:
        """Start the next DT (or DT 1 on entering ``dungeon``); the DT number, or None."""
        from refkit.app.dungeon_turn_commands import StartTurnCommand

        result: int | None = self.perform(StartTurnCommand, minutes, dungeon)
        return result

    def pause(self) -> float | None:
        from refkit.app.dungeon_turn_commands import PauseCommand

        result: float | None = self.perform(PauseCommand)
        return result

    def resume(self) -> float | None:
        from refkit.app.dungeon_turn_commands import ResumeCommand

        result: float | None = self.perform(ResumeCommand)
        return result

    def adjust(self, minutes: float, reason: str = "") -> float | None:
        from refkit.app.dungeon_turn_commands import AdjustTimeCommand

        result: float | None = self.perform(AdjustTimeCommand, minutes, reason)
        return result

    def pause_retroactively(self, at: float, reason: str = "") -> float | None:
        from refkit.app.dungeon_turn_commands import PauseRetroactivelyCommand

        result: float | None = self.perform(PauseRetroactivelyCommand, at, reason)
        return result

    def set_length(self, minutes: float) -> int | None:
        from refkit.app.dungeon_turn_commands import SetLengthCommand

        result: int | None = self.perform(SetLengthCommand, minutes)
        return result

    def end_turn(self, *, at: float | None = None, automatic: bool = False) -> Any:
        from refkit.app.dungeon_turn_commands import EndTurnCommand

        result = self.perform(EndTurnCommand, at=at)
        if result is not None:
            self.turn_ended.emit(result, automatic)
        return result

    def loud_noise(self) -> EncounterCheckResult | None:
        from refkit.app.dungeon_turn_commands import LoudNoiseCommand

        result: EncounterCheckResult | None = self.perform(LoudNoiseCommand)
        return result

    def resolve_encounter(self, index: int) -> PendingEncounter | None:
        from refkit.app.dungeon_turn_commands import ResolveEncounterCommand

        result: PendingEncounter | None = self.perform(ResolveEncounterCommand, index)
        return result

    def start_rest(self) -> RestStart | None:
        from refkit.app.dungeon_turn_commands import StartRestCommand

        result: RestStart | None = self.perform(StartRestCommand)
        return result

    def rest_halfway(self) -> RestHalfway | None:
        from refkit.app.dungeon_turn_commands import RestHalfwayCommand

        result: RestHalfway | None = self.perform(RestHalfwayCommand)
        return result

    def rest_check(self, seclude: bool) -> RestEncounterCheck | None:
        from refkit.app.dungeon_turn_commands import RestEncounterCheckCommand

        result: RestEncounterCheck | None = self.perform(RestEncounterCheckCommand, seclude)
        return result

    def finish_rest(self, *, interrupted: bool = False) -> RestFinished | None:
        from refkit.app.dungeon_turn_commands import FinishRestCommand

        result: RestFinished | None = self.perform(FinishRestCommand, interrupted=interrupted)
        return result

    def add_light(self, preset: str, *, owner: str = "") -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import AddLightCommand

        result: TrackedEffect | None = self.perform(AddLightCommand, preset, owner=owner)
        return result

    def add_effect(
        self,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = "custom",
        **options: Any,
    ) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import AddEffectCommand

        result: TrackedEffect | None = self.perform(
            AddEffectCommand, name, usage_dice, modes, kind, **options
        )
        return result

    def douse(self, effect_id: str) -> DouseResult | None:
        from refkit.app.dungeon_turn_commands import DouseEffectCommand

        result: DouseResult | None = self.perform(DouseEffectCommand, effect_id)
        return result

    def relight(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RelightEffectCommand

        result: TrackedEffect | None = self.perform(RelightEffectCommand, effect_id)
        return result

    def refuel(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RefuelEffectCommand

        result: TrackedEffect | None = self.perform(RefuelEffectCommand, effect_id)
        return result

    def remove_effect(self, effect_id: str) -> TrackedEffect | None:
        from refkit.app.dungeon_turn_commands import RemoveEffectCommand

        result: TrackedEffect | None = self.perform(RemoveEffectCommand, effect_id)
        return result

    def update_settings(self, **changes: Any) -> DungeonSettings | None:
        """Change settings by name as one undo step (none when they are so already); the
        settings then, or None when refused."""
        from refkit.app.dungeon_turn_commands import UpdateSettingsCommand

        would = self._would_change(changes)
        if would is None or self._service is None:
            return None
        if not would:
            return self._service.settings()
        result: DungeonSettings | None = self.perform(UpdateSettingsCommand, **changes)
        return result

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
        message, for a bad value or while the dungeon turn is loading."""
        if self._service is None:
            self.message.emit("The dungeon turn is still loading; try again in a moment")
            return None
        try:
            return self._service.settings_steps.would_change(changes)
        except Exception as error:
            self._refused(error)
            return None

    # the clock's duties ---------------------------------------------------------------------

    def _arm(self, view: DungeonTurnView, now: float) -> None:
        clock = view.clock
        ends_at = clock.ends_at()
        if not view.settings.auto_end or ends_at is None:
            self._end_timer.disarm()
        elif ends_at == self._end_timer.deadline():
            pass  # armed already: the grace was judged when it was armed, not at every poll
        elif now - ends_at <= AUTO_END_GRACE_S:
            self._end_timer.arm(ends_at)
        else:  # found run out long ago (the app was closed): the referee decides
            self._end_timer.disarm()
        self._warning_timer.arm(self._next_warning(view, now))

    def _due(self, view: DungeonTurnView, now: float) -> tuple[int, ...]:
        due = view.clock.warnings_due(now, view.settings.warning_thresholds_s)
        return tuple(t for t in due if (view.clock.dt, t) not in self._warned)

    def _next_warning(self, view: DungeonTurnView, now: float) -> float | None:
        clock = view.clock
        if clock.state not in (ClockState.RUNNING, ClockState.PAUSED):
            return None
        if self._due(view, now):
            return now  # due already (an adjustment, a paused clock): at once
        ends_at = clock.ends_at()
        if ends_at is None:
            return None
        upcoming = [
            threshold
            for threshold in view.settings.warning_thresholds_s
            if threshold < clock.length_s and threshold not in clock.warnings_fired
        ]
        moments = [ends_at - threshold for threshold in upcoming if ends_at - threshold > now]
        return min(moments) if moments else None

    def _warning_due(self, _moment: float) -> None:
        view = self.refresh()
        if view is None:
            return
        due = self._due(view, self.now())
        if not due:
            return
        self._warned.update((view.clock.dt, threshold) for threshold in due)
        assert self._service is not None
        try:
            self._service.mark_warnings_fired(due)
        except Exception as error:  # still warn; the worst case is a second warning
            log.warning("cannot record the warning as shown: %s", error)
        self.warning.emit(min(due))
        self.refresh()

    def _auto_end(self, deadline: float) -> None:
        view = self.refresh()  # the latest state: the command line may have changed it
        if view is None or not view.settings.auto_end or view.clock.ends_at() != deadline:
            return
        self.last_auto_end_lateness = self.now() - deadline
        self.auto_ends += 1
        self.end_turn(at=deadline, automatic=True)
