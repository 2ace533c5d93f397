"""Journeys for a front end: start one, travel a day (undoable), take a day back, keep the journal.

Each day is rolled once, from a fresh seed (or the one given), by the pure travel day; every roll
it made then lands in the roll log, tests as tests (their own seeds replay them with
``refkit test --seed``) and the encounter, lost and Miasma dice as ``travel`` rolls. An undo or
redo refuses, changing nothing, when the journey changed since (another window, the command line):
each change is a step of :class:`~refkit.app.steps.StepRunner` on the journey
(:mod:`refkit.app.travel.journey_steps`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from refkit.app.steps import StepRunner
from refkit.app.travel.journey import Journey
from refkit.app.travel.journey_steps import (
    JourneyAggregate,
    JourneyEditCommand,
    JourneyRollCommand,
    TravelDayCommand,
)
from refkit.dice.records import RollRecord
from refkit.dice.rng import SEED_BITS
from refkit.errors import ConflictError
from refkit.present.test_text import describe_test, summary_line
from refkit.rules.encounters import EncounterCheck
from refkit.rules.tables.model import RollableTable
from refkit.rules.travel.day_steps import (
    ENCOUNTER,
    FINISH,
    ROLE,
    DayInProgress,
    DayStep,
    finish_day,
    require_step,
    take_step,
)
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.lost_walk import WalkStep
from refkit.rules.travel.miasma import MiasmaTest
from refkit.rules.travel.travel_day import (
    NO_FACES,
    DayFaces,
    DayPlan,
    DayRecord,
    RoleResult,
    Traveller,
    travel_day,
)

if TYPE_CHECKING:
    from refkit.app.travel.journey_store import LoadedJourney

KIND_TRAVEL = "travel"
SECRET_KEYS = ("true", "lost", "lost_dice", "encounter_hex")
"""What the players' view of a day leaves out."""

RngFactory = Callable[[int | None], tuple[random.Random, int]]


class JourneyBook(Protocol):
    """Where journeys are kept (:class:`~refkit.app.travel.journey_store.JourneyStore` fits)."""

    def exists(self, name: str) -> bool: ...

    def load(self, name: str | None = None) -> Journey: ...

    def load_versioned(self, name: str | None = None) -> LoadedJourney: ...

    def save(self, journey: Journey, expected_version: int | None = None) -> int: ...


class RollLogger(Protocol):
    def log_roll(self, record: RollRecord) -> object: ...


EncounterRoller = Callable[[str, random.Random], str]
"""Rolls on the named encounter table and gives the row's text (ValueError: no such table)."""


@dataclass(frozen=True)
class TravelledDay:
    """A day just travelled: its full record, the summary kept with it, and the day's seed."""

    record: DayRecord
    summary: dict[str, Any]
    seed: int | None
    """The day's one seed (None for a day rolled step by step, each step from its own)."""


@dataclass(frozen=True)
class StepTaken:
    """A step of the day under way just taken, and the day as it now stands."""

    step: DayStep
    progress: DayInProgress
    earlier: DayInProgress
    """The day as it was before the step."""


def _check(check: EncounterCheck) -> dict[str, Any]:
    return {
        "en": check.en,
        "roll": check.roll,
        "encounter": check.encounter,
        "immediate": check.immediate,
    }


