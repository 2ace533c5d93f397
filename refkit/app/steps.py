"""The step runner: one change to a versioned aggregate, worked out purely and written all or none.

An *aggregate* is state that is read and written as a whole and carries a version (the dungeon
turn; later a spellbook, a travel day, a crafting project). A *step* is a pure function from the
state read and the moment to a :class:`Planned` result: the new state, what to give the caller,
and the session-log lines to write. :class:`StepRunner` loads the state, runs the step, writes the
new state only if the stored version is still the one read. It opens no unit of work: the runner
of the user's step (the window's undo stack, the command line's ``Services.do``) has opened the
one unit the whole step writes in, so a step that raises, a failed write or the work joined to it
(conditions, hooks) keeps nothing. When another process wrote between the read and the write,
the step is worked out again on the fresh state (a few times at most; the conditional write
holds the write lock by then) and otherwise refused with the aggregate's own stale-version
error.

Every run returns an :class:`Outcome` whose :class:`Change` is what undo needs:
:meth:`StepRunner.revert` puts the state before back and :meth:`StepRunner.reapply` the state after,
each refusing with :class:`~refkit.app.undo.UndoConflictError`, changing nothing, when the stored
state is no longer the one the change left behind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from refkit.app.undo import UndoConflictError

S = TypeVar("S")
T = TypeVar("T")
C = TypeVar("C", bound="Change[Any]")

SAVE_ATTEMPTS = 3
"""How often a step is worked out again when another process wrote in between."""


@dataclass(frozen=True)
class LogLine:
    """A session-log entry a step writes with its state. ``dt``: the dungeon turn it concerns
    (None: the aggregate's own choice, the DT current when the step was read)."""

    kind: str
    text: str
    detail: Mapping[str, Any] = field(default_factory=dict)
    dt: int | None = None


@dataclass(frozen=True)
class Planned(Generic[S, T]):
    """What a pure step worked out on one state: ``text`` names it in the Edit menu."""

    text: str
    state: S
    value: T
    log: tuple[LogLine, ...] = ()


@dataclass(frozen=True)
class Loaded(Generic[S]):
    """An aggregate's state as read, with the version read (0: never written)."""

    state: S
    version: int


@dataclass(frozen=True)
class Saved:
    """What a write did: the version now stored and the ids of the log entries it added."""

    version: int
    log_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Change(Generic[S]):
    """One applied step: the state before and after, the version right after it, and the log
    entries it wrote (marked undone by an undo, done again by a redo)."""

    text: str
    before: S
    after: S
    version: int
    log_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome(Generic[S, T]):
    """What a run did: the step's value, the change (for undo) and the moment the step used."""

    value: T
    change: Change[S]
    now: float


class Aggregate(Protocol[S]):
    """Where one versioned aggregate is kept (a repository adapter)."""

    @property
    def stale_error(self) -> type[Exception]:
        """The error :meth:`save` raises when the stored version is not the one read."""
        ...

    def load(self) -> Loaded[S]:
        """The stored state and its version."""
        ...

    def save(
        self,
        read: Loaded[S],
        state: S,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        """Write ``state`` if the stored version is still ``read.version`` (else raise
        :attr:`stale_error`, writing nothing); add ``log`` stamped ``at`` (epoch seconds), and mark
        earlier entries undone / done again."""
        ...

    def same(self, stored: S, expected: S) -> bool:
        """Whether ``stored`` is still ``expected`` for undo (bookkeeping such as warnings
        shown may differ)."""
        ...


class StepRunner(Generic[S]):
    """Runs steps on one aggregate (see the module docstring). ``clock`` gives epoch seconds."""

    def __init__(
        self,
        aggregate: Aggregate[S],
        clock: Callable[[], float],
        *,
        attempts: int = SAVE_ATTEMPTS,
        what: str = "the state",
    ) -> None:
        if attempts < 1:
            raise ValueError(f"a step needs at least one attempt, got {attempts}")
        self.aggregate = aggregate
        self._clock = clock
        self._attempts = attempts
        self._what = what

    def run(
        self,
        step: Callable[[S, float], Planned[S, T]],
        *,
        joined: Callable[[Outcome[S, T]], None] | None = None,
    ) -> Outcome[S, T]:
        """Run ``step`` and write its result. ``joined`` runs after the write in the same unit of
        work (the conditions the step changed, say): if it raises, nothing of the step is kept.

        Raises what the step raises (nothing written), or the aggregate's stale-version error
        when every attempt found the state changed by someone else in between.
        """
        stale = self.aggregate.stale_error
        last: Exception | None = None
        for _ in range(self._attempts):
            try:
                read = self.aggregate.load()
                now = float(self._clock())
                planned = step(read.state, now)
                saved = self.aggregate.save(read, planned.state, log=planned.log, at=now)
                change = Change(
                    planned.text, read.state, planned.state, saved.version, saved.log_ids
                )
                outcome = Outcome(planned.value, change, now)
                if joined is not None:
                    joined(outcome)
                return outcome
            except stale as error:  # someone wrote in between: work it out again
                last = error
        assert last is not None
        raise last

    def revert(self, change: C, *, joined: Callable[[C], None] | None = None) -> C:
        """Undo ``change``: its state before back, its log entries marked undone. Returns the
        change to redo. UndoConflictError, changing nothing, when the state moved on since."""
        return self._swap(change, change.after, change.before, "undo", joined)

    def reapply(self, change: C, *, joined: Callable[[C], None] | None = None) -> C:
        """Redo ``change`` after :meth:`revert`: the same state after again, no new rolls."""
        return self._swap(change, change.before, change.after, "redo", joined)

    def _swap(
        self,
        change: C,
        expected: Any,
        target: Any,
        action: str,
        joined: Callable[[C], None] | None,
    ) -> C:
        undoing = action == "undo"
        read = self.aggregate.load()
        if not self.aggregate.same(read.state, expected):
            raise UndoConflictError(
                f"cannot {action} {change.text!r}: {self._what} changed since "
                "(here or in another window or the command line); nothing was changed"
            )
        try:
            saved = self.aggregate.save(
                read,
                target,
                mark_undone=change.log_ids if undoing else (),
                mark_done=() if undoing else change.log_ids,
            )
        except self.aggregate.stale_error as error:
            raise UndoConflictError(f"cannot {action} {change.text!r}: {error}") from None
        if joined is not None:
            joined(change)
        return replace(change, version=saved.version)
