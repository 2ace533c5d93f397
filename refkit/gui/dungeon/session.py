"""The desktop app's hold on the dungeon turn: the service, the latest view, and the clock's duties.

One :class:`DungeonTurnSession` is shared by the DT panel, the effects panel and the players'
window. It

* reads the state (``DungeonTurnService.view()``) after every step, after every undo or redo, and
  when a cheap version check every few seconds sees that another process (the command line)
  changed it — it never counts time itself;
* runs every change as an undoable command on the shared ``QUndoStack`` (through the one
  adapter, which writes in the window's worker), so End DT is a single undo step, and turns
  refusals into messages, never crashes —
  one typed method per step (``pause()``, ``end_turn()``, ``douse(effect_id)``,
  ``update_settings(...)``..., from :mod:`refkit.gui.dungeon.session_steps`);
* keeps the clock's promises even when no panel is visible: each warning threshold once per DT
  (``warning``), and, when auto-end is on, the end of the DT at zero (a precise timer armed for
  the moment the DT runs out; the next DT starts exactly then).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from refkit.gui.dungeon.deadlines import DeadlineTimer
from refkit.gui.dungeon.session_steps import DungeonSteps
from refkit.rules.dungeon.clock import ClockState

if TYPE_CHECKING:
    from refkit.app.dungeon_turn_service import (
        DungeonTurnService,
        DungeonTurnView,
    )
    from refkit.app.table_service import TableService
    from refkit.app.undo import Command

log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")

VERSION_POLL_MS = 2000
BUSY_RETRY_MS = 20
"""How soon a deadline that came due while a step was being written is tried again."""
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


class DungeonTurnSession(QObject, DungeonSteps):
    """Shared state and actions of the dungeon-turn screens (see the module docstring)."""

    view_changed = Signal(object)  # DungeonTurnView
    message = Signal(str)  # something to tell the referee (a refusal, a failure)
    message_withdrawn = Signal()  # the step said "not saved" was saved after all (a retry)
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
        self._checking = False  # a version check is on its way in the worker
        self._index_moves = 0  # how often the undo stack's index moved (each one refreshes)
        self._unsaved: Command | None = None  # the step last said "not saved"
        self._until_live: Callable[[], object] | None = None  # see show_stored
        self._unrecorded_warnings: set[int] = set()  # thresholds warned before the service
        self._rode: DungeonTurnView | None = None
        """The state read in the worker right after the last step (see :meth:`_ride`)."""
        if undo_stack is not None:
            undo_stack.indexChanged.connect(self._undo_index_changed)
            add_rider = getattr(undo_stack, "add_rider", None)
            if add_rider is not None:
                add_rider(self._ride)
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
            remove_rider = getattr(self.undo_stack, "remove_rider", None)
            if remove_rider is not None:
                with contextlib.suppress(RuntimeError):
                    remove_rider(self._ride)

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
        if self._unrecorded_warnings:  # warned while the stored state was shown
            due, self._unrecorded_warnings = tuple(sorted(self._unrecorded_warnings)), set()
            self._record_warnings(due)
        self.refresh()

    @property
    def service(self) -> DungeonTurnService | None:
        return self._service

    @property
    def table_service(self) -> TableService | None:
        return self._tables

    def ready(self) -> bool:
        return self._service is not None

    def show_stored(self, view: DungeonTurnView, until_live: Callable[[], object]) -> None:
        """Show ``view``, the stored state read before the service could be built (plain
        sqlite3, while the worker still imports the ORM): the clock runs on it and its
        deadlines are armed. A step asked for meanwhile first calls ``until_live``, which
        returns once the service is here (the window turning its event loop meanwhile), and
        then runs as usual, on the state as it is then."""
        if self._service is not None or self._closed:
            return
        self._until_live = until_live
        self._view = view
        self._arm(view, self.now())
        self.view_changed.emit(view)

    def live(self) -> bool:
        """True once the service is here; while only the stored state is shown, this waits
        for the service first (see :meth:`show_stored`)."""
        if self._service is None and self._until_live is not None and not self._closed:
            self._until_live()
        return self._service is not None

    def now(self) -> float:
        """The service's clock (the fake one in tests), else the wall clock."""
        return self._service.now() if self._service is not None else time.time()

    def view(self) -> DungeonTurnView | None:
        return self._view

    # reading --------------------------------------------------------------------------------

    def refresh(self) -> DungeonTurnView | None:
        """Read the state again (in the window's worker, off the GUI thread); ``view_changed``
        fires when it differs from the last one."""
        self._rode = None  # read now: what rode with an earlier step is older
        if self._service is None or self._closed:
            return self._view
        try:
            view = self.write(self._service.view)
        except Exception as error:  # the clock must keep showing: report and keep the last view
            log.exception("cannot read the dungeon turn")
            self.message.emit(f"Cannot read the dungeon turn: {error}")
            return self._view
        return self._show(view)

    def _show(self, view: DungeonTurnView) -> DungeonTurnView:
        if self._closed:
            return view
        changed = not _same_state(view, self._view)
        self._view = view
        self._arm(view, view.now)
        if changed:
            self.view_changed.emit(view)
        return view

    def check_for_outside_changes(self) -> None:
        """Refresh if another process wrote since the last read (one tiny query, in the worker:
        the GUI thread does not wait for it), and fire a deadline that has passed: with the GUI
        busy the poll may get its turn before the deadline timer does, and the DT must end
        however busy the loop is."""
        if self._service is None or self._closed:
            return
        if self._checking:  # the last check is still on its way (a long write before it)
            self._fire_if_due()
            return
        service, known = self._service, None if self._view is None else self._view.version

        def read() -> DungeonTurnView | None:
            return service.view() if service.store.version() != known else None

        self._checking = True
        self.read_later(read, self._outside_read)

    def _outside_read(self, view: DungeonTurnView | None, error: BaseException | None) -> None:
        self._checking = False
        if self._closed:
            return
        if error is not None:
            log.error("cannot check the dungeon turn's version", exc_info=error)
        elif view is not None:
            # A check queued before this window's own step may read after it: that step's move
            # has shown its state and announced its lines already, so say nothing new twice.
            news = self._view is None or view.version != self._view.version
            self._show(view)
            if news:
                self.log_changed.emit()
        elif self._view is not None:
            self._arm(self._view, self.now())
        self._fire_if_due()

    def _fire_if_due(self) -> None:
        if not self._end_timer.fire_if_due() and not self._closed:
            self._warning_timer.fire_if_due()

    def read_later(
        self,
        read: Callable[[], T],
        then: Callable[[T | None, BaseException | None], None],
    ) -> None:
        """``read()`` in the window's worker, then ``then(result, error)`` on the GUI thread;
        both here at once when there is no worker (a test's bare stack, an in-memory file)."""
        from refkit.gui.shell.undo_adapter import RefkitUndoStack

        worker = self.undo_stack.worker if isinstance(self.undo_stack, RefkitUndoStack) else None
        if worker is None or not worker.writes_here:
            try:
                result = read()
            except Exception as error:
                then(None, error)
                return
            then(result, None)
            return

        def done(future: Future[T]) -> None:
            if future.cancelled():  # dropped as the worker shut down
                self._checking = False
                return
            error = future.exception()
            then(None if error is not None else future.result(), error)

        try:
            worker.then(read, done)
        except RuntimeError:  # the worker was shut down: the window is closing
            self._checking = False

    def _undo_index_changed(self, index: int) -> None:
        if self._closed:
            return
        if self._unsaved is not None and self._top_command(index) is self._unsaved:
            self._unsaved = None  # the save-problem bar's retry got it in
            self.message_withdrawn.emit()
        self._index_moves += 1
        rode, self._rode = self._rode, None
        if rode is None:  # the index moved without a step's job (a discarded retry)
            self.refresh()
        else:
            self._show(rode)
        self.log_changed.emit()

    def _ride(self) -> None:
        """After each step, in its worker job: read the state the step may have changed, for
        the index's move to show without a wait of its own (a step elsewhere — a crow, a roll —
        can change the effects lit from a crow's items, so it is read after every step)."""
        self._rode = None
        service = self._service
        if service is not None and not self._closed:
            self._rode = service.view()

    def _top_command(self, index: int) -> object:
        adapter = self.undo_stack.command(index - 1) if self.undo_stack and index > 0 else None
        return getattr(adapter, "command", None)

    # acting ---------------------------------------------------------------------------------

    def run(self, command: Command) -> bool:
        """Do ``command`` as one undo step; False (and a message) when it was refused."""
        moves = self._index_moves
        try:
            if self.undo_stack is not None:
                from refkit.gui.shell.undo_adapter import push_command

                push_command(self.undo_stack, command)
            else:
                command.do()
        except Exception as error:
            from refkit.gui.shell.undo_adapter import EditNotSavedError

            self._unsaved = command if isinstance(error, EditNotSavedError) else None
            self._refused(error)
            self.refresh()
            return False
        if self._index_moves == moves:  # else the stack's move read the state just now
            self.refresh()
            self.log_changed.emit()
        return True

    def call(self, action: Callable[[], T]) -> T | None:
        """Run a service call that is not undoable (a setting); None and a message on refusal."""
        self.live()
        try:
            result = self.write(action)
        except Exception as error:
            self._refused(error)
            return None
        self.refresh()
        self.log_changed.emit()
        return result

    def write(self, action: Callable[..., T], *args: object) -> T:
        """``action(*args)``, a write that is not an undo step (rolling on the encounter table),
        where the undo stack writes (the window's worker), else here."""
        from refkit.gui.shell.undo_adapter import write_through

        return write_through(self.undo_stack, action, *args)

    def _not_now(self, again: Callable[[], None]) -> bool:
        """True when a deadline that came due must not act now: the session is closed, or an
        undo step is being written (the window turns its event loop meanwhile, so timers still
        fire); then ``again`` runs BUSY_RETRY_MS later, after that step."""
        from refkit.gui.shell.undo_adapter import RefkitUndoStack

        if self._closed:
            return True
        if isinstance(self.undo_stack, RefkitUndoStack) and self.undo_stack.is_running():
            QTimer.singleShot(BUSY_RETRY_MS, self, again)
            return True
        return False

    def refuse(self, error: Exception) -> None:
        """Say why a step was refused (and log one that is not the user's to fix)."""
        self._refused(error)

    def _refused(self, error: Exception) -> None:
        from refkit.errors import DomainError  # conflicts too (ConflictError)

        if not isinstance(error, ValueError | DomainError):
            log.exception("a dungeon-turn step failed", exc_info=error)
        self.message.emit(str(error))

    # the steps the panels use ----------------------------------------------------------------

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

    def _warning_due(self, moment: float) -> None:
        if self._not_now(lambda: self._warning_due(moment)):
            return
        view = self.refresh()
        if view is None:
            return
        due = self._due(view, self.now())
        if not due:
            return
        self._warned.update((view.clock.dt, threshold) for threshold in due)
        if self._service is None:  # only the stored state is shown: warn now, record it later
            self._unrecorded_warnings.update(due)
        else:
            self._record_warnings(due)
        self.warning.emit(min(due))
        self.refresh()

    def _record_warnings(self, due: tuple[int, ...]) -> None:
        assert self._service is not None
        try:
            self.write(self._service.mark_warnings_fired, due)
        except Exception as error:  # still warned; the worst case is a second warning
            log.warning("cannot record the warning as shown: %s", error)

    def _auto_end(self, deadline: float) -> None:
        if self._not_now(lambda: self._auto_end(deadline)):
            return
        view = self.refresh()  # the latest state: the command line may have changed it
        if view is None or not view.settings.auto_end or view.clock.ends_at() != deadline:
            return
        self.last_auto_end_lateness = self.now() - deadline
        self.auto_ends += 1
        self.end_turn(at=deadline, automatic=True)
