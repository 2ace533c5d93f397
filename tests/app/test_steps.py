"""The step runner on its own, with a tiny in-memory aggregate: a tally of marks with a version."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

from refkit.app.steps import Loaded, LogLine, Planned, Saved, StepRunner
from refkit.app.undo import UndoConflictError


class StaleTally(Exception):
    """The tally's stored version is not the one read."""


@dataclass
class Stored:
    marks: int = 0
    version: int = 0
    log: list[tuple[int, str, bool]] = field(default_factory=list)  # (id, text, undone)


class TallyStore:
    """A versioned aggregate in memory whose unit of work is all or nothing, like a transaction.

    ``interfere`` runs right after a load (another process writing in between)."""

    stale_error = StaleTally

    def __init__(self) -> None:
        self.stored = Stored()
        self.interfere: Callable[[], None] | None = None
        self.saves = 0
        self._open = 0
        self._kept: Stored | None = None  # the state before this unit of work's first write

    def load(self) -> Loaded[int]:
        read = Loaded(self.stored.marks, self.stored.version)
        if self.interfere is not None:
            self.interfere()
        return read

    def save(
        self,
        read: Loaded[int],
        state: int,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        if self.stored.version != read.version:
            raise StaleTally(f"expected version {read.version}, found {self.stored.version}")
        if self._open and self._kept is None:  # the first write of this unit of work
            self._kept = Stored(self.stored.marks, self.stored.version, list(self.stored.log))
        self.saves += 1
        self.stored.marks = state
        self.stored.version += 1
        ids = []
        for line in log:
            ids.append(len(self.stored.log) + 1)
            self.stored.log.append((ids[-1], line.text, False))
        self.stored.log = [
            (i, text, True if i in mark_undone else False if i in mark_done else undone)
            for i, text, undone in self.stored.log
        ]
        return Saved(self.stored.version, tuple(ids))

    def same(self, stored: int, expected: int) -> bool:
        return stored == expected

    @contextmanager
    def unit_of_work(self) -> Iterator[object]:
        if self._open:  # joins the one already open
            yield self
            return
        self._open += 1
        try:
            yield self
        except BaseException:
            if self._kept is not None:  # roll back this unit's writes (not other processes')
                self.stored = self._kept
            raise
        finally:
            self._open -= 1
            self._kept = None

    def other_process_adds(self, marks: int) -> None:
        """A write by someone else, outside this runner's unit of work."""
        self.stored = Stored(
            self.stored.marks + marks, self.stored.version + 1, list(self.stored.log)
        )


def add(marks: int) -> Callable[[int, float], Planned[int, int]]:
    def step(tally: int, now: float) -> Planned[int, int]:
        return Planned(
            f"Add {marks}", tally + marks, tally + marks, (LogLine("tally", f"+{marks}"),)
        )

    return step


@pytest.fixture
def store() -> TallyStore:
    return TallyStore()


@pytest.fixture
def runner(store: TallyStore) -> StepRunner[int]:
    return StepRunner(store, lambda: 1000.0, what="the tally")


def test_a_step_is_written_with_its_log_and_its_change(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    outcome = runner.run(add(3))
    assert (outcome.value, outcome.now) == (3, 1000.0)
    assert (outcome.change.before, outcome.change.after, outcome.change.version) == (0, 3, 1)
    assert store.stored.marks == 3
    assert store.stored.log == [(1, "+3", False)]
    assert outcome.change.log_ids == (1,)


def test_a_step_that_raises_leaves_nothing_changed(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    runner.run(add(2))

    def broken(tally: int, now: float) -> Planned[int, int]:
        raise ValueError("no such mark")

    with pytest.raises(ValueError, match="no such mark"):
        runner.run(broken)
    assert (store.stored.marks, store.stored.version, len(store.stored.log)) == (2, 1, 1)


def test_work_joined_to_the_step_that_raises_keeps_nothing_of_the_step(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    def joined(_outcome: object) -> None:
        raise RuntimeError("the hook failed")

    # The runner of the user's step opens the unit of work (the runner of a step opens none).
    with pytest.raises(RuntimeError, match="the hook failed"), store.unit_of_work():
        runner.run(add(4), joined=joined)
    assert (store.stored.marks, store.stored.version, store.stored.log) == (0, 0, [])


def test_a_step_is_worked_out_again_on_the_state_someone_else_wrote(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    writes = iter([10])

    def once() -> None:
        marks = next(writes, None)
        if marks is not None:
            store.other_process_adds(marks)

    store.interfere = once
    outcome = runner.run(add(1))
    assert outcome.change.before == 10  # the fresh state, not the one read first
    assert store.stored.marks == 11


def test_a_stale_version_every_time_is_refused_and_nothing_is_written(
    store: TallyStore,
) -> None:
    runner = StepRunner(store, lambda: 0.0, attempts=3)
    store.interfere = lambda: store.other_process_adds(1)
    with pytest.raises(StaleTally, match="expected version"):
        runner.run(add(5))
    assert store.saves == 0
    assert store.stored.marks == 3  # only the other process's three writes
    assert store.stored.log == []


def test_undo_and_redo_put_the_states_back_and_mark_the_log(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    change = runner.run(add(3)).change
    undone = runner.revert(change)
    assert store.stored.marks == 0
    assert store.stored.log == [(1, "+3", True)]
    redone = runner.reapply(undone)
    assert store.stored.marks == 3
    assert store.stored.log == [(1, "+3", False)]
    assert redone.version == store.stored.version


def test_undo_is_refused_changing_nothing_when_the_state_moved_on(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    change = runner.run(add(3)).change
    store.other_process_adds(1)
    with pytest.raises(UndoConflictError, match="the tally changed since"):
        runner.revert(change)
    assert (store.stored.marks, store.stored.log) == (4, [(1, "+3", False)])


def test_undo_is_refused_when_someone_writes_between_its_read_and_its_write(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    change = runner.run(add(3)).change
    writes = [2]
    store.interfere = lambda: store.other_process_adds(writes.pop()) if writes else None
    with pytest.raises(UndoConflictError, match="expected version"):
        runner.revert(change)
    assert store.stored.marks == 5  # the other write stands; the undo wrote nothing


def test_undo_with_joined_work_that_raises_keeps_the_state_after(
    store: TallyStore, runner: StepRunner[int]
) -> None:
    change = runner.run(add(3)).change

    def joined(_change: object) -> None:
        raise RuntimeError("giving the conditions back failed")

    with pytest.raises(RuntimeError), store.unit_of_work():
        runner.revert(change, joined=joined)
    assert (store.stored.marks, store.stored.log) == (3, [(1, "+3", False)])


def test_a_runner_needs_one_attempt_at_least(store: TallyStore) -> None:
    with pytest.raises(ValueError, match="at least one attempt"):
        StepRunner(store, lambda: 0.0, attempts=0)
