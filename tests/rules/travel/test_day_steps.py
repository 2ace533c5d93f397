"""The travel day step by step: the rulebook's order enforced, each step what the whole day does,
the encounter check where the referee takes it, the secret lost walk hex by hex, and replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refkit.rules.tables.defaults import MIASMA_TABLE, load_default_tables
from refkit.rules.tables.model import find_table
from refkit.rules.travel.day_steps import (
    ENCOUNTER,
    FINISH,
    MIASMA,
    MOVE,
    REST,
    ROLE,
    DayStep,
    begin_day,
    check_travel_encounter,
    face_the_miasma,
    finish_day,
    replay_day,
    rest_outdoors,
    roll_role,
    take_step,
    walk_hex,
)
from refkit.rules.travel.hexes import Hex, HexDirection
from refkit.rules.travel.roles import RoleAssignment, Task
from refkit.rules.travel.travel_day import DayPlan, Traveller, TravelState, travel_day
from refkit.slot_record import replace
from tests.rules.scripted_random import ScriptedRandom
from tests.rules.travel.map_fixtures import rectangle_map

TABLE = find_table(load_default_tables(), MIASMA_TABLE)
SE, S, N = HexDirection.SE, HexDirection.S, HexDirection.N
PARTY = (
    Traveller("Mara", agility=1, mind=2, strength=0),
    Traveller("Bo", agility=2, mind=0, strength=1),
    Traveller("Sel", agility=0, mind=1, strength=2, cruelty=1),
)
HOME = Hex(1, 1)
MAP = rectangle_map()
ROLES = (
    RoleAssignment("Bo", Task.FORAGE),
    RoleAssignment("Mara", Task.SHORTCUT),
    RoleAssignment("Sel", Task.SUPPORT_EVERYONE, "mind"),
)


def start(**changes) -> TravelState:
    return replace(TravelState(HOME, HOME, travellers=PARTY), **changes)


def test_role_tests_come_first_supporters_then_guide_then_providers():
    progress = begin_day(start(), DayPlan(pace="normal", slowest_speed=5, roles=ROLES))
    assert progress.allowed() == (ROLE,)
    order = []
    while progress.next_role is not None:
        order.append(progress.next_role.traveller)
        progress = roll_role(progress, ScriptedRandom([3, 3]), dice=(7, 7), rations=())
    assert order == ["Sel", "Mara", "Bo"]
    # Sel's tier-2 Support Everyone gave +1 to both later tests.
    assert [r.bonus for r in progress.roles] == [0, 1, 1]
    assert progress.allowed() == (ENCOUNTER, MOVE)


def test_a_step_out_of_order_is_refused_saying_what_comes_next():
    progress = begin_day(start(), DayPlan(pace="normal", slowest_speed=5, roles=ROLES))
    with pytest.raises(ValueError, match="a hex walked does not come now: next is a role test"):
        walk_hex(progress, MAP, SE, ScriptedRandom())
    plain = begin_day(start(), DayPlan(pace="normal", slowest_speed=5))
    with pytest.raises(ValueError, match="the rest's encounter check does not come now"):
        rest_outdoors(plain, ScriptedRandom(), die=5)
    with pytest.raises(ValueError, match="next is the travel encounter check or a hex walked"):
        finish_day(plain, MAP)


def test_the_encounter_check_falls_on_the_hex_the_party_stands_on_when_taken():
    progress = begin_day(start(), DayPlan(pace="normal", slowest_speed=5))
    progress = walk_hex(progress, MAP, SE, ScriptedRandom())
    progress = check_travel_encounter(progress, ScriptedRandom(), die=9)
    progress = walk_hex(progress, MAP, S, ScriptedRandom())
    assert progress.hexes_left == 0 and progress.allowed() == (REST,)
    progress = rest_outdoors(progress, ScriptedRandom(), die=1)
    assert progress.allowed() == (MIASMA,)
    progress = face_the_miasma(
        progress, TABLE, ScriptedRandom(), dice={n: (6, 6) for n in ["Mara", "Bo", "Sel"]}
    )
    assert progress.allowed() == (FINISH,)
    record = finish_day(progress, MAP)
    assert record.encounter_hex == HOME.step(SE)
    assert record.encounter.encounter and record.encounter.en == 7
    assert record.after.true_hex == HOME.step(SE).step(S) == record.after.believed_hex
    assert record.rest_check is not None and record.rest_check.roll == 1


def test_while_lost_each_hex_goes_the_secret_d6s_way_and_back_on_track_replaces_the_guide():
    lost = start(lost=True, true_hex=Hex(2, 2), believed_hex=HOME)
    plan = DayPlan(
        pace="normal", slowest_speed=5, roles=(RoleAssignment("Mara", Task.BACK_ON_TRACK),)
    )
    failed = roll_role(begin_day(lost, plan), ScriptedRandom(), dice=(1, 2))
    assert failed.lost and failed.believed_hex == HOME
    walked = walk_hex(failed, MAP, SE, ScriptedRandom([4]))  # the secret d6: 4 = south
    assert walked.believed_hex == HOME.step(SE)
    assert walked.true_hex == Hex(2, 2).step(S) and walked.steps[-1].die == 4
    found = roll_role(begin_day(lost, plan), ScriptedRandom(), dice=(8, 8))
    assert not found.lost and found.believed_hex == Hex(2, 2)
    with pytest.raises(ValueError, match="not lost"):
        walk_hex(found, MAP, SE, ScriptedRandom(), die=3)
    with pytest.raises(ValueError, match="cannot get the party back on track: it is not lost"):
        begin_day(start(), plan)


def test_a_hex_off_the_map_is_refused_and_nothing_changes():
    edge = start(true_hex=Hex(0, 0), believed_hex=Hex(0, 0))
    progress = begin_day(edge, DayPlan(pace="normal", slowest_speed=5))
    with pytest.raises(ValueError, match=r"route step 1 \(N\) leads off map"):
        walk_hex(progress, MAP, N, ScriptedRandom())
    assert progress.steps == ()


PLAN = DayPlan(
    pace="fast",
    slowest_speed=5,
    route=(SE, SE, S, S),
    roles=ROLES,
    encounter_at=1,
)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_whole_day_is_its_steps_in_a_row(seed):
    """The same seed gives the same day whether rolled whole or step by step on one stream."""
    whole = travel_day(start(), PLAN, MAP, TABLE, random.Random(seed))
    rng = random.Random(seed)
    progress = begin_day(start(), PLAN)
    while progress.next_role is not None:
        progress = roll_role(progress, rng)
    die = rng.randint(1, 10)
    walked = PLAN.route[: progress.hexes]
    for number, direction in enumerate(walked):
        if number == PLAN.encounter_at:
            progress = check_travel_encounter(progress, rng, die=die)
        progress = walk_hex(progress, MAP, direction, rng)
    if progress.encounter is None:
        progress = check_travel_encounter(progress, rng, die=die)
    progress = face_the_miasma(rest_outdoors(progress, rng), TABLE, rng)
    stepped = finish_day(progress, MAP, cut_short=PLAN.route[progress.hexes :])
    assert stepped == whole
    assert whole.hexes >= 0


def test_a_day_in_progress_is_its_plan_and_steps_replayed_exactly():
    plan = DayPlan(pace="slow", slowest_speed=5, roles=ROLES)
    steps = [
        DayStep(ROLE, 11),
        DayStep(ROLE, 12, dice=(9, 8)),
        DayStep(ROLE, 13, dice=(10, 9)),
        DayStep(MOVE, 14, direction=SE),
        DayStep(ENCOUNTER, 15),
        DayStep(REST, 16, dice=(4,)),
        DayStep(MIASMA, 17),
    ]
    progress = begin_day(start(), plan)
    for step in steps:
        progress = take_step(progress, step, MAP, TABLE)
    assert replay_day(start(), plan, steps, MAP, TABLE) == progress
    assert progress.roles[1].test.dice == (9, 8)
    assert progress.roles[2].rations > 0  # Bo's forage found rations, rolled from the step's seed
    assert progress.rest_check is not None and progress.rest_check.roll == 4
    assert progress.allowed() == (FINISH,)
