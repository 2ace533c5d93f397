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
from dataclasses import replace

from refkit.rules.tables.model import RollableTable
from refkit.rules.travel.day_steps import (
    ROLE_EDGES,
    begin_day,
    check_travel_encounter,
    face_the_miasma,
    finish_day,
    rest_outdoors,
    roll_role,
    walk_hex,
)
from refkit.rules.travel.day_types import (
    NO_FACES,
    DayFaces,
    DayPlan,
    DayRecord,
    RoleResult,
    Traveller,
    TravelState,
)
from refkit.rules.travel.hex_map import HexMap

__all__ = [
    "NO_FACES",
    "ROLE_EDGES",
    "DayFaces",
    "DayPlan",
    "DayRecord",
    "RoleResult",
    "TravelState",
    "Traveller",
    "travel_day",
]


def _check_names(faces: Mapping[str, object], allowed: set[str], what: str) -> None:
    for name in faces:
        if name not in allowed:
            raise ValueError(f"{what} are given for {name}, who makes no such roll today")


def _roll_d10(given: int | None, rng: random.Random) -> int | None:
    # Rolled here, before the walk, so one seed gives the day it always gave.
    return given if given is not None else rng.randint(1, 10)


def travel_day(
    state: TravelState,
    plan: DayPlan,
    hex_map: HexMap,
    miasma_table: RollableTable,
    rng: random.Random,
    faces: DayFaces = NO_FACES,
) -> DayRecord:
    """Run one travel day as the steps of :mod:`refkit.rules.travel.day_steps` in a row; raises
    ValueError (naming what is wrong) before anything is decided."""
    progress = begin_day(state, plan)
    travelling = {a.traveller for a in progress.ordered}
    _check_names(faces.tests, travelling, "test dice")
    _check_names(faces.rations, travelling, "ration dice")
    for assignment in progress.ordered:
        progress = roll_role(
            progress,
            rng,
            dice=faces.tests.get(assignment.traveller),
            rations=faces.rations.get(assignment.traveller, ()),
        )
    walked = plan.route[: progress.hexes]
    unused: list[tuple[str, str, tuple[int, ...]]] = []
    lost_needed = len(walked) if progress.lost else 0
    if len(faces.lost) > lost_needed:  # not lost after all, or fewer hexes walked
        unused.append(("--lost-dice", "", tuple(faces.lost[lost_needed:])))
    if plan.encounter_at > len(walked):
        raise ValueError(
            f"the encounter check falls {plan.encounter_at} hexes in, but the party walks "
            f"{len(walked)} today"
        )
    if not plan.rest and plan.miasma_raises:
        raise ValueError("a Miasma raise is planned, but the party does not rest today")
    if not plan.rest or not plan.in_miasma:
        for name, pair in faces.miasma.items():
            unused.append(("--miasma-dice", name, tuple(pair)))
        for name, face in faces.miasma_effects.items():
            unused.append(("--effects-die", name, (face,)))
        faces = replace(faces, miasma={}, miasma_effects={})
    if not plan.rest and faces.rest_encounter is not None:
        unused.append(("--rest-die", "", (faces.rest_encounter,)))
    encounter_die = _roll_d10(faces.encounter, rng)
    for number, direction in enumerate(walked):
        if number == plan.encounter_at:
            progress = check_travel_encounter(progress, rng, die=encounter_die)
        die = faces.lost[number] if progress.lost and number < len(faces.lost) else None
        progress = walk_hex(progress, hex_map, direction, rng, die=die)
    if progress.encounter is None:
        progress = check_travel_encounter(progress, rng, die=encounter_die)
    if plan.rest:
        progress = rest_outdoors(progress, rng, die=faces.rest_encounter)
        progress = face_the_miasma(
            progress, miasma_table, rng, dice=faces.miasma, effects_dice=faces.miasma_effects
        )
        tested = {test.traveller for test in progress.miasma}
        unused += [  # a tester's unneeded effects die is on its test already
            ("--miasma-dice" if option == "--dice" else option, who, given)
            for option, who, given in progress.unused_dice
            if who not in tested
        ]
    record = finish_day(progress, hex_map, cut_short=tuple(plan.route[progress.hexes :]))
    return replace(record, unused_dice=tuple(unused)) if unused else record
