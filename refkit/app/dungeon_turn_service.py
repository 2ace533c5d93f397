"""The dungeon turn at the table: the clock, the end-of-DT procedure, rests and tracked effects.

:class:`DungeonTurnService` is what the desktop app and the command line both drive. Every call
reads the state from the database, applies a pure step from ``refkit.rules`` (the clock, the
end-of-DT and rest procedures, the effect operations) and writes the result back together with its
session-log entries in one transaction. The write says which version it read, so a change made
meanwhile by another process is never overwritten: the step is worked out again on the fresh state
(a few times at most) and otherwise refused with :class:`ConcurrentChangeError`.

Each state-changing call returns an :class:`Outcome` whose ``change`` lets
:mod:`refkit.app.dungeon_turn_commands` undo (:meth:`DungeonTurnService.revert`) and redo
(:meth:`DungeonTurnService.reapply`) it as one step. Undo and redo refuse, changing nothing, when
the stored state is no longer the one the step left behind. What the ``on_turn_ended`` hooks did
at an End DT (the party's magic-overload wounds) is undone and redone with it: the End DT command
joins the hooks' results to the step as one composite command. End DT and Finish rest run in one
unit of work (:meth:`refkit.store.database.Database.unit_of_work`): the DT, the conditions and
what the hooks write (crows, wound prompts, log entries) commit once, or not at all.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from refkit.app.undo import (  # UndoConflictError is defined there; imported from here too
    CompositeCommand,
    FunctionCommand,
    UndoConflictError,
    as_command,
)
from refkit.dice.rng import make_rng
from refkit.present.clock_text import short_clock_text
from refkit.rules.common.name_text import require_plain_name
from refkit.rules.dungeon.clock import DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import (
    LIGHT_PRESETS,
    DouseResult,
    EffectKind,
    EffectRoll,
    TrackedEffect,
    add_effect,
    apply_usage_roll,
    find_effect,
    light,
    next_effect_id,
    parse_modes,
    refuel,
    relight,
    remove_effect,
    replace_effect,
    restore_on_rest,
    roll_effect,
)
from refkit.rules.dungeon.effects import douse as douse_light
from refkit.rules.dungeon.end_of_turn import (
    EncounterCheckResult,
    EndedCondition,
    EndOfTurnResult,
    RestEncounterCheck,
    RestFinish,
    RestHalfway,
    RestStart,
    end_dungeon_turn,
    loud_noise_check,
    reach_rest_halfway,
    rest_encounter_check,
)
from refkit.rules.dungeon.end_of_turn import finish_rest as finish_rest_step
from refkit.rules.dungeon.end_of_turn import start_rest as start_rest_step
from refkit.rules.encounters import EncounterCheck, encounter_number
from refkit.rules.usage_dice import UsageDiceMode, UsageDiceRoll, usage_dice_from_faces
from refkit.store.dungeon_turn_store import (
    ConcurrentChangeError,
    DungeonSettings,
    DungeonTurnSnapshot,
    DungeonTurnStore,
)
from refkit.store.session_log import SessionLogEntry

T = TypeVar("T")
Clock = Callable[[], float]
RngFactory = Callable[[int | None], tuple[random.Random, int]]
RestHook = Callable[["DungeonTurnService"], object]
TurnEndHook = Callable[["DungeonTurnService", EndOfTurnResult, random.Random], object]

SAVE_ATTEMPTS = 3
"""How often a step is worked out again when another process wrote in between."""


class ConditionsKeeper(Protocol):
    """Where the characters' conditions live (the characters feature provides one)."""

    def conditions_by_character(self) -> Mapping[str, Sequence[str]]:
        """Every character's conditions, by character name."""
        ...

    def set_conditions(self, conditions: Mapping[str, Sequence[str]]) -> None:
        """Replace the conditions of each character named (the others keep theirs)."""
        ...


@dataclass(frozen=True)
class DungeonTurnState:
    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]


