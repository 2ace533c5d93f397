"""One travel day in the rulebook's order: pace, role tests, the travel encounter check, the walk,
the rest's encounter check, then the Miasma (L803–811, fact sheet §9).

:func:`travel_day` is pure: it takes the journey's state, the day's plan and a random source, and
returns the new state with a record of everything that happened. Faces may be given outright for
any roll; the others are rolled from ``rng``. Each test draws its own seed from ``rng`` and rolls
with ``random.Random(seed)``, so ``refkit test … --seed`` repeats that very roll.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

from refkit.dice.rng import SEED_BITS
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import (
    TestResult,
    check_characteristic,
    check_die,
    resolve_test,
    roll_test,
)
from refkit.rules.common.pace import Pace
from refkit.rules.encounters import EncounterCheck, check_encounter
from refkit.rules.tables.model import RollableTable
from refkit.rules.travel.day import day_encounter_numbers, day_hexes, role_test_modifier
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.lost_walk import Walk, walk_day
from refkit.rules.travel.miasma import MiasmaRoller, MiasmaTest, resist_miasma
from refkit.rules.travel.roles import (
    MOST_TARGETS,
    RoleAssignment,
    Task,
    TaskOutcome,
    order_roles,
    task_outcome,
)

T = TypeVar("T")

ROLE_EDGES = {"edge": (1, 0), "none": (0, 0), "bane": (0, 1)}


def _frozen(mapping: Mapping[str, T] | None) -> Mapping[str, T]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Traveller:
    """Someone on the journey: characteristics, whether human (the Miasma touches only humans),
    conditions that act on tests, cruelty and the Miasma's marks."""

    name: str
    agility: int = 0
    mind: int = 0
    strength: int = 0
    human: bool = True
    conditions: tuple[str, ...] = ()
    cruelty: int = 0
    miasma_effects: tuple[str, ...] = ()
    claimed: bool = False
    """The Miasma has taken this crow: it is the referee's now."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a traveller needs a name")
        for which in ("agility", "mind", "strength"):
            check_characteristic(f"{self.name}'s {which}", getattr(self, which))
        if isinstance(self.cruelty, bool) or not isinstance(self.cruelty, int) or self.cruelty < 0:
            raise ValueError(f"{self.name}'s cruelty must be 0 or more, got {self.cruelty!r}")

    def characteristic(self, name: str) -> int:
        if name not in ("agility", "mind", "strength"):
            raise ValueError(f"a test is of agility, mind or strength, not {name!r}")
        value: int = getattr(self, name)
        return value


@dataclass(frozen=True)
class TravelState:
    """Where the party really is, where it believes it is, and what the journey carries."""

    true_hex: Hex
    believed_hex: Hex
    lost: bool = False
    day: int = 0
    travellers: tuple[Traveller, ...] = ()
    rations_found: int = 0
    explored: frozenset[Hex] = frozenset()
    """The hexes the players believe they have been to (what their map shows)."""

    def __post_init__(self) -> None:
        if not self.lost and self.true_hex != self.believed_hex:
            raise ValueError("a party that is not lost is where it believes it is")
        names = [traveller.name for traveller in self.travellers]
        doubled = sorted({name for name in names if names.count(name) > 1})
        if doubled:
            raise ValueError(f"two travellers called {doubled[0]}")
        object.__setattr__(self, "explored", frozenset(self.explored) | {self.believed_hex})

    def traveller(self, name: str) -> Traveller:
        for traveller in self.travellers:
            if traveller.name == name:
                return traveller
        known = ", ".join(t.name for t in self.travellers) or "nobody yet"
        raise ValueError(f"no traveller called {name!r} on this journey (travellers: {known})")


@dataclass(frozen=True)
class DayPlan:
    """What the party means to do today."""

    pace: Pace
    slowest_speed: int
    route: tuple[HexDirection, ...] = ()
    roles: tuple[RoleAssignment, ...] = ()
    road: bool = False
    river_cross: bool = False
    downstream: bool = False
    encounter_at: int = 0
    """How many hexes into the walk the travel encounter check falls (the referee picks)."""
    rest: bool = True
    seclude: bool = False
    in_miasma: bool = True
    miasma_raises: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pace", Pace.parse(self.pace))
        object.__setattr__(self, "route", tuple(self.route))
        object.__setattr__(self, "roles", tuple(self.roles))
        object.__setattr__(self, "miasma_raises", _frozen(self.miasma_raises))
        if isinstance(self.encounter_at, bool) or not isinstance(self.encounter_at, int):
            raise ValueError(
                f"the encounter's hex must be a whole number, got {self.encounter_at!r}"
            )
        if self.encounter_at < 0:
            raise ValueError(f"the encounter's hex is counted from 0, got {self.encounter_at}")


@dataclass(frozen=True)
class DayFaces:
    """Faces rolled at the table, by traveller where a roll is someone's."""

    tests: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    rations: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    encounter: int | None = None
    rest_encounter: int | None = None
    lost: tuple[int, ...] = ()
    miasma: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    miasma_effects: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("tests", "rations", "miasma", "miasma_effects"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        object.__setattr__(self, "lost", tuple(self.lost))


NO_FACES = DayFaces()


@dataclass(frozen=True)
class RoleResult:
    """One role test and what it did."""

    assignment: RoleAssignment
    characteristic: int
    edges: int
    banes: int
    bonus: int
    test: TestResult
    seed: int | None
    outcome: TaskOutcome
    reasons: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    rations: int = 0
    ration_faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class DayRecord:
    """Everything that happened on one travel day, in order."""

    day: int
    plan: DayPlan
    before: TravelState
    after: TravelState
    role_tests: str
    roles: tuple[RoleResult, ...]
    hexes: int
    travel_en: int
    rest_en: int
    crafting_bonus: int
    lost_today: bool
    found_bearings: bool
    encounter: EncounterCheck
    encounter_hex: Hex
    encounter_habitat: str
    encounter_table: str | None
    walk: Walk
    rest_check: EncounterCheck | None
    miasma: tuple[MiasmaTest, ...]
    cruelty_cleared: tuple[str, ...]
    rations: int
    finds: tuple[str, ...]


def _seeded(rng: random.Random) -> tuple[random.Random, int]:
    seed = rng.getrandbits(SEED_BITS)
    return random.Random(seed), seed


def _check_names(faces: Mapping[str, object], allowed: set[str], what: str) -> None:
    for name in faces:
        if name not in allowed:
            raise ValueError(f"{what} are given for {name}, who makes no such roll today")


def _default_targets(
    assignment: RoleAssignment, state: TravelState, later: list[RoleAssignment]
) -> tuple[str, ...]:
    if assignment.targets:
        return assignment.targets
    if assignment.task is Task.FIGHT_THE_MIASMA:
        humans = [t.name for t in state.travellers if t.human and not t.claimed]
        return tuple(humans[:MOST_TARGETS])
    return tuple(other.traveller for other in later[:MOST_TARGETS])


def _roll_roles(
    state: TravelState, plan: DayPlan, faces: DayFaces, rng: random.Random
) -> tuple[RoleResult, ...]:
    ordered = list(order_roles(plan.roles))
    for assignment in ordered:
        state.traveller(assignment.traveller)
    _check_names(faces.tests, {a.traveller for a in ordered}, "test dice")
    _check_names(faces.rations, {a.traveller for a in ordered}, "ration dice")
    pace_edges, pace_banes = ROLE_EDGES[role_test_modifier(plan.pace)]
    bonus: dict[str, int] = {}
    results: list[RoleResult] = []
    for index, assignment in enumerate(ordered):
        if assignment.task is Task.BACK_ON_TRACK and not state.lost:
            raise ValueError(
                f"{assignment.traveller} cannot get the party back on track: it is not lost"
            )
        traveller = state.traveller(assignment.traveller)
        effect = conditions_on_test(traveller.conditions, assignment.tested)
        edges, banes = pace_edges + effect.edges, pace_banes + effect.banes
        reasons = (
            [f"{role_test_modifier(plan.pace)} from the pace"] if pace_edges or pace_banes else []
        )
        reasons.extend(effect.reasons)
        extra = bonus.get(traveller.name, 0)
        if extra:
            reasons.append(f"{extra:+d} from Support Everyone")
        value = traveller.characteristic(assignment.tested)
        given = faces.tests.get(traveller.name)
        seed: int | None = None
        if given is None:
            test_rng, seed = _seeded(rng)
            test = roll_test(
                test_rng, value, edges=edges, banes=banes, bonuses=(extra,), forced=effect.forced
            )
        else:
            test = resolve_test(
                given[0],
                given[1],
                value,
                edges=edges,
                banes=banes,
                bonuses=(extra,),
                forced=effect.forced,
            )
        outcome = task_outcome(assignment.task, test.tier, assignment.choice)
        targets: tuple[str, ...] = ()
        if assignment.task in (Task.FIGHT_THE_MIASMA, Task.SUPPORT_EVERYONE):
            targets = _default_targets(assignment, state, ordered[index + 1 :])
            for target in targets:
                state.traveller(target)
            if assignment.task is Task.SUPPORT_EVERYONE:
                later = {other.traveller for other in ordered[index + 1 :]}
                for target in targets:
                    if target not in later:
                        raise ValueError(
                            f"Support Everyone helps allies whose role tests come later; "
                            f"{target} has none after {traveller.name}'s"
                        )
                    bonus[target] = bonus.get(target, 0) + outcome.role_test_bonus
        rations = 0
        ration_faces: tuple[int, ...] = ()
        if outcome.rations is not None:
            dice = outcome.rations
            ration_faces = tuple(faces.rations.get(traveller.name, ()))
            if ration_faces:
                if len(ration_faces) != dice.count:
                    raise ValueError(
                        f"{traveller.name}'s rations take {dice.count} d{dice.sides}, "
                        f"got {len(ration_faces)} faces"
                    )
                for face in ration_faces:
                    check_die(f"{traveller.name}'s ration die", face, dice.sides)
            else:
                ration_faces = tuple(rng.randint(1, dice.sides) for _ in range(dice.count))
            rations = sum(ration_faces) + dice.plus
        elif traveller.name in faces.rations:
            raise ValueError(f"{traveller.name} finds no rations to roll for today")
        results.append(
            RoleResult(
                assignment=assignment,
                characteristic=value,
                edges=edges,
                banes=banes,
                bonus=extra,
                test=test,
                seed=seed,
                outcome=outcome,
                reasons=tuple(reasons),
                targets=targets,
                rations=rations,
                ration_faces=ration_faces,
            )
        )
    return tuple(results)


def _roll_d10(given: int | None, rng: random.Random, what: str) -> int:
    if given is not None:
        check_die(what, given, 10)
        return given
    return rng.randint(1, 10)


def travel_day(
    state: TravelState,
    plan: DayPlan,
    hex_map: HexMap,
    miasma_table: RollableTable,
    rng: random.Random,
    faces: DayFaces = NO_FACES,
) -> DayRecord:
    """Run one travel day; raises ValueError (naming what is wrong) before anything is decided."""
    roles = _roll_roles(state, plan, faces, rng)
    outcomes = [result.outcome for result in roles]
    lost_today = any(outcome.lost for outcome in outcomes)
    found = any(outcome.found_bearings for outcome in outcomes)
    hexes = day_hexes(
        plan.pace,
        plan.slowest_speed,
        road=plan.road,
        river_cross=plan.river_cross,
        downstream=plan.downstream,
        role_hex_mods=sum(outcome.hexes for outcome in outcomes),
    )
    travel_en, rest_en = day_encounter_numbers(
        plan.pace,
        road=plan.road,
        travel_mods=sum(outcome.travel_en for outcome in outcomes),
        rest_mods=sum(outcome.rest_en for outcome in outcomes),
        seclude=plan.seclude,
    )
    encounter = check_encounter(_roll_d10(faces.encounter, rng, "travel encounter die"), travel_en)

    lost = (state.lost and not found) or lost_today
    believed = state.true_hex if found else state.believed_hex
    walk = walk_day(
        hex_map,
        true=state.true_hex,
        believed=believed,
        route=plan.route,
        hexes=hexes,
        lost=lost,
        rng=rng,
        lost_dice=faces.lost,
    )
    trail = [state.true_hex, *(step.true for step in walk.steps)]
    if plan.encounter_at > len(walk.steps):
        raise ValueError(
            f"the encounter check falls {plan.encounter_at} hexes in, but the party walks "
            f"{len(walk.steps)} today"
        )
    encounter_hex = trail[plan.encounter_at]

    rest_check: EncounterCheck | None = None
    if plan.rest:
        rest_check = check_encounter(
            _roll_d10(faces.rest_encounter, rng, "rest encounter die"), rest_en
        )
    elif faces.rest_encounter is not None:
        raise ValueError("a rest encounter die is given, but the party does not rest today")

    miasma, cleared, travellers = _after_rest(state, plan, roles, faces, miasma_table, rng)
    rations = sum(result.rations for result in roles)
    after = replace(
        state,
        true_hex=walk.true,
        believed_hex=walk.believed,
        lost=lost,
        day=state.day + 1,
        travellers=travellers,
        rations_found=state.rations_found + rations,
        explored=state.explored | {believed} | {step.believed for step in walk.steps},
    )
    return DayRecord(
        day=state.day + 1,
        plan=plan,
        before=state,
        after=after,
        role_tests=role_test_modifier(plan.pace),
        roles=roles,
        hexes=hexes,
        travel_en=travel_en,
        rest_en=rest_en,
        crafting_bonus=sum(outcome.crafting_bonus for outcome in outcomes),
        lost_today=lost_today,
        found_bearings=found,
        encounter=encounter,
        encounter_hex=encounter_hex,
        encounter_habitat=hex_map.cell(encounter_hex).habitat,
        encounter_table=hex_map.encounter_table_for(encounter_hex),
        walk=walk,
        rest_check=rest_check,
        miasma=miasma,
        cruelty_cleared=cleared,
        rations=rations,
        finds=tuple(result.outcome.find for result in roles if result.outcome.find),
    )


def _after_rest(
    state: TravelState,
    plan: DayPlan,
    roles: tuple[RoleResult, ...],
    faces: DayFaces,
    table: RollableTable,
    rng: random.Random,
) -> tuple[tuple[MiasmaTest, ...], tuple[str, ...], tuple[Traveller, ...]]:
    """The Miasma after the rest: the tests in the Miasma, or cruelty cleared away from it."""
    if (not plan.rest or not plan.in_miasma) and (
        faces.miasma or faces.miasma_effects or plan.miasma_raises
    ):
        raise ValueError("Miasma dice are given, but nobody rests in the Miasma today")
    if not plan.rest:
        return (), (), state.travellers
    if not plan.in_miasma:
        cleared = tuple(t.name for t in state.travellers if t.cruelty)
        return (), cleared, tuple(replace(t, cruelty=0) for t in state.travellers)
    edges: dict[str, int] = {}
    for result in roles:
        for target in result.targets:
            if result.outcome.miasma_edges:
                edges[target] = edges.get(target, 0) + result.outcome.miasma_edges
    resting = [t for t in state.travellers if t.human and not t.claimed]
    for name in edges:
        if name not in {t.name for t in resting}:
            raise ValueError(f"Fight the Miasma helps humans who rest; {name} makes no Miasma test")
    tests = resist_miasma(
        [MiasmaRoller(t.name, t.mind, t.cruelty, edges.get(t.name, 0)) for t in resting],
        table,
        rng,
        dice=faces.miasma,
        effects_dice=faces.miasma_effects,
        raises=plan.miasma_raises,
    )
    by_name = {test.traveller: test for test in tests}
    travellers = []
    for traveller in state.travellers:
        test = by_name.get(traveller.name)
        if test is None:
            travellers.append(traveller)
            continue
        marks = traveller.miasma_effects + ((test.effects.text,) if test.effects else ())
        travellers.append(
            replace(
                traveller,
                cruelty=test.cruelty,
                miasma_effects=marks,
                claimed=traveller.claimed or test.claimed,
            )
        )
    return tests, (), tuple(travellers)
