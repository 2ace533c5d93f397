"""The travel day step by step, in the rulebook's order, over a day in progress (L803–811).

A day begins with its plan (pace, speed, road, river, roles, rest). Then each role test is one step
(supporters first, then the guide, scouts and providers); the travel encounter check is one step the
referee takes at any point of the walk (it falls on the hex the party truly stands on then); each
hex walked is one step (while lost the secret d6 picks where the party really goes); then the rest's
encounter check, then the Miasma (or cruelty cleared away from it), and the day is finished into a
:class:`~refkit.rules.travel.day_types.DayRecord`.

Every step is pure: it takes the day so far and a random source and gives the next day so far, or
raises ValueError (naming what is wrong) with nothing changed. :class:`DayStep` keeps what a step
needs to be taken again exactly (its seed and any faces given), so a stored day in progress is its
plan and its steps, replayed by :func:`replay_day`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from refkit.dice.rng import SEED_BITS
from refkit.rules.checks.conditions import conditions_on_test
from refkit.rules.checks.crows_test import check_die, resolve_test, roll_test
from refkit.rules.encounters import EncounterCheck, check_encounter
from refkit.rules.tables.model import RollableTable
from refkit.rules.travel.day import day_encounter_numbers, day_hexes, role_test_modifier
from refkit.rules.travel.day_types import (
    DayPlan,
    DayRecord,
    RoleResult,
    Traveller,
    TravelState,
)
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.lost_walk import Walk, WalkStep
from refkit.rules.travel.miasma import MiasmaRoller, MiasmaTest, resist_miasma
from refkit.rules.travel.roles import (
    MOST_TARGETS,
    RoleAssignment,
    Task,
    TaskOutcome,
    order_roles,
    task_outcome,
)

ROLE = "role"
ENCOUNTER = "encounter"
MOVE = "move"
REST = "rest"
MIASMA = "miasma"
FINISH = "finish"
STEP_KINDS = (ROLE, ENCOUNTER, MOVE, REST, MIASMA, FINISH)

ROLE_EDGES = {"edge": (1, 0), "none": (0, 0), "bane": (0, 1)}

STEP_TITLES = {
    ROLE: "a role test",
    ENCOUNTER: "the travel encounter check",
    MOVE: "a hex walked",
    REST: "the rest's encounter check",
    MIASMA: "the Miasma",
    FINISH: "the journal entry",
}


@dataclass(frozen=True)
class DayInProgress:
    """A travel day partly done: its plan and what each step so far gave."""

    before: TravelState
    plan: DayPlan
    roles: tuple[RoleResult, ...] = ()
    encounter: EncounterCheck | None = None
    encounter_at: int | None = None
    """How many hexes into the walk the travel encounter check fell."""
    steps: tuple[WalkStep, ...] = ()
    rest_check: EncounterCheck | None = None
    rested: bool = False
    miasma_done: bool = False
    miasma: tuple[MiasmaTest, ...] = ()
    cruelty_cleared: tuple[str, ...] = ()
    travellers: tuple[Traveller, ...] = ()
    unused_dice: tuple[tuple[str, str, tuple[int, ...]], ...] = ()
    """Dice the Miasma step was given but did not need (option, traveller, faces): rolled
    ahead, they are kept and said, never refused."""

    @property
    def ordered(self) -> tuple[RoleAssignment, ...]:
        """The role tests in the rulebook's order."""
        return order_roles(self.plan.roles)

    @property
    def next_role(self) -> RoleAssignment | None:
        ordered = self.ordered
        return ordered[len(self.roles)] if len(self.roles) < len(ordered) else None

    @property
    def roles_done(self) -> bool:
        return len(self.roles) == len(self.ordered)

    @property
    def outcomes(self) -> tuple[TaskOutcome, ...]:
        return tuple(result.outcome for result in self.roles)

    @property
    def lost_today(self) -> bool:
        return any(outcome.lost for outcome in self.outcomes)

    @property
    def found_bearings(self) -> bool:
        return any(outcome.found_bearings for outcome in self.outcomes)

    @property
    def lost(self) -> bool:
        """Whether the party walks lost today (known once the role tests are done)."""
        return (self.before.lost and not self.found_bearings) or self.lost_today

    @property
    def hexes(self) -> int:
        """Hexes for the day, with the role results so far."""
        plan = self.plan
        return day_hexes(
            plan.pace,
            plan.slowest_speed,
            road=plan.road,
            river_cross=plan.river_cross,
            downstream=plan.downstream,
            role_hex_mods=sum(outcome.hexes for outcome in self.outcomes),
        )

    @property
    def encounter_numbers(self) -> tuple[int, int]:
        """(travel EN, rest EN), with the role results so far."""
        plan = self.plan
        return day_encounter_numbers(
            plan.pace,
            road=plan.road,
            travel_mods=sum(outcome.travel_en for outcome in self.outcomes),
            rest_mods=sum(outcome.rest_en for outcome in self.outcomes),
            seclude=plan.seclude,
            campsite=plan.campsite,
        )

    @property
    def start_believed(self) -> Hex:
        """Where the party believes it sets out from (its true hex once Back on Track worked)."""
        return self.before.true_hex if self.found_bearings else self.before.believed_hex

    @property
    def true_hex(self) -> Hex:
        return self.steps[-1].true if self.steps else self.before.true_hex

    @property
    def believed_hex(self) -> Hex:
        return self.steps[-1].believed if self.steps else self.start_believed

    @property
    def hexes_left(self) -> int:
        return max(0, self.hexes - len(self.steps))

    def allowed(self) -> tuple[str, ...]:
        """The steps that may come next, in the rulebook's order."""
        if not self.roles_done:
            return (ROLE,)
        if self.miasma_done:
            return (FINISH,)
        if self.rested:
            return (MIASMA,)
        kinds = []
        if self.encounter is None:
            kinds.append(ENCOUNTER)
        if self.hexes_left:
            kinds.append(MOVE)
        if self.encounter is not None:
            kinds.append(REST if self.plan.rest else FINISH)
        return tuple(kinds)