def day_summary(record: DayRecord, seed: int | None, encounter_text: str | None) -> dict[str, Any]:
    """The day as plain JSON: what the command line prints (the referee's view)."""
    roles = []
    for result in record.roles:
        test = result.test
        roles.append(
            {
                "traveller": result.assignment.traveller,
                "role": result.assignment.task.role,
                "task": result.assignment.task.key,
                "characteristic": result.assignment.tested,
                "dice": list(test.dice),
                "total": test.total,
                "tier": test.tier,
                "crit": test.crit,
                "doom": test.doom,
                "seed": result.seed,
                "rations": result.rations,
                "targets": list(result.targets),
            }
        )
    summary = {
        "day": record.day,
        "hexes": record.hexes,
        "travel_en": record.travel_en,
        "rest_en": record.rest_en,
        "role_tests": record.role_tests,
        "roles": roles,
        "encounter": _check(record.encounter)
        | {"table": record.encounter_table, "text": encounter_text},
        "encounter_hex": record.encounter_hex.to_list(),
        "route": [step.intended.name for step in record.walk.steps],
        "believed": record.after.believed_hex.to_list(),
        "true": record.after.true_hex.to_list(),
        "lost": record.after.lost,
        "lost_dice": [step.die for step in record.walk.steps if step.die is not None],
        "rations": record.rations,
        "rest": None if record.rest_check is None else _check(record.rest_check),
        "miasma": [
            {
                "traveller": test.traveller,
                "dice": list(test.test.dice),
                "tier": test.tier,
                "cruelty": test.cruelty,
                "effects_index": None if test.effects is None else test.effects.index,
                "effects": None if test.effects is None else test.effects.text,
                "claimed": test.claimed,
            }
            for test in record.miasma
        ],
        "unused_dice": [
            {"option": option, "traveller": who, "dice": list(dice)}
            if who
            else {"option": option, "dice": list(dice)}
            for option, who, dice in record.unused_dice
        ]
        + [
            {"option": "--effects-die", "traveller": test.traveller, "dice": [die]}
            for test in record.miasma
            if (die := test.unused_effects_die) is not None
        ],
        "seed": seed,
    }
    normal: dict[str, Any] = json.loads(json.dumps(summary))
    return normal


def players_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """The day as the players know it: no true position, no lost dice, no secret encounter hex."""
    return {key: value for key, value in summary.items() if key not in SECRET_KEYS}


