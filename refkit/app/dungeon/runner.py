"""The dungeon turn on the step runner: its aggregate in the database, and the conditions and
hooks each step joins.

:class:`DungeonTurnAggregate` adapts a :class:`~refkit.app.ports.DungeonTurnStorage` to
:class:`~refkit.app.steps.Aggregate`; :class:`TurnRunner` is what the concern modules (clock,
turn end, rests, effects) share: it runs a pure step whose value says which conditions it
changed, writes those conditions in the same unit of work, and undoes and redoes both together.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Generic, TypeAlias, TypeVar

from refkit.app.dungeon.carried import CarriedItems, burnt, synced
from refkit.app.dungeon.conditions import (
    ConditionsKeeper,
    changed_conditions,
    move_conditions,
    read_conditions,
)
from refkit.app.dungeon.state import DungeonTurnChange, DungeonTurnState, Outcome
from refkit.app.ports import DungeonTurnStorage
from refkit.app.steps import SAVE_ATTEMPTS, Loaded, LogLine, Planned, Saved, StepRunner
from refkit.app.steps import Outcome as StepOutcome
from refkit.app.undo import CompositeCommand, FunctionCommand, as_command
from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.store.errors import ConcurrentChangeError
from refkit.store.records import SessionLogEntry

T = TypeVar("T")
Clock = Callable[[], float]
RngFactory = Callable[[int | None], tuple[random.Random, int]]


def moment(now: float) -> datetime:
    """Epoch seconds as the UTC moment a log entry is stamped with."""
    return datetime.fromtimestamp(now, UTC)


class DungeonTurnAggregate:
    """The DT clock and the effects as one versioned aggregate (see :class:`Aggregate`)."""

    stale_error = ConcurrentChangeError

    def __init__(self, store: DungeonTurnStorage) -> None:
        self._store = store

    def load(self) -> Loaded[DungeonTurnState]:
        snapshot = self._store.load()
        return Loaded(DungeonTurnState(snapshot.clock, snapshot.effects), snapshot.version)

    def save(
        self,
        read: Loaded[DungeonTurnState],
        state: DungeonTurnState,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        # A line without its own DT concerns the DT the step was worked out in.
        entries = [
            SessionLogEntry(
                kind=line.kind,
                dt=read.state.clock.dt if line.dt is None else line.dt,
                text=line.text,
                at=moment(at),
                detail=dict(line.detail),
            )
            for line in log
        ]
        saved = self._store.save(
            state.clock,
            state.effects,
            expected_version=read.version,
            log=entries,
            mark_undone=mark_undone,
            mark_done=mark_done,
        )
        return Saved(saved.version, saved.log_ids)

    def same(self, stored: DungeonTurnState, expected: DungeonTurnState) -> bool:
        # Warnings shown meanwhile are bookkeeping, not a change an undo would overwrite.
        return _without_warnings(stored.clock) == _without_warnings(expected.clock) and tuple(
            stored.effects
        ) == tuple(expected.effects)


def _without_warnings(clock: DungeonTurnClock) -> DungeonTurnClock:
    return replace(clock, warnings_fired=frozenset())


@dataclass(frozen=True)
class TurnResult(Generic[T]):
    """A dungeon step's value and the conditions it changed (every character before and after)."""

    value: T
    conditions_before: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    conditions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


Plan: TypeAlias = Planned[DungeonTurnState, TurnResult[T]]
"""What a dungeon step works out: the new state and a :class:`TurnResult`."""

TurnStep: TypeAlias = Callable[[DungeonTurnState, float], Plan[T]]


def plan(
    text: str,
    clock: DungeonTurnClock,
    effects: Sequence[TrackedEffect],
    value: T,
    *log: LogLine,
    conditions_before: Mapping[str, tuple[str, ...]] | None = None,
    conditions: Mapping[str, tuple[str, ...]] | None = None,
) -> Plan[T]:
    """A dungeon step's result: the new clock and effects, its value, its log lines."""
    result = TurnResult(value, dict(conditions_before or {}), dict(conditions or {}))
    return Planned(text, DungeonTurnState(clock, tuple(effects)), result, tuple(log))


