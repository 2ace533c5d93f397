"""The DT clock's use-cases: start, stop, pause, resume, adjust, pause retroactively, the length
and the warnings shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from refkit.app.dungeon import log_text
from refkit.app.dungeon.runner import Plan, TurnRunner, plan
from refkit.app.dungeon.state import DungeonTurnState, Outcome
from refkit.rules.common.name_text import require_plain_name


class ClockSteps:
    """Each call is one step on the dungeon turn (see :class:`TurnRunner`)."""

    def __init__(self, runner: TurnRunner, party: Callable[[], str | None] = lambda: None) -> None:
        self._runner = runner
        self._party = party

    def start(self, minutes: float | None = None, dungeon: str | None = None) -> Outcome[int]:
        """DT 1 on entering ``dungeon`` (without one: coming back into the dungeon the group
        left, or the first DT), for the party at the table: the greed bonus is per dungeon and
        per group. Returns the DT number."""
        if dungeon is not None:
            require_plain_name("a dungeon's name", dungeon)
        party = self._party()  # read once: every retry of the step enters with the same group

        def step(state: DungeonTurnState, now: float) -> Plan[int]:
            clock = state.clock.start(now, minutes=minutes, dungeon=dungeon, party=party)
            line = log_text.started(clock, entering=True)
            return plan(f"Start DT {clock.dt}", clock, state.effects, clock.dt, line)

        return self._runner.run(step)

    def stop(self) -> Outcome[int]:
        """Stop the clock (the group has left the dungeon); returns the last DT number."""

        def step(state: DungeonTurnState, now: float) -> Plan[int]:
            clock = state.clock.stop()
            line = log_text.stopped(clock)
            return plan("Leave the dungeon", clock, state.effects, clock.dt, line)

        return self._runner.run(step)

    def pause(self) -> Outcome[float]:
        """Pause the running clock; returns the seconds left."""

        def step(state: DungeonTurnState, now: float) -> Plan[float]:
            clock = state.clock.pause(now)
            left = clock.remaining(now)
            line = log_text.paused(clock, left)
            return plan(f"Pause DT {clock.dt}", clock, state.effects, left, line)

        return self._runner.run(step)

    def resume(self) -> Outcome[float]:
        """Run the paused clock again; returns the seconds left."""

        def step(state: DungeonTurnState, now: float) -> Plan[float]:
            clock = state.clock.resume(now)
            left = clock.remaining(now)
            line = log_text.resumed(clock, left)
            return plan(f"Resume DT {clock.dt}", clock, state.effects, left, line)

        return self._runner.run(step)

    def adjust(self, minutes: float, reason: str = "") -> Outcome[float]:
        """Add ``minutes`` to the time left (negative takes time away); returns the seconds left."""

        def step(state: DungeonTurnState, now: float) -> Plan[float]:
            clock = state.clock.adjust(now, minutes, reason)
            left = clock.remaining(now)
            text = f"Adjust DT {clock.dt} by {log_text.signed(minutes)} min"
            line = log_text.adjusted(clock, minutes, reason, left)
            return plan(text, clock, state.effects, left, line)

        return self._runner.run(step)

    def pause_retroactively(self, at: float, reason: str = "") -> Outcome[float]:
        """ "We forgot to pause": pause as if at ``at`` (epoch seconds); returns the time left."""

        def step(state: DungeonTurnState, now: float) -> Plan[float]:
            clock = state.clock.pause_retroactively(now, at, reason)
            left = clock.remaining(now)
            line = log_text.paused_retroactively(clock, at, reason, clock.audit[-1].minutes, left)
            return plan(f"Pause DT {clock.dt} retroactively", clock, state.effects, left, line)

        return self._runner.run(step)

    def set_length(self, minutes: float, *, as_default: bool = True) -> Outcome[int]:
        """Set the DT length from now on (the current DT keeps its time) and, with
        ``as_default``, as the default for a new clock; both are written in one unit of work.
        (The undoable command sets the default as a settings step of its own, to undo it too.)"""
        store = self._runner.store

        def step(state: DungeonTurnState, now: float) -> Plan[int]:
            clock = state.clock.with_length(minutes)
            line = log_text.length_set(minutes)
            return plan(f"DT length {minutes:g} min", clock, state.effects, clock.length_s, line)

        outcome = self._runner.run(step)
        if as_default:
            settings, version = store.settings_versioned()
            store.save_settings(replace(settings, dt_minutes=minutes), expected_version=version)
        return outcome

    def follow_party_rename(self, old: str, new: str) -> None:
        """A party was renamed: its dungeon visits go with it, so it gets no greed bonus twice
        (not logged, not undoable: undoing the rename renames it back, and this follows)."""

        def step(state: DungeonTurnState, now: float) -> Plan[None]:
            clock = state.clock.with_party_renamed(old, new)
            return plan(f"Party {old} renamed", clock, state.effects, None)

        if self._runner.store.load().clock.knows_party(old):  # else nothing to write
            self._runner.run(step)

    def mark_warnings_fired(self, thresholds_s: Iterable[int]) -> None:
        """Record warnings as shown in this DT (not logged, not undoable)."""
        thresholds = tuple(thresholds_s)
        if not thresholds:
            return

        def step(state: DungeonTurnState, now: float) -> Plan[None]:
            clock = state.clock.mark_warnings_fired(thresholds)
            return plan("Warnings shown", clock, state.effects, None)

        self._runner.run(step)