class TravelService:
    """Journeys kept in a :class:`JourneyBook`, with their rolls logged."""

    def __init__(
        self,
        book: JourneyBook,
        roll_log: RollLogger,
        *,
        clock: Callable[[], datetime],
        rng_factory: RngFactory,
        miasma_table: Callable[[], RollableTable],
        encounter_roller: EncounterRoller | None = None,
    ) -> None:
        self.book = book
        self._log = roll_log
        self._clock = clock
        self._rng_factory = rng_factory
        self._miasma_table = miasma_table
        self._encounter_roller = encounter_roller

    def start(
        self,
        name: str,
        hex_map: HexMap,
        at: Hex | None,
        travellers: Sequence[Traveller],
        *,
        replace: bool = False,
    ) -> Journey:
        """Begin a journey at ``at`` (None: the map's start hex) and keep it."""
        where = at if at is not None else hex_map.start
        if where is None:
            raise ValueError(f"map {hex_map.name!r} has no start hex: say where with --at Q,R")
        journey = Journey.begin(name, hex_map, where, travellers)
        if self.book.exists(journey.name) and not replace:
            raise ValueError(f"a journey called {journey.name!r} exists already")
        # A new journey is saved only over nothing (version 0): one started meanwhile under
        # the same name is not replaced.
        self.book.save(journey, expected_version=None if replace else 0)
        return journey

    def journey(self, name: str | None = None) -> Journey:
        return self.book.load(name)

    def steps(self, name: str | None = None) -> StepRunner[Journey]:
        """The step runner of the journey called ``name`` (None: the one last used)."""
        journey = self.book.load(name)
        return StepRunner(
            JourneyAggregate(self.book, journey.name),
            lambda: self._clock().timestamp(),
            what=f"journey {journey.name!r}",
        )

    def travel_day_command(
        self,
        plan: DayPlan,
        *,
        faces: DayFaces = NO_FACES,
        seed: int | None = None,
        name: str | None = None,
    ) -> TravelDayCommand:
        return TravelDayCommand(self, self.steps(name), plan, faces, seed)

    def roll_day(
        self, journey: Journey, plan: DayPlan, faces: DayFaces, seed: int | None
    ) -> TravelledDay:
        """Roll the day on ``journey`` (nothing kept yet)."""
        if journey.pending is not None:
            raise ValueError(
                f"day {journey.state.day + 1} of journey {journey.name!r} is under way step by "
                "step: finish it there, or take its steps back, first"
            )
        rng, used_seed = self._rng_factory(seed)
        record = travel_day(journey.state, plan, journey.hex_map, self._miasma_table(), rng, faces)
        text = None
        if record.encounter.encounter and record.encounter_table and self._encounter_roller:
            try:
                text = self._encounter_roller(record.encounter_table, rng)
            except ValueError as problem:
                text = f"(no roll: {problem})"
        return TravelledDay(record, day_summary(record, used_seed, text), used_seed)

    def log_day(self, day: TravelledDay) -> None:
        """Write every roll of the day to the roll log."""
        for record in _roll_records(day, self._clock()):
            self._log.log_roll(record)

    # -- the day step by step ---------------------------------------------------------------

    def progress(self, name: str | None = None) -> DayInProgress:
        """The day under way on the journey (ValueError when none is)."""
        return self.book.load(name).progress(self._miasma_table())

    def begin_day_command(self, plan: DayPlan, name: str | None = None) -> JourneyEditCommand:
        """Begin a day step by step with ``plan`` (its route is walked hex by hex instead)."""
        journey = self.book.load(name)
        journey.with_day_begun(plan)  # ValueError now: a day under way, a role that cannot be
        return JourneyEditCommand(
            self.steps(journey.name),
            f"Begin travel day {journey.state.day + 1}",
            lambda current: current.with_day_begun(plan),
        )

    def day_step_command(
        self,
        kind: str,
        *,
        dice: Sequence[int] = (),
        rations: Sequence[int] = (),
        direction: HexDirection | None = None,
        miasma: dict[str, tuple[int, int]] | None = None,
        miasma_effects: dict[str, int] | None = None,
        seed: int | None = None,
        name: str | None = None,
        campsite: bool = False,
    ) -> JourneyRollCommand[StepTaken]:
        """The next step of the day under way (a role test, the encounter check, a hex, the rest,
        the Miasma), rolled once; ValueError now when it does not come next."""
        journey = self.book.load(name)
        progress = journey.progress(self._miasma_table())
        if kind == FINISH:
            raise ValueError("the day is finished by its journal entry: finish_day_command")
        require_step(progress, kind)
        title = _step_title(kind, progress, direction)

        def plan(current: Journey) -> tuple[Journey, StepTaken]:
            table = self._miasma_table()
            now = current.progress(table)
            rng, _ = self._rng_factory(seed)
            step = DayStep(
                kind,
                rng.getrandbits(SEED_BITS),
                dice=tuple(dice),
                rations=tuple(rations),
                direction=direction,
                miasma=miasma or {},
                miasma_effects=miasma_effects or {},
                campsite=campsite,
            )
            after = take_step(now, step, current.hex_map, table)
            if kind == ENCOUNTER:
                step = replace(step, text=self._encounter_text(current, after, rng))
            return current.with_step(step), StepTaken(step, after, now)

        def log(taken: StepTaken) -> None:
            # Each step's rolls land in the roll log as it is taken (they stay there on undo,
            # as a day taken back leaves its rolls).
            for record in step_records(taken.earlier, taken.progress, self._clock()):
                self._log.log_roll(record)

        return JourneyRollCommand(self.steps(journey.name), title, plan, joined=log)

    def _encounter_text(
        self, journey: Journey, progress: DayInProgress, rng: random.Random
    ) -> str | None:
        check = progress.encounter
        if check is None or not check.encounter or self._encounter_roller is None:
            return None
        trail = [progress.before.true_hex, *(step.true for step in progress.steps)]
        table = journey.hex_map.encounter_table_for(trail[progress.encounter_at or 0])
        if table is None:
            return None
        try:
            return self._encounter_roller(table, rng)
        except ValueError as problem:
            return f"(no roll: {problem})"

    def finish_day_command(self, name: str | None = None) -> JourneyRollCommand[TravelledDay]:
        """Finish the day under way: its journal entry kept, its rolls logged."""
        journey = self.book.load(name)
        progress = journey.progress(self._miasma_table())
        finish_day(progress, journey.hex_map)  # ValueError now when steps are left

        def plan(current: Journey) -> tuple[Journey, TravelledDay]:
            pending = current.under_way()
            now = current.progress(self._miasma_table())
            record = finish_day(now, current.hex_map)
            texts = [s.text for s in pending.steps if s.kind == ENCOUNTER]
            summary = day_summary(record, None, texts[0] if texts else None)
            done = TravelledDay(record, summary, None)
            return current.with_day(record, summary), done

        # Its rolls were logged step by step.
        return JourneyRollCommand(
            self.steps(journey.name), f"Finish travel day {journey.state.day + 1}", plan
        )

    def take_back_step_command(self, name: str | None = None) -> JourneyEditCommand:
        """Take the last step of the day under way back (none taken: the day not begun)."""
        journey = self.book.load(name)
        pending = journey.under_way()
        text = (
            f"Take back {_KIND_WORDS[pending.steps[-1].kind]}"
            if pending.steps
            else f"Take back beginning travel day {journey.state.day + 1}"
        )
        return JourneyEditCommand(self.steps(journey.name), text, Journey.without_last_step)

    def take_back_day_command(self, name: str | None = None) -> JourneyEditCommand:
        """Take the journey's last day back (its rolls stay in the roll log)."""
        journey = self.book.load(name)
        journey.without_last_day()  # ValueError now, not at do(), when there is no day
        last = journey.days[-1].day
        return JourneyEditCommand(
            self.steps(journey.name), f"Take back travel day {last}", Journey.without_last_day
        )

    def note_command(
        self, day: int, note: str, name: str | None = None, *, seen: str | None = None
    ) -> JourneyEditCommand:
        """Write the referee's note for ``day`` of the journal over ``seen``, the note the
        referee saw when typing (None: the one stored now); ConflictError at do(), nothing
        saved, when the day's note is no longer that one."""
        journey = self.book.load(name)
        journey.with_note(day, note)  # ValueError now for a day the journey does not have
        if seen is None:
            seen = next(entry.note for entry in journey.days if entry.day == day)

        def noted(current: Journey) -> Journey:
            # A typed note replaces the note the referee saw, never one written since.
            now = next((entry.note for entry in current.days if entry.day == day), seen)
            if now != (seen or "").strip():
                raise ConflictError(
                    f"the note for day {day} of the journey {journey.name!r} was changed since "
                    "(in another window or the command line); nothing was saved"
                )
            return current.with_note(day, note)

        return JourneyEditCommand(self.steps(journey.name), f"Journal note for day {day}", noted)

    def map_command(self, hex_map: HexMap, name: str | None = None) -> JourneyEditCommand:
        """Let the journey travel on the edited map (the stored map of the same name)."""
        journey = self.book.load(name)
        journey.with_map(hex_map)  # ValueError now: another map, or the party's hex gone
        return JourneyEditCommand(
            self.steps(journey.name),
            f"Journey {journey.name!r} on the edited map",
            lambda current: current.with_map(hex_map),
        )

    def journal_markdown(self, name: str | None = None, *, referee: bool = True) -> str:
        journey = self.book.load(name)
        out = [f"# {journey.name}", "", f"On the map {journey.hex_map.name}.", ""]
        for day in journey.days:
            lines = day.referee if referee else day.players
            out.append(f"## {lines[0]}")
            out.append("")
            out.extend(f"- {line}" for line in lines[1:])
            if day.note:
                out.extend(["", f"> {day.note}"])
            out.append("")
        return "\n".join(out)