class TurnRunner:
    """Runs dungeon-turn steps (see the module docstring)."""

    def __init__(
        self,
        store: DungeonTurnStorage,
        *,
        clock: Clock,
        rng_factory: RngFactory,
        conditions: ConditionsKeeper | None,
        carried: CarriedItems | None = None,
        attempts: int = SAVE_ATTEMPTS,
    ) -> None:
        self.store = store
        self._clock = clock
        self.rng_factory = rng_factory
        self.conditions = conditions
        self.carried = carried
        self.steps = StepRunner(
            DungeonTurnAggregate(store), clock, attempts=attempts, what="the dungeon turn"
        )

    def now(self) -> float:
        return float(self._clock())

    def read_conditions(self) -> dict[str, tuple[str, ...]]:
        return read_conditions(self.conditions)

    def synced(self, effects: Sequence[TrackedEffect]) -> tuple[TrackedEffect, ...]:
        """``effects`` with each one bound to a crow's item holding that item's dice now."""
        return synced(effects, self.carried)

    def run(self, step: TurnStep[T]) -> Outcome[T]:
        """Run ``step`` on the state with the bound effects holding their items' dice; the
        conditions it changed and the dice it burnt on crows' items are written in the same
        unit of work (the items' command rides in the change's ``hook_results``)."""
        seen: list[tuple[TrackedEffect, ...]] = []
        joined_commands: list[object] = []

        def on_synced(state: DungeonTurnState, now: float) -> Plan[T]:
            effects = self.synced(state.effects)
            seen[:] = [effects]
            return step(DungeonTurnState(state.clock, effects), now)

        def write_joined(outcome: StepOutcome[DungeonTurnState, TurnResult[T]]) -> None:
            result = outcome.value
            _, after = changed_conditions(result.conditions_before, result.conditions)
            if after and self.conditions is not None:
                self.conditions.set_conditions(after)
            joined_commands.clear()
            dice = burnt(seen[0], outcome.change.after.effects)
            if dice and self.carried is not None:
                command = self.carried.burn(dice, outcome.change.text)
                if command is not None:
                    joined_commands.append(command)

        done = self.steps.run(on_synced, joined=write_joined)  # joined: in the step's transaction
        before, after = changed_conditions(done.value.conditions_before, done.value.conditions)
        change = DungeonTurnChange(
            text=done.change.text,
            before=done.change.before,
            after=done.change.after,
            version=done.change.version,
            log_ids=done.change.log_ids,
            conditions_before=before,
            conditions_after=after,
            hook_results=tuple(joined_commands),
        )
        return Outcome(done.value.value, change, done.now)

    def revert(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Undo ``change``: the state before back, its log entries marked undone, the conditions
        it ended given back. UndoConflictError, changing nothing, when the turn moved on since."""
        return self.steps.revert(change, joined=lambda done: self._move(done, undoing=True))

    def reapply(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Redo ``change`` after :meth:`revert`: the same result again, no new rolls."""
        return self.steps.reapply(change, joined=lambda done: self._move(done, undoing=False))

    def _move(self, change: DungeonTurnChange, *, undoing: bool) -> None:
        if not change.conditions_after or self.conditions is None:
            return
        source, wanted = (
            (change.conditions_after, change.conditions_before)
            if undoing
            else (change.conditions_before, change.conditions_after)
        )
        current = self.conditions.conditions_by_character()
        self.conditions.set_conditions(move_conditions(current, source, wanted))

    def run_hooks(
        self, change: DungeonTurnChange, hooks: Sequence[Callable[[], object]]
    ) -> tuple[object, ...]:
        """Run a step's hooks in order. If one raises, what the hooks before it did and the step
        itself are taken back (one composite undo, latest first) before the error goes on, so
        the crows' listeners hear the crows as they were; the unit of work around the step then
        rolls all of it back, so the file never held any of it. After a failed database write
        the session cannot be used any more: the rollback alone takes the step back."""
        results: list[object] = []
        for hook in hooks:
            try:
                results.append(hook())
            except BaseException as error:
                unit = self.store.database.current_unit_of_work
                if unit is not None and unit.failed is not None:
                    raise
                step = FunctionCommand(
                    change.text, lambda: self.reapply(change), lambda: self.revert(change)
                )
                taken = (*change.hook_results, *results)
                joined = (as_command(result, change.text) for result in taken)
                done = CompositeCommand(change.text, [step, *(c for c in joined if c is not None)])
                try:
                    done.undo()
                except Exception as also:
                    error.add_note(f"and taking back {change.text!r} failed too: {also}")
                raise
        return tuple(results)