def require_step(progress: DayInProgress, kind: str) -> None:
    allowed = progress.allowed()
    if kind not in allowed:
        next_ones = " or ".join(STEP_TITLES[k] for k in allowed)
        raise ValueError(f"{STEP_TITLES[kind]} does not come now: next is {next_ones}")


def _seeded(rng: random.Random) -> tuple[random.Random, int]:
    seed = rng.getrandbits(SEED_BITS)
    return random.Random(seed), seed


def _default_targets(
    assignment: RoleAssignment, state: TravelState, later: Sequence[RoleAssignment]
) -> tuple[str, ...]:
    if assignment.targets:
        return assignment.targets
    if assignment.task is Task.FIGHT_THE_MIASMA:
        humans = [t.name for t in state.travellers if t.human and not t.claimed]
        return tuple(humans[:MOST_TARGETS])
    return tuple(other.traveller for other in later[:MOST_TARGETS])


def _targets(state: TravelState, ordered: Sequence[RoleAssignment], index: int) -> tuple[str, ...]:
    """Whom a Fight the Miasma or Support Everyone reaches, checked."""
    assignment = ordered[index]
    if assignment.task not in (Task.FIGHT_THE_MIASMA, Task.SUPPORT_EVERYONE):
        return ()
    targets = _default_targets(assignment, state, ordered[index + 1 :])
    for target in targets:
        state.traveller(target)
    if assignment.task is Task.SUPPORT_EVERYONE:
        later = {other.traveller for other in ordered[index + 1 :]}
        for target in targets:
            if target not in later:
                raise ValueError(
                    f"Support Everyone helps allies whose role tests come later; "
                    f"{target} has none after {assignment.traveller}'s"
                )
    return targets


def begin_day(state: TravelState, plan: DayPlan) -> DayInProgress:
    """The day begun with its plan; ValueError when a role cannot be taken as planned."""
    ordered = order_roles(plan.roles)
    for assignment in ordered:
        state.traveller(assignment.traveller)
    for index, assignment in enumerate(ordered):
        if assignment.task is Task.BACK_ON_TRACK and not state.lost:
            raise ValueError(
                f"{assignment.traveller} cannot get the party back on track: it is not lost"
            )
        if (
            state.lost
            and assignment.task.role == "guide"
            and assignment.task is not (Task.BACK_ON_TRACK)
        ):
            raise ValueError(
                f"the party is lost: its guide {assignment.traveller} makes Back on Track "
                f"(back-on-track), not {assignment.task.title} (L924)"
            )
        _targets(state, ordered, index)
    return DayInProgress(before=state, plan=plan, travellers=state.travellers)


def role_edges(progress: DayInProgress, assignment: RoleAssignment) -> tuple[int, int, int]:
    """(edges, banes, bonus) on ``assignment``'s test: the pace, conditions, Support Everyone."""
    pace_edges, pace_banes = ROLE_EDGES[role_test_modifier(progress.plan.pace)]
    traveller = progress.before.traveller(assignment.traveller)
    effect = conditions_on_test(traveller.conditions, assignment.tested)
    return pace_edges + effect.edges, pace_banes + effect.banes, _support(progress, traveller.name)