_KIND_WORDS = {
    ROLE: "the role test",
    ENCOUNTER: "the travel encounter check",
    "move": "the hex walked",
    "rest": "the rest",
    "miasma": "the Miasma",
}


def _step_title(kind: str, progress: DayInProgress, direction: HexDirection | None) -> str:
    day = progress.before.day + 1
    if kind == ROLE and progress.next_role is not None:
        role = progress.next_role
        return f"Day {day}: {role.traveller}'s {role.task.title}"
    if kind == "move" and direction is not None:
        return f"Day {day}: walk {direction.name}"
    return f"Day {day}: {_KIND_WORDS.get(kind, kind)}"


def _roll_records(day: TravelledDay, at: datetime) -> list[RollRecord]:
    record = day.record
    return _records(
        record.day,
        day.seed,
        at,
        roles=record.roles,
        encounter=record.encounter,
        walked=record.walk.steps,
        rest=record.rest_check,
        miasma=record.miasma,
    )


def step_records(earlier: DayInProgress, later: DayInProgress, at: datetime) -> list[RollRecord]:
    """The rolls one step of a guided day made: what ``later`` has that ``earlier`` had not."""
    return _records(
        earlier.before.day + 1,
        None,
        at,
        roles=later.roles[len(earlier.roles) :],
        encounter=later.encounter if earlier.encounter is None else None,
        walked=later.steps[len(earlier.steps) :],
        rest=later.rest_check if earlier.rest_check is None else None,
        miasma=later.miasma if not earlier.miasma_done else (),
    )


