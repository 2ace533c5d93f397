"""The single bridge between ``refkit.app`` commands and Qt's undo stack.

Every undoable edit in the app is a plain :class:`refkit.app.undo.Command`; this adapter is the only
``QUndoCommand`` subclass. ``QUndoStack.push`` calls ``redo()`` at once, which runs ``do()``.

If ``do()`` raises, nothing was changed (commands are written that way), so :func:`push_command`
removes the half-pushed entry again and re-raises: the stack never holds an edit that did not
happen.

Undo and redo from the Edit menu can fail too (another process changed the dungeon turn in
between, say): the command then refuses, changing nothing. The adapter marks itself obsolete so
Qt drops it (it can no longer be undone), and a :class:`RefkitUndoStack` says why through its
``command_failed`` signal, which the window shows.

A step that fails because the database could not be written (locked, full, read-only) is different:
the edit is still wanted. A :class:`RefkitUndoStack` then sends a :class:`SaveProblem` through
``write_failed`` — with Retry (run the same step again) and Discard (give it up) — which the window
keeps in its save-problem bar; :func:`push_command` raises :class:`EditNotSavedError`, a
ValueError, so panels show the reason as they show any refusal. Before any step runs, edits still
waiting in an editor (notes save 1.5 s after typing stops) are saved first
(:meth:`RefkitUndoStack.save_pending_edits`), so nothing that reloads a view throws typing away.

A :class:`RefkitUndoStack` given the window's worker (:meth:`RefkitUndoStack.write_with`) runs
each step's ``do()`` and ``undo()`` there (:meth:`~refkit.gui.shell.worker.Worker.wait_for`): the
window keeps painting and its clock keeps running while the database is written. A command that
edits something living in the window instead (a map being painted) says so with a true
``in_window`` attribute and runs on the GUI thread.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import shiboken6
from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from refkit.app.undo import Command
from refkit.errors import ConflictError, DomainError
from refkit.gui.shell.save_problem_bar import SaveProblem, passes_by_itself, reason_of
from refkit.store.errors import DatabaseError, waiting_out_locks

if TYPE_CHECKING:
    from refkit.gui.shell.worker import Worker

log = logging.getLogger(__name__)
T = TypeVar("T")

LOCK_WAIT_S = 0.5
"""How long a write in the worker waits out another program's lock, trying again every
LOCK_RETRY_S, before it goes to the save-problem bar (which tries on by itself): long enough for
a command-line step to finish, short enough that the user's clicks are not held back for long."""
LOCK_RETRY_S = 0.05

UnitOfWork = Callable[[], AbstractContextManager[object]]
"""Opens one transaction for everything the database's repositories write inside it."""

PendingSaver = Callable[[], None]
"""Saves edits typed but not yet saved (an editor's debounce); must not raise."""

_problem_numbers = itertools.count(1)

UNDO_DEPTH_KEY = "undo/depth"
"""The settings key for how many steps Undo can go back (the oldest are dropped beyond it)."""
DEFAULT_UNDO_DEPTH = 200
"""A long evening's worth: each step keeps what it needs to be undone (a crow before and after
an attack), so an unbounded stack grew through the evening (issue 30 §6)."""
MAX_UNDO_DEPTH = 10_000


def undo_depth(settings: QSettings) -> int:
    """The undo depth the settings ask for (``undo/depth``, 1 to MAX_UNDO_DEPTH), else the
    default: a value that is not a whole number in range is ignored, and logged."""
    value = settings.value(UNDO_DEPTH_KEY)
    if value is None:
        return DEFAULT_UNDO_DEPTH
    try:
        depth = int(str(value).strip())
    except ValueError:
        depth = 0
    if 1 <= depth <= MAX_UNDO_DEPTH:
        return depth
    log.warning(
        "%s in the settings is %r, not a whole number from 1 to %d: %d steps are kept",
        UNDO_DEPTH_KEY, value, MAX_UNDO_DEPTH, DEFAULT_UNDO_DEPTH,
    )  # fmt: skip
    return DEFAULT_UNDO_DEPTH


def _never() -> bool:
    return False