def _support(progress: DayInProgress, name: str) -> int:
    return sum(
        result.outcome.role_test_bonus
        for result in progress.roles
        if result.assignment.task is Task.SUPPORT_EVERYONE and name in result.targets
    )


def roll_role(
    progress: DayInProgress,
    rng: random.Random,
    *,
    dice: tuple[int, int] | None = None,
    rations: Sequence[int] = (),
) -> DayInProgress:
    """The next role test, rolled (or from ``dice``), and its outcome; rations rolled on a find."""
    require_step(progress, ROLE)
    state, plan = progress.before, progress.plan
    ordered = progress.ordered
    index = len(progress.roles)
    assignment = ordered[index]
    traveller = state.traveller(assignment.traveller)
    effect = conditions_on_test(traveller.conditions, assignment.tested)
    edges, banes, extra = role_edges(progress, assignment)
    pace_edges, pace_banes = ROLE_EDGES[role_test_modifier(plan.pace)]
    reasons = [f"{role_test_modifier(plan.pace)} from the pace"] if pace_edges or pace_banes else []
    reasons.extend(effect.reasons)
    if extra:
        reasons.append(f"{extra:+d} from Support Everyone")
    value = traveller.characteristic(assignment.tested)
    seed: int | None = None
    if dice is None:
        test_rng, seed = _seeded(rng)
        test = roll_test(
            test_rng, value, edges=edges, banes=banes, bonuses=(extra,), forced=effect.forced
        )
    else:
        test = resolve_test(
            dice[0], dice[1], value, edges=edges, banes=banes, bonuses=(extra,),
            forced=effect.forced,
        )  # fmt: skip
    outcome = task_outcome(assignment.task, test.tier, assignment.choice)
    targets = _targets(state, ordered, index)
    found = 0
    ration_faces: tuple[int, ...] = ()
    if outcome.rations is not None:
        ration_dice = outcome.rations
        ration_faces = tuple(rations)
        if ration_faces:
            if len(ration_faces) != ration_dice.count:
                raise ValueError(
                    f"{traveller.name}'s rations take {ration_dice.count} d{ration_dice.sides}, "
                    f"got {len(ration_faces)} faces"
                )
            for face in ration_faces:
                check_die(f"{traveller.name}'s ration die", face, ration_dice.sides)
        else:
            ration_faces = tuple(
                rng.randint(1, ration_dice.sides) for _ in range(ration_dice.count)
            )
        found = sum(ration_faces) + ration_dice.plus
    elif rations:
        raise ValueError(f"{traveller.name} finds no rations to roll for today")
    result = RoleResult(
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
        rations=found,
        ration_faces=ration_faces,
    )
    return replace(progress, roles=(*progress.roles, result))


def _roll_d10(given: int | None, rng: random.Random, what: str) -> int:
    if given is not None:
        check_die(what, given, 10)
        return given
    return rng.randint(1, 10)


def check_travel_encounter(
    progress: DayInProgress, rng: random.Random, *, die: int | None = None
) -> DayInProgress:
    """The travel encounter check, here and now: on the hex the party truly stands on."""
    require_step(progress, ENCOUNTER)
    travel_en, _ = progress.encounter_numbers
    check = check_encounter(_roll_d10(die, rng, "travel encounter die"), travel_en)
    return replace(progress, encounter=check, encounter_at=len(progress.steps))


def walk_hex(
    progress: DayInProgress,
    hex_map: HexMap,
    direction: HexDirection,
    rng: random.Random,
    *,
    die: int | None = None,
) -> DayInProgress:
    """One hex walked the way the party means to go; while lost the secret d6 (rolled, or
    ``die``) picks where it really goes, and a step off the map leaves it where it was."""
    require_step(progress, MOVE)
    lost = progress.lost
    true, believed = progress.true_hex, progress.believed_hex
    if not progress.steps:
        for where in (true, believed):
            hex_map.cell(where)
    number = len(progress.steps) + 1
    next_believed = believed.step(direction)
    if next_believed not in hex_map:
        raise ValueError(
            f"route step {number} ({direction.name}) leads off map {hex_map.name!r} "
            f"from {believed.label}"
        )
    blocked = False
    if lost:
        if die is None:
            die = rng.randint(1, 6)
        else:
            check_die("the lost d6", die, 6)
        next_true = true.step(HexDirection.for_die(die))
        if next_true not in hex_map:
            next_true, blocked = true, True
    else:
        if die is not None:
            raise ValueError("lost dice are given, but the party is not lost")
        next_true = next_believed
    step = WalkStep(direction, next_believed, next_true, die, blocked)
    return replace(progress, steps=(*progress.steps, step))