def _records(
    day_number: int,
    seed: int | None,
    at: datetime,
    *,
    roles: Sequence[RoleResult],
    encounter: EncounterCheck | None,
    walked: Sequence[WalkStep],
    rest: EncounterCheck | None,
    miasma: Sequence[MiasmaTest],
) -> list[RollRecord]:
    detail_base = {"journey_day": day_number, "day_seed": seed}
    records = []
    for result in roles:
        test = result.test
        records.append(
            RollRecord(
                kind="test",
                expression=describe_test(
                    result.characteristic,
                    edges=result.edges,
                    banes=result.banes,
                    bonuses=(result.bonus,) if result.bonus else (),
                ),
                faces=test.dice,
                total=test.total,
                seed=result.seed,
                rolled_at=at,
                summary=f"{result.assignment.task.title}: {summary_line(test)}",
                detail=detail_base
                | {
                    "crow": result.assignment.traveller,
                    "tested": result.assignment.tested,
                    "travel_task": result.assignment.task.key,
                    "tier": test.tier,
                    "natural": test.natural,
                },
            )
        )

    def plain(
        expression: str, faces: Sequence[int], total: int, summary: str, **extra: Any
    ) -> None:
        records.append(
            RollRecord(
                kind=KIND_TRAVEL,
                expression=expression,
                faces=tuple(faces),
                total=total,
                seed=None,
                rolled_at=at,
                summary=summary,
                detail=detail_base | extra,
            )
        )

    for result in roles:
        if result.outcome.rations is not None and result.ration_faces:
            dice = result.outcome.rations
            plain(
                f"rations {dice.text}",
                result.ration_faces,
                result.rations,
                f"{result.rations} rations",
                crow=result.assignment.traveller,
            )
    if encounter is not None:
        check = encounter
        plain(f"travel encounter d10 (EN {check.en})", (check.roll,), check.roll, _outcome(check))
    for step in walked:
        if step.die is not None:
            plain(
                "lost d6 (secret)",
                (step.die,),
                step.die,
                f"really went {step.drift.name if step.drift else '?'}",
                secret=True,
            )
    if rest is not None:
        plain(f"rest encounter d10 (EN {rest.en})", (rest.roll,), rest.roll, _outcome(rest))
    for resisted in miasma:
        records.append(
            RollRecord(
                kind="test",
                expression=f"Miasma: 2d10{resisted.test.total - sum(resisted.test.dice):+d}",
                faces=resisted.test.dice,
                total=resisted.test.total,
                seed=None,
                rolled_at=at,
                summary=f"Miasma, {resisted.traveller}: {summary_line(resisted.test)}",
                detail=detail_base
                | {"crow": resisted.traveller, "tier": resisted.tier, "cruelty": resisted.cruelty},
            )
        )
        if resisted.effects is not None:
            plain(
                f"Miasma effects 1d10+{resisted.effects.modifier}",
                resisted.effects.dice or (resisted.effects.dice_total,),
                resisted.effects.index,
                f"{resisted.traveller}: {resisted.effects.row.label}",
                crow=resisted.traveller,
            )
    return records


def _outcome(check: EncounterCheck) -> str:
    if not check.encounter:
        return "no encounter"
    return "an encounter at once" if check.immediate else "a sign; the encounter comes later"