class EditNotSavedError(DomainError, ValueError):
    """An edit that could not be written; the window's save-problem bar offers to retry it."""

    def __init__(self, what: str, cause: DatabaseError) -> None:
        super().__init__(f"{what} was not saved: {reason_of(cause)}")
        self.cause = cause


class RefkitUndoStack(QUndoStack):
    """The app's undo stack: reports refused and unsaved steps, and saves pending edits first."""

    command_failed = Signal(str)
    """An undo or redo was refused by the rules (a message for the status bar)."""
    write_failed = Signal(object)
    """A step could not be written to the database (a SaveProblem for the save-problem bar)."""
    settled = Signal()
    """No push, undo or redo is under way any more (the last one ended, saved or not)."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._pending: list[PendingSaver] = []
        self._saving_pending = False
        self._running = 0
        self._later: list[CommandAdapter] = []
        """Steps done while another was being pushed (started from input the window took
        meanwhile), put on the stack after it: the order they were saved in."""
        self._worker: Worker | None = None
        self._unit_of_work: UnitOfWork | None = None
        self._in_unit: Callable[[], bool] = _never
        self._riders: list[Callable[[], None]] = []

    def __del__(self) -> None:
        # Python's collector runs every finalizer of a garbage cycle before it clears any object
        # in it (PEP 442). Clearing shiboken's wrappers one at a time hands a step's wrapper the
        # ownership of a step this stack still holds (PYSIDE-2221, every released 6.x): a step
        # cleared before its stack was deleted twice, a crash. So the steps go first, here, by
        # the stack itself, while everything is whole; nobody is told, as nobody is left to see.
        if shiboken6.isValid(self):
            self.blockSignals(True)
            self.clear()

    def write_with(
        self,
        worker: Worker | None,
        unit_of_work: UnitOfWork | None = None,
        in_unit: Callable[[], bool] = _never,
    ) -> None:
        """Run the steps' database work in ``worker`` (None: on the calling thread), each step's
        do or undo — and each write that is not an undo step — inside one ``unit_of_work()``
        (None: no unit, for a stack on no database). ``in_unit`` says whether the calling
        thread is inside one already (a write a running step makes is part of that step)."""
        self._worker = worker
        self._unit_of_work = unit_of_work
        self._in_unit = in_unit

    @property
    def worker(self) -> Worker | None:
        """The worker the steps write in (None: the calling thread)."""
        return self._worker

    def run_step(self, command: Command, step: Callable[[], T]) -> T:
        """``step`` (``command``'s do or undo) where it belongs: in the worker, unless there is
        none or the command edits something in the window; in one unit of work either way, so
        everything the step writes is committed together or not at all."""
        if getattr(command, "in_window", False):  # on the GUI thread: its readers read later
            return self.in_one_unit(step)
        unit = partial(self.in_one_unit, step)
        then = getattr(command, "ride_after_step", None)
        if self._worker is None:
            return self._step_then_ride(unit, then)
        return self._worker.wait_for(self._step_then_ride, unit, then)

    def add_rider(self, rider: Callable[[], None]) -> None:
        """Call ``rider()`` after every step's do or undo, in the same worker job once its unit
        of work is committed (not after a step that edits something in the window, run on the
        GUI thread, where it would run statements): a panel reads there what the step may have
        changed and keeps it for the GUI thread, which then shows the step without waiting on
        the worker again (each wait holds the press back two to three times the read's own
        time)."""
        self._riders.append(rider)

    def remove_rider(self, rider: Callable[[], None]) -> None:
        if rider in self._riders:
            self._riders.remove(rider)

    def _step_then_ride(self, unit: Callable[[], T], then: Callable[[], None] | None = None) -> T:
        """The step's unit, then the riders, then ``then()`` — the command's own
        ``ride_after_step`` (the attack window logs its roll and reads what it shows next there),
        which keeps what it raises for the command's caller."""
        result = _waiting_out_locks(unit)
        for rider in list(self._riders):
            try:
                rider()
            except Exception:  # the step is saved; its reader reads again on the GUI side
                log.exception("a read riding with a step failed")
        if then is not None:
            then()
        return result

    def in_one_unit(self, function: Callable[[], T]) -> T:
        """``function()`` inside one unit of work of the database: the one this stack opens for
        it, or — for a write made by a step already running in this thread — that step's."""
        if self._unit_of_work is None or self._in_unit():
            return function()
        with self._unit_of_work():
            return function()

    def write(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` (a step's do or undo, or a write that is not an undo step: a setting,
        a warning shown, a roll logged) in one unit of work, in the worker the steps use, or
        here when there is none. In the worker, another program's lock is waited out for up to
        LOCK_WAIT_S, each try in a unit of its own."""
        step = partial(self.in_one_unit, partial(function, *args))
        if self._worker is None:
            return step()
        return self._worker.wait_for(_waiting_out_locks, step)

    # -- edits waiting in editors --------------------------------------------------------------

    def add_pending_saver(self, saver: PendingSaver) -> None:
        """Call ``saver`` before every step, so typing waiting to be saved goes in first."""
        self._pending.append(saver)

    def remove_pending_saver(self, saver: PendingSaver) -> None:
        if saver in self._pending:
            self._pending.remove(saver)

    def is_running(self) -> bool:
        """True while a push, undo or redo is under way (a nested push must wait)."""
        return self._running > 0

    def save_pending_edits(self) -> None:
        """Save what editors hold but have not saved yet (not while a step is running)."""
        if self._saving_pending or self._running:
            return
        self._saving_pending = True
        try:
            for saver in list(self._pending):
                try:
                    saver()
                except RuntimeError:  # its editor was deleted with the window
                    self.remove_pending_saver(saver)
        finally:
            self._saving_pending = False

    # -- steps ---------------------------------------------------------------------------------

    def undo(self) -> None:
        if self._refused_while_running("Undo"):
            return
        self.save_pending_edits()
        self._running += 1
        try:
            super().undo()
        finally:
            self._step_ended()

    def redo(self) -> None:
        if self._refused_while_running("Redo"):
            return
        self.save_pending_edits()
        self._running += 1
        try:
            super().redo()
        finally:
            self._step_ended()

    def push(self, cmd: QUndoCommand) -> None:
        self._running += 1
        try:
            super().push(cmd)
        finally:
            self._step_ended()

    def _step_ended(self) -> None:
        self._running -= 1
        self._push_later()
        if not self._running:
            self.settled.emit()

    def _refused_while_running(self, step: str) -> bool:
        """An undo or redo pressed while a step is being saved (the window takes input
        meanwhile) would act on a stack about to change: refused, and said."""
        if not self._running:
            return False
        self.command_failed.emit(f"{step} waits: the last step is still being saved")
        return True

    def push_done(
        self, command: Command, report: bool, make: Callable[[], Command] | None
    ) -> CommandAdapter:
        """Do ``command`` while another step is being pushed (from input taken meanwhile, or
        by that step itself): saved now, in the worker after that one, and put on the stack
        right after it. Raises as :func:`push_command` does."""
        adapter = CommandAdapter(command, self)
        try:
            self.run_step(command, command.do)
        except DatabaseError as error:
            if report:
                self.report_unsaved_push(command, error, make)
            raise EditNotSavedError(f"“{command.text}”", error) from error
        adapter.setText(command.text)
        adapter.skip_next_step()  # done already: pushing it only records it
        adapter._pushed = True
        self._later.append(adapter)
        return adapter

    def _push_later(self) -> None:
        while not self._running and self._later:
            adapter = self._later.pop(0)
            self._running += 1
            try:
                super().push(adapter)
            finally:
                self._running -= 1

    def report_unsaved_push(
        self,
        command: Command,
        error: DatabaseError,
        make: Callable[[], Command] | None = None,
    ) -> None:
        """Say that ``command`` was not saved; Retry pushes it again — made again by ``make``
        (the step worked out from the stored state) when there is one, since an edit saved
        meanwhile (typed notes retried first) moved that state on."""

        def retry() -> None:
            if make is None:
                push_command(self, command, report=False)
            else:
                push_made(self, make, report=False)

        self.write_failed.emit(
            SaveProblem(
                key=f"step:{next(_problem_numbers)}",
                what=f"“{command.text}”",
                reason=reason_of(error),
                retry=retry,
                passing=passes_by_itself(error),
            )
        )

    def _report_unsaved_step(
        self, adapter: CommandAdapter, step: str, error: DatabaseError
    ) -> None:
        """An undo or redo moved the stack's index but could not write: offer to finish it."""
        undoing = step == "Undo"

        def retry() -> None:
            adapter.run_step(undoing)

        def discard() -> None:
            # The data still match the other side of the step: move the index back there
            # without running the command again.
            at = self.index()
            if (self.command(at) if undoing else self.command(at - 1)) is adapter:
                adapter.skip_next_step()
                if undoing:
                    self.redo()
                else:
                    self.undo()

        self.write_failed.emit(
            SaveProblem(
                key=f"step:{next(_problem_numbers)}",
                what=f"{step} of “{adapter.command.text}”",
                reason=reason_of(error),
                retry=retry,
                discard=discard,
                passing=passes_by_itself(error),
            )
        )


class CommandAdapter(QUndoCommand):
    """Wraps one app command; redo → ``do()``, undo → ``undo()``, text → ``text``."""

    def __init__(self, command: Command, stack: QUndoStack | None = None) -> None:
        super().__init__(command.text)
        self._command = command
        # Weakly: the stack keeps its steps, and a step keeping its stack made a cycle that
        # only the collector could free (a bare stack has no finalizer to free it safely).
        self._stack_ref = None if stack is None else weakref.ref(stack)
        self._pushed = False
        self._skip_next = False
        self.error: BaseException | None = None

    @property
    def command(self) -> Command:
        return self._command

    @property
    def _stack(self) -> QUndoStack | None:
        return None if self._stack_ref is None else self._stack_ref()

    def skip_next_step(self) -> None:
        """Let the next undo or redo move the stack's index only (the data are there already)."""
        self._skip_next = True

    def run_step(self, undoing: bool) -> None:
        """Run the command's undo (or do) again, raising what it raises (a retried step)."""
        self._run(self._command.undo if undoing else self._command.do)
        self.setText(self._command.text)

    def redo(self) -> None:
        # Qt calls this from C++, where a Python exception would only be printed; keep it and let
        # push_command() raise it in the caller's frame (or report it, on a later redo).
        if self._skip_next:
            self._skip_next = False
            return
        try:
            self._run(self._command.do)
        except Exception as error:
            self._refused("Redo", error)
        else:
            self.error = None
        self.setText(self._command.text)

    def undo(self) -> None:
        if self._skip_next:
            self._skip_next = False
            return
        try:
            self._run(self._command.undo)
        except Exception as error:
            self._refused("Undo", error)
        self.setText(self._command.text)

    def _run(self, step: Callable[[], None]) -> None:
        if isinstance(self._stack, RefkitUndoStack):
            self._stack.run_step(self._command, step)
        else:
            step()

    def _refused(self, step: str, error: Exception) -> None:
        self.error = error
        if (
            isinstance(error, DatabaseError)
            and self._pushed
            and isinstance(self._stack, RefkitUndoStack)
        ):
            # Not refused by the rules but unwritten: keep the step so it can be retried.
            self.error = None
            self._stack._report_unsaved_step(self, step, error)
            return
        self.setObsolete(True)
        if self._pushed and isinstance(self._stack, RefkitUndoStack):
            self.error = None
            self._stack.command_failed.emit(f"{step} of “{self._command.text}” refused: {error}")


def write_through(
    stack: QUndoStack | None, function: Callable[..., T], *args: Any, **kwargs: Any
) -> T:
    """``function(*args, **kwargs)``, a write that is not an undo step (saving a map, rolling on
    a table), where ``stack`` writes: the window's worker for a :class:`RefkitUndoStack`, else
    here."""
    if isinstance(stack, RefkitUndoStack):
        return stack.write(partial(function, *args, **kwargs))
    return function(*args, **kwargs)


class ThroughWorker:
    """``target`` with every method call run where ``stack`` writes (the window's worker, off
    the GUI thread), for a panel that reads a repository directly (the session log)."""

    def __init__(self, target: object, stack: QUndoStack | None) -> None:
        self._target = target
        self._stack = stack

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._target, name)
        if not callable(found):
            return found
        return partial(write_through, self._stack, found)


def read_later(
    stack: QUndoStack | None,
    read: Callable[[], T],
    then: Callable[[T], None],
    failed: Callable[[BaseException], None],
) -> None:
    """``read()`` where ``stack`` writes (the window's worker) without waiting for it: then
    ``then(result)`` or ``failed(error)`` on the GUI thread when it is done; both at once when
    there is no worker (a bare stack, an in-memory database). Nothing is called when the
    worker shut down meanwhile (the window closed)."""
    worker = stack.worker if isinstance(stack, RefkitUndoStack) else None
    if (
        worker is None
        or not worker.writes_here
        or threading.current_thread() is not threading.main_thread()
    ):
        try:
            result = read()
        except Exception as error:
            failed(error)
            return
        then(result)
        return

    def done(future: Future[T]) -> None:
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            failed(error)
        else:
            then(future.result())

    with contextlib.suppress(RuntimeError):  # shut down: the window is closing
        worker.then(read, done)


WRITE_HERE = partial(write_through, None)
"""``WRITE_HERE(function, *args, **kwargs)`` calls the function on the calling thread: the
default of a panel's ``write=`` keyword (the window passes ``partial(write_through, its undo
stack)``)."""


def _waiting_out_locks(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, tried again while another program's lock is in the way (worker thread
    only: on the GUI thread waiting would freeze the window). A write refused by a lock changed
    nothing (its unit of work rolled back), so trying it again is what Retry does."""
    if threading.current_thread() is threading.main_thread():
        return function(*args)
    return waiting_out_locks(partial(function, *args), LOCK_WAIT_S, LOCK_RETRY_S)


STEP_ATTEMPTS = 3
"""How often a step worked out from the stored state is made again when another window or the
command line saved that state between the read and the write."""


def push_made(
    stack: QUndoStack, make: Callable[[], Command], *, report: bool = True
) -> CommandAdapter:
    """Make a step with ``make()`` (which reads the state it is worked out from) and push it.

    A step refused because someone saved that state between the read and the write
    (ConflictError from its ``do()``, nothing written, stack unchanged) is made again on the
    fresh state, up to STEP_ATTEMPTS times: damage, a move, a rest are meant for the crow as it
    is now. What ``make()`` itself refuses (a rule, typing over text changed elsewhere) is
    raised at once, and so is the last conflict.
    """
    for attempt in range(1, STEP_ATTEMPTS + 1):
        command = write_through(stack, make)  # its reads in the worker, off the GUI thread
        try:
            return push_command(stack, command, report=report, make=make)
        except ConflictError:
            if attempt == STEP_ATTEMPTS:
                raise
            log.info("%s: the state changed meanwhile; worked out again", command.text)
    raise AssertionError("unreachable: the last attempt returns or raises")


def push_command(
    stack: QUndoStack,
    command: Command,
    *,
    report: bool = True,
    make: Callable[[], Command] | None = None,
) -> CommandAdapter:
    """Do ``command`` and put it on ``stack``; re-raises what ``do()`` raised (stack unchanged).

    On a :class:`RefkitUndoStack`, edits waiting in editors are saved first, and a failed
    database write is raised as EditNotSavedError (and, with ``report``, sent to ``write_failed``
    so the window offers to retry it — made again by ``make`` if given; a retry itself does not
    report again).
    """
    refkit_stack = isinstance(stack, RefkitUndoStack)
    if refkit_stack and stack.is_running():
        return stack.push_done(command, report, make)
    if refkit_stack:
        stack.save_pending_edits()
    adapter = CommandAdapter(command, stack)
    stack.push(adapter)
    adapter._pushed = True
    if adapter.error is not None:
        error = adapter.error
        adapter.error = None
        if refkit_stack and isinstance(error, DatabaseError):
            if report:
                stack.report_unsaved_push(command, error, make)
            raise EditNotSavedError(f"“{command.text}”", error) from error
        raise error
    return adapter