def rest_outdoors(
    progress: DayInProgress, rng: random.Random, *, die: int | None = None, campsite: bool = False
) -> DayInProgress:
    """The rest's encounter check with the day's rest EN; ``campsite``: a crow prepared the
    campsite now (Prepare Campsite, as if the day's plan had said so)."""
    require_step(progress, REST)
    if campsite:
        progress = replace(progress, plan=replace(progress.plan, campsite=True))
    _, rest_en = progress.encounter_numbers
    check = check_encounter(_roll_d10(die, rng, "rest encounter die"), rest_en)
    return replace(progress, rest_check=check, rested=True)


def face_the_miasma(
    progress: DayInProgress,
    table: RollableTable,
    rng: random.Random,
    *,
    dice: Mapping[str, tuple[int, int]] | None = None,
    effects_dice: Mapping[str, int] | None = None,
) -> DayInProgress:
    """After the rest: every human's test in the Miasma, or cruelty cleared away from it."""
    require_step(progress, MIASMA)
    state, plan = progress.before, progress.plan
    dice, effects_dice = dict(dice or {}), dict(effects_dice or {})
    known = {t.name for t in state.travellers}
    for name in (*dice, *effects_dice):
        if name not in known:
            raise ValueError(
                f"dice are given for {name}, who is not on this journey "
                f"({', '.join(sorted(known)) or 'nobody'})"
            )
    if not plan.in_miasma:
        if plan.miasma_raises:
            raise ValueError("a Miasma raise is planned, but nobody rests in the Miasma today")
        cleared = tuple(t.name for t in state.travellers if t.cruelty)
        return replace(
            progress,
            miasma_done=True,
            cruelty_cleared=cleared,
            travellers=tuple(replace(t, cruelty=0) for t in state.travellers),
            unused_dice=_unused_miasma_dice(dice, effects_dice, keep=set()),
        )
    edges: dict[str, int] = {}
    for result in progress.roles:
        for target in result.targets:
            if result.outcome.miasma_edges:
                edges[target] = edges.get(target, 0) + result.outcome.miasma_edges
    resting = [t for t in state.travellers if t.human and not t.claimed]
    for name in edges:
        if name not in {t.name for t in resting}:
            raise ValueError(f"Fight the Miasma helps humans who rest; {name} makes no Miasma test")
    testing = {t.name for t in resting}
    unused = _unused_miasma_dice(dice, effects_dice, keep=testing)
    tests = resist_miasma(
        [
            MiasmaRoller(t.name, t.mind, t.cruelty, edges.get(t.name, 0), t.miasma_effects)
            for t in resting
        ],
        table,
        rng,
        dice={name: pair for name, pair in dice.items() if name in testing},
        effects_dice={name: face for name, face in effects_dice.items() if name in testing},
        raises=plan.miasma_raises,
    )
    unused += tuple(
        ("--effects-die", test.traveller, (test.unused_effects_die,))
        for test in tests
        if test.unused_effects_die is not None
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
    return replace(
        progress,
        miasma_done=True,
        miasma=tests,
        travellers=tuple(travellers),
        unused_dice=unused,
    )


def _unused_miasma_dice(
    dice: Mapping[str, tuple[int, int]], effects_dice: Mapping[str, int], *, keep: set[str]
) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    """The faces given for travellers who make no Miasma test (a bird, a crow already claimed,
    everyone on a day out of the Miasma), checked as faces all the same."""
    unused: list[tuple[str, str, tuple[int, ...]]] = []
    for name, pair in dice.items():
        if name not in keep:
            for face in pair:
                check_die(f"Miasma die for {name}", face, 10)
            unused.append(("--dice", name, tuple(pair)))
    for name, face in effects_dice.items():
        if name not in keep:
            check_die(f"Miasma effects die for {name}", face, 10)
            unused.append(("--effects-die", name, (face,)))
    return tuple(unused)


def finish_day(
    progress: DayInProgress,
    hex_map: HexMap,
    *,
    cut_short: tuple[HexDirection, ...] = (),
    check: bool = True,
) -> DayRecord:
    """The day's record and the state it leaves (its journal entry is made from the record)."""
    if check:
        require_step(progress, FINISH)
    state, plan = progress.before, progress.plan
    encounter = progress.encounter
    if encounter is None or progress.encounter_at is None:
        raise ValueError("the travel encounter check has not been made today")
    trail = [state.true_hex, *(step.true for step in progress.steps)]
    encounter_hex = trail[progress.encounter_at]
    travel_en, rest_en = progress.encounter_numbers
    rations = sum(result.rations for result in progress.roles)
    start_believed = progress.start_believed
    walk = Walk(
        steps=progress.steps,
        believed=progress.believed_hex,
        true=progress.true_hex,
        unused=progress.hexes - len(progress.steps),
        cut_short=cut_short,
    )
    after = replace(
        state,
        true_hex=walk.true,
        believed_hex=walk.believed,
        lost=progress.lost,
        day=state.day + 1,
        travellers=progress.travellers,
        rations_found=state.rations_found + rations,
        explored=state.explored | {start_believed} | {step.believed for step in walk.steps},
    )
    return DayRecord(
        day=state.day + 1,
        plan=plan,
        before=state,
        after=after,
        role_tests=role_test_modifier(plan.pace),
        roles=progress.roles,
        hexes=progress.hexes,
        travel_en=travel_en,
        rest_en=rest_en,
        crafting_bonus=sum(outcome.crafting_bonus for outcome in progress.outcomes),
        lost_today=progress.lost_today,
        found_bearings=progress.found_bearings,
        encounter=encounter,
        encounter_hex=encounter_hex,
        encounter_habitat=hex_map.cell(encounter_hex).habitat,
        encounter_table=hex_map.encounter_table_for(encounter_hex),
        walk=walk,
        rest_check=progress.rest_check,
        miasma=progress.miasma,
        cruelty_cleared=progress.cruelty_cleared,
        rations=rations,
        finds=tuple(result.outcome.find for result in progress.roles if result.outcome.find),
    )


def _frozen_pairs(mapping: Mapping[str, tuple[int, int]]) -> Mapping[str, tuple[int, int]]:
    return MappingProxyType({name: (int(a), int(b)) for name, (a, b) in mapping.items()})


@dataclass(frozen=True)
class DayStep:
    """One step taken: its kind, the seed its rolls came from, and any faces given at the table,
    enough to take it again exactly."""

    kind: str
    seed: int
    dice: tuple[int, ...] = ()
    """A role test's two d10, or the encounter, rest or lost die."""
    rations: tuple[int, ...] = ()
    direction: HexDirection | None = None
    miasma: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    miasma_effects: Mapping[str, int] = field(default_factory=dict)
    text: str | None = None
    """What the habitat's encounter table gave on a hit (rolled once, by the app)."""
    campsite: bool = False
    """The rest's check made with Prepare Campsite (only on the rest step)."""

    def __post_init__(self) -> None:
        if self.kind not in STEP_KINDS:
            raise ValueError(f"unknown travel day step {self.kind!r}")
        if self.kind == MOVE and self.direction is None:
            raise ValueError("a hex walked needs its direction")
        if self.campsite and self.kind != REST:
            raise ValueError("Prepare Campsite goes with the rest's encounter check")
        object.__setattr__(self, "dice", tuple(self.dice))
        object.__setattr__(self, "rations", tuple(self.rations))
        object.__setattr__(self, "miasma", _frozen_pairs(self.miasma))
        object.__setattr__(self, "miasma_effects", MappingProxyType(dict(self.miasma_effects)))


def take_step(
    progress: DayInProgress, step: DayStep, hex_map: HexMap, miasma_table: RollableTable
) -> DayInProgress:
    """``step`` taken on the day so far, its rolls from ``random.Random(step.seed)``."""
    rng = random.Random(step.seed)
    one = step.dice[0] if step.dice else None
    if step.kind == ROLE:
        pair = None
        if step.dice:
            if len(step.dice) != 2:
                raise ValueError(f"a role test takes two d10, got {len(step.dice)} faces")
            pair = (step.dice[0], step.dice[1])
        return roll_role(progress, rng, dice=pair, rations=step.rations)
    if step.kind == ENCOUNTER:
        return check_travel_encounter(progress, rng, die=one)
    if step.kind == MOVE:
        assert step.direction is not None
        return walk_hex(progress, hex_map, step.direction, rng, die=one)
    if step.kind == REST:
        return rest_outdoors(progress, rng, die=one, campsite=step.campsite)
    if step.kind == MIASMA:
        return face_the_miasma(
            progress, miasma_table, rng, dice=step.miasma, effects_dice=step.miasma_effects
        )
    raise ValueError("the journal entry finishes the day; it is not replayed")


def replay_day(
    state: TravelState,
    plan: DayPlan,
    steps: Sequence[DayStep],
    hex_map: HexMap,
    miasma_table: RollableTable,
) -> DayInProgress:
    """The day in progress after ``steps``, taken again from its plan."""
    progress = begin_day(state, plan)
    for step in steps:
        progress = take_step(progress, step, hex_map, miasma_table)
    return progress