@dataclass(frozen=True)
class DungeonTurnChange:
    """One applied step: the state before and after, the log entries it wrote, the conditions of
    the characters it changed (before and after), the stored version right after it, and what the
    step's hooks returned (commands, or objects with ``undo()`` / ``do()``, which the step's
    composite command undoes and redoes with it; :meth:`DungeonTurnService.revert` leaves them)."""

    text: str
    before: DungeonTurnState
    after: DungeonTurnState
    version: int
    log_ids: tuple[int, ...] = ()
    conditions_before: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    conditions_after: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    hook_results: tuple[object, ...] = ()


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a call did: its result, the change (for undo), the time used and the status then."""

    value: T
    change: DungeonTurnChange
    now: float

    @property
    def status(self) -> dict[str, Any]:
        """The ``refkit dt status`` object at the moment of the step."""
        return self.change.after.clock.status(self.now)


@dataclass(frozen=True)
class RestFinished:
    finish: RestFinish
    hook_results: tuple[object, ...] = ()  # what the on_rest_finished hooks returned


@dataclass(frozen=True)
class DungeonTurnView:
    """Everything a screen shows, read at one moment."""

    now: float
    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]
    settings: DungeonSettings
    encounter_number: int
    version: int

    @property
    def status(self) -> dict[str, Any]:
        return self.clock.status(self.now)

    @property
    def remaining_s(self) -> float:
        return self.clock.remaining(self.now)

    @property
    def overdue_s(self) -> float:
        return self.clock.overdue(self.now)

    @property
    def pending_encounters(self) -> tuple[PendingEncounter, ...]:
        return self.clock.pending_encounters


@dataclass(frozen=True)
class _Step(Generic[T]):
    """A step worked out on one snapshot, ready to be written."""

    text: str
    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]
    log: tuple[tuple[str, str, Mapping[str, Any]], ...]  # (kind, text, detail)
    value: T
    conditions_before: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    conditions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    log_dt: int | None = None  # the DT the log entries concern (default: the DT before)


def _signed(value: float) -> str:
    text = f"{value:g}"
    return text if value < 0 else f"+{text}"


def _roll_text(name: str, roll: UsageDiceRoll) -> str:
    faces = ", ".join(str(face) for face in roll.rolled)
    ending = " — out" if roll.after == 0 else ""
    return f"{name}: {roll.before} UD → {roll.after} (rolled {faces}){ending}"


def _roll_detail(name: str, roll: UsageDiceRoll, **extra: Any) -> dict[str, Any]:
    return {
        "effect": name,
        "before": roll.before,
        "rolled": list(roll.rolled),
        "after": roll.after,
        **extra,
    }


def _check_text(check: EncounterCheck) -> str:
    if not check.encounter:
        result = "no encounter"
    elif check.immediate:
        result = "an encounter now"
    else:
        result = "a sign now, the encounter during the next DT"
    return f"EN {check.en}, rolled {check.roll}: {result}"


def _check_detail(check: EncounterCheck, **extra: Any) -> dict[str, Any]:
    return {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
        **extra,
    }


def _names(effects: Iterable[TrackedEffect]) -> str:
    return ", ".join(effect.name for effect in effects)


def _without_warnings(clock: DungeonTurnClock) -> DungeonTurnClock:
    return replace(clock, warnings_fired=frozenset())


class DungeonTurnService:
    """Use-cases of the dungeon turn. ``clock`` gives UTC epoch seconds; ``rng_factory(seed)``
    gives ``(random.Random, seed)``; ``conditions`` is where characters' conditions live (none
    until the characters feature provides it).

    ``on_rest_finished`` holds callables run with this service after a rest is finished (not
    interrupted) — the characters feature applies Stamina, wounds, expertise and spellbooks
    there. A hook may return a command (or an object with ``undo()`` and ``do()``); the rest's
    command joins it to the step.

    ``on_turn_ended`` holds callables run after each End DT with this service, the
    :class:`EndOfTurnResult` and the step's random source (the party's magic-overload wounds).
    What they return lands in the change's ``hook_results``, which the End DT command joins to
    the step (:meth:`revert` and :meth:`reapply` touch the dungeon turn only).
    """

    def __init__(
        self,
        store: DungeonTurnStore,
        *,
        clock: Clock = time.time,
        rng_factory: RngFactory = make_rng,
        conditions: ConditionsKeeper | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._rng_factory = rng_factory
        self._conditions = conditions
        self.on_rest_finished: list[RestHook] = []
        self.on_turn_ended: list[TurnEndHook] = []
        self.last_rest: RestFinished | None = None

    @property
    def store(self) -> DungeonTurnStore:
        return self._store

    def now(self) -> float:
        return float(self._clock())

    # -- reading -----------------------------------------------------------------------------

    def snapshot(self) -> DungeonTurnSnapshot:
        return self._store.load()

    def view(self) -> DungeonTurnView:
        snapshot = self._store.load()
        settings = self._store.settings()
        return DungeonTurnView(
            now=self.now(),
            clock=snapshot.clock,
            effects=snapshot.effects,
            settings=settings,
            encounter_number=_dungeon_en(settings),
            version=snapshot.version,
        )

    def status(self) -> dict[str, Any]:
        """The ``refkit dt status`` object now."""
        return self._store.load().clock.status(self.now())

    def effects(self) -> tuple[TrackedEffect, ...]:
        return self._store.load().effects

    def settings(self) -> DungeonSettings:
        return self._store.settings()

    def encounter_number(self) -> int:
        """The dungeon EN from the toggles and modifiers: 9, −1 crowded, −1 chaos, then the
        modifiers, clamped to 1..10."""
        return _dungeon_en(self._store.settings())

    def warnings_due(self) -> tuple[int, ...]:
        """Warning thresholds (seconds before the end) reached in this DT and not yet shown."""
        view = self.view()
        return view.clock.warnings_due(view.now, view.settings.warning_thresholds_s)

    # -- settings ----------------------------------------------------------------------------

    def update_settings(self, **changes: Any) -> DungeonSettings:
        """Change settings by name (see DungeonSettings); logged. ValueError, nothing saved, on
        an unknown name or an impossible value."""
        current = self._store.settings()
        known = set(current.to_dict())
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown dungeon-turn setting(s): {', '.join(unknown)}")
        updated = DungeonSettings.from_dict({**current.to_dict(), **changes})
        if updated == current:
            return current
        self._store.save_settings(updated)
        shown = ", ".join(f"{name} = {value}" for name, value in sorted(changes.items()))
        dt = self._store.load().clock.dt
        self._store.session_log.add(
            SessionLogEntry(
                kind="settings",
                dt=dt,
                text=f"Settings changed: {shown}",
                at=self._moment(self.now()),
                detail={"changes": updated.to_dict()},
            )
        )
        return updated

    def set_encounter_toggles(
        self,
        *,
        crowded: bool | None = None,
        chaos: bool | None = None,
        modifiers: Sequence[int] | None = None,
    ) -> int:
        """Set the dungeon EN toggles and modifiers; returns the EN they give."""
        changes: dict[str, Any] = {}
        if crowded is not None:
            changes["crowded"] = crowded
        if chaos is not None:
            changes["chaos"] = chaos
        if modifiers is not None:
            changes["en_modifiers"] = list(modifiers)
        return _dungeon_en(self.update_settings(**changes))

    def set_length(self, minutes: float) -> Outcome[int]:
        """Set the DT length from now on (the current DT keeps its time) and as the default."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[int]:
            clock = snapshot.clock.with_length(minutes)
            return _Step(
                text=f"DT length {minutes:g} min",
                clock=clock,
                effects=snapshot.effects,
                log=(("settings", f"DT length set to {minutes:g} min", {"minutes": minutes}),),
                value=clock.length_s,
            )

        outcome = self._apply(step)
        settings = self._store.settings()
        self._store.save_settings(replace(settings, dt_minutes=minutes))
        return outcome

    # -- the clock ---------------------------------------------------------------------------

    def start(self, minutes: float | None = None, dungeon: str | None = None) -> Outcome[int]:
        """Start the next DT, or DT 1 on entering ``dungeon``; returns the DT number."""
        if dungeon is not None:
            require_plain_name("a dungeon's name", dungeon)

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[int]:
            clock = snapshot.clock.start(now, minutes=minutes, dungeon=dungeon)
            where = f" in {clock.dungeon}" if clock.dungeon else ""
            visit = " (a revisit: no greed bonus)" if dungeon is not None and clock.revisit else ""
            text = f"DT {clock.dt} started{where}, {short_clock_text(clock.length_s)} long{visit}"
            detail = {"dungeon": clock.dungeon, "length_s": clock.length_s}
            return _Step(
                text=f"Start DT {clock.dt}",
                clock=clock,
                effects=snapshot.effects,
                log=(("dt_start", text, detail),),
                value=clock.dt,
                log_dt=clock.dt,
            )

        return self._apply(step)

    def stop(self) -> Outcome[int]:
        """Stop the clock (the group has left the dungeon); returns the last DT number."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[int]:
            clock = snapshot.clock.stop()
            text = f"Clock stopped after DT {clock.dt}"
            return _Step(
                text="Stop the clock",
                clock=clock,
                effects=snapshot.effects,
                log=(("note", text, {}),),
                value=clock.dt,
            )

        return self._apply(step)

    def pause(self) -> Outcome[float]:
        """Pause the running clock; returns the seconds left."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[float]:
            clock = snapshot.clock.pause(now)
            left = clock.remaining(now)
            return _Step(
                text=f"Pause DT {clock.dt}",
                clock=clock,
                effects=snapshot.effects,
                log=(("pause", f"DT {clock.dt} paused, {short_clock_text(left)} left", {}),),
                value=left,
            )

        return self._apply(step)

    def resume(self) -> Outcome[float]:
        """Run the paused clock again; returns the seconds left."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[float]:
            clock = snapshot.clock.resume(now)
            left = clock.remaining(now)
            return _Step(
                text=f"Resume DT {clock.dt}",
                clock=clock,
                effects=snapshot.effects,
                log=(("resume", f"DT {clock.dt} resumed, {short_clock_text(left)} left", {}),),
                value=left,
            )

        return self._apply(step)

    def adjust(self, minutes: float, reason: str = "") -> Outcome[float]:
        """Add ``minutes`` to the time left (negative takes time away); returns the seconds left."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[float]:
            clock = snapshot.clock.adjust(now, minutes, reason)
            left = clock.remaining(now)
            because = f" ({reason})" if reason else ""
            text = f"DT {clock.dt}: {_signed(minutes)} min{because}, {short_clock_text(left)} left"
            return _Step(
                text=f"Adjust DT {clock.dt} by {_signed(minutes)} min",
                clock=clock,
                effects=snapshot.effects,
                log=(("adjust", text, {"minutes": minutes, "reason": reason}),),
                value=left,
            )

        return self._apply(step)

    def pause_retroactively(self, at: float, reason: str = "") -> Outcome[float]:
        """ "We forgot to pause": pause as if at ``at`` (epoch seconds); returns the time left."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[float]:
            clock = snapshot.clock.pause_retroactively(now, at, reason)
            given_back = clock.audit[-1].minutes
            because = f" ({reason})" if reason else ""
            text = (
                f"DT {clock.dt} paused retroactively{because}: {given_back:.1f} min given back, "
                f"{short_clock_text(clock.remaining(now))} left"
            )
            return _Step(
                text=f"Pause DT {clock.dt} retroactively",
                clock=clock,
                effects=snapshot.effects,
                log=(("pause", text, {"at": at, "reason": reason, "minutes": given_back}),),
                value=clock.remaining(now),
            )

        return self._apply(step)

    def mark_warnings_fired(self, thresholds_s: Iterable[int]) -> None:
        """Record warnings as shown in this DT (not logged, not undoable)."""
        thresholds = tuple(thresholds_s)
        if not thresholds:
            return

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[None]:
            return _Step(
                text="Warnings shown",
                clock=snapshot.clock.mark_warnings_fired(thresholds),
                effects=snapshot.effects,
                log=(),
                value=None,
            )

        self._apply(step)

    # -- end of a DT and encounters ----------------------------------------------------------

    def end_turn(
        self, die: int | None = None, *, seed: int | None = None, at: float | None = None
    ) -> Outcome[EndOfTurnResult]:
        """The end-of-DT procedure (usage dice, conditions, encounter check, next DT) as one step.

        ``die`` gives the encounter d10's face; ``seed`` makes the rolls repeatable; ``at`` ends
        the DT at that moment (an automatic end at zero passes the moment the DT ran out, so the
        next DT keeps to the schedule). ValueError, nothing changed, when no DT is under way or
        ``die`` is not a d10 face. The DT, the conditions and the hooks' writes are one unit of
        work: if anything in it raises (a hook, a failed write), nothing of the step is kept.
        """
        rng, used_seed = self._rng_factory(seed)
        conditions = self._read_conditions()
        en = self.encounter_number()

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[EndOfTurnResult]:
            when = now if at is None else at
            result = end_dungeon_turn(
                snapshot.clock, snapshot.effects, conditions, en, rng, when, die
            )
            return _Step(
                text=f"End DT {result.dt_ended}",
                clock=result.clock,
                effects=result.effects,
                log=_end_turn_log(result, used_seed),
                value=result,
                conditions_before=result.previous_conditions,
                conditions=result.conditions_by_character,
            )

        # One transaction for the DT, the conditions and what the hooks write on the crows, their
        # prompts and the log: a failure anywhere keeps none of it, even if the process dies.
        with self._store.database.unit_of_work():
            outcome = self._apply(step)
            results = self._run_hooks(
                outcome.change,
                [partial(hook, self, outcome.value, rng) for hook in self.on_turn_ended],
            )
        if not results:
            return outcome
        return Outcome(outcome.value, replace(outcome.change, hook_results=results), outcome.now)

    def auto_end_if_due(self, *, seed: int | None = None) -> Outcome[EndOfTurnResult] | None:
        """With auto-end on, end a running DT whose time has run out, at the moment it ran out."""
        if not self._store.settings().auto_end:
            return None
        clock = self._store.load().clock
        ends_at = clock.ends_at()
        if ends_at is None or ends_at > self.now():
            return None
        return self.end_turn(seed=seed, at=ends_at)

    def loud_noise(
        self, die: int | None = None, *, seed: int | None = None
    ) -> Outcome[EncounterCheckResult]:
        """An extra encounter check now (loud noise, smoke...); the DT goes on."""
        rng, used_seed = self._rng_factory(seed)
        en = self.encounter_number()

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[EncounterCheckResult]:
            result = loud_noise_check(snapshot.clock, en, rng, die)
            text = f"Loud noise in DT {snapshot.clock.dt}: {_check_text(result.encounter)}"
            return _Step(
                text="Loud-noise encounter check",
                clock=result.clock,
                effects=snapshot.effects,
                log=(("encounter", text, _check_detail(result.encounter, seed=used_seed)),),
                value=result,
            )

        return self._apply(step)

    def resolve_encounter(self, index: int = 0) -> Outcome[PendingEncounter]:
        """The referee has dealt with pending encounter ``index`` (0: the oldest)."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[PendingEncounter]:
            clock = snapshot.clock.resolve_encounter(index)
            resolved = snapshot.clock.pending_encounters[index]
            text = f"Encounter from DT {resolved.dt} (rolled {resolved.roll}) resolved"
            return _Step(
                text="Resolve encounter",
                clock=clock,
                effects=snapshot.effects,
                log=(("encounter", text, resolved.to_dict()),),
                value=resolved,
            )

        return self._apply(step)

    # -- rests -------------------------------------------------------------------------------

    def start_rest(self) -> Outcome[RestStart]:
        """Start a rest: the DT ends with no encounter check; ``lights_to_douse`` lists the lights
        the players should douse (with :meth:`douse`)."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[RestStart]:
            rest = start_rest_step(snapshot.clock, snapshot.effects, now)
            lights = (
                f"; lights burning: {_names(rest.lights_to_douse)}" if rest.lights_to_douse else ""
            )
            text = f"Rest started: DT {snapshot.clock.dt} ends with no encounter check{lights}"
            detail = {"lights_to_douse": [effect.id for effect in rest.lights_to_douse]}
            return _Step(
                text="Start rest",
                clock=rest.clock,
                effects=snapshot.effects,
                log=(("rest", text, detail),),
                value=rest,
            )

        return self._apply(step)

    def rest_halfway(self) -> Outcome[RestHalfway]:
        """The rest's half-way point: effects bound to the DT end, without rolling."""
        conditions = self._read_conditions()
        douse = self._store.settings().douse_lights_at_rest_halfway

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[RestHalfway]:
            halfway = reach_rest_halfway(
                snapshot.clock, snapshot.effects, conditions, douse_burning_lights=douse
            )
            parts = ["Rest half-way"]
            if halfway.effects_ended:
                parts.append(f"ended: {_names(halfway.effects_ended)}")
            if halfway.lights_put_out:
                parts.append(f"put out: {_names(halfway.lights_put_out)}")
            if halfway.conditions_ended:
                parts.append(f"conditions ended: {_conditions_text(halfway.conditions_ended)}")
            detail = {
                "effects_ended": [effect.name for effect in halfway.effects_ended],
                "lights_put_out": [effect.name for effect in halfway.lights_put_out],
                "conditions_ended": [ended.to_dict() for ended in halfway.conditions_ended],
            }
            return _Step(
                text="Rest half-way",
                clock=halfway.clock,
                effects=halfway.effects,
                log=(("rest", "; ".join(parts), detail),),
                value=halfway,
                conditions_before=halfway.previous_conditions,
                conditions=halfway.conditions_by_character,
            )

        return self._apply(step)

    def rest_encounter_check(
        self, seclude: bool = False, die: int | None = None, *, seed: int | None = None
    ) -> Outcome[RestEncounterCheck]:
        """The rest's one encounter check: the dungeon EN, +1 for Seclude Camp, at most 10."""
        rng, used_seed = self._rng_factory(seed)
        en = self.encounter_number()

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[RestEncounterCheck]:
            check = rest_encounter_check(snapshot.clock, en, rng, seclude=seclude, die=die)
            camp = " (Seclude Camp)" if seclude else ""
            text = f"Rest encounter check{camp}: {_check_text(check.encounter)}"
            detail = _check_detail(check.encounter, seclude=seclude, seed=used_seed)
            return _Step(
                text="Rest encounter check",
                clock=check.clock,
                effects=snapshot.effects,
                log=(("encounter", text, detail),),
                value=check,
            )

        return self._apply(step)

    def finish_rest(self, *, interrupted: bool = False) -> Outcome[RestFinished]:
        """End the rest and start a new DT. A finished rest applies a half-way step it skipped,
        restores items with the Rest mode and then runs the ``on_rest_finished`` hooks (a hook that
        raises, or a write that fails, keeps nothing of the step: it is one unit of work)."""
        conditions = self._read_conditions()
        douse = self._store.settings().douse_lights_at_rest_halfway

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[RestFinish]:
            finish = finish_rest_step(
                snapshot.clock,
                snapshot.effects,
                conditions,
                now,
                interrupted=interrupted,
                douse_burning_lights=douse,
            )
            how = "interrupted" if interrupted else "finished"
            parts = [f"Rest {how}; DT {finish.clock.dt} started"]
            if finish.restored:
                parts.append(f"restored: {_names(finish.restored)}")
            ended = finish.halfway.conditions_ended if finish.halfway else ()
            if finish.halfway and finish.halfway.effects_ended:
                parts.append(f"ended: {_names(finish.halfway.effects_ended)}")
            detail = {
                "interrupted": interrupted,
                "restored": [effect.name for effect in finish.restored],
                "conditions_ended": [item.to_dict() for item in ended],
            }
            return _Step(
                text="Interrupt rest" if interrupted else "Finish rest",
                clock=finish.clock,
                effects=finish.effects,
                log=(("rest", "; ".join(parts), detail),),
                value=finish,
                conditions_before=finish.halfway.previous_conditions if finish.halfway else {},
                conditions=finish.halfway.conditions_by_character if finish.halfway else {},
            )

        hook_results: tuple[object, ...] = ()
        with self._store.database.unit_of_work():  # all or nothing, as at End DT
            outcome = self._apply(step)
            if not interrupted:
                hook_results = self._run_hooks(
                    outcome.change, [partial(hook, self) for hook in self.on_rest_finished]
                )
        finished = RestFinished(outcome.value, hook_results)
        self.last_rest = finished
        return Outcome(finished, outcome.change, outcome.now)

    # -- tracked effects ---------------------------------------------------------------------

    def add_effect(
        self,
        name: str,
        usage_dice: int,
        modes: Iterable[str | UsageDiceMode] | str = (),
        kind: EffectKind | str = EffectKind.CUSTOM,
        *,
        owner: str = "",
        lit: bool | None = None,
        ends_at_dt_end: bool = False,
        refuel_with: str = "",
    ) -> Outcome[TrackedEffect]:
        """Track a new effect. A light is lit unless ``lit`` is false. ValueError, nothing
        changed, for a bad name, kind or mode, or usage dice outside 1..20 (0 is allowed only for
        an effect that simply ends with the DT)."""
        require_plain_name("an effect's name", str(name))
        require_plain_name("the owner's name", owner)
        parsed_modes = parse_modes(modes)
        parsed_kind = _effect_kind(kind)
        if isinstance(usage_dice, bool) or not isinstance(usage_dice, int):
            raise ValueError(f"usage dice must be a whole number, got {usage_dice!r}")
        if usage_dice < 0:
            raise ValueError(f"usage dice cannot be negative, got {usage_dice}")
        if usage_dice == 0 and not ends_at_dt_end:
            raise ValueError(
                f"{name}: an effect needs at least 1 usage die (or to end with the DT)"
            )

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[TrackedEffect]:
            effect = TrackedEffect(
                id=next_effect_id(snapshot.effects),
                name=" ".join(str(name).split()),
                kind=parsed_kind,
                usage_dice=usage_dice,
                max_usage_dice=usage_dice,
                modes=parsed_modes,
                lit=(parsed_kind is EffectKind.LIGHT) if lit is None else lit,
                ends_at_dt_end=ends_at_dt_end,
                refuel_with=refuel_with,
                owner=owner,
            )
            return self._effect_added(snapshot, effect)

        return self._apply(step)

    def add_preset(
        self, preset: str, *, owner: str = "", lit: bool = True
    ) -> Outcome[TrackedEffect]:
        """Track a light from a preset: ``torch``, ``lantern`` or ``candle``."""
        if preset.strip().casefold() not in LIGHT_PRESETS:
            names = ", ".join(LIGHT_PRESETS)
            raise ValueError(f"unknown light {preset!r} (presets: {names})")

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[TrackedEffect]:
            effect = light(next_effect_id(snapshot.effects), preset, owner=owner, lit=lit)
            return self._effect_added(snapshot, effect)

        return self._apply(step)

    def _effect_added(
        self, snapshot: DungeonTurnSnapshot, effect: TrackedEffect
    ) -> _Step[TrackedEffect]:
        modes = ", ".join(sorted(mode.value for mode in effect.modes))
        shown = f" ({modes})" if modes else ""
        return _Step(
            text=f"Add {effect.name}",
            clock=snapshot.clock,
            effects=add_effect(snapshot.effects, effect),
            log=(
                ("effect", f"{effect.name} added: {effect.usage_dice} UD{shown}", effect.to_dict()),
            ),
            value=effect,
        )

    def douse(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[DouseResult]:
        """Put a light out; one that burns down at each DT end rolls its usage dice once more
        (``faces`` gives those dice outright)."""
        rng, used_seed = self._rng_factory(seed)

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[DouseResult]:
            effect = find_effect(snapshot.effects, effect_id)
            result = douse_light(effect, rng) if faces is None else _douse_with_faces(effect, faces)
            log: tuple[tuple[str, str, Mapping[str, Any]], ...]
            if result.roll is None:
                log = (("effect", f"{effect.name} doused", {"effect": effect.name}),)
            else:
                text = f"{_roll_text(effect.name, result.roll)} (doused)"
                detail = _roll_detail(effect.name, result.roll, doused=True, seed=used_seed)
                log = (("usage_dice", text, detail),)
            return _Step(
                text=f"Douse {effect.name}",
                clock=snapshot.clock,
                effects=replace_effect(snapshot.effects, result.effect),
                log=log,
                value=result,
            )

        return self._apply(step)

    def activate(
        self, effect_id: str, faces: Sequence[int] | None = None, *, seed: int | None = None
    ) -> Outcome[EffectRoll]:
        """An item with the Activate mode was used: roll its usage dice."""
        rng, used_seed = self._rng_factory(seed)

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[EffectRoll]:
            effect = find_effect(snapshot.effects, effect_id)
            if UsageDiceMode.ACTIVATE not in effect.modes:
                raise ValueError(
                    f"{effect.name} has no Activate mode; using it rolls no usage dice"
                )
            rolled = roll_effect(effect, rng) if faces is None else _roll_with_faces(effect, faces)
            effects = (
                replace_effect(snapshot.effects, rolled.effect)
                if rolled.effect is not None
                else remove_effect(snapshot.effects, effect.id)
            )
            detail = _roll_detail(effect.name, rolled.roll, activated=True, seed=used_seed)
            return _Step(
                text=f"Use {effect.name}",
                clock=snapshot.clock,
                effects=effects,
                log=(("usage_dice", f"{_roll_text(effect.name, rolled.roll)} (used)", detail),),
                value=rolled,
            )

        return self._apply(step)

    def relight(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self._change_effect(effect_id, relight, "Light", "lit")

    def refuel(self, effect_id: str) -> Outcome[TrackedEffect]:
        return self._change_effect(effect_id, refuel, "Refuel", "refuelled")

    def restore_on_rest(self, effect_id: str) -> Outcome[TrackedEffect]:
        """Give an item with the Rest mode its maximum usage dice back."""

        def restore(effect: TrackedEffect) -> TrackedEffect:
            if UsageDiceMode.REST not in effect.modes:
                raise ValueError(f"{effect.name} has no Rest mode; a rest does not restore it")
            if effect.spent:
                raise ValueError(f"{effect.name} is spent for good and cannot be restored")
            return restore_on_rest(effect)

        return self._change_effect(effect_id, restore, "Restore", "restored")

    def remove(self, effect_id: str) -> Outcome[TrackedEffect]:
        """Stop tracking an effect; returns it as it was."""

        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[TrackedEffect]:
            effect = find_effect(snapshot.effects, effect_id)
            return _Step(
                text=f"Remove {effect.name}",
                clock=snapshot.clock,
                effects=remove_effect(snapshot.effects, effect_id),
                log=(("effect", f"{effect.name} removed", effect.to_dict()),),
                value=effect,
            )

        return self._apply(step)

    def _change_effect(
        self,
        effect_id: str,
        operation: Callable[[TrackedEffect], TrackedEffect],
        verb: str,
        past: str,
    ) -> Outcome[TrackedEffect]:
        def step(snapshot: DungeonTurnSnapshot, now: float) -> _Step[TrackedEffect]:
            effect = find_effect(snapshot.effects, effect_id)
            changed = operation(effect)
            text = f"{effect.name} {past}: {changed.usage_dice} UD"
            return _Step(
                text=f"{verb} {effect.name}",
                clock=snapshot.clock,
                effects=replace_effect(snapshot.effects, changed),
                log=(("effect", text, changed.to_dict()),),
                value=changed,
            )

        return self._apply(step)

    # -- undo and redo -----------------------------------------------------------------------

    def revert(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Undo ``change``: put the state before it back, mark its log entries undone, give back
        the conditions it ended. Returns the change that redoes it.

        Raises UndoConflictError, changing nothing, when the stored state is no longer what
        ``change`` left (something else happened since, here or in another process).
        """
        return self._swap(change, change.after, change.before, "undo", undone=True)

    def reapply(self, change: DungeonTurnChange) -> DungeonTurnChange:
        """Redo ``change`` after :meth:`revert`: the same result again, no new rolls."""
        return self._swap(change, change.before, change.after, "redo", undone=False)

    def _swap(
        self,
        change: DungeonTurnChange,
        expected: DungeonTurnState,
        target: DungeonTurnState,
        action: str,
        *,
        undone: bool,
    ) -> DungeonTurnChange:
        snapshot = self._store.load()
        if _without_warnings(snapshot.clock) != _without_warnings(
            expected.clock
        ) or snapshot.effects != tuple(expected.effects):
            raise UndoConflictError(
                f"cannot {action} {change.text!r}: the dungeon turn has changed since "
                "(here or in another window or the command line); nothing was changed"
            )
        try:
            saved = self._store.save(
                target.clock,
                target.effects,
                expected_version=snapshot.version,
                mark_undone=change.log_ids if undone else (),
                mark_done=() if undone else change.log_ids,
            )
        except ConcurrentChangeError as error:
            raise UndoConflictError(f"cannot {action} {change.text!r}: {error}") from None
        if change.conditions_after and self._conditions is not None:
            source, wanted = (
                (change.conditions_after, change.conditions_before)
                if undone
                else (change.conditions_before, change.conditions_after)
            )
            current = self._conditions.conditions_by_character()
            self._conditions.set_conditions(_move_conditions(current, source, wanted))
        return replace(change, version=saved.version)

    # -- machinery ---------------------------------------------------------------------------

    def _run_hooks(
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
                unit = self._store.database.current_unit_of_work
                if unit is not None and unit.failed is not None:
                    raise
                step = FunctionCommand(
                    change.text, lambda: self.reapply(change), lambda: self.revert(change)
                )
                joined = (as_command(result, change.text) for result in results)
                done = CompositeCommand(change.text, [step, *(c for c in joined if c is not None)])
                try:
                    done.undo()
                except Exception as also:
                    error.add_note(f"and taking back {change.text!r} failed too: {also}")
                raise
        return tuple(results)

    def _apply(self, step: Callable[[DungeonTurnSnapshot, float], _Step[T]]) -> Outcome[T]:
        last_error: ConcurrentChangeError | None = None
        for _ in range(SAVE_ATTEMPTS):
            snapshot = self._store.load()
            now = self.now()
            planned = step(snapshot, now)
            moment = self._moment(now)
            dt = snapshot.clock.dt if planned.log_dt is None else planned.log_dt
            log = tuple(
                SessionLogEntry(kind=kind, dt=dt, text=text, at=moment, detail=dict(detail))
                for kind, text, detail in planned.log
            )
            try:
                saved = self._store.save(
                    planned.clock, planned.effects, expected_version=snapshot.version, log=log
                )
            except ConcurrentChangeError as error:
                last_error = error
                continue
            before, after = _changed_conditions(planned.conditions_before, planned.conditions)
            if after and self._conditions is not None:
                self._conditions.set_conditions(after)
            change = DungeonTurnChange(
                text=planned.text,
                before=DungeonTurnState(snapshot.clock, snapshot.effects),
                after=DungeonTurnState(planned.clock, tuple(planned.effects)),
                version=saved.version,
                log_ids=saved.log_ids,
                conditions_before=before,
                conditions_after=after,
            )
            return Outcome(planned.value, change, now)
        assert last_error is not None
        raise last_error

    def _read_conditions(self) -> dict[str, tuple[str, ...]]:
        if self._conditions is None:
            return {}
        return {
            name: tuple(conditions)
            for name, conditions in self._conditions.conditions_by_character().items()
        }

    @staticmethod
    def _moment(now: float) -> datetime:
        return datetime.fromtimestamp(now, UTC)


def _dungeon_en(settings: DungeonSettings) -> int:
    return encounter_number(
        crowded=settings.crowded, chaos=settings.chaos, modifiers=settings.en_modifiers
    )


def _effect_kind(kind: EffectKind | str) -> EffectKind:
    if isinstance(kind, EffectKind):
        return kind
    try:
        return EffectKind(str(kind).strip().casefold())
    except ValueError:
        kinds = ", ".join(item.value for item in EffectKind)
        raise ValueError(f"unknown effect kind {kind!r} (expected one of {kinds})") from None


def _conditions_text(ended: Iterable[EndedCondition]) -> str:
    return ", ".join(f"{item.character} {item.condition}" for item in ended)


def _end_turn_log(
    result: EndOfTurnResult, seed: int
) -> tuple[tuple[str, str, Mapping[str, Any]], ...]:
    log: list[tuple[str, str, Mapping[str, Any]]] = []
    for rolled in result.usage_dice:
        log.append(
            (
                "usage_dice",
                _roll_text(rolled.name, rolled.roll),
                _roll_detail(rolled.name, rolled.roll),
            )
        )
    parts = [f"DT {result.dt_ended} ended"]
    if result.ran_out:
        parts.append(f"ran out: {', '.join(rolled.name for rolled in result.ran_out)}")
    if result.items_spent:
        parts.append(f"spent for good: {_names(result.items_spent)}")
    ended_effects = [effect for effect in result.effects_ended if effect.usage_dice > 0]
    if ended_effects:
        parts.append(f"ended with the DT: {_names(ended_effects)}")
    if result.conditions_ended:
        parts.append(f"conditions ended: {_conditions_text(result.conditions_ended)}")
    log.append(
        (
            "dt_end",
            "; ".join(parts),
            {
                "dt_ended": result.dt_ended,
                "usage_dice": [rolled.to_dict() for rolled in result.usage_dice],
                "conditions_ended": [item.to_dict() for item in result.conditions_ended],
                "effects_ended": [effect.name for effect in result.effects_ended],
                "seed": seed,
            },
        )
    )
    log.append(
        (
            "encounter",
            f"End of DT {result.dt_ended}: {_check_text(result.encounter)}",
            _check_detail(result.encounter, seed=seed),
        )
    )
    return tuple(log)


def _roll_with_faces(effect: TrackedEffect, faces: Sequence[int]) -> EffectRoll:
    if effect.spent:
        raise ValueError(f"{effect.name} is spent and has no usage dice to roll")
    if effect.usage_dice == 0:
        raise ValueError(f"{effect.name} has no usage dice left to roll")
    roll = usage_dice_from_faces(effect.usage_dice, faces)
    return EffectRoll(effect.id, effect.name, roll, apply_usage_roll(effect, roll))


def _douse_with_faces(effect: TrackedEffect, faces: Sequence[int]) -> DouseResult:
    """:func:`refkit.rules.dungeon.effects.douse` with the extra roll's faces given."""
    if effect.kind is not EffectKind.LIGHT:
        raise ValueError(f"{effect.name} is not a light and cannot be doused")
    if not effect.lit:
        raise ValueError(f"{effect.name} is not lit")
    if UsageDiceMode.DT not in effect.modes:
        if faces:
            raise ValueError(f"{effect.name} rolls no usage dice when doused; give no faces")
        return DouseResult(replace(effect, lit=False), None)
    rolled = _roll_with_faces(effect, faces)
    assert rolled.effect is not None  # lights are equipment: they never vanish
    return DouseResult(replace(rolled.effect, lit=False), rolled.roll)


def _changed_conditions(
    before: Mapping[str, Sequence[str]], after: Mapping[str, Sequence[str]]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The conditions before and after of just the characters whose conditions changed."""
    changed = [name for name in after if tuple(after[name]) != tuple(before.get(name, ()))]
    return (
        {name: tuple(before.get(name, ())) for name in changed},
        {name: tuple(after[name]) for name in changed},
    )


def _folded(conditions: Iterable[str]) -> set[str]:
    return {condition.strip().casefold() for condition in conditions}


def _move_conditions(
    current: Mapping[str, Sequence[str]],
    source: Mapping[str, tuple[str, ...]],
    target: Mapping[str, tuple[str, ...]],
) -> dict[str, tuple[str, ...]]:
    """Each character's conditions taken from ``source`` to ``target`` (an undo or a redo).

    A character still holding exactly ``source`` gets exactly ``target``; one whose conditions
    changed since only loses what the step removes and gains what it adds, keeping the rest.
    """
    result: dict[str, tuple[str, ...]] = {}
    for name, wanted in target.items():
        held = tuple(current.get(name, ()))
        expected = source.get(name, ())
        if held == tuple(expected):
            result[name] = tuple(wanted)
            continue
        dropped = _folded(expected) - _folded(wanted)
        kept = [condition for condition in held if condition.strip().casefold() not in dropped]
        present = _folded(kept) | _folded(expected)
        kept += [condition for condition in wanted if condition.strip().casefold() not in present]
        result[name] = tuple(kept)
    return result
